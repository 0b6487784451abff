"""The wheel is the whole product: built from the sdist without Node, installed with its
``service`` extra into a new virtual environment outside the checkout, it serves the web table
and plays a round.

The sdist is built from the checkout and the wheel from the unpacked sdist, as ``python -m
build`` does, by the pinned setuptools (``--no-isolation``) and with no Node on the PATH. The
new environment (made without a pip of its own) gets the wheel from this suite's pip, with the
versions this suite runs with (``pip freeze`` as constraints) from the package registry pip is
set up with, through pip's cache. Then, from a
folder outside the checkout: ``paigow --version``, ``paigow serve --demo`` (the page and every
asset it names, byte for byte the wheel's), a new account, a seat at a demonstration table, one
round over the websocket, and a clean stop on Ctrl-C. Each step's time is printed (``-s``).
"""

from __future__ import annotations

import email.parser
import fcntl
import json
import os
import re
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import brotli
import httpx
import pytest

import paigow
from paigow.cli.version_cmd import about
from service_pg import free_port
from service_support import PASSWORD, Client, default_policy, drive, wait_healthy
from web_support import DIST, build

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
#: The setuptools warning every install printed while the license was a TOML table.
LICENSE_TABLE_WARNING = "`project.license` as a TOML table is deprecated"
WEBCLIENT = "paigow/service/webclient/"


@dataclass
class Built:
    """The distributions, the new environment, and how long each step took."""

    sdist: Path
    wheel: Path
    venv: Path
    home: Path
    output: str
    seconds: dict[str, float]


def _run(argv: list[str], **kw: object) -> str:
    done = subprocess.run(argv, check=False, capture_output=True, text=True, timeout=600, **kw)  # type: ignore[call-overload]
    assert done.returncode == 0, f"{argv}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return str(done.stdout) + str(done.stderr)


def _build(kind: str, source: Path, out: Path, env: dict[str, str]) -> str:
    """``python -m build KIND`` of ``source`` into ``out`` with the pinned setuptools."""
    argv = [sys.executable, "-m", "build", kind, "--no-isolation", "--outdir", str(out), "."]
    return _run(argv, cwd=source, env=env)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    build()  # the client (`make test` has built it already; never rebuilt under the other tests)
    tmp = tmp_path_factory.mktemp("wheel")
    out = tmp / "dist"
    seconds: dict[str, float] = {}
    start = time.monotonic()
    env = dict(os.environ, PAIGOW_NO_CLIENT_BUILD="1")  # a stale web/dist fails, never rebuilt
    # setuptools stages the sdist in the checkout itself: one build there at a time (pytest
    # workers that each hold a test of this module each build).
    (ROOT / "build").mkdir(exist_ok=True)
    with (ROOT / "build" / ".sdist.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        log = _build("--sdist", ROOT, out, env)
    (sdist,) = out.glob("paigow-*.tar.gz")
    seconds["sdist"] = time.monotonic() - start
    start = time.monotonic()
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp / "unpacked", filter="data")
    (unpacked,) = (tmp / "unpacked").iterdir()
    # From the sdist: no Node anywhere on the PATH, no checkout around it.
    log += _build("--wheel", unpacked, out, dict(os.environ, PATH=str(VENV_BIN)))
    (wheel,) = out.glob("paigow-*.whl")
    seconds["wheel"] = time.monotonic() - start
    start = time.monotonic()
    venv = tmp / "venv"
    # no pip of its own (bootstrapping one takes longer than the install): this suite's pip
    # installs into it (``--python``)
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp)
    seconds["venv"] = time.monotonic() - start
    start = time.monotonic()
    constraints = tmp / "constraints.txt"
    frozen = _run([sys.executable, "-m", "pip", "freeze", "--exclude-editable"]).splitlines()
    constraints.write_text("".join(f"{line}\n" for line in frozen if "==" in line))
    home = tmp / "home"
    home.mkdir()
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "--quiet",
            "--no-compile",  # the service compiles what it imports when it starts
            "--disable-pip-version-check",
            "--constraint",
            str(constraints),
            f"paigow[service] @ {wheel.as_uri()}",
        ],
        cwd=home,
        env=_outside(home),
    )
    seconds["install"] = time.monotonic() - start
    return Built(sdist, wheel, venv, home, log, seconds)


def _outside(home: Path) -> dict[str, str]:
    """The environment of a user outside the checkout: their own home, no PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["HOME"] = str(home)
    return env


def _wheel_files(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as z:
        return {n: z.read(n) for n in z.namelist()}


def test_the_wheel_carries_the_built_client_and_everything_the_service_reads(
    built: Built,
) -> None:
    """Every file of web/dist (the precompressed variants too) is in the wheel under
    paigow/service/webclient, byte for byte, and nothing else is; with them the migrations, the
    profiles, py.typed and the license. The metadata: this version (paigow.__version__, the
    one place it is written), the SPDX license, the service extra."""
    files = _wheel_files(built.wheel)
    dist = {p.relative_to(DIST).as_posix(): p.read_bytes() for p in DIST.rglob("*") if p.is_file()}
    client = {n.removeprefix(WEBCLIENT): b for n, b in files.items() if n.startswith(WEBCLIENT)}
    assert client == dist
    assert {"index.html.br", "index.html.gz"} <= set(client)
    names = set(files)
    versions = ROOT / "src" / "paigow" / "service" / "db" / "migrations" / "versions"
    for p in versions.glob("0*.py"):
        assert f"paigow/service/db/migrations/versions/{p.name}" in names
    assert "paigow/service/db/migrations/env.py" in names and "paigow/py.typed" in names
    assert {f"paigow/profiles/{p}.toml" for p in paigow.profile_names()} <= names
    assert {n.split("/")[0] for n in names} == {"paigow", f"paigow-{paigow.__version__}.dist-info"}
    info = f"paigow-{paigow.__version__}.dist-info/"
    assert files[info + "licenses/LICENSE"] == (ROOT / "LICENSE").read_bytes()
    meta = email.parser.BytesParser().parsebytes(files[info + "METADATA"])
    assert meta["Name"] == "paigow" and meta["Version"] == paigow.__version__
    assert meta["License-Expression"] == "MIT"
    assert "service" in meta.get_all("Provides-Extra", [])
    service = [r for r in meta.get_all("Requires-Dist", []) if 'extra == "service"' in r]
    assert any(r.startswith("fastapi") for r in service)
    assert LICENSE_TABLE_WARNING not in built.output
    assert built.wheel.name == f"paigow-{paigow.__version__}-py3-none-any.whl"


def test_the_sdist_carries_the_client_its_sources_and_the_deployment(built: Built) -> None:
    """The sdist builds a wheel with no Node (it has web/dist) and keeps the client's sources,
    the deployment files and the change log; no node_modules, no test."""
    with tarfile.open(built.sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    top = f"paigow-{paigow.__version__}"
    assert built.sdist.name == f"{top}.tar.gz"
    assert {
        "web/dist/index.html",
        "web/dist/index.html.br",
        "web/src/main.tsx",
        "web/package-lock.json",
        "web/vite.config.ts",
        "deploy/nginx/paigow.conf",
        "deploy/systemd/paigow.service",
        "deploy/backup.sh",
        "docs/deploy.md",
        "CHANGELOG.md",
        "LICENSE",
        "setup.py",
        "MANIFEST.in",
    } <= names
    assert not any(n.startswith(("web/node_modules", "tests/", ".venv")) for n in names)


def test_version_from_the_installed_package(built: Built) -> None:
    """``paigow --version`` of the installed package: the checkout's version, record format and
    schema revision; and the package, the client it serves included, is the environment's."""
    paigow_bin = str(built.venv / "bin" / "paigow")
    env = _outside(built.home)
    out = _run([paigow_bin, "--version", "--json"], cwd=built.home, env=env)
    assert json.loads(out) == about()
    text = _run([paigow_bin, "--version"], cwd=built.home, env=env)
    assert text.splitlines()[0] == f"paigow {paigow.__version__}"
    where = _run(
        [
            str(built.venv / "bin" / "python"),
            "-c",
            "import paigow.service.routes.static as s; print(s.__file__); print(s.default_web())",
        ],
        cwd=built.home,
        env=env,
    ).split()
    assert all(Path(p).is_relative_to(built.venv) for p in where), where
    assert where[1].endswith("paigow/service/webclient")


@pytest.fixture(scope="module")
def served(built: Built) -> Iterator[tuple[subprocess.Popen[bytes], str, Path]]:
    port = free_port()
    log = built.home / "serve.log"
    start = time.monotonic()
    proc = subprocess.Popen(
        [
            str(built.venv / "bin" / "paigow"),
            "serve",
            "--demo",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{built.home / 'table.sqlite3'}",
        ],
        cwd=built.home,
        env=_outside(built.home),
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(proc, base, "the installed paigow serve", log.read_text, 60)
        built.seconds["serve"] = time.monotonic() - start
        yield proc, base, log
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)


def test_the_installed_service_serves_the_web_table(
    built: Built, served: tuple[subprocess.Popen[bytes], str, Path]
) -> None:
    """``/`` is the wheel's index.html, and every asset it names comes as the wheel holds it
    (brotli to a browser, decoding to the same bytes)."""
    _, base, log = served
    files = _wheel_files(built.wheel)
    page = httpx.get(base + "/", headers={"accept-encoding": "identity"}, timeout=30)
    assert page.status_code == 200 and page.content == files[WEBCLIENT + "index.html"]
    assets = re.findall(r'(?:src|href)="\./([^"]+)"', page.text)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
    for asset in assets:
        with httpx.stream(
            "GET", f"{base}/{asset}", headers={"accept-encoding": "gzip, deflate, br"}, timeout=30
        ) as r:
            raw = b"".join(r.iter_raw())
            coding = r.headers.get("content-encoding")
        assert r.status_code == 200, asset
        body = brotli.decompress(raw) if coding == "br" else raw
        assert body == files[WEBCLIENT + asset], asset
        assert coding == ("br" if WEBCLIENT + asset + ".br" in files else None), asset
    assert f"Open {base}/ in a browser" in log.read_text()


def test_register_sit_and_play_a_round(
    built: Built, served: tuple[subprocess.Popen[bytes], str, Path]
) -> None:
    """A new account sits at the generic demonstration table and plays one round over the
    websocket; the round's record (this version's format) and the chips agree. Then Ctrl-C
    stops the service cleanly."""
    proc, base, log = served
    start = time.monotonic()
    r = httpx.post(base + "/api/register", json={"name": "wheel", "password": PASSWORD})
    assert r.status_code == 201, r.text
    r = httpx.post(base + "/api/login", json={"name": "wheel", "password": PASSWORD})
    token = r.json()["token"]
    lobby = {t["id"]: t for t in httpx.get(base + "/api/tables", timeout=30).json()}
    seat = lobby["generic"]["free"][0]
    client = Client(base.replace("http", "ws") + "/ws", token)
    try:
        client.subscribe("generic")
        client.ok("generic", "sit", seat=seat, cents=20_000)
        st = drive([client], "generic", lambda s: s["rounds"] >= 1, default_policy)
    finally:
        client.close()
    headers = {"authorization": f"Bearer {token}"}
    (record,) = httpx.get(base + "/api/me/rounds", headers=headers, timeout=30).json()[:1]
    assert record["record"]["format"] == about()["record_format"]
    net = record["record"]["net"]
    assert sum(net.values()) == 0  # balanced transfers
    assert st["chips"]["wheel"] == 20_000 + net["player:wheel"]
    me = httpx.get(base + "/api/me", headers=headers, timeout=30).json()
    assert me["wallet"] == 100_000 - 20_000
    built.seconds["round"] = time.monotonic() - start
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=30) == 0
    assert "Traceback" not in log.read_text()
    print(
        f"\nwheel {built.wheel.stat().st_size:,} B, sdist {built.sdist.stat().st_size:,} B; "
        + ", ".join(f"{k} {v:.1f} s" for k, v in built.seconds.items())
    )
