"""Records that cannot be forged: the v2 format, strict types, named mismatches, the tamper test.

R-SETTLE-10, R-ADMIN-02: for a set of genuine records, every single-field edit, every deletion
and every reordering is detected by replay, with an error naming what changed; a forger who
recomputes every digest and link is caught by the profile check, the anchored head or the seal.

The redacted record (docs/table.md, "The redacted record"): exactly its fields, none of the
chain's, and no digest of the round but the rules' (tests/test_record_redaction.py shows what a
search over the hidden pieces made of the digests it carried before).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from paigow.errors import RecordError, ReplayMismatchError
from paigow.profiles import get_profile
from paigow.service.tables.recall import recalled
from paigow.table.auto import ComputerPlayer, run_dealer
from paigow.table.chain import digest
from paigow.table.observation import SPECTATOR, Viewer
from paigow.table.record import round_record, seal_record
from paigow.table.record_header import FORMAT, HEADER_FIELDS
from paigow.table.record_schema import check_redacted, load_record
from paigow.table.redaction import redact_record
from paigow.table.replay import apply_operation, replay
from paigow.table.round import Banker, Provenance, Round
from paigow.table.session import TableSession
from paigow.table.variations import TableOptions
from record_attack import digests

KEY = b"operator secret"


def _stamp(i: int) -> str:
    return f"2025-03-01T20:{i // 60:02d}:{i % 60:02d}Z"


def _play(rnd: Round, seed: int, players: list[ComputerPlayer]) -> Round:
    """Run the round one step at a time, each operation stamped with a later time."""
    rng = random.Random(seed)
    i = 0
    while rnd.phase != "done":
        rnd.now = _stamp(i)
        i += 1
        run_dealer(rnd, rng, players=players, steps=1)
    return rnd


def genuine_records() -> list[dict[str, Any]]:
    """Records of several kinds: house, player bank with the dealer's wager, Player-Dealer,
    cards with the bonus wager, Dragon's Eye and Pair Fortunes, a void round."""
    out = []
    gen = get_profile("generic")
    seats = {"P1": "1", "P2": "2", "P3": "4"}
    prov = Provenance("table-7", "", "2025-03-01T20:00:00Z", None, (("shift", "night"),))
    rnd = Round(gen, seats, dict.fromkeys(seats, 100_000), provenance=prov)
    out.append(_play(rnd, 1, [ComputerPlayer(n) for n in seats]))
    md = get_profile("maryland")
    rnd = Round(
        md,
        seats,
        dict.fromkeys(seats, 100_000),
        banker=Banker("player", "P1", "1"),
        dealer_wager_limit=2_000,
        options=TableOptions(pair_fortunes="B"),
    )
    rnd.shuffle(list(rnd.game.full_set))
    rnd.cut("a:3-4:right")
    rnd.place_dealer_wager(1_500)
    out.append(_play(rnd, 2, [ComputerPlayer("P2", side=("pair-fortunes",)), ComputerPlayer("P3")]))
    lc = get_profile("lucky-chances")
    rnd = Round(lc, seats, dict.fromkeys(seats, 100_000), banker=Banker("player-dealer", "P2", "2"))
    rnd.shuffle(list(rnd.game.full_set))
    rnd.place_pd_wager(3_000)
    out.append(_play(rnd, 3, [ComputerPlayer("P1"), ComputerPlayer("P3")]))
    nj = get_profile("nj-supreme")
    rnd = Round(nj, seats, dict.fromkeys(seats, 100_000))
    out.append(_play(rnd, 4, [ComputerPlayer(n, side=("supreme-bonus",)) for n in seats]))
    co = get_profile("colorado")
    rnd = Round(co, seats, dict.fromkeys(seats, 100_000), options=TableOptions("2", True))
    out.append(_play(rnd, 5, [ComputerPlayer(n, side=("de-odd", "dice-bonus")) for n in seats]))
    rnd = Round(gen, seats, dict.fromkeys(seats, 100_000))
    run_dealer(rnd, random.Random(6), until="setting", players=[ComputerPlayer("P1")])
    rnd.now = _stamp(50)
    rnd.void("wrong dice total: tiles dealt to the wrong positions")
    out.append(rnd)
    return [json.loads(json.dumps(round_record(r))) for r in out]


RECORDS = genuine_records()


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of a JSON value, containers included."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))


def _parent(record: Any, path: tuple[Any, ...]) -> Any:
    for p in path[:-1]:
        record = record[p]
    return record


def _name(path: tuple[Any, ...]) -> str:
    """How an error names the place: ``operations[3]``, ``transfers[2]``, else the field."""
    if path[0] in ("operations", "transfers") and len(path) > 1:
        return f"{path[0]}[{path[1]}]"
    return str(path[0])


def _edited(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return "x"
    return None


def _refused(record: dict[str, Any], names: tuple[str, ...], what: str) -> None:
    with pytest.raises((RecordError, ReplayMismatchError)) as info:
        replay(record)
    msg = str(info.value)
    assert any(n in msg for n in names), f"{what}: the error does not name {names}: {msg}"


def _names(path: tuple[Any, ...]) -> tuple[str, ...]:
    """Acceptable names of a change at ``path``: the element or field, or the header field
    whose digest it is."""
    if path[0] == "chain" and len(path) > 2 and path[1] == "fields":
        return (_name(path), str(path[2]))
    return (_name(path),)


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_genuine_records_replay(i: int) -> None:
    replay(copy.deepcopy(RECORDS[i]))


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_every_single_field_edit_is_detected_and_named(i: int) -> None:
    """Every leaf changed (same type, then another type) is refused, naming where."""
    rec = RECORDS[i]
    n = 0
    for path, value in list(leaves(rec)):
        if not path or isinstance(value, dict | list):
            continue
        for new in (_edited(value), 1.5 if not isinstance(value, float) else 1):
            bad = copy.deepcopy(rec)
            _parent(bad, path)[path[-1]] = new
            _refused(bad, _names(path), f"{path} = {new!r}")
            n += 1
    assert n > 500


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_every_deletion_is_detected_and_named(i: int) -> None:
    """Every key and every list element removed, one at a time, is refused."""
    rec = RECORDS[i]
    for path, _value in list(leaves(rec)):
        if not path:
            continue
        bad = copy.deepcopy(rec)
        del _parent(bad, path)[path[-1]]
        _refused(bad, (*_names(path), str(path[0])), f"deleting {path}")


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_every_reordering_is_detected_and_named(i: int) -> None:
    """Every two neighbouring elements of every list swapped (where they differ) is refused."""
    rec = RECORDS[i]
    for path, value in list(leaves(rec)):
        if not isinstance(value, list):
            continue
        for k in range(len(value) - 1):
            if value[k] == value[k + 1]:
                continue
            bad = copy.deepcopy(rec)
            lst = _parent(bad, (*path, 0))
            lst[k], lst[k + 1] = lst[k + 1], lst[k]
            _refused(bad, _names((*path, k)) if path else ("record",), f"swapping {path}[{k}]")


def _forge(record: dict[str, Any], **table: Any) -> dict[str, Any]:
    """What a careful forger does: change the rules or inputs, and recompute everything."""
    prof = get_profile(record["profile"])
    if table:
        prof = replace(prof, commission=replace(prof.commission, **table))
    b = record["banker"]
    rnd = Round(
        prof,
        record["seats"],
        {n: c * 2 for n, c in record["stacks"].items()},  # raised opening stacks
        banker=Banker(b["kind"], b["player"], b["position"]),
    )
    for op in record["operations"]:
        apply_operation(rnd, op)
    forged: dict[str, Any] = json.loads(json.dumps(round_record(rnd)))
    return forged


def test_a_recomputed_forgery_is_caught_by_the_profile_the_head_or_the_seal() -> None:
    """Commission 0 with every derived field recomputed used to replay as identical: now the
    rules are checked against the profile the record names. Raised stacks with every digest
    recomputed: the anchored head and the operator's seal catch it."""
    genuine = RECORDS[0]
    with pytest.raises(
        ReplayMismatchError, match=r"bundled profile 'generic': \[commission\] rate"
    ):
        replay(_forge(genuine, rate="0"))
    forged = _forge(genuine)
    replay(forged)  # self-consistent...
    with pytest.raises(ReplayMismatchError, match="anchored head"):
        replay(forged, head=genuine["chain"]["head"])
    sealed = seal_record(genuine, KEY)
    assert replay(sealed, key=KEY).sealed is True
    assert replay(sealed).sealed is None
    with pytest.raises(ReplayMismatchError, match="seal does not match"):
        replay(seal_record(forged, b"another key") | {}, key=KEY)
    with pytest.raises(ReplayMismatchError, match="no seal"):
        replay(forged, key=KEY)


def test_record_format_v2_fields() -> None:
    """docs/table.md: the header, the hash chain, strict types."""
    rec = RECORDS[0]
    assert rec["format"] == FORMAT == "paigow-round/2"
    assert rec["table_id"] == "table-7" and rec["record_id"].startswith("r-")
    assert rec["opened_at"] == "2025-03-01T20:00:00Z"
    assert (
        rec["closed_at"] == max(o["at"] for o in rec["operations"]) == rec["operations"][-1]["at"]
    )
    assert rec["software"]["name"] == "paigow" and rec["profile_digest"].startswith("sha256:")
    assert rec["note"] == {"shift": "night"}
    assert rec["chain"]["operations"] == len(rec["operations"]) > 5
    assert all(t["op"] < len(rec["operations"]) for t in rec["transfers"])


def test_a_session_chains_its_records() -> None:
    """Each round's header names the head of the table's previous round."""
    s = TableSession(get_profile("generic"), {"A": "1"}, {"A": 10**6}, table_id="T9")
    heads: list[str] = []
    for k in range(3):
        rnd = s.new_round()
        rnd.shuffle(list(rnd.game.full_set))
        rnd.wager("A", "1", 1_000)
        run_dealer(rnd, random.Random(k))
        rec = s.finish()
        assert rec["previous"] == (heads[-1] if heads else None)
        assert rec["record_id"] == f"T9#{k + 1}"
        heads.append(rec["chain"]["head"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "a round record is a JSON object"),
        ("{}", "format: missing"),
        ("null", "JSON object"),
        ("[" * 5000 + "]" * 5000, "nested"),
        ('{"format": 1', "not JSON"),
        ('{"a": NaN}', "NaN is not a number"),
        ('{"a": 1, "a": 2}', "appears twice"),
    ],
)
def test_malformed_records_give_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load_record(text)


def test_strict_types_in_every_field() -> None:
    """ "cents": 1000.0 and "index": true are not records."""
    rec = copy.deepcopy(RECORDS[0])
    rec["transfers"][0]["cents"] = float(rec["transfers"][0]["cents"])
    with pytest.raises(RecordError, match=r"transfers\[0\]\.cents: .* fraction"):
        replay(rec)
    rec = copy.deepcopy(RECORDS[0])
    rec["operations"][0]["index"] = True
    with pytest.raises(RecordError, match=r"operations\[0\]\.index: expected a whole number"):
        replay(rec)
    rec = copy.deepcopy(RECORDS[0])
    rec["stacks"]["P1"] = None
    with pytest.raises(RecordError, match=r"stacks\.P1"):
        replay(rec)


@pytest.mark.parametrize(
    "content",
    ["[]", "{}", '{"format": "paigow-round/2"}', "[" * 100_000, '{"x": 1', "\x00", "1e999"],
)
def test_replay_command_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    """Malformed records: one clear error line and exit 2, never a traceback."""
    from paigow.cli.main import main

    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paigow: error:") and err.count("\n") == 1


def test_replay_accepts_what_paigow_round_writes(capsys: pytest.CaptureFixture[str]) -> None:
    """The library's replay() takes `paigow round --json` output as it is."""
    from paigow.cli.main import main

    for args in ([], ["--banking", "--profile", "maryland"], ["--profile", "lucky-chances"]):
        assert main(["round", "--seed", "3", "--json", *args]) == 0
        done = replay(json.loads(capsys.readouterr().out))
        assert "identical to the bundled profile" in done.profile_check


# ---------------------------------------------------------------- the redacted record


def _viewers(record: dict[str, Any]) -> list[Viewer]:
    return [SPECTATOR, *(Viewer.seat(n) for n in record["seats"])]


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_a_redacted_record_has_exactly_its_fields(i: int) -> None:
    """Every kind of record (a house bank, a player bank with the dealer's wager, a
    Player-Dealer, cards with the bonus wager, Dragon's Eye and Pair Fortunes, a void round),
    redacted for a spectator and for each player, fits the redacted record's schema — no
    ``previous``, ``note``, ``chain``, ``seal``, no link and no time — and carries no digest
    but the rules'."""
    record = RECORDS[i]
    for viewer in _viewers(record):
        red = redact_record(record, viewer)
        check_redacted(red)
        assert digests(red) == {record["profile_digest"].removeprefix("sha256:")}


@pytest.mark.parametrize(
    ("what", "path"),
    [
        ("chain", "chain"),
        ("previous", "previous"),
        ("seal", "seal"),
        ("note", "note"),
        ("transfer link", "transfers[0].link"),
        ("operation link", "operations[0].link"),
        ("operation time", "operations[0].at"),
        ("stack order", "operations[0].data.order"),
    ],
)
def test_the_redacted_schema_refuses_what_only_the_whole_record_has(what: str, path: str) -> None:
    """The schema of the redacted record is exact: each part of the whole record's chain (and
    the stack order) put back in is refused, named by its path."""
    whole = RECORDS[0]
    red = redact_record(whole, SPECTATOR)
    if what in ("chain", "previous", "note"):
        red[what] = whole[what]
    elif what == "seal":
        red["seal"] = "hmac-sha256:" + "0" * 64
    elif what == "transfer link":
        red["transfers"][0]["link"] = whole["transfers"][0]["link"]
    elif what == "operation link":
        red["operations"][0]["link"] = whole["operations"][0]["link"]
    elif what == "operation time":
        red["operations"][0]["at"] = whole["operations"][0]["at"]
    else:
        red["operations"][0]["data"]["order"] = whole["operations"][0]["data"]["order"]
    with pytest.raises(RecordError, match=re.escape(path)):
        check_redacted(red)


def test_a_record_id_made_from_the_header_is_made_again_without_what_is_hidden() -> None:
    """A record id made from the header's digest (a round outside a table session) is a
    digest of ``previous`` and ``note`` too (``note`` may hold the seed the round was dealt
    from): the redacted record's id is the same whatever they were."""
    whole = RECORDS[0]
    assert whole["record_id"].startswith("r-") and whole["note"]
    red = redact_record(whole, SPECTATOR)
    other = dict(whole) | {"note": {"seed": 7}, "previous": "ab" * 32}
    other["record_id"] = (
        "r-" + digest({k: other[k] for k in HEADER_FIELDS} | {"record_id": ""})[:16]
    )
    assert other["record_id"] != whole["record_id"]
    assert redact_record(other, SPECTATOR)["record_id"] == red["record_id"] != whole["record_id"]
    (row,) = recalled([{"record": whole}], "caller", None)  # what a table's history sends
    assert row["statement"]["record_id"] == red["record_id"]
