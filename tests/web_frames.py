"""Frames recorded from a real ``paigow serve``: the browser client's test fixtures.

A seeded server runs a Colorado table (Pair Fortunes, Dragon's Eye) and a Lucky Chances table
with computer players; websocket clients play a fixed script — two house rounds and a player
bank at Colorado (side bets, two spots, surrender, a player sitting down during the wagers, the
bank offer, the cut, the dealer's wager, the style, the bank's hand), a Player-Dealer round with
a kum-kum bet at Lucky Chances — while a signed-out spectator watches both (``/ws/watch``). The
frames each client receives at named moments are kept whole, with the clock's traces fixed (the
windows' deadlines), and written as ``web/src/generated/frames.ts``, typed with the generated
protocol types (``satisfies``), so the TypeScript compiler checks every recorded frame against
the types and the client's tests read what a real server sent, not hand-written data.

``tests/test_web_frames.py`` records them again and requires the committed file to be current;
``python tests/test_web_frames.py`` rewrites it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from service_support import OPERATOR, Client, Server

__all__ = ["FRAMES_TS", "record_frames", "typescript_frames"]

FRAMES_TS = Path(__file__).resolve().parent.parent / "web" / "src" / "generated" / "frames.ts"

#: The deadline every recorded window shows (the server's is the clock's).
DEADLINE = 1767225600.0
WINDOWS = {"wager_seconds": 120, "setting_seconds": 120, "decision_seconds": 120}

Frame = dict[str, Any]
Pred = Callable[[dict[str, Any]], bool]


def _normal(frame: Frame) -> Frame:
    out: Frame = json.loads(json.dumps(frame))
    st = out.get("state")
    if isinstance(st, dict) and st.get("waiting") and st["waiting"]["deadline"] is not None:
        st["waiting"]["deadline"] = DEADLINE
    return out


class _Recorder:
    def __init__(self, server: Server) -> None:
        self.server = server
        self.frames: dict[str, Frame] = {}

    def take(self, name: str, c: Client, table: str, pred: Pred, what: str = "") -> Frame:
        """The next frame ``c`` receives for ``table`` whose state satisfies ``pred`` (one
        already received and still the latest counts too), kept as ``name``."""
        last = next(
            (
                m
                for m in reversed(c.messages)
                if m.get("table") == table and m.get("type") in ("state", "event")
            ),
            None,
        )
        if last is not None and pred(last["state"]):
            frame = last
        else:
            frame = c.until(
                lambda m: (
                    m.get("table") == table
                    and m.get("type") in ("state", "event")
                    and pred(m["state"])
                ),
                what or name,
            )
        self.frames[name] = _normal(frame)
        state: dict[str, Any] = frame["state"]
        return state


def _waits(who: str, what: str) -> Pred:
    def pred(st: dict[str, Any]) -> bool:
        w = st["waiting"]
        return w is not None and w["for"] == what and who in w["who"]

    return pred


def _done(rounds: int) -> Pred:
    def pred(st: dict[str, Any]) -> bool:
        r = st["round"]
        return st["rounds"] >= rounds and r is not None and r["statement"] is not None

    return pred


def _colorado(srv: Server, rec: _Recorder, watcher: Client) -> None:
    op = srv.client(srv.login(OPERATOR))
    op.ok("co", "pause")
    alice = srv.client(srv.player("alice"))
    bob = srv.client(srv.player("bob"))
    eve = srv.client(srv.player("eve"))
    watcher.subscribe("co")
    eve.subscribe("co")
    rec.take("co-sit-eve", eve, "co", lambda st: st["choices"]["sit"] is not None)
    for c, seat in ((alice, "1"), (bob, "2")):
        c.subscribe("co")
        c.ok("co", "sit", seat=seat, cents=50_000)
    op.ok("co", "resume")
    op.close()
    # Round 1, the house banks (the start of the game, R-BANK-02).
    rec.take("co-wagers-alice", alice, "co", _waits("alice", "wagers"))
    alice.ok("co", "wager", spot="1", cents=1_000)
    alice.ok("co", "wager", spot="1", cents=500, kind="pair-fortunes")
    alice.ok("co", "ready")
    bob.ok("co", "wager", spot="2", cents=2_000)
    bob.ok("co", "wager", spot="3", cents=500)  # an empty spot beside his seat (R-WAGER-04)
    eve.ok("co", "sit", seat="4", cents=50_000)  # during the wagers: she plays from round 2
    rec.take("co-next-round-eve", eve, "co", lambda st: st["choices"]["next_round"])
    bob.ok("co", "ready")
    rec.take("co-setting-bob", bob, "co", _waits("bob", "setting"))
    alice.ok("co", "house_way", spot="1")
    bob.ok("co", "house_way", spot="2")
    bob.ok("co", "house_way", spot="3")
    rec.take("co-surrender-bob", bob, "co", _waits("bob", "surrender"))
    bob.ok("co", "surrender", spot="3")
    bob.ok("co", "stand")
    alice.ok("co", "stand")
    rec.take("co-settled-alice", alice, "co", _done(1))
    rec.take("co-settled-watcher", watcher, "co", _done(1))
    # Round 2: the bank is offered to alice (R-BANK-03..06); she banks.
    rec.take("co-offer-alice", alice, "co", _waits("alice", "bank offer"))
    alice.ok("co", "bank", accept=True, co_bank=False)
    rec.take("co-cut-alice", alice, "co", _waits("alice", "cut"))
    alice.ok("co", "cut", cut="a:3-4:right")
    rec.take("co-bank-wagers-alice", alice, "co", _waits("alice", "wagers"))
    alice.ok("co", "ready")
    for c, spot in ((bob, "2"), (eve, "4")):
        c.ok("co", "wager", spot=spot, cents=1_500)
        c.ok("co", "ready")
    rec.take("co-style-alice", alice, "co", _waits("alice", "style"))
    alice.ok("co", "style", style="c")
    for c, spot in ((bob, "2"), (eve, "4")):
        c.wait_state("co", _waits(c.state["co"]["you"], "setting"), "setting")
        c.ok("co", "house_way", spot=spot)
    rec.take("co-bank-set-alice", alice, "co", _waits("alice", "bank_set"))
    alice.ok("co", "bank_set")
    for c in (bob, eve):
        c.wait_state("co", _waits(c.state["co"]["you"], "surrender"), "surrender")
        c.ok("co", "stand")
    rec.take("co-settled-bank-alice", alice, "co", _done(2))
    rec.take("co-settled-bank-bob", bob, "co", _done(2))
    for c in (alice, bob, eve):
        c.close()


def _lucky_chances(srv: Server, rec: _Recorder, watcher: Client) -> None:
    op = srv.client(srv.login(OPERATOR))
    op.ok("lc", "pause")
    carol = srv.client(srv.player("carol"))
    dave = srv.client(srv.player("dave"))
    watcher.subscribe("lc")
    for c, seat in ((carol, "1"), (dave, "2")):
        c.subscribe("lc")
        c.ok("lc", "sit", seat=seat, cents=50_000)
    op.ok("lc", "resume")
    op.close()
    rec.take("lc-offer-carol", carol, "lc", _waits("carol", "bank offer"))
    carol.ok("lc", "bank", accept=True)
    rec.take("lc-stake-carol", carol, "lc", _waits("carol", "wagers"))
    carol.ok("lc", "pd_stake", cents=20_000)
    carol.ok("lc", "ready")
    rec.take("lc-wagers-dave", dave, "lc", _waits("dave", "wagers"))
    dave.ok("lc", "wager", spot="2", cents=1_000)
    dave.ok("lc", "wager", spot="8", cents=500)  # a kum-kum bet on a computer player's spot
    dave.ok("lc", "ready")
    carol.wait_state("lc", _waits("carol", "style"), "style")
    carol.ok("lc", "style", style="a")
    dave.wait_state("lc", _waits("dave", "setting"), "setting")
    dave.ok("lc", "house_way", spot="2")
    carol.wait_state("lc", _waits("carol", "bank_set"), "bank_set")
    carol.ok("lc", "bank_set")
    rec.take("lc-settled-dave", dave, "lc", _done(1))
    rec.take("lc-settled-carol", carol, "lc", _done(1))
    rec.take("lc-settled-watcher", watcher, "lc", _done(1))
    carol.close()
    dave.close()


def record_frames(workdir: Path) -> dict[str, Frame]:
    """Play the script on a new seeded server; the named frames."""
    srv = Server(f"sqlite:///{workdir / 'frames.sqlite3'}", workdir, "--seed", "23").start()
    try:
        op = srv.login(OPERATOR)
        srv.open_table(
            op,
            id="co",
            profile="colorado",
            pair_fortunes="1",
            dragons_eye=True,
            computer_players=3,
            pause_seconds=0.2,
            **WINDOWS,
        )
        srv.open_table(
            op, id="lc", profile="lucky-chances", computer_players=3, pause_seconds=0.2, **WINDOWS
        )
        rec = _Recorder(srv)
        watcher = srv.watcher()
        _colorado(srv, rec, watcher)
        _lucky_chances(srv, rec, watcher)
        watcher.close()
        return rec.frames
    finally:
        srv.stop()


def typescript_frames(frames: dict[str, Frame]) -> str:
    """The generated module: every frame, checked by the compiler against the protocol types."""
    body = json.dumps(frames, indent=2, sort_keys=False, ensure_ascii=False)
    head = (
        "/**\n"
        " * Frames recorded from a real `paigow serve` playing a fixed script\n"
        " * (tests/web_frames.py): the client's test fixtures. GENERATED: do not edit; record\n"
        " * them again with `python tests/test_web_frames.py` (which checks they are current).\n"
        " * `satisfies` makes the compiler check every frame against the protocol types.\n"
        " */\n"
    )
    typed = "as const satisfies Readonly<Record<string, ServerMessage>>"
    return (
        f"{head}\n"
        'import type { ServerMessage } from "../protocol";\n\n'
        f"export const FRAMES = {body} {typed};\n\n"
        "export type FrameName = keyof typeof FRAMES;\n"
    )
