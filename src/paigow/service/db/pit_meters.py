"""The pit's meters: what the tables took, per table and UTC hour, from each round's settlement
statement (:func:`paigow.table.statement.statement`), the one place money of a round is worked
out.

Figures of people's play (computer players are the house's own money: their results are kept
apart, as ``computer_net``):

* ``rounds``, ``voids`` — rounds finished, and of them void;
* ``handle`` — Pai Gow wagers staked by people; ``side_handle`` — their side wagers;
* ``win`` — what the house won from people: minus the sum of people's nets (every wager, side
  bets and a player bank included, commission and collection included);
* ``side_win`` — of that, on side wagers (minus people's side-wager nets);
* ``commission``, ``collection`` — vig and Lucky Chances collection people paid;
* ``computer_net`` — the computer players' result (the house's float);
* per side-bet kind: ``wagers``, ``handle``, ``win``.

``hold`` is ``win`` over the whole handle (Pai Gow and side wagers), in percent rounded to two
places (half to even, exactly); a side bet's hold is its win over its handle.

Written in the transaction of the batch that finished the round
(:meth:`paigow.service.store.store.Store.commit`); the audit checks the rows against the stored
rounds' statements (:func:`findings`).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from sqlalchemy.engine import Connection

from paigow.table.statement import statement

from . import schema as db
from .sums_sql import add_sums

__all__ = [
    "FIGURES",
    "SIDE_FIGURES",
    "add_round",
    "add_rounds",
    "csv_text",
    "findings",
    "hold",
    "hour_of",
    "round_figures",
    "round_rows",
    "summary",
]

FIGURES = (
    "rounds",
    "voids",
    "handle",
    "side_handle",
    "win",
    "side_win",
    "commission",
    "collection",
    "computer_net",
)
SIDE_FIGURES = ("wagers", "handle", "win")

_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def _bot(name: str) -> bool:
    return name.startswith("bot-")  # computer players (user names cannot contain "-")


def hour_of(stamp: dt.datetime) -> int:
    """UTC hours since 1970 of a time (the meters' bucket)."""
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=dt.UTC)
    return int((stamp - _EPOCH).total_seconds() // 3600)


def hold(win: int, handle: int) -> float | None:
    """``win`` over ``handle`` in percent, rounded to two places (None without handle)."""
    if handle == 0:
        return None
    return float(round(Fraction(100 * win, handle), 2))


def round_figures(record: Mapping[str, Any]) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
    """One finished round's figures and its side bets' (by kind), from its statement."""
    st = statement(record)
    out = dict.fromkeys(FIGURES, 0)
    out["rounds"] = 1
    out["voids"] = int(st["void"] is not None)
    sides: dict[str, dict[str, int]] = {}
    for line in st["wagers"]:
        if _bot(str(line["owner"])):
            continue
        if line["kind"] == "main":
            out["handle"] += int(line["stake"])
            continue
        side = sides.setdefault(str(line["kind"]), dict.fromkeys(SIDE_FIGURES, 0))
        side["wagers"] += 1
        side["handle"] += int(line["stake"])
        side["win"] -= int(line["net"])
        out["side_handle"] += int(line["stake"])
        out["side_win"] -= int(line["net"])
    for p in st["players"]:
        if _bot(str(p["player"])):
            out["computer_net"] += int(p["net"])
        else:
            out["win"] -= int(p["net"])
            out["commission"] += int(p["commission"])
            out["collection"] += int(p["collection"])
    return out, sides


def round_rows(
    table_id: str, stamp: dt.datetime, record: Mapping[str, Any]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A finished round's row to add to its table's meters of the hour ``stamp`` falls in,
    and its side bets' rows (for :func:`~paigow.service.db.sums_sql.add_sums`)."""
    figures, sides = round_figures(record)
    key = {"table_id": table_id, "hour": hour_of(stamp)}
    profile = str(record.get("profile") or "")[:40]
    side_rows = [{**key, "kind": kind[:20], **add} for kind, add in sides.items()]
    return {**key, "profile": profile, **figures}, side_rows


def add_rounds(c: Connection, rounds: Sequence[tuple[str, dt.datetime, Mapping[str, Any]]]) -> None:
    """Add finished rounds (table, when, record) to their tables' meters of each hour."""
    main: list[dict[str, Any]] = []
    side: list[dict[str, Any]] = []
    for table_id, stamp, record in rounds:
        row, sides = round_rows(table_id, stamp, record)
        main.append(row)
        side += sides
    add_sums(c, db.pit_meters, main, ("table_id", "hour"), FIGURES)
    add_sums(c, db.pit_side_meters, side, ("table_id", "hour", "kind"), SIDE_FIGURES)


def add_round(c: Connection, table_id: str, stamp: dt.datetime, record: Mapping[str, Any]) -> None:
    """Add a finished round to its table's meters of the hour ``stamp`` falls in."""
    add_rounds(c, [(table_id, stamp, record)])


def findings(
    rounds: Mapping[str, Sequence[Mapping[str, Any]]],
    rows: Sequence[Mapping[str, Any]],
    side_rows: Sequence[Mapping[str, Any]],
) -> list[str]:
    """Where the stored pit meters differ from the sums over the stored rounds' statements
    (``rounds``: table -> its rows of ``rounds``, each with ``finished_at`` and ``record``)."""
    want: dict[tuple[Any, ...], dict[str, int]] = defaultdict(lambda: dict.fromkeys(FIGURES, 0))
    want_side: dict[tuple[Any, ...], dict[str, int]] = defaultdict(
        lambda: dict.fromkeys(SIDE_FIGURES, 0)
    )
    for tid, stored in rounds.items():
        for r in stored:
            try:
                figures, sides = round_figures(json.loads(r["record"]))
            except (ValueError, KeyError, TypeError):
                continue  # reported by the replay
            h = hour_of(r["finished_at"])
            for k in FIGURES:
                want[(tid, h)][k] += figures[k]
            for kind, add in sides.items():
                for k in SIDE_FIGURES:
                    want_side[(tid, h, kind)][k] += add[k]
    have = {(r["table_id"], int(r["hour"])): r for r in rows}
    have_side = {(r["table_id"], int(r["hour"]), r["kind"]): r for r in side_rows}
    return _compare("pit meters", want, have, FIGURES) + _compare(
        "side-bet meters", want_side, have_side, SIDE_FIGURES
    )


def _total(rows: Iterable[Mapping[str, Any]], names: tuple[str, ...]) -> dict[str, int]:
    out = dict.fromkeys(names, 0)
    for r in rows:
        for k in names:
            out[k] += int(r[k])
    return out


def _with_hold(figures: dict[str, Any], sides: Mapping[str, dict[str, int]]) -> dict[str, Any]:
    figures["hold"] = hold(figures["win"], figures["handle"] + figures["side_handle"])
    figures["sides"] = {
        k: {**v, "hold": hold(v["win"], v["handle"])} for k, v in sorted(sides.items())
    }
    return figures


def _group(
    rows: Sequence[Mapping[str, Any]],
    side_rows: Sequence[Mapping[str, Any]],
    key: str,
    of: Mapping[str, str],
) -> list[dict[str, Any]]:
    """The figures summed by ``key`` (``table_id``, ``profile`` or ``hour``; ``of``: each
    table's profile)."""
    groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[str(r[key])].append(r)
    out = []
    for name, rs in sorted(groups.items()):
        sides: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
        for r in side_rows:
            side_key = of.get(str(r["table_id"])) if key == "profile" else r[key]
            if str(side_key) == name:
                sides[str(r["kind"])].append(r)
        side = {k: _total(v, SIDE_FIGURES) for k, v in sides.items()}
        out.append({key.removesuffix("_id"): name, **_with_hold(_total(rs, FIGURES), side)})
    return out


def summary(
    rows: Sequence[Mapping[str, Any]], side_rows: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The meters of a period from its stored rows (per table and hour): the total, per table,
    per profile and per hour (the chart's series), each with its hold and side bets."""
    of = {str(r["table_id"]): str(r["profile"]) for r in rows}
    by_kind: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for r in side_rows:
        by_kind[str(r["kind"])].append(r)
    hours = _group(rows, side_rows, "hour", of)
    for h in hours:
        h["hour"] = (_EPOCH + dt.timedelta(hours=int(h["hour"]))).isoformat()
        del h["sides"]
    return {
        "total": _with_hold(
            _total(rows, FIGURES), {k: _total(v, SIDE_FIGURES) for k, v in by_kind.items()}
        ),
        "tables": [
            {"profile": of[t["table"]], **t} for t in _group(rows, side_rows, "table_id", of)
        ],
        "profiles": _group(rows, side_rows, "profile", of),
        "hours": hours,
    }


def csv_text(rows: Sequence[Mapping[str, Any]], side_rows: Sequence[Mapping[str, Any]]) -> str:
    """The stored rows as CSV: one line per table and hour (its figures and hold), then one per
    table, hour and side bet (``kind``: its wagers, handle, win and hold)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["hour_utc", "table", "profile", "kind", *FIGURES, "wagers", "hold_pct"])
    at = {str(r["table_id"]): str(r["profile"]) for r in rows}

    def when(h: Any) -> str:
        return f"{_EPOCH + dt.timedelta(hours=int(h)):%Y-%m-%d %H:00}"

    for r in rows:
        h = hold(int(r["win"]), int(r["handle"]) + int(r["side_handle"]))
        w.writerow(
            [when(r["hour"]), r["table_id"], r["profile"], "all", *(r[k] for k in FIGURES), "", h]
        )
    for r in side_rows:
        blank = ["" for _ in FIGURES]
        blank[FIGURES.index("handle")], blank[FIGURES.index("win")] = r["handle"], r["win"]
        h = hold(int(r["win"]), int(r["handle"]))
        profile = at.get(str(r["table_id"]), "")
        w.writerow([when(r["hour"]), r["table_id"], profile, r["kind"], *blank, r["wagers"], h])
    return buf.getvalue()


def _compare(
    label: str,
    want: Mapping[tuple[Any, ...], Mapping[str, int]],
    have: Mapping[tuple[Any, ...], Mapping[str, Any]],
    names: tuple[str, ...],
) -> list[str]:
    out = []
    for key in sorted(set(want) | set(have), key=str):
        got = {k: int(have[key][k]) if key in have else 0 for k in names}
        exp = want.get(key, dict.fromkeys(names, 0))
        bad = [f"{k} {got[k]} (statements say {exp[k]})" for k in names if got[k] != exp[k]]
        if bad:
            at = _EPOCH + dt.timedelta(hours=int(key[1]))
            what = " ".join(str(x) for x in (key[0], *key[2:]))
            out.append(f"{label} of {what} at {at:%Y-%m-%d %H}:00 UTC: {', '.join(bad)}")
    return out
