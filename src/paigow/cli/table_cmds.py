"""``paigow round`` and ``paigow replay``: automated rounds and their records.

The operator's key of a seal (``--key``) is the bytes of a file, less one final line end, or
with ``--key env`` the environment variable :data:`KEY_VARIABLE`. A head anchored elsewhere
(``--head``) is the 64 hexadecimal digits ``paigow replay`` prints.
"""

from __future__ import annotations

import os
import random
import re
from typing import Any

from paigow.errors import ConfigError
from paigow.games.dice import Rng, default_rng
from paigow.profiles import get_profile
from paigow.table.auto import ComputerPlayer, run_dealer
from paigow.table.record import round_record
from paigow.table.record_schema import load_record
from paigow.table.replay import replay
from paigow.table.round import Banker, Provenance, Round
from paigow.table.statement import statement
from paigow.table.variations import TableOptions
from paigow.textfiles import read_text

__all__ = ["KEY_VARIABLE", "anchored_head", "read_key", "replay_data", "round_data"]

#: The environment variable ``--key env`` reads the operator's key from.
KEY_VARIABLE = "PAIGOW_RECORD_KEY"
#: The largest round record ``paigow replay`` reads, in bytes.
RECORD_LIMIT = 16 << 20
#: The largest key file read, in bytes.
KEY_LIMIT = 1 << 16

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
    key: bytes | None = None,
) -> dict[str, Any]:
    """Run one automated round with computer players and return its record (sealed under
    ``key`` when given)."""
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
    return round_record(rnd, key=key)


def read_key(spec: str) -> bytes:
    """The operator's key named by ``--key``: ``env`` for the variable :data:`KEY_VARIABLE`,
    otherwise a file whose bytes, less one final line end, are the key.

    Raises:
        ConfigError: the variable is unset or empty, the file cannot be read, is larger than
            64 KiB, or holds no key.
    """
    if spec == "env":
        value = os.environ.get(KEY_VARIABLE, "")
        if not value:
            raise ConfigError(
                f"--key env reads the key from {KEY_VARIABLE}, which is not set or empty"
            )
        return os.fsencode(value)
    try:
        with open(spec, "rb") as f:
            data = f.read(KEY_LIMIT + 1)
    except OSError as e:
        raise ConfigError(f"cannot read key file {spec!r}: {e.strerror or e}") from None
    except ValueError as e:  # a path with a NUL character
        raise ConfigError(f"cannot read key file {spec!r}: {e}") from None
    if len(data) > KEY_LIMIT:
        raise ConfigError(f"{spec}: the key file is larger than 64 KiB; is it the right file?")
    key = data.removesuffix(b"\n").removesuffix(b"\r")
    if not key:
        raise ConfigError(f"{spec}: the key file is empty")
    return key


_HEX64 = re.compile(r"[0-9a-fA-F]{64}", re.ASCII)


def anchored_head(text: str) -> str:
    """``--head``: a chain head, 64 hexadecimal digits (as ``paigow replay`` prints it).

    Raises:
        ConfigError: anything else.
    """
    if not _HEX64.fullmatch(text.strip()):
        raise ConfigError(
            "--head must be a chain head, 64 hexadecimal digits as 'paigow replay' prints it; "
            f"got {text[:80]!r}"
        )
    return text.strip().lower()


def replay_data(
    path: str,
    *,
    profile: str | None = None,
    key: bytes | None = None,
    head: str | None = None,
) -> dict[str, Any]:
    """Replay a record file; raises RecordError (malformed) or ReplayMismatchError (edited,
    played under other rules, another seal or another head) naming what differs.

    Args:
        path: the record file.
        profile: check the rules against this profile (a name or a ``.toml`` file) instead of
            the bundled profile the record names.
        key: the operator's key: the record must carry a seal made with it.
        head: the chain head anchored elsewhere: the record's head must be this one.
    """
    given = get_profile(profile) if profile is not None else None
    text = read_text(path, what="round record", limit=RECORD_LIMIT)
    record = load_record(text, path)
    done = replay(record, profile=given, key=key, head=head)
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
        "sealed": done.sealed,
        "anchored": head is not None,
        "statement": statement(record) if record.get("net") is not None else None,
        "hands": {
            pos: f"{' '.join(p['setting']['high'])} / {' '.join(p['setting']['low'])}"
            for pos, p in record["positions"].items()
            if p["setting"] is not None
        },
    }
