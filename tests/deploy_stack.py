"""The deployment of docs/deploy.md, run from its own files (``deploy/``) on this machine: the
PostgreSQL the tests start, ``paigow serve`` started by the systemd unit's ExecStart, nginx with
the site configuration in front over TLS (a certificate made here by openssl), logrotate's
configuration. Only what must differ on a test machine is replaced, and each replacement must
match the file exactly as often as expected, so a changed file fails here instead of going
untested: the installation's folder, the ports, the certificate's and the logs' folders.
"""

from __future__ import annotations

import os
import shlex
import shutil
import ssl
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from service_pg import PgCluster, free_port

__all__ = [
    "DEPLOY",
    "INSTALLED",
    "NGINX_MAIN",
    "Stack",
    "exec_start",
    "replaced",
    "run",
    "unit_values",
]

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
#: Where docs/deploy.md installs the package, and where the tests have it.
INSTALLED = "/opt/paigow/venv/bin/paigow"
CHECKOUT_PAIGOW = str(Path(sys.executable).parent / "paigow")
SERVER_NAME = "table.example.org"
#: The unit's --metrics-address.
METRICS_ADDRESS = "127.0.0.1:9464"

#: The main configuration around the site file, as Debian's /etc/nginx/nginx.conf has it (the
#: site file is included in the http block), with this test's folders.
NGINX_MAIN = """\
{user}
worker_processes 1;
pid {root}/nginx.pid;
error_log {root}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {root}/access.log;
    client_body_temp_path {root}/body;
    proxy_temp_path {root}/proxy;
    fastcgi_temp_path {root}/fastcgi;
    uwsgi_temp_path {root}/uwsgi;
    scgi_temp_path {root}/scgi;
    include {root}/sites-enabled/paigow;
}}
"""


def run(argv: list[str], *, check: bool = False, **kw: Any) -> subprocess.CompletedProcess[str]:
    """``argv`` run to its end, its output captured as text (``check``: exit 0 or raise)."""
    done: subprocess.CompletedProcess[str] = subprocess.run(
        argv, check=check, capture_output=True, text=True, **kw
    )
    return done


def replaced(text: str, swaps: list[tuple[str, str, int]]) -> str:
    """``text`` with each ``(old, new, count)`` replaced, each ``old`` found exactly ``count``
    times (AssertionError otherwise: the deployment file changed under the test)."""
    for old, new, count in swaps:
        assert text.count(old) == count, f"{old!r} appears {text.count(old)} times, not {count}"
        text = text.replace(old, new)
    return text


def unit_values(path: Path, key: str) -> list[str]:
    """Every value of ``key=`` in a systemd unit file, in order."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name, sep, value = line.partition("=")
        if sep and name.strip() == key and not line.lstrip().startswith("#"):
            out.append(value.strip())
    return out


def exec_start(port: int, metrics: int = 0) -> list[str]:
    """deploy/systemd/paigow.service's ExecStart, with this checkout's ``paigow`` for the
    installed one, ``port`` for 8000 and ``metrics`` for the metrics address's 9464."""
    (line,) = unit_values(DEPLOY / "systemd" / "paigow.service", "ExecStart")
    argv = shlex.split(line)
    assert argv[0] == INSTALLED and argv.count("8000") == 1, argv
    assert argv.count(METRICS_ADDRESS) == 1, argv
    swap = {"8000": str(port), METRICS_ADDRESS: f"127.0.0.1:{metrics}"}
    return [CHECKOUT_PAIGOW, *[swap.get(a, a) for a in argv[1:]]]


def _certificate(folder: Path) -> None:
    """A self-signed certificate for the server name, 127.0.0.1 and ::1, where certbot puts
    one (fullchain.pem, privkey.pem)."""
    folder.mkdir(parents=True)
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "2",
            "-subj",
            f"/CN={SERVER_NAME}",
            "-addext",
            f"subjectAltName=DNS:{SERVER_NAME},IP:127.0.0.1,IP:::1",
            "-keyout",
            str(folder / "privkey.pem"),
            "-out",
            str(folder / "fullchain.pem"),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )


@dataclass
class Stack:
    """PostgreSQL's ``paigow`` database, the unit's ``paigow serve`` and nginx in front."""

    cluster: PgCluster
    root: Path
    password: str
    upstream: int = field(default_factory=free_port)
    metrics: int = field(default_factory=free_port)
    http: int = field(default_factory=free_port)
    https: int = field(default_factory=free_port)
    server: subprocess.Popen[bytes] | None = None
    nginx: subprocess.Popen[bytes] | None = None

    @property
    def logs(self) -> Path:
        return self.root / "log"

    @property
    def base(self) -> str:
        return f"https://127.0.0.1:{self.https}"

    @property
    def tls(self) -> ssl.SSLContext:
        """A client context trusting the test's certificate only."""
        return ssl.create_default_context(cafile=str(self.certs / "fullchain.pem"))

    @property
    def certs(self) -> Path:
        return self.root / "letsencrypt" / "live" / SERVER_NAME

    def env(self) -> dict[str, str]:
        """The environment of the unit's commands: libpq's variables point at the test's
        PostgreSQL, as the local socket and the user do on a server."""
        return dict(
            os.environ,
            PGHOST=str(self.cluster.sock),
            PGPORT=str(self.cluster.port),
            PGUSER="postgres",
            PAIGOW_OPERATOR_PASSWORD=self.password,
        )

    def paigow(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """``paigow ARGS`` as the unit's user would run it."""
        done = run([CHECKOUT_PAIGOW, *args], env=self.env(), timeout=300)
        if check:
            assert done.returncode == 0, (args, done.stdout, done.stderr)
        return done

    def create_database(self) -> None:
        """``createdb paigow`` (docs/deploy.md, "PostgreSQL")."""
        subprocess.run(
            ["createdb", "paigow"], env=self.env(), check=True, capture_output=True, timeout=60
        )

    def start_server(self) -> None:
        """The unit's ExecStart, its output appended to the log file as the unit has it."""
        (out,) = unit_values(DEPLOY / "systemd" / "paigow.service", "StandardOutput")
        assert out == "append:/var/log/paigow/serve.log"
        self.logs.mkdir(exist_ok=True)
        log = (self.logs / "serve.log").open("ab")
        self.server = subprocess.Popen(
            exec_start(self.upstream, self.metrics),
            env=self.env(),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self._wait(f"http://127.0.0.1:{self.upstream}/healthz", None, self.server, self.log)

    def start_nginx(self) -> None:
        """nginx with the site file of deploy/nginx, the test's ports and folders."""
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        assert Path(binary).exists(), "nginx is not installed: run `make test` (nginx-light)"
        _certificate(self.certs)
        acme = self.root / "acme"
        (acme / ".well-known" / "acme-challenge").mkdir(parents=True)
        site = replaced(
            (DEPLOY / "nginx" / "paigow.conf").read_text(encoding="utf-8"),
            [
                ("listen 80;", f"listen 127.0.0.1:{self.http};", 1),
                ("listen [::]:80;", f"listen [::1]:{self.http};", 1),
                ("listen 443 ssl http2;", f"listen 127.0.0.1:{self.https} ssl http2;", 1),
                ("listen [::]:443 ssl http2;", f"listen [::1]:{self.https} ssl http2;", 1),
                (f"/etc/letsencrypt/live/{SERVER_NAME}", str(self.certs), 2),
                ("/var/www/letsencrypt", str(acme), 2),
                ("server 127.0.0.1:8000 ", f"server 127.0.0.1:{self.upstream} ", 1),
                ("/var/log/nginx/paigow.access.log", str(self.root / "access.log"), 1),
            ],
        )
        (self.root / "sites-enabled").mkdir()
        (self.root / "sites-enabled" / "paigow").write_text(site, encoding="utf-8")
        user = "user root;" if os.geteuid() == 0 else ""
        conf = self.root / "nginx.conf"
        conf.write_text(NGINX_MAIN.format(user=user, root=self.root), encoding="utf-8")
        self.nginx = subprocess.Popen(
            [binary, "-p", str(self.root), "-c", str(conf), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        self._wait(self.base + "/healthz", self.tls, self.nginx, self.nginx_log)

    def log(self) -> str:
        """The service's log file."""
        p = self.logs / "serve.log"
        return p.read_text(errors="replace")[-3000:] if p.exists() else ""

    def nginx_log(self, name: str = "error.log") -> str:
        """The end of nginx's error log (or of its access log, ``access.log``)."""
        p = self.root / name
        return p.read_text(errors="replace")[-3000:] if p.exists() else ""

    @staticmethod
    def _wait(
        url: str, tls: ssl.SSLContext | None, proc: subprocess.Popen[bytes], log: Callable[[], str]
    ) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"{url}: exited with {proc.returncode}: {log()}")
            try:
                if httpx.get(url, verify=tls or True, timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"{url} did not answer: {log()}")

    def stop(self) -> None:
        """Stop nginx and the service (SIGTERM, as systemctl stop does)."""
        for proc in (self.nginx, self.server):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=30)
