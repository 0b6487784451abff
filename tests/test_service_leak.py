"""Hidden information is a server guarantee: over hundreds of rounds of every profile, every
message sent to every seat, the spectator and the operator is checked against what that viewer
may see at that moment (tests/service_leak.py, a reference derived from the operation log);
recall records are redacted the same way (R-SET-02, R-SURR-01, R-DEAL-03, R-SETTLE-01), and
nothing sent, live or recalled, carries a digest of the round (a chain link, its head).

``make test`` plays 150 rounds per profile with an irregularity at one step in ten, and asserts
that every viewer was sent every operation that deals, sets, settles, voids or exposes a piece
(the irregularities included) and was shown pieces in every phase it may see them in: what the
400 rounds per profile of ``PAIGOW_TEST_DEEP=1`` (an irregularity at 3% of the steps) cover.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any

import pytest

from depth import DEEP, size
from paigow.service.tables.config import TableConfig
from paigow.table.observation import Viewer
from paigow.table.record_schema import check_redacted
from paigow.table.redaction import redact_record
from paigow.table.replay import rebuild
from service_leak import accidental, allowed_positions, check_message, piece_tokens
from service_sim import PROFILES, Sim, Sub

ROUNDS = size(150, 400)
IRREGULAR = 0.03 if DEEP else 0.1
#: The operations every viewer must have been sent (in events) over a profile's rounds, and
#: those that only some profiles' runs produce (both sizes produce these; in the short runs the
#: Sim sets card hands by the house way, nobody at Lucky Chances surrenders, and a tile is
#: taken off the table only at Colorado).
SENT_OPS = frozenset(
    {"deal", "house_way", "bank_set", "settle", "void", "expose_dealt", "expose_stacking"}
)
PROFILE_OPS = {
    "generic": {"set", "surrender"},
    "colorado": {"set", "surrender", "tile_off_table"},
    "maryland": {"set", "surrender"},
    "lucky-chances": {"set"},
    "nj-supreme": {"surrender"},
}
#: The phases in which each viewer must have been shown pieces (before the deal: pieces turned
#: up by accident; from the deal: a seat's own; once settled: the exposed hands).
SHOWN = {
    "seat": frozenset({"before the deal", "setting", "done"}),
    "spectator": frozenset({"before the deal", "done"}),
    "operator": frozenset({"before the deal", "done"}),
}


def check_sent(sim: Sim, sub: Sub, msg: dict[str, object]) -> None:
    """The message ``sub`` is sent now, against the reference."""
    e = sim.actor.engine
    viewer = sim.actor.viewer(sub.user)
    check_message(msg, sim.rounds, e.round or e.last_round, viewer.role, viewer.player)


class Coverage:
    """What the checked messages showed whom: the operations sent in events, and the phases
    in which pieces were shown, per viewer role."""

    def __init__(self) -> None:
        self.seen: set[tuple[str, str, str]] = set()

    def __call__(self, sim: Sim, sub: Sub, msg: dict[str, Any]) -> None:
        check_sent(sim, sub, msg)
        e = sim.actor.engine
        role = sim.actor.viewer(sub.user).role
        rnd = e.round or e.last_round
        if rnd is not None:
            dealt = any(op.kind == "deal" for op in rnd.log)
            phase = str(rnd.phase) if dealt else "before the deal"
            if (role, "shown", phase) not in self.seen and piece_tokens(msg):
                self.seen.add((role, "shown", phase))
        for ev in msg.get("events", []):
            for op in ev.get("ops", []):
                self.seen.add((role, "sent", op["kind"]))

    def missing(self, profile: str) -> list[tuple[str, str, str]]:
        """What a run of ``profile`` should have shown and did not."""
        ops = SENT_OPS | PROFILE_OPS[profile]
        want = {(role, "sent", kind) for role in SHOWN for kind in ops}
        want |= {(role, "shown", phase) for role, phases in SHOWN.items() for phase in phases}
        return sorted(want - self.seen)


@pytest.mark.parametrize(("profile", "options"), PROFILES, ids=[p for p, _ in PROFILES])
def test_no_message_shows_a_hidden_piece(profile: str, options: dict[str, object]) -> None:
    """``ROUNDS`` rounds per profile with four random players, a spectator and an operator
    entering irregularities; every message checked when it is sent, and the run shown to
    cover every operation and phase that shows a piece, for every viewer."""
    coverage = Coverage()
    play_and_check(profile, options, zlib.crc32(profile.encode()), ROUNDS, coverage)
    assert coverage.missing(profile) == [], coverage.missing(profile)


def play_and_check(
    profile: str,
    options: dict[str, object],
    seed: int,
    rounds: int,
    check: Callable[[Sim, Sub, dict[str, Any]], None] = check_sent,
) -> None:
    """Play ``rounds`` rounds checking every message (by ``check``), then the players' recall
    records."""
    config = TableConfig(
        id="leak",
        profile=profile,
        computer_players=0,
        pause_seconds=0,
        **options,  # type: ignore[arg-type]
    )
    sim = Sim(config, players=4, seed=seed, irregular=IRREGULAR)
    sim.run(rounds, check)
    assert sim.actor.engine.session.rounds >= rounds
    # recall: each finished round redacted for each of its players shows them only what
    # they could see when it ended
    records = [r.record for b in sim.store.batches for r in b.rounds]
    assert len(records) >= rounds
    for rec in records[-60:]:
        rnd = rebuild(rec)
        for name in rec["seats"]:
            red = redact_record(rec, Viewer.seat(name))
            check_redacted(red)  # no link, no head, no previous: no digest of the round
            allowed = allowed_positions(rnd, "seat", name)
            names = {str(t) for p in allowed for t in rnd.dealt.get(p, ())} | accidental(rnd)
            assert set(piece_tokens(red)) <= names, (name, rec["operations"][:3])
        assert sim.subs[0].count > 0
