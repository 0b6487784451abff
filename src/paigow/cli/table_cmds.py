"""``paigow round`` and ``paigow replay``: automated rounds and their records."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from paigow.dealing import Rng, default_rng
from paigow.errors import ConfigError
from paigow.profiles import get_profile
from paigow.table.auto import ComputerPlayer, run_dealer
from paigow.table.record import round_record
from paigow.table.record_schema import load_record
from paigow.table.replay import replay
from paigow.table.round import Banker, Provenance, Round
from paigow.table.variations import TableOptions

__all__ = ["replay_data", "round_data"]

STACK = 100_000
#: The bank's last wager against the dealer assumed by a one-off banked round (R-BANK-10).
LAST_WAGER = 1_000


def round_data(
    profile: str,
    seed: int | None,
    players: int,
    banking: bool,
    way: str | None = None,
    *,
    pair_fortunes: str | None = None,
    dragons_eye: bool = False,
) -> dict[str, Any]:
    """Run one automated round with computer players and return its record."""
    prof = get_profile(profile)
    n = prof.table.positions
    if not 1 <= players <= n:
        raise ConfigError(f"--players must be 1..{n} for {prof.name}, got {players}")
    rng: Rng = random.Random(seed) if seed is not None else default_rng()
    names = [f"P{i}" for i in range(1, players + 1)]
    seats = {name: str(i) for i, name in enumerate(names, start=1)}
    stacks = dict.fromkeys(names, STACK)
    bank_kind = "player-dealer" if not prof.banking.house_banks else "player"
    banked = banking or not prof.banking.house_banks
    if banked and players < 2:
        raise ConfigError("a banked round needs at least two players")
    banker = Banker(bank_kind, "P1", "1") if banked else Banker()
    options = TableOptions(pair_fortunes, dragons_eye)
    dealer = banker.kind == "player" and prof.banking.dealer_wager
    limit = (
        (LAST_WAGER if prof.banking.dealer_wager_basis == "last-wager" else None)
        if dealer
        else None
    )
    note = (("command", "paigow round"), ("seed", seed))
    rnd = Round(
        prof,
        seats,
        stacks,
        banker=banker,
        house_way=way,
        options=options,
        dealer_wager_limit=limit,
        provenance=Provenance(table_id="paigow-round", note=note),
    )
    house_way = rnd.house_way
    side_menu = [
        k
        for k, on in (
            ("pair-fortunes", pair_fortunes is not None),
            ("de-odd", dragons_eye),
            ("de-match", dragons_eye),
            ("dice-bonus", dragons_eye),
            ("de-double", dragons_eye),
            ("supreme-bonus", prof.side_bets.supreme_bonus),
        )
        if on
    ]
    computers = [
        ComputerPlayer(
            nm, house_way, 1000 + 500 * (i % 4), tuple(side_menu[i % 2 :: 2]) if side_menu else ()
        )
        for i, nm in enumerate(names)
        if nm != banker.player
    ]
    run_dealer(rnd, rng, until="wagers")
    if rnd.phase == "cut":
        run_dealer(rnd, rng, until="wagers")
    if banker.kind == "player-dealer":
        rnd.place_pd_wager(5000)
    elif dealer:
        rnd.place_dealer_wager(rnd.dealer_wager_limit or 0)
    run_dealer(rnd, rng, players=computers)
    return round_record(rnd)


def replay_data(path: str) -> dict[str, Any]:
    """Replay a record file; raises RecordError (malformed) or ReplayMismatchError (edited,
    or played under other rules) naming what differs."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"cannot read {path!r}: {getattr(e, 'strerror', None) or e}") from e
    done = replay(load_record(text, path))
    rnd = done.round
    return {
        "file": path,
        "replayed": True,
        "record_id": rnd.record_id,
        "operations": len(rnd.log),
        "transfers": len(rnd.ledger.transfers),
        "net": rnd.net(),
        "profile": rnd.profile.name,
        "profile_check": done.profile_check,
        "head": done.head,
    }
