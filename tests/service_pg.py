"""A real PostgreSQL server for the service's tests, started by the tests themselves.

The server binaries come from Debian's ``postgresql`` package (``make test`` installs it). The
cluster lives in a temporary directory, listens on loopback and a private unix socket, and runs
as an unprivileged user: ``postgres`` when the tests run as root, else the current user.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

__all__ = ["PgCluster", "free_port"]


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError(
            f"PostgreSQL's {name} is not installed: run `make test` (it installs the Debian "
            "package postgresql) or apt-get install postgresql"
        )
    return found[-1]


class PgCluster:
    """A throw-away PostgreSQL cluster."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="paigow-pg-"))
        self.data = self.root / "data"
        self.sock = self.root / "sock"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        self._n = 0

    def _run(self, *argv: str) -> None:
        cmd = list(argv)
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        """initdb and start the server; returns when it accepts connections."""
        self.sock.mkdir()
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
            shutil.chown(self.sock, "postgres", "postgres")
        self._run(
            _bin("initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8"
        )
        self._start()

    def _start(self) -> None:
        opts = (
            f"-p {self.port} -k {self.sock} -c listen_addresses=127.0.0.1 "
            "-c fsync=on -c max_connections=60 -c shared_buffers=32MB"
        )
        self._run(
            _bin("pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            opts,
            "-l",
            str(self.root / "log"),
            "-w",
            "-t",
            "60",
            "start",
        )

    def restart(self) -> None:
        """Restart the server (fast shutdown: open connections are cut), same port and data."""
        self._run(_bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")
        self._start()

    def down(self) -> None:
        """Stop the server (fast shutdown), keeping its files: :meth:`up` starts it again."""
        self._run(_bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")

    def up(self) -> None:
        """Start the server again after :meth:`down` (same port and data)."""
        self._start()

    def stop(self) -> None:
        """Stop the server and remove its files."""
        try:
            self._run(_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def new_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        self._n += 1
        name = f"paigow_{os.getpid()}_{self._n}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"
