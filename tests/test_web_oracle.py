"""The oracle test: every money figure the web table shows is the stored record's.

People play rounds of every profile and banking mode at a real ``paigow serve`` (seeded
dealing), each with a signed-in browser page open on the table, and a signed-out spectator
watches the Colorado table: the house bank with Pair Fortunes, Dragon's Eye wagers, two spots
and a surrender (Colorado), a player bank with the cut and the dealer's wager, a co-bank,
Lucky Chances with a Player-Dealer and a kum-kum bet, Supreme Pai Gow with the bonus wager,
generic and Maryland rules with Pair Fortunes. Their decisions go over their own websocket, each
taken from the choices the server sent them; the pages show what follows.

After every round, every money figure each page shows — the results headline, each results row
(stake, payout, commission or collection, net), the dealer's wager, the bank's lines, every
player's chips before and after, every seat's badge, every seat's chips and the player's own,
the "last rounds" panel — and then every recalled round, is compared with the figure worked out
from that round's stored record by the independent oracle of tests/web_oracle.py. The number of
figures compared is printed (R-SETTLE, R-BANK-10..14, R-LC-09, R-PF, R-DE, R-SPG-15..19,
R-SURR-01, R-WAGER-04/05).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from service_support import OPERATOR, Server
from web_fixtures import browser, visit
from web_oracle import Figures, finished, money, oracle, page_round, play, sign_in
from web_support import web_server

__all__ = ["browser", "visit"]

PAUSE = {"wager_seconds": 120, "setting_seconds": 120, "decision_seconds": 120}
#: After each round the table waits (the pages are read), then the operator ends the pause.
BETWEEN = 600
FIGURES = Figures()
MODES: set[str] = set()

# Who sits where, and what each does in each round of their table (by the server's choices).
TABLES: dict[str, dict[str, Any]] = {
    "co": {
        "config": {"profile": "colorado", "pair_fortunes": "1", "dragons_eye": True},
        "players": {"alice": "1", "bob": "3"},
        "rounds": 4,
    },
    "lc": {
        "config": {"profile": "lucky-chances"},
        "players": {"carol": "1", "dave": "2"},
        "rounds": 2,
    },
    "nj": {"config": {"profile": "nj-supreme"}, "players": {"erin": "2"}, "rounds": 1},
    "gen": {"config": {"profile": "generic"}, "players": {"frank": "1"}, "rounds": 1},
    "md": {
        "config": {"profile": "maryland", "pair_fortunes": "A"},
        "players": {"gina": "1"},
        "rounds": 1,
    },
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-oracle"), 31)
    op = srv.login(OPERATOR)
    for tid, t in TABLES.items():
        srv.open_table(
            op, id=tid, computer_players=3, pause_seconds=BETWEEN, **t["config"], **PAUSE
        )
    try:
        yield srv
    finally:
        srv.stop()


def _policy(table: str, me: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """What ``me`` does now, chosen among the server's choices (never anything else)."""
    c = st["choices"]
    n = st["rounds"] + 1
    if c["bank"] is not None:
        accept = (table, me, n) in (("co", "alice", 2), ("lc", "carol", 1), ("lc", "carol", 2))
        co = (table, me, n) == ("co", "bob", 4)
        return [("bank", {"accept": accept or co, "co_bank": co})]
    if c["ready"]:
        # The wagers of the plan that the choices offer now; a side bet that needs a Pai Gow
        # wager first is offered once that is placed (the next state); then done.
        out: list[tuple[str, dict[str, Any]]] = []
        if c["pd_stake"] is not None:
            out.append(("pd_stake", {"cents": min(c["pd_stake"]["max"], 20_000)}))
        if (
            c["dealer_wager"] is not None
            and st["round"]["dealer_wager"] != c["dealer_wager"]["max"]
        ):
            out.append(("dealer_wager", {"cents": c["dealer_wager"]["max"]}))
        offered = {(w["spot"], w["kind"]): w for w in c["wagers"]}
        placed = {(w["spot"], w["kind"]) for w in st["round"]["wagers"] if w["player"] == me}
        seat = st["seats"][me]
        plan = [(seat, "main", 1_000)]
        if table == "co" and me == "alice":
            plan += [(seat, "pair-fortunes", 500), ("2", "main", 500)]  # two spots (R-WAGER-04)
            if n == 1:
                plan.append((seat, "de-odd", 500))
        if table == "lc" and me == "dave":
            plan.append(("8", "main", 500))  # kum-kum on a computer player's spot
        if table == "nj":
            plan.append((seat, "supreme-bonus", 500))
        if table == "md":
            plan.append((seat, "pair-fortunes", 500))
        for spot, kind, cents in plan:
            if (spot, kind) in offered and (spot, kind) not in placed:
                w = offered[(spot, kind)]
                out.append(("wager", {"spot": spot, "kind": kind, "cents": max(w["min"], cents)}))
        return out or [("ready", {})]
    if c["cuts"]:
        return [("cut", {"cut": c["cuts"][7]})]
    if c["styles"]:
        return [("style", {"style": c["styles"][-1]})]
    if c["roll"]:
        return [("roll", {})]
    if c["set_now"]:
        return [("house_way", {"spot": c["set_now"][0]})]
    if c["bank_set"]:
        return [("bank_set", {})]
    if c["surrender"] and (table, me) == ("co", "bob"):
        return [("surrender", {"spot": c["surrender"][0]})]
    if c["stand"]:
        return [("stand", {})]
    return []


def _check_page(page: Page, table: str, n: int, truth: dict[str, Any], me: str | None) -> None:
    """Every figure of round ``n`` the table page shows."""
    expect(page.locator("[data-testid=results] h2")).to_have_text(
        f"Round {n} results", timeout=20_000
    )
    where = f"{table} round {n} ({me or 'spectator'})"
    page_round(page, "[data-testid=results]", truth, me, FIGURES, where=where)
    badges = page.locator(".pg-spot .pg-result[data-player]").evaluate_all(
        "els => els.map(e => "
        "[e.closest('[data-spot]').dataset.spot, e.dataset.player, e.textContent])"
    )
    assert sorted((s, p) for s, p, _ in badges) == sorted(truth["badges"]), (where, badges)
    for spot, player, text in badges:
        FIGURES.same("badge", money(text), truth["badges"][(spot, player)], f"{where} badge {spot}")
    chips = page.locator(".pg-spot__chips[data-player]").evaluate_all(
        "els => els.map(e => [e.dataset.player, e.textContent])"
    )
    for player, text in chips:
        if player in truth["players"]:
            FIGURES.same("seat chips", money(text), truth["players"][player]["chips"], where)
    if me is not None:
        mine = page.get_by_test_id("my-chips").inner_text()
        FIGURES.same("your chips", money(mine), truth["players"][me]["chips"], f"{where} mine")
        row = page.locator(".pg-history__row", has_text=f"Round {n}").first
        expect(row.locator(".pg-history__net")).not_to_have_text("", timeout=20_000)
        shown = money(row.locator(".pg-history__net").inner_text())
        FIGURES.same("last rounds", shown, truth["players"][me]["net"], f"{where} last rounds")


def _records(server: Server, table: str) -> dict[int, dict[str, Any]]:
    rows = server.http("GET", f"/api/tables/{table}/rounds", server.login(OPERATOR)).json()
    return {r["round"]: r["record"] for r in rows}


def _modes(record: dict[str, Any]) -> None:
    MODES.add(f"bank:{record['banker']['kind']}")
    MODES.add(f"profile:{record['profile']}")
    for p in record["positions"].values():
        for w in p["wagers"]:
            MODES.add(f"kind:{w['kind']}")
            if w["result"]:
                MODES.add(f"result:{w['result']}")
    spots = {(w["player"], pos) for pos, p in record["positions"].items() for w in p["wagers"]}
    players = [name for name, _ in spots]
    if any(players.count(x) > 1 for x in set(players)):
        MODES.add("two spots")
    if any(record["seats"].get(name) != pos for name, pos in spots if pos.isdigit()):
        MODES.add("another's spot")


@pytest.mark.parametrize("table", list(TABLES))
def test_every_figure_on_the_page_is_the_records(server: Server, visit: Any, table: str) -> None:
    """Round by round, every money figure the players' pages (and a spectator's) show equals
    the stored record's, by the independent oracle; then every recalled round."""
    t = TABLES[table]
    pages: dict[str, Page] = {}
    for name in t["players"]:
        pages[name] = sign_in(visit(), name)
    op = server.client(server.login(OPERATOR))
    op.ok(table, "pause")
    clients = {}
    for name, seat in t["players"].items():
        c = server.client(server.login(name))
        c.subscribe(table)
        c.ok(table, "sit", seat=seat, cents=50_000)
        clients[name] = c
    for page in pages.values():
        page.goto(f"{server.base}/#/table/{table}")
        expect(page.get_by_test_id("my-chips")).to_be_visible()
    spectator = visit().open(f"#/table/{table}") if table == "co" else None
    op.ok(table, "resume")
    for n in range(1, t["rounds"] + 1):
        play(clients, table, finished(n), _policy)
        record = _records(server, table)[n]
        _modes(record)
        truth = oracle(record)
        for name, page in pages.items():
            _check_page(page, table, n, truth, name)
        if spectator is not None:
            _check_page(spectator, table, n, truth, None)
        op.ok(table, "expire")  # the pause between rounds ends: the next round
    op.ok(table, "pause")
    records = _records(server, table)
    for name, page in pages.items():
        for n in range(1, t["rounds"] + 1):
            if name not in records[n]["seats"]:
                continue
            page.goto(f"{server.base}/#/recall/{table}?round={n}")
            expect(page.get_by_test_id("recall-round")).to_contain_text(f"round {n}")
            truth = oracle(records[n])
            scope = "[data-testid=recall-round]"
            page_round(page, scope, truth, name, FIGURES, where=f"recall {n}")
    if spectator is not None:  # a signed-out spectator recalls the table's rounds too
        for n in range(1, t["rounds"] + 1):
            spectator.goto(f"{server.base}/#/recall/{table}?round={n}")
            expect(spectator.get_by_test_id("recall-round")).to_contain_text(f"round {n}")
            truth = oracle(records[n])
            scope = "[data-testid=recall-round]"
            page_round(spectator, scope, truth, None, FIGURES, where=f"recall {n}")
    for c in [*clients.values(), op]:
        c.close()


def test_the_modes_were_reached_and_the_figures_counted() -> None:
    """Every profile and banking mode the oracle test means to cover was played; the number of
    figures compared is printed."""
    for mode in (
        "bank:house",
        "bank:player",
        "bank:co-bank",
        "bank:player-dealer",
        "profile:colorado",
        "profile:lucky-chances",
        "profile:nj-supreme",
        "profile:generic",
        "profile:maryland",
        "kind:pair-fortunes",
        "kind:de-odd",
        "kind:supreme-bonus",
        "kind:dealer",
        "result:surrender",
        "two spots",
        "another's spot",
    ):
        assert mode in MODES, (mode, sorted(MODES))
    print(f"\noracle: {FIGURES.count} figures compared: {FIGURES.by_kind}")
    assert FIGURES.count > 500
