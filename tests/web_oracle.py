"""The oracle of the browser tests: every money figure of a round worked out again from its
stored record, by the slow obvious road, with nothing of the engine's statement code; and the
readers that take the same figures off the page as a person sees them (text, not data).

:func:`oracle` reads only the record (its wagers and results, its transfers, its opening stacks
and its net): each wager's winnings, fee and net from the transfers that name it; a player
bank's lines from the *results* of the wagers (a lost wager is the bank's, a won one the bank
pays, the dealer's wager likewise), so that they check the engine's money flow instead of
repeating it; a Player-Dealer's from the action it took and paid. :class:`Figures` counts every
comparison made.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, expect

from service_support import OPERATOR, PASSWORD, Client
from web_support import Visit

__all__ = [
    "Figures",
    "act",
    "chat_lines",
    "dealt",
    "dollars",
    "finished",
    "holding",
    "money",
    "oracle",
    "page_round",
    "plain_policy",
    "play",
    "say",
    "sign_in",
    "sign_in_operator",
]

_MONEY = re.compile(r"([+−-]?)\$([\d,]+)\.(\d\d)")


def money(text: str) -> int:
    """The first amount in ``text`` in cents ("−$1,234.50" → -123450); "—" is 0."""
    text = text.strip()
    if text.startswith("—"):
        return 0
    m = _MONEY.search(text)
    assert m is not None, f"no amount in {text!r}"
    cents = int(m[2].replace(",", "")) * 100 + int(m[3])
    return -cents if m[1] in ("−", "-") else cents


def dollars(cents: int) -> str:
    """An amount as the page writes it (12345 → "$123.45"; :func:`money` reads it back)."""
    return f"${cents // 100:,}.{cents % 100:02d}"


def _wager_lines(record: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for pos, p in record["positions"].items():
        for w in p["wagers"]:
            if w["kind"] == "dealer":
                continue
            acct = f"player:{w['player']}"
            mine = [t for t in record["transfers"] if t["ref"] == w["ref"]]
            into = [t for t in mine if t["to"] == acct]
            out_of = [t for t in mine if t["from"] == acct]
            out[w["ref"]] = {
                "owner": w["player"],
                "spot": pos,
                "kind": w["kind"],
                "stake": w["cents"],
                "result": w["result"],
                "won": sum(t["cents"] for t in into if t["from"] != "layout"),
                "commission": sum(t["cents"] for t in out_of if t["reason"] == "vig"),
                "collection": sum(t["cents"] for t in out_of if t["reason"] == "collection"),
                "net": sum(t["cents"] for t in into) - sum(t["cents"] for t in out_of),
            }
    return out


def _bank_lines(record: dict[str, Any], wagers: dict[str, dict[str, Any]]) -> dict[str, int]:
    """A bank's lines from the results: what it took and paid, the house's and its fees."""
    b = record["banker"]
    t = record["transfers"]
    acct = f"player:{b['player']}"

    def total(**match: str) -> int:
        return sum(x["cents"] for x in t if all(x[k] == v for k, v in match.items()))

    if b["kind"] == "player-dealer":
        return {
            "wagers won in the action": total(to=acct, reason="lose"),
            "winning wagers paid": -sum(
                x["cents"] for x in t if x["from"] == "bank" and x["reason"] == "win"
            ),
            "collection on the stake": -total(**{"from": acct, "reason": "collection"}),
            "net": record["net"][acct],
        }
    mains = [w for w in wagers.values() if w["kind"] == "main"]
    lines = {
        "wagers lost to the bank": sum(
            w["stake"] for w in mains if w["result"] in ("lose", "surrender")
        ),
        "winning wagers paid": -sum(w["stake"] for w in mains if w["result"] == "win"),
        "commission on the bank's win": -total(reason="surplus-vig"),
        "net": record["net"][acct],
    }
    dealer = [w for w in record["positions"]["dealer"]["wagers"] if w["kind"] == "dealer"]
    if dealer:
        d = dealer[0]
        lines["the dealer's wager"] = {"lose": d["cents"], "win": -d["cents"]}.get(d["result"], 0)
    half = total(reason="surplus-half")
    short = total(**{"from": "house", "to": "centre"})
    if half or short:
        lines["the house's half of the shortfall"] = short
        lines["the house's half of the surplus"] = -half
    parts = sum(v for k, v in lines.items() if k != "net")
    assert parts == lines["net"], f"the bank's lines do not make its net: {lines}"
    return lines


def oracle(record: dict[str, Any]) -> dict[str, Any]:
    """Every money figure of the round, from its stored record."""
    wagers = _wager_lines(record)
    net = record["net"]
    de = record["dragons_eye"] or {}
    kept: dict[str, int] = {}
    for player, _spot, cents in de.get("retained", []) if de.get("triple") else []:
        kept[player] = kept.get(player, 0) + cents
    players = {}
    for name, before in record["stacks"].items():
        fees = [w for w in wagers.values() if w["owner"] == name]
        banker = record["banker"]["player"] == name
        surplus_vig = sum(t["cents"] for t in record["transfers"] if t["reason"] == "surplus-vig")
        pd_fee = sum(
            t["cents"]
            for t in record["transfers"]
            if t["from"] == f"player:{name}" and t["ref"] == "pd" and t["reason"] == "collection"
        )
        players[name] = {
            "before": before,
            "net": net.get(f"player:{name}", 0),
            "after": before + net.get(f"player:{name}", 0),
            "chips": before + net.get(f"player:{name}", 0) - kept.get(name, 0),
            "commission": sum(w["commission"] for w in fees) + (surplus_vig if banker else 0),
            "collection": sum(w["collection"] for w in fees) + pd_fee,
        }
    badges: dict[tuple[str, str], int] = {}
    for w in wagers.values():
        key = (w["spot"], w["owner"])
        badges[key] = badges.get(key, 0) + w["net"]
    bank = None
    if record["banker"]["player"] is not None:
        bank = _bank_lines(record, wagers)
        b = record["banker"]
        badges[(b["position"], b["player"])] = bank["net"]
    dealer = None
    for w in record["positions"].get("dealer", {"wagers": []})["wagers"]:
        if w["kind"] == "dealer":
            moved = sum(
                (t["to"] == "house") * t["cents"] - (t["from"] == "house") * t["cents"]
                for t in record["transfers"]
                if t["ref"] == "dealer"
            )
            dealer = {"stake": w["cents"], "net": moved}
    return {
        "wagers": wagers,
        "players": players,
        "badges": badges,
        "bank": bank,
        "dealer": dealer,
    }


@dataclass
class Figures:
    """Comparisons of a figure on the page with the oracle's, counted."""

    count: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)

    def same(self, kind: str, shown: int, expected: int, where: str) -> None:
        assert shown == expected, f"{where}: the page shows {shown}, the record says {expected}"
        self.count += 1
        self.by_kind[kind] = self.by_kind.get(kind, 0) + 1


def _texts(page: Page, selector: str) -> list[list[str]]:
    result: list[list[str]] = page.locator(selector).evaluate_all(
        "rows => rows.map(r => [r.getAttribute('data-ref') || r.getAttribute('data-line') || "
        "r.getAttribute('data-player') || '', "
        "...Array.from(r.querySelectorAll('th, td')).map(c => c.textContent)])"
    )
    return result


def page_round(
    page: Page, scope: str, truth: dict[str, Any], me: str | None, figures: Figures, *, where: str
) -> None:
    """Every money figure of a settlement statement shown in ``scope`` (the results panel or a
    recalled round): the headline, each wager's stake, payout, fee and net, the dealer's wager,
    the bank's lines, every player's chips before, net and after."""
    if me is not None and me in truth["players"]:
        p = truth["players"][me]
        text = page.locator(f"{scope} [data-testid=headline]").inner_text()
        word = "broke even" if p["net"] == 0 else ("won" if p["net"] > 0 else "lost")
        assert word in text, f"{where}: headline {text!r}, net {p['net']}"
        shown = 0 if p["net"] == 0 else money(text) * (1 if p["net"] > 0 else -1)
        figures.same("headline", shown, p["net"], f"{where} headline")
        for fee in ("commission", "collection"):
            m = re.search(r"\$([\d,]+\.\d\d) " + fee, text)
            figures.same("headline", money("$" + m[1]) if m else 0, p[fee], f"{where} {fee}")
    rows = _texts(page, f"{scope} [data-testid=statement] tr[data-ref]")
    refs = [r[0] for r in rows if r[0] != "dealer"]
    assert sorted(refs) == sorted(truth["wagers"]), f"{where}: rows {refs}"
    for ref, head, _result, paid, fee, net in rows:
        if ref == "dealer":
            d = truth["dealer"]
            figures.same("dealer's wager", money(head), d["stake"], f"{where} dealer stake")
            figures.same("dealer's wager", money(net), d["net"], f"{where} dealer net")
            continue
        w = truth["wagers"][ref]
        figures.same("row", money(head.rsplit("(", 1)[-1]), w["stake"], f"{where} {ref} stake")
        figures.same("row", money(paid), w["won"], f"{where} {ref} paid")
        figures.same("row", money(fee), w["commission"] + w["collection"], f"{where} {ref} fee")
        figures.same("row", money(net), w["net"], f"{where} {ref} net")
    lines = _texts(page, f"{scope} [data-testid=bank-lines] tr[data-line]")
    assert bool(lines) == (truth["bank"] is not None), f"{where}: bank lines {lines}"
    for name, _head, cents in lines:
        figures.same("bank line", money(cents), truth["bank"][name], f"{where} bank {name}")
    for name, _head, before, net, after in _texts(
        page, f"{scope} [data-testid=chips-table] tr[data-player]"
    ):
        p = truth["players"][name]
        figures.same("chips", money(before), p["before"], f"{where} {name} before")
        figures.same("chips", money(net), p["net"], f"{where} {name} net")
        figures.same("chips", money(after), p["after"], f"{where} {name} after")


Policy = Callable[[str, str, dict[str, Any]], list[tuple[str, dict[str, Any]]]]


def act(clients: dict[str, Client], table: str, policy: Policy, acted: dict[str, str]) -> bool:
    """One look at the table by each player: those it waits for act as ``policy(table, name,
    state)`` says (once per state), every command applied; whether anything happened."""
    busy = False
    for name, c in clients.items():
        while c.pending():
            busy = True
        st = c.state.get(table)
        if st is None or st["choices"] is None:
            continue
        ch = st["choices"]
        key = f"{ch['key']}:{st['seq']}"
        if ch["key"] is None or acted.get(name) == key:
            continue
        acted[name] = key
        for action, args in policy(table, name, st):
            r = c.command(table, action, **args)
            assert r["status"] in ("applied", "duplicate"), (name, action, args, r.get("error"))
            busy = True
    return busy


def play(
    clients: dict[str, Client],
    table: str,
    until: Callable[[dict[str, Any]], bool],
    policy: Policy,
) -> None:
    """Each player acts when the table waits for them, as ``policy(table, name, state)`` says,
    every command applied, until ``until(state)`` holds."""
    acted: dict[str, str] = {}
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        busy = act(clients, table, policy, acted)
        if any(until(c.state[table]) for c in clients.values() if table in c.state):
            return
        if not busy:
            time.sleep(0.01)
    raise AssertionError(f"{table}: not there in 90 s")


def finished(n: int) -> Callable[[dict[str, Any]], bool]:
    """Round ``n`` is over (the table between rounds)."""

    def done(st: dict[str, Any]) -> bool:
        return bool(st["rounds"] >= n and st["round_open"] is False)

    return done


def create_account(v: Visit, name: str, password: str = PASSWORD) -> Page:
    """Ask for ``name``'s account through the sign-in page, without waiting for the answer
    (several pages may ask together: the caller waits for the name in the header)."""
    page = v.open("#/sign-in")
    page.get_by_role("tab", name="Create an account").click()
    page.get_by_label("Account name").fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Create account and play").click()
    return page


def sign_in(v: Visit, name: str) -> Page:
    """Create ``name``'s account through the sign-in page; the page, signed in."""
    page = create_account(v, name)
    expect(page.locator(".pg-account__name")).to_have_text(name)
    return page


def sign_in_operator(v: Visit) -> Page:
    """Sign the operator in through the sign-in page; the page, signed in."""
    page = v.open("#/sign-in")
    page.get_by_role("tab", name="Sign in").click()
    page.get_by_label("Account name").fill(OPERATOR)
    page.get_by_label("Password").fill(PASSWORD)
    page.locator("form").get_by_role("button", name="Sign in").click()
    expect(page.locator(".pg-account__name")).to_have_text(OPERATOR)
    return page


def say(page: Page, text: str) -> None:
    """Send ``text`` from the page's chat; back when the page cleared its message box."""
    chat = page.get_by_test_id("chat")
    chat.get_by_label("Message").fill(text)
    chat.get_by_role("button", name="Send").click()
    expect(chat.get_by_label("Message")).to_have_value("", timeout=10_000)


def chat_lines(page: Page) -> list[str]:
    """The chat's lines as the page shows them, oldest first."""
    return page.get_by_test_id("chat-text").all_inner_texts()


def plain_policy(table: str, me: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A plain player, from the server's choices: declines the bank, the minimum on the seat,
    the house way, stands."""
    c = st["choices"]
    if c["bank"] is not None:
        return [("bank", {"accept": False})]
    if c["ready"]:
        seat = st["seats"][me]
        placed = any(w["player"] == me for w in st["round"]["wagers"])
        for w in c["wagers"]:
            if not placed and w["spot"] == seat and w["kind"] == "main":
                return [("wager", {"spot": seat, "kind": "main", "cents": w["min"]})]
        return [("ready", {})]
    if c["set_now"]:
        return [("house_way", {"spot": c["set_now"][0]})]
    if c["stand"]:
        return [("stand", {})]
    return []


def holding(table: str, me: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """:func:`plain_policy`, but holding the tiles dealt unset (the table waits for the setting)."""
    return [] if st["choices"]["set_now"] else plain_policy(table, me, st)


def dealt(st: dict[str, Any]) -> bool:
    """The round waits for the players' settings: their tiles are dealt and not shown."""
    return st["round"] is not None and st["round"]["phase"] == "setting"
