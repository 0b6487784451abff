"""nginx (Debian's nginx-light) in front of several ``paigow serve --cluster`` processes: one
address for the HTTP API and the websockets, connections spread over the processes, a process
that stops answering taken out of the rotation; and each process's own path (``/p/a/``,
``/p/b/``, ...), where the clients of the tables it runs are sent (its ``PAIGOW_ADDRESS`` is
:meth:`Nginx.address`). ``make test`` installs the package; the configuration is
docs/scaling.md's, written to a temporary directory. nginx sets
``X-Forwarded-For`` to the address it was connected from (replacing what a client sent), and
the processes believe it only because they are started with ``--trusted-proxy 127.0.0.1``."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from service_pg import free_port
from service_support import wait_healthy

__all__ = ["CONFIG", "LOCATION", "Nginx"]

#: One process's own path (``{name}``, ``{port}`` filled in): the prefix is taken off, so
#: ``/p/a/ws`` is that process's ``/ws`` (docs/scaling.md, "Clients go to the table's owner").
LOCATION = """\
        location /p/{name}/ {{
            proxy_pass http://127.0.0.1:{port}/;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_read_timeout 3600s;
            proxy_connect_timeout 2s;
        }}
"""

#: The configuration (``{user}``, ``{root}``, ``{port}``, ``{servers}``, ``{locations}``
#: filled in). ``Host`` is the page's own, with its port: the service compares a browser
#: websocket's Origin with it.
CONFIG = """\
{user}
worker_processes 1;
pid {root}/nginx.pid;
error_log {root}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {root}/body;
    proxy_temp_path {root}/proxy;
    fastcgi_temp_path {root}/fastcgi;
    uwsgi_temp_path {root}/uwsgi;
    scgi_temp_path {root}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream paigow {{
        least_conn;
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
{locations}
        location / {{
            proxy_pass http://paigow;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_read_timeout 3600s;
            proxy_next_upstream error timeout http_502;
            proxy_connect_timeout 2s;
        }}
    }}
}}
"""


class Nginx:
    """nginx on a free loopback port, proxying to ``ports`` (the processes' own paths named
    ``a``, ``b``, ... in their order)."""

    def __init__(self, ports: list[int], workdir: Path) -> None:
        self.root = workdir / f"nginx-{free_port()}"
        self.port = free_port()
        self.ports = ports
        self.names = [chr(ord("a") + i) for i in range(len(ports))]
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.proc: subprocess.Popen[bytes] | None = None

    def address(self, i: int) -> str:
        """The ``i``-th process's client address through nginx (its ``PAIGOW_ADDRESS``): a path
        of the page's own origin, which the web client follows."""
        return f"/p/{self.names[i]}/ws"

    def start(self) -> Nginx:
        """Write the configuration, start nginx, wait until it answers."""
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(binary).exists():
            raise RuntimeError("nginx is not installed: run `make test` (Debian's nginx-light)")
        self.root.mkdir(parents=True)
        servers = "\n".join(
            f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in self.ports
        )
        locations = "".join(
            LOCATION.format(name=n, port=p) for n, p in zip(self.names, self.ports, strict=True)
        )
        user = "user root;" if os.geteuid() == 0 else ""
        conf = self.root / "nginx.conf"
        text = CONFIG.format(
            user=user, root=self.root, port=self.port, servers=servers, locations=locations
        )
        conf.write_text(text, encoding="utf-8")
        self.proc = subprocess.Popen(
            [binary, "-p", str(self.root), "-c", str(conf), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        wait_healthy(self.proc, self.base, "nginx", self.log, 30)
        return self

    def log(self) -> str:
        """nginx's error log."""
        p = self.root / "nginx-error.log"
        return p.read_text(errors="replace")[-2000:] if p.exists() else ""

    def stop(self) -> None:
        """Stop nginx."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
