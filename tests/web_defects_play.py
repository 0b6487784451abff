"""How tests/test_web_defects.py drives its tables and reads what they did: a plain player's
answers from the server's choices (:func:`_policy`), players seated together while the operator
holds the table (:func:`_seat`), a round's stored record (:func:`_record`), the operator moving
a table on to its next round (:func:`_next_round`), and the rows of a page's statement
(:func:`_rows`).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from service_support import OPERATOR, Client, Server


def _policy(table: str, me: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A plain player, from the server's choices: the minimum on the seat (and a Pair Fortunes
    bet at Colorado); the bank when offered at the bank table; the house way; stand."""
    c = st["choices"]
    if c["bank"] is not None:
        return [("bank", {"accept": table == "bank" and me == "ann"})]
    if c["ready"]:
        placed = {(w["spot"], w["kind"]) for w in st["round"]["wagers"] if w["player"] == me}
        seat = st["seats"][me]
        wanted = {"main"} | ({"pair-fortunes"} if table == "co" else set())
        for w in c["wagers"]:
            fresh = w["spot"] == seat and (seat, w["kind"]) not in placed
            if fresh and w["kind"] in wanted:
                return [("wager", {"spot": seat, "kind": w["kind"], "cents": w["min"]})]
        return [("ready", {})]
    if c["cuts"]:
        return [("cut", {"cut": None})]
    if c["styles"]:
        return [("style", {"style": c["styles"][0]})]
    if c["set_now"]:
        return [("house_way", {"spot": c["set_now"][0]})]
    if c["bank_set"]:
        return [("bank_set", {})]
    if c["stand"]:
        return [("stand", {})]
    return []


def _seat(server: Server, table: str, names: dict[str, str]) -> dict[str, Client]:
    op = server.client(server.login(OPERATOR))
    op.ok(table, "pause")
    out = {}
    for name, seat in names.items():
        c = server.client(server.player(name))
        c.subscribe(table)
        c.ok(table, "sit", seat=seat, cents=50_000)
        out[name] = c
    op.ok(table, "resume")
    op.close()
    return out


def _record(server: Server, table: str, n: int) -> dict[str, Any]:
    rows = server.http("GET", f"/api/tables/{table}/rounds", server.login(OPERATOR)).json()
    record: dict[str, Any] = next(r["record"] for r in rows if r["round"] == n)
    return record


def _next_round(server: Server, table: str) -> None:
    op = server.client(server.login(OPERATOR))
    op.ok(table, "expire")
    op.close()


def _rows(page: Page) -> dict[str, list[str]]:
    rows: list[list[str]] = page.locator("[data-testid=statement] tr[data-ref]").evaluate_all(
        "rows => rows.map(r => [r.dataset.ref, "
        "...Array.from(r.querySelectorAll('th, td')).map(c => c.textContent)])"
    )
    return {r[0]: r[1:] for r in rows}
