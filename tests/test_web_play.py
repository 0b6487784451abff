"""People play at the web table in a real browser (Debian's Chromium via Playwright) against a
real ``paigow serve`` (seeded dealing, SQLite), with computer players in the other seats.

Two browser contexts sign up through the pages, sit at one table and play full rounds of Pai
Gow Tiles (Colorado, Pair Fortunes) and of Supreme Pai Gow (New Jersey, the bonus wager): one
of them accepts a bank offer, cuts, chooses the delivery style and sets the bank's hand; the
other places a side bet and sets her hands by keyboard alone. Every websocket frame each of
them received is checked: no tile or card arrived before that viewer could see it, and the
page never showed one. The lobby updates live when a seat is taken. Screenshots at phone and
desktop sizes go to docs/screenshots/ (see docs/web.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from paigow.trainer import Trainer
from service_support import OPERATOR, Server
from web_fixtures import browser, visit
from web_oracle import create_account
from web_players import Player, hidden_leaks, play_rounds
from web_support import (
    DESKTOP,
    PHONE,
    UNLABELLED_JS,
    Visit,
    save_shot,
    web_server,
)

__all__ = ["browser", "visit"]

#: One worker plays these in order, on one server (its deals follow from its seed): `make test`
#: runs each file on one worker (--dist loadfile).

WINDOWS = {
    "wager_seconds": 30,
    "setting_seconds": 40,
    "decision_seconds": 30,
    "pause_seconds": 0.5,
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-play"), 11)
    op = srv.login(OPERATOR)
    srv.open_table(
        op, id="tiles", profile="colorado", pair_fortunes="1", computer_players=4, **WINDOWS
    )
    srv.open_table(op, id="cards", profile="nj-supreme", computer_players=3, **WINDOWS)
    try:
        yield srv
    finally:
        srv.stop()


def register(v: Visit, name: str) -> Page:
    """Create an account through the sign-in page (the wallet gets the sign-up grant)."""
    page = create_account(v, name, "correct horse battery")
    expect(page.locator(".pg-account__name")).to_have_text(name)
    return page


def sit(v: Visit, table: str, seat: str) -> None:
    """Sit at ``seat`` from the table page, buying in the suggested amount."""
    page = v.open(f"#/table/{table}")
    actions = page.get_by_test_id("actions")
    actions.get_by_role("radio", name=f"Seat {seat}").check()
    actions.get_by_role("button", name=f"Sit down at seat {seat}").click()
    expect(page.get_by_test_id("my-chips")).to_be_visible()


def _shots(page: Page, prefix: str, *, selector: str | None = None) -> None:
    """The page (or one element) at desktop and at phone size."""
    for size_name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= size["width"], f"{prefix} at {size_name}: {wide} px wide"
        save_shot(page, f"{prefix}-{size_name}.png", selector=selector)
    page.set_viewport_size(DESKTOP)


def _face_up(page: Page, attr: str) -> Counter[str]:
    codes = page.locator(f"main [{attr}]").evaluate_all(
        f"els => els.map(e => e.getAttribute('{attr}'))"
    )
    return Counter(c for c in codes if c != "back")


def _mid_round_checks(page: Page, attr: str, pieces: list[str], rnd: dict[str, Any]) -> None:
    """While the player sets her first hand: the page shows no piece but hers (R-SET-02), the
    hands landed in the order of the deal from the start position (R-DEAL-01, R-START), every
    control is labelled."""
    shown = _face_up(page, attr)
    assert set(shown) <= set(pieces), (shown, pieces)
    numbers = sorted((p for p in rnd["positions"] if p.isdigit()), key=int)
    ring = [p for p in ("dealer", *numbers, "dead") if p in rnd["positions"]]
    i = ring.index(rnd["start"])
    order = ring[i:] + ring[:i]
    hands = page.locator("section.pg-table [data-position]")
    landed = hands.evaluate_all(
        "els => els.map(e => [e.dataset.position, Number(e.dataset.dealOrder)])"
    )
    assert landed and all(order.index(pos) == n for pos, n in landed), (landed, order)
    found = page.evaluate(UNLABELLED_JS)
    assert found["bad"] == [], found["bad"]


def _pieces_of(state: dict[str, Any], seat: str) -> list[str]:
    return list(state["round"]["positions"][seat]["pieces"])


def _play_game(server: Server, visit: Any, table: str, attr: str, *, shots: bool) -> None:
    alice_v, bob_v = visit(), visit()
    alice = Player(alice_v, f"alice_{table}", table, side_bet=True, keyboard=True)
    bob = Player(bob_v, f"bob_{table}", table, accept_bank=True)
    register(alice_v, alice.name)
    register(bob_v, bob.name)
    op = server.client(server.login(OPERATOR))
    op.ok(table, "pause")  # both sit before the first round
    sit(alice_v, table, "1")
    sit(bob_v, table, "2")
    op.ok(table, "resume")
    op.close()
    page = alice_v.page
    # Play until alice is asked to set her first hand: the table in mid-round. Bob waits with
    # his own setting until then, so the picture of the table is the same on every run.
    for _ in range(400):
        if (alice.decision() or "").startswith("Set your hand"):
            break
        # Neither sets here, even when the page turns to the setting between two reads.
        hold = "Set your hand"
        alice.step(hold=hold) or bob.step(hold=hold) or page.wait_for_timeout(100)
    advice = page.get_by_test_id("advice")
    expect(advice).to_be_visible(timeout=15_000)
    state = server.http("GET", f"/api/tables/{table}", server.login(alice.name)).json()
    positions = state["round"]["positions"]
    seat = next(s for s in state["round"]["unset"] if positions[s]["pieces"] is not None)
    mine = _pieces_of(state, seat)
    _mid_round_checks(page, attr, mine, state["round"])
    house = page.locator(".pg-setting__houseway")
    # the house way and its rule in words: the way's name and the rule's letter, never a rule id
    # such as R-HW-01 or a way's id such as spg-house
    expect(house).to_contain_text(
        "regulation, rule (" if attr == "data-tile" else "New Jersey, rule ("
    )
    expect(house).not_to_contain_text("R-HW")
    expect(house).not_to_contain_text("spg-house")
    # The advice's EVs are the engine's exact EVs of every setting (checked in test_web_api).
    assert page.locator("[data-testid=advice] li[data-ev]").count() >= 1
    if shots:
        _shots(page, "table")
        _shots(page, "setting-advice", selector="[data-testid=actions] section.pg-decision")
    final = play_rounds(server, [alice, bob], table, 2)
    assert final["rounds"] >= 2
    # Every decision the test meant to take was offered and taken.
    assert "side bet" in alice.done and "set by keyboard" in alice.done
    assert "bank" in bob.done and "bank set" in bob.done, bob.done
    assert "cut" in bob.done or attr == "data-card"
    # The rounds are on record: the bank, the side bet and each player's results.
    rounds = server.http("GET", f"/api/tables/{table}/history", server.login(bob.name)).json()
    kinds = {r["record"]["banker"]["kind"] for r in rounds}
    assert "player" in kinds or "co-bank" in kinds, kinds
    sides = [
        w
        for r in rounds
        for p in r["record"]["positions"].values()
        for w in p["wagers"]
        if w["player"] == alice.name and w["kind"] != "main"
    ]
    assert sides and all(w["result"] in ("win", "lose") for w in sides)
    # Nobody received a piece before the rules let them see it.
    for p in (alice, bob):
        assert len(p.visit.frames) > 20
        assert hidden_leaks(p.visit.frames, p.name) == []
        assert p.visit.errors == [] and p.visit.outside == []
    # The results were shown, with the payouts and the commission.
    page.goto(page.url)
    if shots:
        recall = alice_v.open("#/recall")
        expect(recall.get_by_test_id("recall-round")).to_be_visible()
        expect(recall.locator(".pg-recall__step").first).to_be_visible()
        _shots(recall, "recall")


def test_lobby_screenshots(visit: Any) -> None:
    """The lobby with its tables, at phone and desktop sizes."""
    v = visit()
    page = v.open("#/lobby")
    expect(page.locator("li.pg-tablecard")).to_have_count(2)
    page.wait_for_timeout(300)
    _shots(page, "lobby")
    assert v.errors == [] and v.outside == []


def test_two_players_play_pai_gow_tiles(server: Server, visit: Any) -> None:
    """R-BANK-03..10 (a bank offer accepted, the cut, the style, the bank's setting), R-PF
    (Pair Fortunes), R-SET-01 by keyboard, R-SURR-01, R-SETTLE: two people, two full rounds."""
    _play_game(server, visit, "tiles", "data-tile", shots=True)


def test_two_players_play_supreme_pai_gow(server: Server, visit: Any) -> None:
    """R-SPG: the same at Supreme Pai Gow, with the bonus wager (R-SPG-15..19)."""
    _play_game(server, visit, "cards", "data-card", shots=False)


def test_lobby_updates_live_when_a_seat_is_taken(server: Server, visit: Any) -> None:
    """The lobby is live: a seat taken at another browser shows without a reload."""
    watcher = visit()
    page = watcher.open("#/lobby")
    card = page.locator("li.pg-tablecard[data-table='cards']")
    expect(card).to_be_visible()
    before = int(card.get_attribute("data-free") or "0")
    guest = visit()
    g = guest.open("#/sign-in")
    g.get_by_role("button", name="Play as a guest").click()
    expect(g.locator(".pg-account__name")).to_contain_text("guest_")
    sit(guest, "cards", _free(server, "cards")[0])
    expect(card).to_have_attribute("data-free", str(before - 1), timeout=10_000)
    expect(page.locator(".pg-live--on")).to_be_visible()
    assert watcher.errors == [] and guest.errors == []


def _free(server: Server, table: str) -> list[str]:
    lobby = server.http("GET", "/api/tables").json()
    return list(next(t for t in lobby if t["id"] == table)["free"])


def test_trainer_scores_a_set_hand_with_the_exact_ev(server: Server, visit: Any) -> None:
    """The trainer page scores a hand set by clicks with the engine's exact EV (the EV it gives
    up against the best setting over every dealer hand), and counts it for the account."""
    v = visit()
    register(v, "carol")
    page = v.open("#/trainer")
    hand = page.get_by_test_id("trainer-hand")
    expect(hand).to_be_visible()
    pieces = str(hand.get_attribute("data-pieces")).split()
    panel = hand.locator("section.pg-setting")
    panel.locator('[data-piece-index="0"]').click()
    panel.locator('[data-piece-index="1"]').click()
    if panel.locator("[role=status]").get_attribute("data-valid") == "false":
        panel.get_by_role("button", name="Swap hands").click()
    panel.get_by_role("button", name="Set hands").click()
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_be_visible()
    trainer = Trainer("generic")
    problem = trainer.problem(trainer.game.parse_pieces(" ".join(pieces)))
    score = trainer.score(problem, trainer.answer(problem, f"{pieces[0]} {pieces[1]}"))
    lost = Fraction(str(page.get_by_test_id("ev-lost").get_attribute("data-ev-lost")))
    assert lost == score.ev_lost
    shown = verdict.locator("tr[data-ev]").evaluate_all("els => els.map(e => e.dataset.ev)")
    assert [Fraction(x) for x in shown] == [o.ev for o in problem.options]
    expect(page.get_by_test_id("trainer-stats")).to_contain_text("Hands1")
    _shots(page, "trainer")
    assert v.errors == [] and v.outside == []
