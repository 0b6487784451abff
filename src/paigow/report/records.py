"""The records section: the round record's format, one round played, recorded, recalled from
its text and replayed, an altered copy refused, and what the audit of a database checks.

The round is the one ``paigow round --profile P --seed S --players N --json`` writes (the same
inputs, the same record, the same chain head), so a laboratory can make it again and replay it
with ``paigow replay``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Final

from paigow.errors import PaigowError
from paigow.games.dice import Rng, default_rng
from paigow.profiles import Profile
from paigow.table.auto import automated_round
from paigow.table.record import round_record
from paigow.table.record_header import FORMAT, HEADER_FIELDS
from paigow.table.record_schema import load_record
from paigow.table.replay import replay
from paigow.table.state import Provenance

from .model import Records

__all__ = ["AUDIT_WORDS", "records_section"]

#: What ``paigow audit --db URL`` proves of a table service's database (paigow.service.pit.audit).
AUDIT_WORDS: Final = (
    "The ledger balances to the cent: every account equals the sum of its ledger rows, all "
    "accounts sum to zero, and no wallet or chip account is negative.",
    "Every table's history is intact: its commands' hash chain holds, and its commands "
    "replayed through the engine from an empty table give exactly the stored ledger rows, "
    "round records and account balances.",
    "Every finished round replays identically from its own record, and where records name "
    "the previous round's chain head, the links between them hold.",
    "The daily meters and the pit's hourly meters equal the sums over the stored round "
    "records and settlement statements.",
    "It reads one consistent snapshot (one transaction), so it can run on a database in use; "
    "it reports each finding in words and exits 1 on any.",
)


def _hands(record: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    out = []
    for pos, p in record["positions"].items():
        s = p["setting"]
        if s is not None:
            out.append((pos, f"{' '.join(s['high'])} / {' '.join(s['low'])}"))
    return tuple(out)


def _altered(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A copy of ``record`` with one transfer's amount raised by a dollar, and what changed."""
    bad = copy.deepcopy(record)
    t = bad["transfers"][0]
    t["cents"] += 100
    return bad, f"transfers[0].cents raised from {t['cents'] - 100} to {t['cents']}"


def records_section(profile: Profile, seed: int | None = 7) -> Records:
    """Play, record, recall and replay one round of ``profile`` (dealt from ``seed``; None: from
    the operating system's source, a round nobody can deal again); alter a copy and replay it."""
    players = min(4, profile.table.positions)
    note = (("command", "paigow round"), ("seed", seed))
    rng: Rng = random.Random(seed) if seed is not None else default_rng()
    rnd = automated_round(
        profile,
        rng,
        players,
        False,
        provenance=Provenance(table_id="paigow-round", note=note),
    )
    record = round_record(rnd)
    text = json.dumps(record, sort_keys=True)
    recalled = load_record(text, "the recorded round")
    done = replay(recalled, profile=profile)
    bad, altered = _altered(recalled)
    try:
        replay(bad, profile=profile)
        refusal = "NOT REFUSED"
    except PaigowError as e:
        refusal = str(e)
    body = tuple(k for k in record if k not in HEADER_FIELDS)
    return Records(
        format=FORMAT,
        header_fields=HEADER_FIELDS,
        body_fields=body,
        seed=seed,
        record_id=str(record["record_id"]),
        record_bytes=len(text.encode("utf-8")),
        operations=len(record["operations"]),
        transfers=len(record["transfers"]),
        head=done.head,
        profile_check=done.profile_check,
        hands=_hands(record),
        money=tuple((str(k), int(v)) for k, v in sorted(record["net"].items())),
        altered=altered,
        refusal=refusal,
        audit=AUDIT_WORDS,
        how=(
            f"paigow round --profile {profile.name}{'' if seed is None else f' --seed {seed}'} "
            f"--players {players} --json "
            "> round.json; paigow replay round.json"
        ),
    )
