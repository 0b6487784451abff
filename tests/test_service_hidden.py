"""Nothing a real server sends of a round to a reader who may not see all of it is a digest of
the round (docs/table.md, "The redacted record"; nothing sent to a viewer may be a function of
hidden data — a hash, a link, a count — unless its space is too large to search).

Defect guarded (hidden information through chain links): a table's history, signed out, kept
each transfer's chain link, the chain's head and the previous round's head; from them a search
over the unexposed tiles found a surrendered hand, the unused stack and the setting
(tests/test_record_redaction.py runs that search). Here, through ``paigow serve``: a player
surrenders a hand at a table with computer players, over two rounds (the second names the
first's head), while a signed-out spectator watches.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from record_attack import digests
from service_support import OPERATOR, Client, Server, default_policy, drive

TABLE = "hidden"
#: The fields that carry the round's chain, which only the operator's whole record keeps.
CHAIN_FIELDS = ("chain", "previous", "seal", "note")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("hidden")
    srv = Server(f"sqlite:///{tmp / 'hidden.sqlite3'}", tmp, "--seed", "5").start()
    try:
        yield srv
    finally:
        srv.stop()


def _surrendering(c: Client, table: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A plain player who surrenders their hand whenever they may."""
    if st["waiting"]["for"] == "surrender":
        return [("surrender", {"spot": st["seats"][st["you"]]})]
    return default_policy(c, table, st)


def _no_chain(record: dict[str, Any], rules: str) -> None:
    assert record["redacted"] is True
    assert digests(record) <= {rules}, digests(record) - {rules}
    for key in CHAIN_FIELDS:
        assert key not in record, key
    assert all("link" not in x for x in record["operations"] + record["transfers"])


def test_no_digest_of_a_round_reaches_a_reader_who_may_not_see_it_all(server: Server) -> None:
    """The signed-out history, a player's history and own rounds, another player's history,
    and every frame a signed-out spectator was sent while the rounds were played, carry no
    digest but the rules' (a function of the public rules); the operator's history keeps the
    whole record, its chain linked to the round before."""
    op = server.login(OPERATOR)
    windows = {"wager_seconds": 30, "setting_seconds": 30, "decision_seconds": 30}
    server.open_table(op, id=TABLE, profile="generic", computer_players=4, **windows)
    watcher = server.watcher()
    watcher.subscribe(TABLE)
    (player,) = server.seat(TABLE, ["sue_hidden"], ["1"])
    drive([player], TABLE, lambda s: s["rounds"] >= 2, _surrendering)
    outsider = server.player("otto_hidden")
    while watcher.pending():
        pass

    whole = server.http("GET", f"/api/tables/{TABLE}/history", op).json()
    rules = whole[0]["record"]["profile_digest"].removeprefix("sha256:")
    assert whole[0]["record"]["previous"] == whole[1]["record"]["chain"]["head"]
    assert any(w["result"] == "surrender" for w in whole[0]["statement"]["wagers"])
    sue = server.login("sue_hidden")
    history = f"/api/tables/{TABLE}/history"
    asked = {
        "signed out": (history, None),
        "the player": (history, sue),
        "the player's rounds": ("/api/me/rounds", sue),
        "another player": (history, outsider),
    }
    for who, (path, token) in asked.items():
        rows = server.http("GET", path, token).json()
        assert len(rows) >= 2, who
        for row in rows:
            _no_chain(row["record"], rules)
            assert digests(row["statement"]) == set(), who
    assert watcher.frames and all(digests(f) == set() for f in watcher.frames)
    watcher.close()
    player.close()
