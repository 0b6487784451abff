"""``GET /metrics`` on an address of its own (``paigow serve --metrics-address``).

A private address (loopback, or the network Prometheus scrapes from) that answers only
``GET /metrics`` (and ``HEAD``), to anyone who reaches it: nothing else of the service is
there. It runs on the service's event loop (the figures are read where they live, never from
another thread), answers one request per connection, and bounds what it reads and how long it
waits: a request line and headers of at most :data:`MAX_HEAD` bytes within
:data:`READ_SECONDS`, at most :data:`MAX_OPEN` connections at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

__all__ = ["MAX_HEAD", "MAX_OPEN", "READ_SECONDS", "parse_address", "serve_metrics"]

#: Bytes of a request's line and headers read at most.
MAX_HEAD = 8192
#: Seconds a connection may take to send its request.
READ_SECONDS = 5.0
#: Connections served at once; more are closed unanswered.
MAX_OPEN = 16

Render = Callable[[str], tuple[bytes, str]]


def parse_address(text: str) -> tuple[str, int]:
    """``host:port`` (``[v6]:port`` for IPv6) as a host and a port.

    Raises:
        ValueError: not such an address.
    """
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f"--metrics-address: HOST:PORT, got {text!r}")
    return host.strip("[]"), int(port)


async def serve_metrics(host: str, port: int, render: Render) -> asyncio.Server:
    """Listen on ``host:port``; ``render(accept)``: the figures and their content type."""
    open_now = 0

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal open_now
        if open_now >= MAX_OPEN:
            writer.close()
            return
        open_now += 1
        try:
            await _answer(reader, writer, render)
        except (TimeoutError, ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        finally:
            open_now -= 1
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    return await asyncio.start_server(handle, host, port, limit=MAX_HEAD)


async def _answer(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, render: Render
) -> None:
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), READ_SECONDS)
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    accept = ""
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "accept":
            accept = value.strip()
    if len(parts) != 3 or not parts[2].startswith("HTTP/"):
        status, ctype, body = "400 Bad Request", "text/plain", b"a request line, please\n"
    elif parts[0] not in ("GET", "HEAD"):
        status, ctype, body = "405 Method Not Allowed", "text/plain", b"GET /metrics\n"
    elif parts[1].split("?", 1)[0] != "/metrics":
        status, ctype, body = "404 Not Found", "text/plain", b"only /metrics is served here\n"
    else:
        body, ctype = render(accept)
        status = "200 OK"
    header = (
        f"HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\n"
        "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
    )
    writer.write(header.encode("latin-1") + (b"" if parts[0] == "HEAD" else body))
    await writer.drain()
