"""A private table with a name, a side bet and computer players, opened and played in Debian's
Chromium against a real ``paigow serve`` (docs/service.md, "Private tables").

The defect: a player's private table could have no side bet and no computer player, and its
players saw it by its ``p-`` id. Here a player opens one from the lobby's form (Colorado, Pair
Fortunes pay table 1, two computer players, the name ``Zoes_Table``), and what the pages show is
compared with what the server stored: the name (normalised as account names are) on the share
box, the lobby's card and the table's bar, with no ``p-`` id on any of them; the computer players
seated; a round played from the page with a Pair Fortunes wager, whose result on the page — the
statement's row of the side bet, and every other figure of the round — is the stored record's,
worked out again by the independent oracle (tests/web_oracle.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from playwright.sync_api import expect

from paigow.service.db.schema import tables as db_tables
from paigow.service.private.rooms import owned
from paigow.service.store.store import Store
from service_support import OPERATOR, Server
from web_fixtures import browser, visit
from web_oracle import Figures, money, oracle, page_round, sign_in
from web_players import Player, play_rounds
from web_support import web_server

__all__ = ["browser", "visit"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(
        tmp_path_factory.mktemp("web-private-choices"),
        17,
        "--private-idle-minutes=30",
        "--private-computer-players=3",
    )
    try:
        yield srv
    finally:
        srv.stop()


def _stored(server: Server, owner: str, table: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The owner's private tables and the table's options, read from the database."""
    store = Store(server.db_url)
    try:
        with store.engine.connect() as c:
            raw = c.execute(
                sa.select(db_tables.c.config).where(db_tables.c.id == table)
            ).scalar_one()
        return owned(store, owner), json.loads(raw)
    finally:
        store.close()


def test_a_named_private_table_with_a_side_bet_and_computer_players(
    server: Server, visit: Any
) -> None:
    v = visit()
    page = sign_in(v, "wzoe")
    page.goto(f"{server.base}/#/lobby")
    box = page.get_by_test_id("private-tables")
    box.locator("select[name=profile]").select_option("colorado")
    box.get_by_label("Table name").fill("Zoes_Table")
    side = box.get_by_test_id("private-side-bets")
    side.locator("select[name=pair_fortunes]").select_option("1")
    expect(box.get_by_label("Computer players")).to_have_attribute("max", "3")
    box.get_by_label("Computer players").fill("2")
    box.locator("input[name=invitation]").uncheck()  # in the lobby, to see its card there
    box.get_by_role("button", name="Open the table").click()
    share = page.get_by_test_id("share")
    expect(share).to_be_visible(timeout=20_000)
    table = share.get_attribute("data-table")
    assert table is not None and table.startswith("p-")

    mine, config = _stored(server, "wzoe", table)
    assert [t["table"] for t in mine] == [table]
    name = mine[0]["name"]
    assert name == config["name"] == "zoes_table"  # kept as account names are
    assert config["pair_fortunes"] == "1" and config["computer_players"] == 2
    assert config["owner"] == "wzoe" and config["invitation_only"] is False
    expect(page.get_by_test_id("share-name")).to_have_text(name)

    card = page.locator(f'.pg-tablegrid [data-table="{table}"]')
    expect(card.get_by_test_id("table-name")).to_have_text(name, timeout=20_000)
    assert table not in card.inner_text()  # players read the name, not the id
    lobby = {t["id"]: t for t in server.http("GET", "/api/tables").json()}
    assert lobby[table]["name"] == name
    assert {s: p for s, p in lobby[table]["seats"].items() if p} == {"7": "bot-7", "6": "bot-6"}

    page.goto(f"{server.base}/#/table/{table}")
    expect(page.get_by_test_id("table-name")).to_have_text(name, timeout=20_000)
    actions = page.get_by_test_id("actions")
    actions.get_by_role("radio", name="Seat 1").check()
    actions.get_by_role("button", name="Sit down at seat 1").click()
    expect(page.get_by_test_id("my-chips")).to_be_visible(timeout=20_000)
    zoe = Player(v, "wzoe", table, side_bet=True)
    play_rounds(server, [zoe], table, 1)
    assert "side bet" in zoe.done, zoe.done
    assert table not in page.locator(".pg-tablebar").inner_text()

    rounds = server.http("GET", f"/api/tables/{table}/rounds", server.login(OPERATOR)).json()
    record = next(r["record"] for r in rounds if r["round"] == 1)
    assert {n for n in record["seats"] if n.startswith("bot-")} == {"bot-6", "bot-7"}
    sides = [
        w
        for p in record["positions"].values()
        for w in p["wagers"]
        if w["player"] == "wzoe" and w["kind"] == "pair-fortunes"
    ]
    assert len(sides) == 1 and sides[0]["result"] in ("win", "lose"), sides
    truth = oracle(record)
    bet = truth["wagers"][sides[0]["ref"]]
    expect(page.locator("[data-testid=results] h2")).to_have_text("Round 1 results", timeout=20_000)
    row = page.locator(
        f'[data-testid=results] [data-testid=statement] tr[data-ref="{sides[0]["ref"]}"]'
    )
    cells = row.locator("th, td").all_inner_texts()
    assert "Pair Fortunes" in cells[0], cells
    assert money(cells[0].rsplit("(", 1)[-1]) == bet["stake"], (cells, bet)
    words = {"win": "won", "lose": "lost"}[sides[0]["result"]]  # en: result.won, result.lost
    assert cells[1].strip().startswith(words), (cells, sides[0]["result"])
    assert money(cells[2]) == bet["won"] and money(cells[4]) == bet["net"], (cells, bet)
    figures = Figures()
    page_round(page, "[data-testid=results]", truth, "wzoe", figures, where="private round 1")
    assert figures.by_kind.get("row", 0) >= 8  # the main wager's and the side bet's rows
    assert v.errors == [] and v.outside == [], (v.errors, v.outside)
