"""Floods against a real ``paigow serve`` on loopback, and what a seated player feels meanwhile
(tests/test_service_floods.py).

* :class:`Flood` runs the attackers in a child process of their own (``python
  tests/service_flood.py DOOR ...``), so that their work shares no interpreter lock with the
  measurement: a few clients, each paced (a modest flood: the limits, not the machine's speed,
  must be what stops it), bounded in requests and in time. The test turns it on and off through
  the child's standard input; at the end it prints what it got back (statuses, counts).
* :class:`Pinger` is a seated player's websocket, pinged from a thread of its own at a steady
  pace (within the websocket's own rate limit); each round trip is recorded with the phase it
  was sent in.
* :func:`measure` alternates quiet and flood windows, so both see the same machine: another
  test process, a compile, anything else running at the same time lands on both, and the
  comparison of the flood's p99 with the quiet p99 stays about the flood.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

__all__ = ["DOORS", "Flood", "Pinger", "measure"]

#: What each kind of flood sends (see :func:`_one`).
DOORS = (
    "register",
    "guest",
    "login",
    "failed",
    "trainer",
    "history",
    "recall",
    "ws-open",
    "ws-messages",
    "chat",
)
#: The outcomes that show a limit.
LIMITED = {"429", "limited", "closed 4429"}


class Pinger:
    """A seated player's websocket, subscribed to its table, pinged every ``every`` seconds
    from its own thread."""

    def __init__(self, url: str, token: str, table: str, every: float = 0.025) -> None:
        from websockets.sync.client import connect

        self.ws = connect(url, additional_headers={"Authorization": f"Bearer {token}"}, legacy=True)
        self.ws.recv(timeout=30)  # welcome
        self.ws.send(json.dumps({"type": "subscribe", "table": table}))
        while json.loads(self.ws.recv(timeout=30)).get("type") != "state":
            pass
        self.every = every
        self.phase = "quiet"
        self.samples: list[tuple[str, float]] = []
        self.errors: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            phase = self.phase
            t0 = time.perf_counter()
            try:
                self.ws.send('{"type":"ping"}')
                while json.loads(self.ws.recv(timeout=10)).get("type") != "pong":
                    pass
            except Exception as e:  # recorded: the test fails on it
                self.errors.append(f"{type(e).__name__}: {e}")
                return
            rtt = time.perf_counter() - t0
            if phase == self.phase:  # a sample that straddles two windows counts for neither
                self.samples.append((phase, rtt))
            time.sleep(max(0.0, self.every - rtt))

    def close(self) -> None:
        """Stop pinging and close."""
        self._stop.set()
        self._thread.join(timeout=15)
        self.ws.close()

    def rtts(self, phase: str) -> list[float]:
        """The round trips of one phase, in milliseconds."""
        return [rtt * 1000 for p, rtt in self.samples if p == phase]


class Flood:
    """``clients`` attackers of one door in a child process (module notes)."""

    def __init__(self, door: str, base: str, *extra: str, clients: int = 4) -> None:
        here = Path(__file__).resolve()
        self.proc = subprocess.Popen(
            # "--": a token may begin with "-" (urlsafe base64), which is no option
            [sys.executable, str(here), "--", door, base, str(clients), *extra],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ, PYTHONPATH=str(here.parent)),
        )
        assert self.proc.stdout is not None
        ready = self.proc.stdout.readline()
        assert ready.strip() == "ready", (
            ready,
            self.proc.stderr.read() if self.proc.stderr else "",
        )

    def _say(self, word: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(word + "\n")
        self.proc.stdin.flush()

    def on(self) -> None:
        """Attack."""
        self._say("on")

    def off(self) -> None:
        """Pause."""
        self._say("off")

    def stop(self) -> dict[str, Any]:
        """Flood on until the limit shows (a 429, or the websocket's refusal) — a loaded
        machine may slow the attackers so that it had not yet in the measured windows — within
        the flood's bounds, then stop; what the attackers got: ``statuses`` (HTTP status or
        websocket outcome -> count), ``sent``."""
        self._say("finish")
        self._say("stop")
        out, err = self.proc.communicate(timeout=60)
        lines = out.strip().splitlines()
        assert lines, err[-2000:]
        result: dict[str, Any] = json.loads(lines[-1])
        return result


def measure(
    pinger: Pinger, flood: Flood, cycles: int = 8, quiet: float = 0.4, loud: float = 0.6
) -> None:
    """Alternate ``cycles`` quiet windows and flood windows (module notes)."""
    for _ in range(cycles):
        pinger.phase = "quiet"
        time.sleep(quiet)
        pinger.phase = "flood"
        flood.on()
        time.sleep(loud)
        flood.off()
    pinger.phase = "after"
    time.sleep(0.2)


# ---------------------------------------------------------------------- the child process
def _one(door: str, base: str, client: Any, *, name: str, extra: list[str]) -> list[str]:
    """One attack (one or two requests); the outcomes."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    password = "flood password 1"
    if door in ("register", "guest"):
        r = client.post(base + "/api/register", json={"name": name, "password": password})
        out = [str(r.status_code)]
        if door == "guest" and r.status_code == 201:
            r = client.post(base + "/api/login", json={"name": name, "password": password})
            out.append(str(r.status_code))
        return out
    if door in ("login", "failed"):
        pw = extra[1] if door == "login" else "not the password"
        r = client.post(base + "/api/login", json={"name": extra[0], "password": pw})
        return [str(r.status_code)]
    if door == "trainer":
        body = {"profile": "generic", "pieces": ["6-6", "4-5", "1-2", "3-3"]}
        body |= {"high": ["6-6", "4-5"], "low": ["1-2", "3-3"]}
        r = client.post(base + "/api/trainer/answer", json=body)
        return [str(r.status_code)]
    if door == "history":  # a table's last rounds, signed out (``extra``: the table)
        r = client.get(f"{base}/api/tables/{extra[0]}/history")
        return [str(r.status_code)]
    if door == "recall":  # signed in (``extra``: the table, then the accounts' sessions): in
        # turn the table's last rounds and the account's own, the accounts in turn
        n = int(name.rsplit("_", 1)[1])
        tokens = extra[1:]
        auth = {"Authorization": f"Bearer {tokens[n % len(tokens)]}"}
        path = f"/api/tables/{extra[0]}/history" if n % 2 else "/api/me/rounds"
        r = client.get(base + path, headers=auth)
        return [str(r.status_code)]
    if door == "ws-open":
        url = base.replace("http://", "ws://") + "/ws/lobby"
        try:
            with connect(url, open_timeout=10) as ws:
                ws.recv(timeout=10)
            return ["open"]
        except InvalidStatus as e:
            return [str(e.response.status_code)]
        except (ConnectionClosed, OSError, TimeoutError) as e:
            return [type(e).__name__]
    raise ValueError(door)  # pragma: no cover


def _waiting(ws: Any) -> list[dict[str, Any]]:
    """The messages already received on ``ws`` (none waited for)."""
    out = []
    while True:
        try:
            out.append(json.loads(ws.recv(timeout=0)))
        except TimeoutError:
            return out


def _messages(
    base: str,
    token: str,
    on: threading.Event,
    stop: threading.Event,
    *,
    most: int,
    got: Counter[str],
) -> None:
    """A websocket sending pings as fast as it may (in bursts of 20 every 10 ms): the answers
    counted in ``got`` as they come (``pong``, ``limited``, ``closed 4429``, ``sent``),
    reconnecting (three times at most)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    url = base.replace("http://", "ws://") + "/ws"
    for _ in range(3):
        with connect(url, additional_headers={"Authorization": f"Bearer {token}"}) as ws:
            ws.recv(timeout=10)
            try:
                while got["sent"] < most and not stop.is_set():
                    if not on.wait(0.05):
                        continue
                    for _ in range(20):
                        ws.send('{"type":"ping"}')
                        got["sent"] += 1
                    time.sleep(0.01)
                    for msg in _waiting(ws):
                        got["pong" if msg.get("type") == "pong" else "limited"] += 1
            except ConnectionClosed as e:
                got[f"closed {e.rcvd.code if e.rcvd else '?'}"] += 1
                continue
        break


def _chat(
    base: str,
    table: str,
    token: str,
    on: threading.Event,
    stop: threading.Event,
    *,
    most: int,
    got: Counter[str],
    lock: threading.Lock,
) -> None:
    """A player at ``table`` posting chat messages as fast as it may (bursts of 10 every 10 ms,
    markup and all): the answers counted in ``got`` (``posted``, ``limited`` for a refused one
    or a rate-limit error, ``closed 4429``, ``sent``)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    url = base.replace("http://", "ws://") + "/ws"
    with connect(url, additional_headers={"Authorization": f"Bearer {token}"}) as ws:
        ws.recv(timeout=10)
        ws.send(json.dumps({"type": "subscribe", "table": table}))
        try:
            while not stop.is_set():
                if not on.wait(0.05):
                    continue
                for i in range(10):
                    with lock:
                        if got["sent"] >= most:
                            return
                        got["sent"] += 1
                    text = f"<img src=x onerror=alert({i})> buy now {i}"
                    ws.send(json.dumps({"type": "chat", "table": table, "text": text}))
                time.sleep(0.01)
                for msg in _waiting(ws):
                    kind = msg.get("type")
                    with lock:
                        if kind == "chat_result":
                            got["posted" if msg["status"] == "posted" else "limited"] += 1
                        elif kind == "error":
                            got["limited"] += 1
        except ConnectionClosed as e:
            with lock:
                got[f"closed {e.rcvd.code if e.rcvd else '?'}"] += 1


def main() -> None:
    """The attackers (``python tests/service_flood.py DOOR BASE CLIENTS [ARGS]``)."""
    import httpx

    p = argparse.ArgumentParser()
    p.add_argument("door", choices=DOORS)
    p.add_argument("base")
    p.add_argument("clients", type=int)
    p.add_argument("extra", nargs="*")
    p.add_argument("--most", type=int, default=1500, help="requests at most, all clients")
    p.add_argument("--seconds", type=float, default=60.0, help="time at most")
    p.add_argument("--pace", type=float, default=0.04, help="seconds between a client's requests")
    a = p.parse_args()
    on, stop = threading.Event(), threading.Event()
    lock = threading.Lock()
    got: Counter[str] = Counter()
    sent = [0]

    def attacker(i: int) -> None:
        with httpx.Client(timeout=30) as client:
            n = 0
            while not stop.is_set():
                if not on.wait(0.05):
                    continue
                with lock:
                    if sent[0] >= a.most:
                        return
                    sent[0] += 1
                n += 1
                name = f"f{os.getpid()}x{i}_{n}"
                outcomes = _one(a.door, a.base, client, name=name, extra=a.extra)
                with lock:
                    got.update(outcomes)
                time.sleep(a.pace)

    if a.door == "ws-messages":
        threads = [
            threading.Thread(
                target=_messages,
                args=(a.base, a.extra[0], on, stop),
                kwargs={"most": a.most, "got": got},
            )
        ]
    elif a.door == "chat":
        threads = [
            threading.Thread(
                target=_chat,
                args=(a.base, a.extra[0], token, on, stop),
                kwargs={"most": a.most, "got": got, "lock": lock},
            )
            for token in a.extra[1:]
        ]
    else:
        threads = [threading.Thread(target=attacker, args=(i,)) for i in range(a.clients)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + a.seconds

    def watchdog() -> None:  # bounded in time whatever the test says
        while not stop.wait(0.1):
            if time.monotonic() >= deadline:
                on.clear()

    threading.Thread(target=watchdog, daemon=True).start()
    print("ready", flush=True)
    for line in sys.stdin:
        word = line.strip()
        if word == "on" and time.monotonic() < deadline:
            on.set()
        elif word == "off":
            on.clear()
        elif word == "finish":
            on.set()
            while (
                not LIMITED & set(got)
                and max(sent[0], got["sent"]) < a.most
                and time.monotonic() < deadline
            ):
                if all(not t.is_alive() for t in threads):
                    break
                time.sleep(0.05)
            on.clear()
        elif word == "stop":
            break
    on.clear()
    stop.set()
    for t in threads:
        t.join(timeout=60)
    print(json.dumps({"statuses": dict(got), "sent": sent[0] or got.get("sent", 0)}), flush=True)


if __name__ == "__main__":
    main()
