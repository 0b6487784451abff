# Two commands on a fresh clone:  `make run`  (the main job)  and  `make test`  (the test suite).
# Both create .venv and install the pinned project there by themselves.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-checks test-suite lint typecheck bench clean

$(STAMP): pyproject.toml requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

# `make run`: the web table. The service on its embedded database (SQLite, ~/.local/share/paigow,
# or $PAIGOW_DB), one table per profile with computer players (opened once), the URL printed.
# Every guest gets the sign-up grant (all come from this machine's address; a public server
# gives it once per address a day). `make run OPERATOR=boss`, with the password in
# $PAIGOW_OPERATOR_PASSWORD, makes the operator account boss (or sets its password) first.
HOST ?= 127.0.0.1
PORT ?= 8000
OPERATOR ?=

run: $(STAMP)
	$(BIN)/paigow serve --demo --signup-grant-period 0 --host $(HOST) --port $(PORT) $(if $(OPERATOR),--operator $(OPERATOR))

# `make test`: the installs first (pip's and npm's side by side; apt-get one at a time), then
# two jobs side by side: the suite (test-suite), printing as it goes, and every check
# (test-checks: ruff, mypy, the client's checks, the dependencies' audit) at a lower CPU priority
# (NICE), in the time the suite's workers leave idle while its servers wait. Either failing
# fails `make test` (a check's failure is printed when it happens; the suite still runs to its
# end). `make lint typecheck web-check` runs the checks alone.
NICE ?=

test:
	@$(MAKE) --no-print-directory -j3 $(STAMP) web-build chromium service-deps
	@$(MAKE) --no-print-directory NICE="nice -n 10" test-checks & checks=$$!; \
	$(MAKE) --no-print-directory test-suite; suite=$$?; \
	wait $$checks; checked=$$?; \
	[ $$checked -eq 0 ] || echo "make test: a check failed (above)"; \
	[ $$suite -eq 0 ] && [ $$checked -eq 0 ]

test-checks: lint typecheck web-check deps-audit

# Three workers on two cores: most service files wait more than they compute (their servers'
# windows, leases and doors' refills: test_service_doors used 12 s of CPU in 57 s), so a third
# file fills that time; each test file runs whole on one of them (a module's tests share its server and browser), the
# longest files first (tests/conftest.py).
# tests/test_wheel.py builds the sdist and the wheel itself and installs the wheel in a new
# environment; tests/test_deploy.py runs deploy/ (docs/deploy.md).
test-suite: $(STAMP) web-build chromium service-deps
	$(BIN)/pytest -n 3 --dist loadfile -q --durations=30

lint: $(STAMP)
	$(NICE) $(BIN)/ruff check src tests benchmarks setup.py
	$(NICE) $(BIN)/ruff format --check src tests benchmarks setup.py

typecheck: $(STAMP)
	$(NICE) $(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_core.py
	$(BIN)/python benchmarks/bench_math.py
	$(BIN)/python benchmarks/bench_trainer.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info

# `make wheel`: the sdist and the wheel in dist/, each carrying the built client (setup.py), built
# as `python -m build` does: in an isolated environment (setuptools from the package registry),
# the wheel from the sdist. Installing the wheel needs no Node: pip install 'dist/paigow-*.whl[service]'.
.PHONY: wheel
wheel: $(STAMP) web-build
	rm -rf dist
	$(BIN)/python -m build --outdir dist .

# ---- web: the browser client (web/) -------------------------------------------------------------
# `npm ci` from the committed lock file, then type check, lint, format check, unit tests and the
# build into web/dist (served by the table service at `/`). Debian's chromium drives the browser
# tests.
NPM ?= npm
WEB_STAMP := web/node_modules/.installed

.PHONY: web web-check web-build chromium

$(WEB_STAMP): web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund --loglevel=error
	touch $(WEB_STAMP)

web-build: $(WEB_STAMP)
	cd web && $(NPM) run --silent build

web-check: $(WEB_STAMP)
	cd web && $(NICE) $(NPM) run --silent check

web: web-check web-build

# After service-deps (both may run apt-get, which one process at a time may).
chromium: | service-deps
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	@fc-list :lang=zh-tw | grep -q . || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null; }

run: web-build

# --- The table service (paigow serve) -------------------------------------------------------
# Its Python packages are pinned in requirements-dev.txt (installed above). Its tests also run
# against a real PostgreSQL server, which they start by themselves as an unprivileged user in a
# temporary directory (tests/service_pg.py), and behind nginx (tests/service_proxy.py, and with
# TLS tests/deploy_stack.py, which also runs logrotate, openssl, curl, systemd-analyze and
# Prometheus' promtool on deploy/prometheus); all come from Debian's packages. `deps-audit`
# runs pip-audit over the installed packages (scripts/audit_deps.py: a known vulnerability
# fails the build; dependencies the advisory service could not audit are reported as
# INCOMPLETE, and fail it with PAIGOW_DEPS_AUDIT=strict).
.PHONY: service-deps deps-audit load drills

service-deps:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && command -v nginx >/dev/null 2>&1 && \
		command -v logrotate >/dev/null 2>&1 && command -v systemd-analyze >/dev/null 2>&1 && \
		command -v openssl >/dev/null 2>&1 && command -v curl >/dev/null 2>&1 && \
		command -v promtool >/dev/null 2>&1 || \
		{ apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
			postgresql nginx-light logrotate systemd openssl curl prometheus; }

deps-audit: $(STAMP)
	$(NICE) $(BIN)/python scripts/audit_deps.py

# Longer runs whose figures are in docs/reliability.md (not part of `make test`).
load: $(STAMP) service-deps
	$(BIN)/python scripts/load.py --db sqlite --tables 100 --pace realistic --seconds 60
	$(BIN)/python scripts/load.py --db postgresql --tables 100 --pace realistic --seconds 60

drills: $(STAMP) service-deps
	$(BIN)/python scripts/drill.py --cycles 20


# `make simulate`: the whole-service simulation's long run (docs/reliability.md, "The whole-service
# simulation"); `make test` runs its small one (tests/test_simulation.py).
SIM_SEED ?= 1
SIM_MINUTES ?= 30
.PHONY: simulate
simulate: $(STAMP) service-deps
	$(BIN)/python scripts/simulate.py --seed $(SIM_SEED) --minutes $(SIM_MINUTES) --setup both --faults
