"""``paigow serve``: run the table service (HTTP API and websockets) on uvicorn."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import os
import sys
from collections.abc import Callable

from paigow.errors import ConfigError, PaigowError

__all__ = ["add_arguments", "serve"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``paigow serve``."""
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--db",
        help="database URL: sqlite:///PATH or postgresql://USER@HOST/DB "
        "(default: SQLite at ~/.local/share/paigow/service.sqlite3, or $PAIGOW_DB)",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="a web origin allowed besides the service's own (repeatable)",
    )
    p.add_argument(
        "--operator",
        metavar="NAME",
        help="create or update operator NAME with the password in $PAIGOW_OPERATOR_PASSWORD",
    )
    p.add_argument(
        "--web",
        metavar="DIR",
        help="a built browser client served at / (default: this checkout's web/dist if built, "
        "else the client the installed wheel carries)",
    )
    p.add_argument(
        "--cluster",
        action="store_true",
        help="share the PostgreSQL database with other paigow serve processes: each table is "
        "run by one of them under a lease, the others forward commands and relay updates "
        "(docs/scaling.md)",
    )
    p.add_argument(
        "--instance",
        default="",
        metavar="NAME",
        help="this process's name in the event log and the leases (default: host-pid-random)",
    )
    p.add_argument(
        "--lease-seconds",
        type=float,
        default=6.0,
        metavar="S",
        help="with --cluster: a table's lease; a stopped process's tables are taken after it "
        "(default 6)",
    )
    p.add_argument(
        "--advertise",
        metavar="ADDRESS",
        help="with --cluster: where this process's clients connect, told to the others so "
        "that a table's clients are sent to its owner (ws://host:port/ws, or a path of the "
        "site's own such as /p/a/ws; default: $PAIGOW_ADDRESS; docs/scaling.md)",
    )
    p.add_argument(
        "--event-loop",
        choices=("uvloop", "asyncio"),
        default="uvloop",
        help="the event loop: uvloop (libuv, the default; less CPU per message) or the "
        "standard library's asyncio (docs/reliability.md)",
    )
    p.add_argument(
        "--ws-compression",
        action="store_true",
        help="compress websocket messages (permessage-deflate): less traffic, more CPU",
    )
    p.add_argument(
        "--signup-grant",
        type=int,
        default=100_000,
        metavar="CENTS",
        help="play money credited to a new account's wallet (default 100000 = $1,000)",
    )
    p.add_argument(
        "--signup-grant-period",
        type=float,
        default=24.0,
        metavar="HOURS",
        help="an address gets the sign-up grant at most once in this many hours (0: every new "
        "account gets it; default 24)",
    )
    p.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDR|CIDR",
        help="a reverse proxy whose X-Forwarded-For is believed (repeatable; default: none, "
        "the client is the connection's address)",
    )
    p.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="DOOR=COUNT/SECONDS",
        help="change one door's rate limit: at most COUNT at once, COUNT more every SECONDS "
        "(repeatable; doors and defaults: docs/service.md)",
    )
    p.add_argument(
        "--sessions-per-account",
        type=int,
        default=10,
        metavar="N",
        help="live sessions an account may have; one more sign-in revokes the oldest (default 10)",
    )
    p.add_argument(
        "--sockets-per-account",
        type=int,
        default=16,
        metavar="N",
        help="websockets an account may have open at once (default 16)",
    )
    p.add_argument(
        "--sockets-per-address",
        type=int,
        default=64,
        metavar="N",
        help="websockets a client address may have open at once (default 64)",
    )
    p.add_argument(
        "--spectators",
        type=int,
        default=500,
        metavar="N",
        help="spectators' websockets (/ws/watch) open at once; past it closed with 1013 "
        "(default 500)",
    )
    p.add_argument(
        "--spectators-per-address",
        type=int,
        default=8,
        metavar="N",
        help="spectators' websockets a client address may have open at once (default 8)",
    )
    p.add_argument(
        "--spectator-idle-seconds",
        type=float,
        default=90.0,
        metavar="S",
        help="a spectator's websocket that sends nothing, or watches no table, this long is "
        "closed (default 90)",
    )
    p.add_argument(
        "--hash-workers",
        type=int,
        default=2,
        metavar="N",
        help="threads for password hashing (argon2, 64 MiB each; default 2)",
    )
    p.add_argument(
        "--compute-workers",
        type=int,
        default=1,
        metavar="N",
        help="processes for the trainer's scoring, setting advice and the live audit (default 1)",
    )
    p.add_argument(
        "--worker-wait",
        type=float,
        default=2.0,
        metavar="S",
        help="seconds a request waits for a worker before it is answered 503 (default 2)",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=4096,
        metavar="N",
        help="connections and requests at once (more are answered 503; default 4096)",
    )
    p.add_argument(
        "--private-tables-per-player",
        type=int,
        default=2,
        metavar="N",
        help="private tables a player may have open at once (0: none; default 2)",
    )
    p.add_argument(
        "--private-idle-minutes",
        type=float,
        default=10.0,
        metavar="M",
        help="a private table with nobody seated closes after this many minutes (default 10)",
    )
    p.add_argument(
        "--private-computer-players",
        type=int,
        default=3,
        metavar="N",
        help="computer players a player may seat at their private table (0: none; default 3)",
    )
    p.add_argument(
        "--protection-cooling-hours",
        type=float,
        default=24.0,
        metavar="H",
        help="hours before a player's raised daily buy-in limit applies (default 24)",
    )
    p.add_argument(
        "--reminder-minute-seconds",
        type=float,
        default=60.0,
        metavar="S",
        help=argparse.SUPPRESS,  # the session reminder's minute, shortened in tests only
    )
    p.add_argument(
        "--demo",
        action="store_true",
        help="open one table per profile with computer players (once: a table that exists is kept)",
    )
    p.add_argument(
        "--metrics-address",
        default="",
        metavar="HOST:PORT",
        help="serve GET /metrics to anyone who reaches HOST:PORT (a private address Prometheus "
        "scrapes; on the service's own address /metrics needs an operator)",
    )
    p.add_argument(
        "--audit-minutes",
        type=float,
        default=15.0,
        metavar="M",
        help="audit the ledger every M minutes (default 15; 0: only when asked)",
    )
    p.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="the log's lines: text, or one JSON object a line (default text)",
    )
    p.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        default="warning",
        help="the least level logged (default warning: what needs a look; info adds every "
        "event of the event log and the start-up's steps)",
    )
    p.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="deal from seeded random sources (demonstrations and tests only)",
    )


def serve(args: argparse.Namespace) -> int:
    """Run until interrupted."""
    try:
        import uvicorn
    except ImportError:  # pragma: no cover - the service's packages are an extra
        raise ConfigError(
            "paigow serve needs the service packages: pip install 'paigow[service]'"
        ) from None
    loop_factory = _loop_factory(args.event_loop)  # (before anything is opened)

    from pathlib import Path

    from paigow.service.accounts.auth import check_password, hash_password
    from paigow.service.hub import Service, ServiceOptions
    from paigow.service.kit.addresses import parse_trusted
    from paigow.service.kit.logs import configure_logs
    from paigow.service.kit.metrics_http import parse_address
    from paigow.service.kit.names import account_name
    from paigow.service.kit.ratelimit import parse_limit
    from paigow.service.routes.app import create_app, default_web
    from paigow.service.store.store import Store

    if not 0 <= args.port <= 65535:
        raise ConfigError(f"--port must be 0..65535, got {args.port}")
    try:
        limits = dict(parse_limit(x) for x in args.limit)
        parse_trusted(args.trusted_proxy)
    except ValueError as e:
        raise ConfigError(str(e)) from None
    for flag, value, lo, hi in (
        ("--signup-grant-period", args.signup_grant_period, 0, 24 * 366),
        ("--sessions-per-account", args.sessions_per_account, 1, 1000),
        ("--sockets-per-account", args.sockets_per_account, 1, 10_000),
        ("--sockets-per-address", args.sockets_per_address, 1, 100_000),
        ("--spectators", args.spectators, 1, 1_000_000),
        ("--spectators-per-address", args.spectators_per_address, 1, 100_000),
        ("--spectator-idle-seconds", args.spectator_idle_seconds, 1, 86_400),
        ("--hash-workers", args.hash_workers, 1, 64),
        ("--compute-workers", args.compute_workers, 1, 64),
        ("--worker-wait", args.worker_wait, 0.1, 60),
        ("--max-connections", args.max_connections, 16, 1_000_000),
        ("--signup-grant", args.signup_grant, 0, 10**12),
        ("--private-tables-per-player", args.private_tables_per_player, 0, 100),
        ("--private-idle-minutes", args.private_idle_minutes, 0.01, 7 * 24 * 60),
        ("--private-computer-players", args.private_computer_players, 0, 8),
        ("--protection-cooling-hours", args.protection_cooling_hours, 0, 24 * 366),
        ("--reminder-minute-seconds", args.reminder_minute_seconds, 0.1, 60),
        ("--audit-minutes", args.audit_minutes, 0, 7 * 24 * 60),
    ):
        if not lo <= value <= hi:
            raise ConfigError(f"{flag} must be {lo}..{hi}, got {value}")
    configure_logs(args.log_format, args.log_level)
    store = Store(args.db)
    operator = None
    if args.operator:
        password = os.environ.get("PAIGOW_OPERATOR_PASSWORD", "")
        try:  # the name normalised as every account's; a new one a look-alike of nobody's
            name = account_name(args.operator, new=False)
            why = check_password(password)
            if why:
                raise ConfigError(f"{why} ($PAIGOW_OPERATOR_PASSWORD)")
            store.migrate()
            store.set_password(name, hash_password(password), "operator")
            operator = name
        except PaigowError as e:
            raise ConfigError(f"--operator {args.operator!r}: {e}") from None
    if args.cluster and store.is_sqlite:
        raise ConfigError(
            "--cluster: the processes share a PostgreSQL database (--db postgresql://...)"
        )
    if args.metrics_address:
        try:
            parse_address(args.metrics_address)
        except ValueError as e:
            raise ConfigError(str(e)) from None
    if not 1.0 <= args.lease_seconds <= 300.0:
        raise ConfigError(f"--lease-seconds must be 1..300, got {args.lease_seconds}")
    options = ServiceOptions(
        allowed_origins=tuple(args.allow_origin),
        signup_grant=args.signup_grant,
        signup_grant_period=args.signup_grant_period,
        sessions_per_account=args.sessions_per_account,
        sockets_per_account=args.sockets_per_account,
        sockets_per_address=args.sockets_per_address,
        spectators=args.spectators,
        spectators_per_address=args.spectators_per_address,
        spectator_idle_seconds=args.spectator_idle_seconds,
        limits=limits,
        trusted_proxies=tuple(args.trusted_proxy),
        hash_workers=args.hash_workers,
        compute_workers=args.compute_workers,
        worker_wait=args.worker_wait,
        seed=args.seed,
        demo=args.demo,
        instance=args.instance,
        cluster=args.cluster,
        lease_seconds=args.lease_seconds,
        private_tables_per_player=args.private_tables_per_player,
        private_idle_minutes=args.private_idle_minutes,
        private_computer_players=args.private_computer_players,
        protection_cooling_hours=args.protection_cooling_hours,
        reminder_minute_seconds=args.reminder_minute_seconds,
        audit_minutes=args.audit_minutes,
        metrics_address=args.metrics_address,
    )
    if args.advertise:
        options = dataclasses.replace(options, address=args.advertise)
    web = Path(args.web) if args.web else default_web()
    if web is not None and not (web / "index.html").is_file():
        raise ConfigError(f"--web {web}: no index.html there (build the client: make web)")
    app = create_app(Service(store, options), web)
    safe_url = store.engine.url.render_as_string(hide_password=True)
    say = _sayer(args.log_format)
    say(f"paigow serve: http://{args.host}:{args.port}/ on {safe_url}")
    if operator is not None:
        say(
            f"paigow serve: the operator account {operator} signs in with the password in "
            f"$PAIGOW_OPERATOR_PASSWORD; the pit is at http://{args.host}:{args.port}/#/pit"
        )
    if web is None:
        say(
            "paigow serve: no web table to serve (the API only): build it with make web-build",
            warn=True,
        )
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=65_536,
        ws_per_message_deflate=args.ws_compression,
        log_level=args.log_level,
        log_config=None,  # (the lines are paigow's: --log-format; configure_logs)
        access_log=False,  # (nginx writes the access log)
        # The application reads X-Forwarded-For itself, from --trusted-proxy only
        # (paigow.service.kit.addresses); uvicorn's own reading trusts 127.0.0.1 by default.
        proxy_headers=False,
        forwarded_allow_ips=[],
        limit_concurrency=args.max_connections,
    )
    server = uvicorn.Server(config)

    async def run() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        if server.started and args.demo and web is not None:
            host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
            say(
                f"Open http://{host}:{args.port}/ in a browser: pick a table in the lobby, "
                "play as a guest or register (a new wallet holds $1,000 of play money). "
                "Ctrl-C stops the service."
            )
        await task

    with (
        contextlib.suppress(KeyboardInterrupt),
        asyncio.Runner(loop_factory=loop_factory) as runner,
    ):
        runner.run(run())
    sys.stdout.flush()
    return 0


def _sayer(log_format: str) -> Callable[..., None]:
    """What ``paigow serve`` tells its operator at start-up (``warn``: a warning): printed
    (a warning to standard error), or with ``--log-format json`` a line of the log (every line
    of that log is JSON)."""
    log = logging.getLogger("paigow.serve")

    def say(text: str, *, warn: bool = False) -> None:
        if log_format == "json":
            log.log(logging.WARNING if warn else logging.INFO, text, extra={"event": "serving"})
        else:
            print(text, file=sys.stderr if warn else sys.stdout, flush=True)

    return say


def _loop_factory(name: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The event loop ``--event-loop`` names (None: asyncio's own)."""
    if name == "asyncio":
        return None
    try:
        import uvloop  # a dependency of the service (pyproject.toml), loaded only to serve
    except ImportError:
        raise ConfigError(
            "--event-loop uvloop: uvloop is not installed (pip install 'paigow[service]'), "
            "or serve with --event-loop asyncio"
        ) from None
    return uvloop.new_event_loop
