"""The processes of a run: ``paigow serve`` of the checkout under test (``--tree``), on SQLite
alone, or two ``--cluster`` processes on one PostgreSQL (tests/service_pg.py) behind nginx
(tests/service_proxy.py: docs/scaling.md's configuration, each process's own path too).

Every process writes its output to a log of its own, which the log checker reads (no
traceback, ever). Faults act on these processes by their pid only.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from service_pg import PgCluster, free_port
from service_proxy import Nginx

__all__ = ["OPERATOR", "PASSWORD", "Proc", "Setup", "Tree", "cluster_setup", "sqlite_setup"]

OPERATOR = "boss"
PASSWORD = "correct horse battery"
#: The options every process of a run gets beyond the defaults. The doors stay the defaults
#: (each actor comes from its own loopback address, as a crowd does), but for registering:
#: every account of the run is made from a handful of addresses in its first seconds.
COMMON = (
    "--limit=register.address=200/60",
    "--limit=register.all=400/60",
    "--private-idle-minutes=1",
)


@dataclass(frozen=True)
class Tree:
    """The checkout whose ``paigow`` runs: its ``.venv/bin/paigow`` when built, else this
    interpreter with that checkout's ``src`` first on the path."""

    root: Path

    def command(self) -> tuple[list[str], dict[str, str]]:
        """The command that runs ``paigow`` and the environment it needs."""
        venv = self.root / ".venv" / "bin" / "paigow"
        env = dict(os.environ, PAIGOW_OPERATOR_PASSWORD=PASSWORD)
        if venv.exists():
            return [str(venv)], env
        env["PYTHONPATH"] = str(self.root / "src")
        return [sys.executable, "-m", "paigow"], env


@dataclass
class Proc:
    """One ``paigow serve`` process."""

    name: str
    tree: Tree
    db: str
    workdir: Path
    args: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    popen: subprocess.Popen[bytes] | None = None
    #: Its log files, one per life (each restart writes a new one).
    logs: list[Path] = field(default_factory=list)
    stopped: bool = False

    @property
    def base(self) -> str:
        """Its own HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: float = 90) -> None:
        """Start it and wait until ``/healthz`` answers."""
        cmd, env = self.tree.command()
        log = self.workdir / f"{self.name}-{len(self.logs)}.log"
        self.logs.append(log)
        argv = [*cmd, "serve", "--port", str(self.port), "--db", self.db]
        argv += ["--operator", OPERATOR, *COMMON, *self.args]
        with log.open("ab") as out:
            self.popen = subprocess.Popen(
                argv, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=self.workdir
            )
        self.stopped = False
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.popen.poll() is not None:
                raise RuntimeError(f"{self.name} exited: {log.read_text(errors='replace')[-2000:]}")
            try:
                if httpx.get(self.base + "/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"{self.name} did not start: {log.read_text(errors='replace')[-2000:]}")

    def alive(self) -> bool:
        """Running (perhaps stopped by SIGSTOP)."""
        return self.popen is not None and self.popen.poll() is None

    def kill9(self) -> None:
        """``kill -9``."""
        if self.alive():
            assert self.popen is not None
            if self.stopped:
                os.kill(self.popen.pid, signal.SIGCONT)
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(timeout=30)
        self.stopped = False

    def pause(self) -> None:
        """SIGSTOP."""
        if self.alive() and not self.stopped:
            assert self.popen is not None
            os.kill(self.popen.pid, signal.SIGSTOP)
            self.stopped = True

    def resume(self) -> None:
        """SIGCONT."""
        if self.alive() and self.stopped:
            assert self.popen is not None
            os.kill(self.popen.pid, signal.SIGCONT)
        self.stopped = False

    def stop(self) -> None:
        """SIGTERM, then SIGKILL."""
        if not self.alive():
            return
        assert self.popen is not None
        self.resume()
        self.popen.terminate()
        try:
            self.popen.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill9()


@dataclass
class Setup:
    """The processes of one set-up and where clients reach them."""

    kind: str  # sqlite | cluster
    db: str
    procs: list[Proc]
    #: Where clients go: the single process, or nginx's one address.
    base: str
    #: Each process's own door (its port, and through nginx its own path).
    doors: list[str]
    lease: float = 0.0
    pg: PgCluster | None = None
    nginx: Nginx | None = None

    def stop(self) -> None:
        """Stop everything of the set-up."""
        for p in self.procs:
            p.stop()
        if self.nginx is not None:
            self.nginx.stop()
        if self.pg is not None:
            self.pg.stop()

    def pg_pids(self) -> list[int]:
        """The PostgreSQL server's processes (postmaster and children)."""
        if self.pg is None:
            return []
        pidfile = self.pg.data / "postmaster.pid"
        try:
            main = int(pidfile.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return []
        out = [main]
        try:
            kids = subprocess.run(
                ["pgrep", "-P", str(main)], capture_output=True, text=True, timeout=10, check=False
            ).stdout.split()
            out += [int(k) for k in kids]
        except (OSError, subprocess.SubprocessError, ValueError):
            pass
        return out


def sqlite_setup(tree: Tree, workdir: Path) -> Setup:
    """One process on SQLite."""
    db = f"sqlite:///{workdir / 'sim.sqlite3'}"
    p = Proc("sqlite", tree, db, workdir, ("--instance", "solo"))
    p.start()
    return Setup("sqlite", db, [p], p.base, [p.base])


def cluster_setup(tree: Tree, workdir: Path, lease: float = 3.0) -> Setup:
    """Two ``--cluster`` processes on one PostgreSQL behind nginx, each with its own path."""
    pg = PgCluster()
    pg.start()
    db = pg.new_database()
    ports = [free_port(), free_port()]
    nginx = Nginx(ports, workdir)
    procs = [
        Proc(
            f"proc-{n}",
            tree,
            db,
            workdir,
            (
                "--cluster",
                "--instance",
                f"proc-{n}",
                "--lease-seconds",
                str(lease),
                "--trusted-proxy",
                "127.0.0.1",
                "--advertise",
                nginx.address(i),
            ),
            port=ports[i],
        )
        for i, n in enumerate(("a", "b"))
    ]
    try:
        for p in procs:
            p.start()
        nginx.start()
    except BaseException:
        for p in procs:
            p.stop()
        nginx.stop()
        pg.stop()
        raise
    doors = [*(p.base for p in procs), *(f"{nginx.base}/p/{n}" for n in nginx.names)]
    return Setup("cluster", db, procs, nginx.base, doors, lease, pg, nginx)
