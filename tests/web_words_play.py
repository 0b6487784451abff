"""``wen`` at a table, for tests/test_web_words.py: a websocket of ``wen``'s own account takes the
decisions while the page is read. The state of the table for ``wen`` as the page shows it
(:func:`kind_of`), the decision taken there (:func:`answer`), play until every state asked for
was read (:func:`play_states`), a seat taken with the table paused (:func:`sit`), what shows
that the page has drawn a state (:func:`drawn`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from service_support import OPERATOR, Client, Server

#: The wagers ``wen`` places where offered: the Pai Gow wager and a side bet of each kind.
SIDE = ("main", "pair-fortunes", "de-odd", "supreme-bonus")


def kind_of(st: dict[str, Any], me: str) -> str | None:
    """The state of the table for ``me``, as the page shows it: a decision, or the results."""
    c = st["choices"]
    rnd = st["round"]
    if c is None or c["key"] is None:
        done = rnd is not None and rnd["phase"] == "done"
        return f"results #{st['rounds']}" if done else None
    if c["bank"] is not None:
        return "bank offer"
    if c["ready"]:
        if c["pd_stake"]:
            return "stake"
        return "bank wagers" if rnd and rnd["banker"]["player"] == me else "wagers"
    if c["cuts"]:
        return "cut"
    if c["styles"]:
        return "style"
    if c["set_now"]:
        return "setting"
    if c["bank_set"]:
        return "bank set"
    if c["stand"]:
        return "surrender"
    return None


def answer(c: Client, table: str, st: dict[str, Any], *, bank: bool, stake: int = 0) -> None:
    """``wen``'s decision through the websocket: the bank taken when ``bank``, the least wager
    with a Pair Fortunes and a Dragon's Eye bet where offered, ``stake`` as the Player-Dealer,
    the first cut, the third style, the house way, stand."""
    ch = st["choices"]
    me = st["you"]
    table_round = st["round"]
    todo: list[tuple[str, dict[str, Any]]] = []
    if ch["bank"] is not None:
        todo = [("bank", {"accept": bank, "co_bank": False})]
    elif ch["ready"]:
        if ch["pd_stake"] and not table_round["pd_stake"]:
            todo.append(("pd_stake", {"cents": stake}))
        placed = {w["kind"] for w in table_round["wagers"] if w["player"] == me}
        seat = st["seats"][me]
        for w in ch["wagers"]:
            if w["spot"] == seat and w["kind"] in SIDE and w["kind"] not in placed:
                todo.append(("wager", {"spot": seat, "kind": w["kind"], "cents": w["min"]}))
                placed.add(w["kind"])
        todo.append(("ready", {}))
    elif ch["cuts"]:
        todo = [("cut", {"cut": ch["cuts"][0]})]
    elif ch["styles"]:
        todo = [("style", {"style": ch["styles"][min(2, len(ch["styles"]) - 1)]})]
    elif ch["set_now"]:
        todo = [("house_way", {"spot": s}) for s in ch["set_now"]]
    elif ch["bank_set"]:
        todo = [("bank_set", {})]
    elif ch["stand"]:
        todo = [("stand", {})]
    for action, args in todo:
        r = c.command(table, action, **args)
        assert r["status"] in ("applied", "duplicate"), (action, args, r.get("error"))


def play_states(
    server: Server,
    c: Client,
    table: str,
    states: dict[str, Callable[[str], bool]],
    *,
    bank: bool = False,
    stake: int = 0,
    rounds: int = 4,
) -> set[str]:
    """``wen`` plays at ``table`` until every state of ``states`` was read (or ``rounds`` were
    played): when the table reaches one, ``states[kind](kind)`` reads the page there (the table
    waits: its windows are long) and says whether to read it again when it comes back; then the
    websocket answers. The states read."""
    op = server.client(server.login(OPERATOR))
    seen: set[str] = set()
    acted: set[str] = set()
    deadline = time.monotonic() + 300
    try:
        while time.monotonic() < deadline:
            while c.pending():
                pass
            st = c.state.get(table)
            kind = None if st is None else kind_of(st, "wen")
            if st is None or kind is None:
                time.sleep(0.05)
                continue
            key = f"{kind}:{st['seq']}"
            if key in acted:
                time.sleep(0.05)
                continue
            acted.add(key)
            base = kind.split(" #")[0]
            if base in states and base not in seen and not states[base](kind):
                seen.add(base)
            if base == "results":
                if st["rounds"] >= rounds or set(states) <= seen:
                    return seen
                op.ok(table, "expire")  # the pause between rounds ends: the next round
                continue
            answer(c, table, st, bank=bank, stake=stake)
    finally:
        op.close()
    st = c.state.get(table) or {}
    raise AssertionError(
        f"{table}: {sorted(set(states) - seen)} not reached in 300 s; at round "
        f"{st.get('rounds')}, waiting {st.get('waiting')}, choices {st.get('choices')}"
    )


def sit(server: Server, table: str, seat: str) -> Client:
    """``wen``'s websocket at ``table``, seated at ``seat`` (the table paused meanwhile, so that
    the next round deals ``wen`` in)."""
    op = server.client(server.login(OPERATOR))
    op.ok(table, "pause")
    c = server.client(server.login("wen"))
    c.subscribe(table)
    c.ok(table, "sit", seat=seat, cents=100_000)
    op.ok(table, "resume")
    op.close()
    return c


#: What shows, in English, that the page has drawn a state of :func:`kind_of`: the title of the
#: decision the table asks for.
SYNC = {
    "wagers": '[data-decision="Place your wagers"]',
    "bank wagers": '[data-decision="You bank this round"]',
    "stake": '[data-decision="Your stake"]',
    "bank offer": '[data-decision="The bank is offered to you"], '
    '[data-decision="Be the Player-Dealer?"]',
    "cut": '[data-decision="Cut the stacks"]',
    "style": '[data-decision="Choose how the stacks are delivered"]',
    "setting": '[data-decision^="Set your hand"]',
    "bank set": '[data-decision="Set the bank\'s hand"]',
    "surrender": '[data-decision="Surrender or stand"]',
}


def drawn(page: Page, locale: str, kind: str) -> None:
    """Wait until the page shows ``kind`` (a state of :func:`kind_of`: a decision by its title,
    the results of round N by theirs), in English; in Chinese the page is the same one."""
    if locale != "en":
        return
    if kind.startswith("results #"):
        n = kind.split("#")[1]
        expect(page.locator("#results-title")).to_have_text(f"Round {n} results")
    else:
        expect(page.locator(f"[data-testid=actions] :is({SYNC[kind]})")).to_be_visible()
