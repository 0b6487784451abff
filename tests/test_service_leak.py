"""Hidden information is a server guarantee: over thousands of rounds of every profile, every
message sent to every seat, the spectator and the operator is checked against what that viewer
may see at that moment (tests/service_leak.py, a reference derived from the operation log);
recall records are redacted the same way (R-SET-02, R-SURR-01, R-DEAL-03, R-SETTLE-01)."""

from __future__ import annotations

import zlib

import pytest

from paigow.service.config import TableConfig
from paigow.table.observation import Viewer, redact_record
from paigow.table.replay import rebuild
from service_leak import accidental, allowed_positions, check_message, piece_tokens
from service_sim import Sim, Sub

PROFILES = [
    ("generic", {}),
    ("colorado", {"dragons_eye": True, "pair_fortunes": "1"}),
    ("maryland", {"pair_fortunes": "A"}),
    ("lucky-chances", {}),
    ("nj-supreme", {}),
]
ROUNDS = 400


def check_sent(sim: Sim, sub: Sub, msg: dict[str, object]) -> None:
    """The message ``sub`` is sent now, against the reference."""
    e = sim.actor.engine
    viewer = sim.actor.viewer(sub.user)
    check_message(msg, sim.rounds, e.round or e.last_round, viewer.role, viewer.player)


@pytest.mark.parametrize(("profile", "options"), PROFILES, ids=[p for p, _ in PROFILES])
def test_no_message_shows_a_hidden_piece(profile: str, options: dict[str, object]) -> None:
    """400 rounds per profile (2,000 in all) with four random players, a spectator and an
    operator entering irregularities; every message checked when it is sent."""
    play_and_check(profile, options, zlib.crc32(profile.encode()), ROUNDS)


def play_and_check(profile: str, options: dict[str, object], seed: int, rounds: int) -> None:
    """Play ``rounds`` rounds checking every message, then the players' recall records."""
    config = TableConfig(
        id="leak",
        profile=profile,
        computer_players=0,
        pause_seconds=0,
        **options,  # type: ignore[arg-type]
    )
    sim = Sim(config, players=4, seed=seed)
    sim.run(rounds, check_sent)
    assert sim.actor.engine.session.rounds >= rounds
    # recall: each finished round redacted for each of its players shows them only what
    # they could see when it ended
    records = [r.record for b in sim.store.batches for r in b.rounds]
    assert len(records) >= rounds
    for rec in records[-60:]:
        rnd = rebuild(rec)
        for name in rec["seats"]:
            red = redact_record(rec, Viewer.seat(name))
            allowed = allowed_positions(rnd, "seat", name)
            names = {str(t) for p in allowed for t in rnd.dealt.get(p, ())} | accidental(rnd)
            assert set(piece_tokens(red)) <= names, (name, rec["operations"][:3])
        assert sim.subs[0].count > 0
