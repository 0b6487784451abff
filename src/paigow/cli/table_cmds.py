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
from paigow.table.auto import automated_round
from paigow.table.record import round_record
from paigow.table.record_schema import load_record
from paigow.table.replay import replay
from paigow.table.state import Provenance
from paigow.table.statement import statement
from paigow.textfiles import read_text

__all__ = ["KEY_VARIABLE", "anchored_head", "read_key", "replay_data", "round_data"]

#: The environment variable ``--key env`` reads the operator's key from.
KEY_VARIABLE = "PAIGOW_RECORD_KEY"
#: The largest round record ``paigow replay`` reads, in bytes.
RECORD_LIMIT = 16 << 20
#: The largest key file read, in bytes.
KEY_LIMIT = 1 << 16


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
    """Run one automated round with computer players (:func:`paigow.table.auto.automated_round`)
    and return its record (sealed under ``key`` when given)."""
    prof = get_profile(profile)
    rng: Rng = random.Random(seed) if seed is not None else default_rng()
    note = (("command", "paigow round"), ("seed", seed))
    rnd = automated_round(
        prof,
        rng,
        players,
        banking,
        way,
        pair_fortunes=pair_fortunes,
        dragons_eye=dragons_eye,
        provenance=Provenance(table_id="paigow-round", note=note),
    )
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
