"""No control of the web table is one the server then refuses.

People play at a real ``paigow serve`` through the pages alone: Colorado (Pair Fortunes, Dragon's
Eye: a house round, a player bank with the cut, the dealer's wager and the style, a co-bank),
Lucky Chances (a Player-Dealer and a kum-kum bet) and Supreme Pai Gow (the bonus, the card cut).
At every decision the page shows, the controls it offers are compared with the choices the
server sent that page (the same spots, kinds, cuts, styles, seats and buttons, no more, no less),
and every offered control is driven: a wager on every offered spot at its least and at its most,
each taken back again, every side bet, the dealer's wager at both ends, the stake, a cut, a
style, the setting, the bank's hand, surrender and standing, sitting down. Every answer the
server sent the pages is counted: refusals must be 0 (R-WAGER, R-BANK-03..10, R-LC-08/09,
R-CUT, R-SPG-09, R-DEAL-04, R-SET-07, R-SURR-01).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

from service_support import OPERATOR, Server
from web_fixtures import browser, visit
from web_oracle import create_account, money
from web_support import Visit, web_server

__all__ = ["browser", "visit"]

#: The players' browser windows: desktop-wide (the table's two columns, as on DESKTOP), a
#: small laptop's height. Chromium paints these pages in software, nearly the whole window again
#: at every change of the page, and a click brings several: a shorter window makes each of the
#: test's clicks cheaper (Playwright scrolls each control into view, as a person would).
WINDOW: ViewportSize = {"width": 1280, "height": 600}
WINDOWS = {"wager_seconds": 300, "setting_seconds": 300, "decision_seconds": 300}
DRIVEN: Counter[str] = Counter()
#: The decision the page shows (the first), or null: read in one call to the page.
DECISION_JS = """() => document.querySelector("[data-testid=actions] [data-decision]")
    ?.getAttribute("data-decision") ?? null"""
#: Each wager form of the page: its kind, whether it has a select of spots, the spots offered.
FORMS_JS = """els => els.map(e => [
    e.dataset.kind,
    e.querySelector("select") !== null,
    Array.from(e.querySelectorAll("select option")).map(o => o.value),
])"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-choices"), 41)
    op = srv.login(OPERATOR)
    srv.open_table(
        op,
        id="co",
        profile="colorado",
        pair_fortunes="1",
        dragons_eye=True,
        computer_players=3,
        pause_seconds=0.3,
        **WINDOWS,
    )
    srv.open_table(
        op, id="lc", profile="lucky-chances", computer_players=4, pause_seconds=0.3, **WINDOWS
    )
    srv.open_table(
        op, id="nj", profile="nj-supreme", computer_players=3, pause_seconds=0.3, **WINDOWS
    )
    try:
        yield srv
    finally:
        srv.stop()


def _latest(v: Visit, table: str) -> dict[str, Any]:
    """The newest state of ``table`` this page received."""
    for f in reversed(v.frames):
        if f.get("type") in ("state", "event") and f.get("table") == table:
            state: dict[str, Any] = f["state"]
            return state
    raise AssertionError(f"no state of {table} received")


def refusals(visits: list[Visit]) -> list[dict[str, Any]]:
    """Every command the server refused, over the pages."""
    return [
        f
        for v in visits
        for f in v.frames
        if f.get("type") == "result" and f["status"] == "refused"
    ]


@dataclass
class Person:
    """A player at the table who acts through the page alone, driving every offered control."""

    visit: Visit
    name: str
    table: str
    banks: dict[int, str] = field(default_factory=dict)  # round -> "player" | "co" | "pd"
    surrender_in: int = 0
    #: The round under way when they sit down (they play from the next), 0: before the first.
    joins: int = 0
    #: The round they sit out (the page's Sit out, then I'm back while it is under way), 0: none.
    sits_out: int = 0
    sat_out: bool = field(default=False, init=False)

    @property
    def page(self) -> Page:
        return self.visit.page

    def choices(self) -> dict[str, Any]:
        ch: dict[str, Any] = _latest(self.visit, self.table)["choices"]
        return ch

    def _results(self) -> int:
        return sum(1 for f in self.visit.frames if f.get("type") == "result")

    def click(self, target: Locator, what: str) -> None:
        """Click ``target`` and wait for the server's answer to reach the page (no pause after
        it: the page renders a frame in the task that receives it, and keeps its buttons
        disabled until the answer came, so a later click waits for it too)."""
        before = self._results()
        target.click(timeout=10_000)
        DRIVEN[what] += 1
        deadline = time.monotonic() + 15
        while self._results() == before and time.monotonic() < deadline:
            self.page.wait_for_timeout(10)

    def sit(self) -> None:
        """Go to the table and sit down."""
        self.visit.open(f"#/table/{self.table}")
        expect(self.page.locator("[data-decision='Take a seat']")).to_be_visible()
        assert self.step()  # sits down (the first free seat the server offers)
        expect(self.page.get_by_test_id("my-chips")).to_be_visible()

    def decision(self) -> str | None:
        got: str | None = self.page.evaluate(DECISION_JS)
        return got

    def step(self) -> bool:
        """Take the decision the page shows, driving every control it offers; whether it did."""
        d = self.decision()
        actions = self.page.locator("[data-testid=actions]")
        st = _latest(self.visit, self.table)
        n = st["rounds"] + 1
        c = self.choices()
        if n == self.sits_out and not self.sat_out:  # before the round asks anything of them
            self.sat_out = True
            self.click(self.page.get_by_role("button", name="Sit out", exact=True), "sit out")
            return True
        if d == "Take a seat":
            seats = actions.get_by_role("radio").evaluate_all("els => els.map(e => e.value)")
            assert seats == c["sit"]["seats"], (seats, c["sit"])
            self.click(actions.locator("form button[type=submit]"), "sit")
            return True
        if d in ("The bank is offered to you", "Be the Player-Dealer?"):
            buttons = set(actions.get_by_role("button").all_inner_texts())
            want = {
                "Decline",
                "Be the Player-Dealer"
                if c["bank"]["kind"] == "player-dealer"
                else "Bank this round",
            }
            if c["bank"]["co_bank"]:
                want.add("Co-bank with the house")
            assert buttons == want, (buttons, c["bank"])
            plan = self.banks.get(n)
            label = {
                "player": "Bank this round",
                "co": "Co-bank with the house",
                "pd": "Be the Player-Dealer",
            }.get(plan or "", "Decline")
            self.click(
                actions.get_by_role("button", name=label, exact=True), f"bank:{plan or 'decline'}"
            )
            return True
        if d == "Place your wagers":
            self._player_wagers(actions, c)
            return True
        if d in ("You bank this round", "Your stake"):
            self._bank_wagers(actions, c)
            return True
        if d == "Cut the stacks":
            options = (
                actions.get_by_test_id("cut-select")
                .locator("option")
                .evaluate_all("els => els.map(e => e.value)")
            )
            assert sorted(options) == sorted(c["cuts"]), "the cuts offered are the server's"
            pick = options[(7 * n) % len(options)]
            actions.get_by_test_id("cut-select").select_option(pick)
            # the button says the cut chosen in words (the catalogue's), not its notation
            label = actions.get_by_test_id("cut-select").locator("option:checked").inner_text()
            self.click(actions.get_by_role("button", name=f"Cut ({label})"), "cut")
            return True
        if d == "Choose how the stacks are delivered":
            radios = actions.get_by_role("radio")
            assert radios.count() == len(c["styles"]), c["styles"]
            radios.nth(n % radios.count()).check()
            self.click(actions.locator("button[type=submit]"), "style")
            return True
        if d and (d.startswith("Set your hand") or d == "Set the bank's hand"):
            bank = d == "Set the bank's hand"
            panel = actions.locator("section.pg-setting")
            panel.wait_for(timeout=15_000)
            for spot in c["void_hand"]:
                assert (
                    actions.get_by_role("button", name=f"Void my hand on seat {spot}").count() == 1
                )
            house = panel.get_by_role("button", name="House way", exact=True)
            house.wait_for(timeout=15_000)
            house.click()
            self.click(panel.get_by_role("button", name="Set hands"), "bank set" if bank else "set")
            return True
        if d == "Surrender or stand":
            for spot in c["surrender"]:
                assert actions.get_by_role("button", name=f"Surrender seat {spot}").count() == 1
            assert actions.get_by_role("button", name="Stand").count() == int(c["stand"])
            if c["surrender"] and n == self.surrender_in:
                self.click(
                    actions.get_by_role("button", name=f"Surrender seat {c['surrender'][0]}"),
                    "surrender",
                )
            else:
                self.click(actions.get_by_role("button", name="Stand"), "stand")
            return True
        if d == "You are sitting out":
            back = actions.get_by_role("button", name="I'm back: deal me in")
            # back while a round is under way (they play from the next one), or back already
            if st["round"] is None or back.count() == 0:
                return False
            self.click(back, "sit_in")
            return True
        return False

    def _amount(self, form: Locator, cents: int) -> None:
        form.locator("input").first.fill(f"{cents / 100:.2f}")

    def _player_wagers(self, actions: Locator, c: dict[str, Any]) -> None:
        """Every offered spot and kind: a wager at its least and at its most, each taken back;
        then a wager on the seat and every side bet it opens, one taken back; done."""
        tried: set[tuple[str, str]] = set()
        seat = _latest(self.visit, self.table)["seats"][self.name]
        for _ in range(40):
            c = self.choices()
            untried = [w for w in c["wagers"] if (w["spot"], w["kind"]) not in tried]
            # every wager form with the spots its select offers, read in one call to the page
            forms: list[tuple[str, bool, list[str]]] = actions.locator(
                "form[data-kind]"
            ).evaluate_all(FORMS_JS)
            kinds = {kind for kind, _, _ in forms}
            assert kinds == {w["kind"] for w in c["wagers"]}, (kinds, c["wagers"])
            for kind, has_select, options in forms:
                spots = (
                    options
                    if has_select
                    else [next(w["spot"] for w in c["wagers"] if w["kind"] == kind)]
                )
                assert spots == [w["spot"] for w in c["wagers"] if w["kind"] == kind], (kind, spots)
            if not untried:
                break
            w = untried[0]
            tried.add((w["spot"], w["kind"]))
            form = actions.locator(f"form[data-kind='{w['kind']}']")
            select = next(has for kind, has, _ in forms if kind == w["kind"])
            # Every offered spot at its least; the most too for the first spot of each kind.
            first = not any(k == w["kind"] for _s, k in tried - {(w["spot"], w["kind"])})
            for end in ("min", "max") if first else ("min",):
                if select:
                    form.locator("select").select_option(w["spot"])
                self._amount(form, w[end])
                self.click(form.locator("button[type=submit]"), f"wager {w['kind']} at its {end}")
                refs = self.choices()["remove"]
                mine = [
                    x
                    for x in _latest(self.visit, self.table)["round"]["wagers"]
                    if x["ref"] in refs
                ]
                last = mine[-1]
                keep = w["spot"] == seat and w["kind"] == "main" and end == "min"
                if not keep:
                    self.click(
                        actions.get_by_role("button", name=f"Take back {self._label(last)}"),
                        "take back",
                    )
                # the kind no longer offered: its form is gone (the forms and the choices are
                # compared above, at every turn of the loop)
                if keep or all(x["kind"] != w["kind"] for x in self.choices()["wagers"]):
                    break
        self.click(actions.get_by_role("button", name="Done — no more bets from me"), "ready")

    def _label(self, w: dict[str, Any]) -> str:
        # the wager kinds as the English catalogue words them (web/src/game/record.ts)
        words = {"main": "Pai Gow", "pair-fortunes": "Pair Fortunes"}
        words |= {"supreme-bonus": "Bonus wager"}
        words |= {f"de-{k}": f"Dragon's Eye {k}" for k in ("odd", "even", "double", "triple")}
        words |= {"de-match": "Dragon's Eye match", "dice-bonus": "Dice bonus"}
        label = words.get(w["kind"], w["kind"])
        return f"{label} ${w['cents'] // 100:,}.{w['cents'] % 100:02d} on seat {w['spot']}"

    def _bank_wagers(self, actions: Locator, c: dict[str, Any]) -> None:
        """The dealer's wager at both ends, or the stake; done."""
        key = (
            "dealer_wager"
            if c["dealer_wager"] is not None
            else "pd_stake"
            if c["pd_stake"]
            else None
        )
        if key is not None:
            r = c[key]
            form = actions.locator("form.pg-wager")
            shown = form.locator(".pg-field__help").inner_text()
            assert money(shown) == r["min"], (shown, r)  # the bounds the server sent
            ends = ("max", "min") if key == "dealer_wager" else ("min",)
            for end in ends:
                self._amount(form, r[end])
                self.click(form.locator("button[type=submit]"), f"{key} at its {end}")
        self.click(actions.get_by_role("button", name="Done — no more bets from me"), "bank ready")


def _play(people: list[Person], server: Server, table: str, rounds: int) -> None:
    seated = [p for p in people if not p.joins]
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        state = server.http("GET", f"/api/tables/{table}").json()
        if state["rounds"] >= rounds:
            return
        for p in people:
            if p not in seated and state["round"] is not None and state["rounds"] + 1 == p.joins:
                p.sit()
                seated.append(p)
        if not any(p.step() for p in seated):
            people[0].page.wait_for_timeout(50)
    raise AssertionError(f"{table}: {rounds} rounds not played in 240 s")


def _people(
    server: Server, visit: Any, table: str, plans: dict[str, dict[str, Any]]
) -> list[Person]:
    """The players, signed up through the pages; those who join no later round seated (in
    this order) before the first."""
    people = []
    for name, plan in plans.items():  # every account asked for before any is waited for
        v = visit(WINDOW)
        create_account(v, name, "correct horse battery")
        people.append(Person(v, name, table, **plan))
    op = server.client(server.login(OPERATOR))
    op.ok(table, "pause")
    for p in people:
        expect(p.page.locator(".pg-account__name")).to_have_text(p.name)
        if not p.joins:
            p.sit()
    op.ok(table, "resume")
    op.close()
    return people


@pytest.mark.parametrize(
    ("table", "rounds", "plans"),
    [
        (
            "co",
            4,
            # The house banks rounds 1 and 3: anna plays the first (ben sits down while it is
            # under way), ben the third (anna sits it out; to bank round 4 he must have wagered
            # against the house in it, R-BANK-06(a)): each house round's controls driven once.
            {
                "anna": {"banks": {2: "player"}, "surrender_in": 1, "sits_out": 3},
                "ben": {"banks": {4: "co"}, "joins": 1},
            },
        ),
        ("lc", 2, {"cleo": {"banks": {1: "pd", 2: "pd"}}, "dan": {}}),
        ("nj", 2, {"eva": {"surrender_in": 1}, "fay": {"banks": {2: "player"}}}),
    ],
)
def test_every_offered_control_is_accepted(
    server: Server, visit: Any, table: str, rounds: int, plans: dict[str, dict[str, Any]]
) -> None:
    """Every control every decision offers is the server's choice, and is accepted."""
    people = _people(server, visit, table, plans)
    _play(people, server, table, rounds)
    refused = refusals([p.visit for p in people])
    assert refused == [], refused
    for p in people:
        assert p.visit.errors == [], p.visit.errors


def test_the_controls_driven_and_the_refusals_counted(server: Server) -> None:
    """The tables above drove every kind of control; the count is printed with the refusals
    (none: checked per table)."""
    for what in (
        "sit",
        "bank:player",
        "bank:co",
        "bank:pd",
        "bank:decline",
        "wager main at its min",
        "wager main at its max",
        "wager pair-fortunes at its min",
        "wager de-odd at its min",
        "wager supreme-bonus at its min",
        "take back",
        "ready",
        "dealer_wager at its max",
        "dealer_wager at its min",
        "pd_stake at its min",
        "cut",
        "style",
        "set",
        "bank set",
        "surrender",
        "stand",
    ):
        assert DRIVEN[what] > 0, (what, DRIVEN)
    print(f"\nchoices: {sum(DRIVEN.values())} controls driven, 0 refused: {dict(DRIVEN)}")
