"""Players for the browser tests: each drives one browser context through the web table by what
a person sees — the decision the table asks for (the panel's title) and its buttons — with a
policy (accept the bank or not, which side bet, setting by keyboard alone or by the house way),
and the checks of what each viewer received: no tile or card before that viewer may see it.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator

from service_support import Server
from web_support import Visit

__all__ = ["Player", "hidden_leaks", "play_rounds"]


@dataclass
class Player:
    """One person at a table in a browser."""

    visit: Visit
    name: str
    table: str
    accept_bank: bool = False
    side_bet: bool = False
    keyboard: bool = False
    done: list[str] = field(default_factory=list)

    @property
    def page(self) -> Any:
        """The browser page."""
        return self.visit.page

    def decision(self) -> str | None:
        """The title of what the table asks of this player now."""
        frame = self.page.locator("[data-testid=actions] [data-decision]")
        if frame.count() == 0:
            return None
        title = frame.first.get_attribute("data-decision")
        return None if title is None else str(title)

    def _click(self, target: Locator) -> None:
        target.click(timeout=5000)

    def step(self, *, hold: str | None = None) -> str | None:
        """:meth:`act`, looking again when the page moved on under a click (a decision taken
        by a window running out, a new state arriving)."""
        try:
            return self.act(hold=hold)
        except PlaywrightError:
            return "looked again"

    def act(self, *, hold: str | None = None) -> str | None:
        """Take the decision the table asks for, if any, unless its title starts with ``hold``
        (the caller waits there, whenever the page reaches it); what was done."""
        d = self.decision()
        page = self.page
        actions = page.locator("[data-testid=actions]")
        if d is None or d == "Watching the table" or (hold is not None and d.startswith(hold)):
            return None
        if d in ("The bank is offered to you", "Be the Player-Dealer?"):
            label = (
                "Bank this round" if self.accept_bank and d.startswith("The bank") else "Decline"
            )
            if self.accept_bank and d.startswith("Be the"):
                label = "Be the Player-Dealer"
            self._click(actions.get_by_role("button", name=label, exact=True))
            return self._did("bank" if label != "Decline" else "decline bank")
        if d == "Place your wagers":
            if not any(w.startswith("wager") for w in self.done[-3:]):
                self._click(actions.get_by_role("button", name="Place wager"))
                if self.side_bet:
                    side = actions.locator(".pg-sidebet button").first
                    self._click(side)
                    self._did("side bet")
                self._did("wager")
                page.wait_for_timeout(300)
            self._click(actions.get_by_role("button", name="Done — no more bets from me"))
            return self._did("ready")
        if d in ("You bank this round", "Your stake"):
            if d == "Your stake":
                self._click(actions.get_by_role("button", name="Put up the stake"))
            self._click(actions.get_by_role("button", name="Done — no more bets from me"))
            return self._did("bank ready")
        if d == "Cut the stacks":
            self._click(actions.locator("button", has_text="Cut ("))
            return self._did("cut")
        if d == "Choose how the stacks are delivered":
            choice = actions.get_by_role("radio").nth(2)
            if choice.count():
                choice.check()
            self._click(actions.locator("button[type=submit]"))
            return self._did("style")
        if d == "You shake the dice":
            self._click(actions.get_by_role("button", name="Shake the dice"))
            return self._did("roll")
        if d.startswith("Set your hand") or d == "Set the bank's hand":
            return self._set(actions, bank=d == "Set the bank's hand")
        if d == "Surrender or stand":
            self._click(actions.get_by_role("button", name="Stand"))
            return self._did("stand")
        if d == "Take a seat":
            self._click(actions.locator("form button[type=submit]"))
            return self._did("sit")
        return None

    def _set(self, actions: Locator, *, bank: bool) -> str:
        panel = actions.locator("section.pg-setting")
        panel.wait_for(timeout=10_000)
        if self.keyboard and not bank:
            # R-SET-01 by keyboard alone: Tab to a piece, H puts it in the high hand; the last two
            # pieces form the low hand by themselves; Swap hands if the high ranks lower.
            pieces = panel.locator("button.pg-setting__piece")
            pieces.first.focus()
            self.page.keyboard.press("h")
            panel.locator("button.pg-setting__piece[aria-label$='dealt to you']").first.focus()
            self.page.keyboard.press("h")
            status = panel.locator("[role=status]")
            if status.get_attribute("data-valid") == "false":
                panel.get_by_role("button", name="Swap hands").focus()
                self.page.keyboard.press("Enter")
            submit = panel.get_by_role("button", name="Set hands")
            submit.focus()
            self.page.keyboard.press("Enter")
            return self._did("set by keyboard")
        house = panel.get_by_role("button", name="House way", exact=True)
        house.wait_for(timeout=10_000)
        self._click(house)
        self._click(panel.get_by_role("button", name="Set hands"))
        return self._did("bank set" if bank else "set by house way")

    def _did(self, what: str) -> str:
        self.done.append(what)
        return what


def play_rounds(
    server: Server, players: Iterable[Player], table: str, rounds: int, limit: float = 150.0
) -> dict[str, Any]:
    """Let the players play until the table has finished ``rounds`` rounds; its state then."""
    people = list(players)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        state = server.http("GET", f"/api/tables/{table}").json()
        if state["rounds"] >= rounds:
            return dict(state)
        busy = False
        for p in people:
            busy = p.step() is not None or busy
        if not busy:
            people[0].page.wait_for_timeout(150)
    raise AssertionError(f"{table}: {rounds} rounds not finished in {limit} s")


def _own(rnd: dict[str, Any], me: str) -> set[str]:
    own = {w["spot"] for w in rnd["wagers"] if w["player"] == me and w["kind"] == "main"}
    if rnd["banker"]["player"] == me:
        own.add(rnd["banker"]["position"] or "dealer")
    return own


def _shown(rnd: dict[str, Any]) -> set[str]:
    if rnd["phase"] != "done" or rnd["void"] is not None:
        return set()
    out = set(rnd["exposure"]) | {"dealer"}
    if rnd["banker"]["position"]:
        out.add(rnd["banker"]["position"])
    return out


def hidden_leaks(frames: list[dict[str, Any]], me: str) -> list[str]:
    """Every piece a viewer received before the rules let that viewer see it (R-SET-02,
    R-SURR-01, R-DEAL-03, R-SETTLE-01, R-SHUF-03): hands of other positions before exposure,
    the stack order, other spots' settings."""
    found: list[str] = []
    for n, f in enumerate(frames):
        if f.get("type") == "delta":  # not applied: it does not follow the page's last frame
            found.append(f"frame {n}: a delta that does not apply")
            continue
        if f.get("type") not in ("state", "event"):
            continue
        rnd = f["state"]["round"]
        if rnd is None:
            continue
        may = _own(rnd, me) | _shown(rnd)
        for pos, p in rnd["positions"].items():
            if pos not in may and (p["pieces"] is not None or p["setting"] is not None):
                found.append(f"frame {n}: {pos} {p['pieces']} {p['setting']} in {rnd['phase']}")
        for ev in f.get("events", []):
            for op in ev.get("ops", []):
                data = op["data"]
                if op["kind"] == "shuffle" and "order" in data:
                    found.append(f"frame {n}: the stack order")
                if op["kind"] == "deal" and set(data.get("hands", {})) - may:
                    found.append(f"frame {n}: dealt hands {sorted(set(data['hands']) - may)}")
                if (
                    op["kind"] in ("set", "house_way")
                    and "high" in data
                    and data["spot"] not in may
                ):
                    found.append(f"frame {n}: the setting of {data['spot']}")
                bank = rnd["banker"]["position"] or "dealer"
                bank_set = op["kind"] in ("bank_set", "reset_to_house_way") and "high" in data
                if bank_set and bank not in may:
                    found.append(f"frame {n}: the bank's setting")
    return found
