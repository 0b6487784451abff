"""Live play over the protocol: a player bank with the dealer's wager, the cut and the style
(R-BANK-03..10, R-CUT, R-DEAL-04); Lucky Chances' Player-Dealer with collection (R-LC-08/09,
¶61); Supreme Pai Gow with the bonus wager (R-SPG-15..18); a Dragon's Eye streak over two rounds
(R-DE-10, AMB-14); the setting window running out (house way, the operator's option);
reconnecting to a seat; a retried command applied once."""

from __future__ import annotations

from typing import Any

from paigow import get_profile
from paigow.games import game_for, hand_pieces
from service_fixtures import operator_token, pg_cluster, server
from service_support import OPERATOR, Client, Server, default_policy, drive

__all__ = ["operator_token", "pg_cluster", "server"]

Act = list[tuple[str, dict[str, Any]]]


def house_way(profile: str, pieces: list[str]) -> tuple[list[str], list[str]]:
    prof = get_profile(profile)
    g = game_for(prof)
    s = g.house_way(prof.house_way.dealer).set(g.parse(" ".join(pieces)))
    return [str(t) for t in hand_pieces(s.high)], [str(t) for t in hand_pieces(s.low)]


def record_of(server: Server, token: str, table: str, n: int) -> dict[str, Any]:
    rows = server.http("GET", f"/api/tables/{table}/rounds", token).json()
    return dict(next(r["record"] for r in rows if r["round"] == n))


def test_player_bank_round(server: Server, operator_token: str) -> None:
    """R-BANK-02: the first round is the house's; then the bank is offered; the player who
    takes it chooses the style, sets the bank's hand itself (R-SET-06), and the dealer wagers
    against it its stake of the last house round (R-BANK-10)."""
    t = "bank"
    server.open_table(operator_token, id=t, profile="generic", pause_seconds=0)
    names = ["banka", "bankb", "bankc"]
    clients = server.seat(t, names, ["1", "2", "3"])

    def banker(c: Client, table: str, st: dict[str, Any]) -> Act:
        w, rnd = st["waiting"], st["round"]
        if w["for"] == "bank offer":
            return [("bank", {"accept": True})]
        if w["for"] == "style":
            return [("style", {"style": "c"})]
        if w["for"] == "bank_set":
            pos = rnd["banker"]["position"]
            pieces = rnd["positions"][pos]["pieces"]
            assert pieces is not None  # the bank sees its own hand
            high, low = house_way("generic", pieces)
            return [("bank_set", {"high": high, "low": low})]
        return default_policy(c, table, st)

    drive(clients, t, lambda st: st["rounds"] >= 2, {"banka": banker})
    rec = record_of(server, operator_token, t, 2)
    assert rec["banker"] == {"kind": "player", "player": "banka", "position": "1"}
    assert rec["style"] == "c"
    assert rec["positions"]["1"]["set_by"] == "bank"
    dealer_wager = [w for w in rec["positions"]["dealer"]["wagers"] if w["kind"] == "dealer"]
    assert dealer_wager and dealer_wager[0]["cents"] == 500  # banka's stake in round 1
    assert sum(rec["net"].values()) == 0
    for c in clients:
        c.close()


def test_lucky_chances_player_dealer(server: Server, operator_token: str) -> None:
    """R-LC-01/08/09: every hand has a Player-Dealer who stakes the action; collection is taken
    in advance from every bet, the first hands of a new game free (¶61)."""
    t = "lc"
    server.open_table(operator_token, id=t, profile="lucky-chances", pause_seconds=0)
    clients = server.seat(t, ["lca", "lcb", "lcc"], ["1", "2", "3"])

    def pd(c: Client, table: str, st: dict[str, Any]) -> Act:
        if st["waiting"]["for"] == "bank offer":
            return [("bank", {"accept": True})]
        return default_policy(c, table, st)

    drive(clients, t, lambda st: st["rounds"] >= 1, {n: pd for n in ("lca", "lcb", "lcc")})
    rec = record_of(server, operator_token, t, 1)
    assert rec["banker"]["kind"] == "player-dealer"
    assert rec["collection_free"] is True
    assert any(op["kind"] == "pd_wager" for op in rec["operations"])
    assert sum(rec["net"].values()) == 0
    for c in clients:
        c.close()


def test_supreme_pai_gow_with_bonus(server: Server, operator_token: str) -> None:
    """R-SPG-15..18: the bonus wager with a Supreme Pai Gow wager, settled by the house on the
    four cards dealt."""
    t = "spg"
    server.open_table(operator_token, id=t, profile="nj-supreme", pause_seconds=0)
    clients = server.seat(t, ["spga", "spgb"], ["1", "2"])

    def bonus(c: Client, table: str, st: dict[str, Any]) -> Act:
        if st["waiting"]["for"] == "wagers":
            me = st["you"]
            rnd = st["round"]
            if not any(w["player"] == me for w in rnd["wagers"]):
                spot = st["seats"][me]
                return [
                    ("wager", {"spot": spot, "cents": 1000}),
                    ("wager", {"spot": spot, "cents": 500, "kind": "supreme-bonus"}),
                    ("ready", {}),
                ]
        if st["waiting"]["for"] == "setting":
            rnd = st["round"]
            spot = st["seats"][st["you"]]
            if spot in rnd["unset"]:
                high, low = house_way("nj-supreme", rnd["positions"][spot]["pieces"])
                return [("set", {"spot": spot, "high": high, "low": low})]
            return []
        return default_policy(c, table, st)

    drive(clients, t, lambda st: st["rounds"] >= 1, bonus)
    rec = record_of(server, operator_token, t, 1)
    bonuses = [
        w for p in rec["positions"].values() for w in p["wagers"] if w["kind"] == "supreme-bonus"
    ]
    assert len(bonuses) == 2
    assert all(w["result"] in ("win", "lose", "void") for w in bonuses)
    for c in clients:
        c.close()


def test_dragons_eye_streak(server: Server, operator_token: str) -> None:
    """R-DE-10 / AMB-14: a triple pays the dice bonus at the streak's tier and the winning
    dice bonus stays on the layout; a second triple in a row raises the streak to 2. The dice
    are read from the table and entered by the dealer (a dice-entry table)."""
    t = "de"
    server.open_table(
        operator_token,
        id=t,
        profile="colorado",
        dragons_eye=True,
        dice_entry=True,
        pause_seconds=0,
    )
    clients = server.seat(t, ["dea", "deb"], ["1", "2"])
    op = server.client(server.login(OPERATOR))
    op.subscribe(t)

    def player(c: Client, table: str, st: dict[str, Any]) -> Act:
        w, rnd = st["waiting"], st["round"]
        me = st["you"]
        if w["for"] == "wagers" and not any(
            x["player"] == me for x in rnd["wagers"] if x["kind"] == "main"
        ):
            spot = st["seats"][me]
            out: Act = [("wager", {"spot": spot, "cents": 1000})]
            if not any(x["player"] == me and x["kind"] == "dice-bonus" for x in rnd["wagers"]):
                out.append(("wager", {"spot": spot, "cents": 500, "kind": "dice-bonus"}))
            return [*out, ("ready", {})]
        return default_policy(c, table, st)

    def dealer(c: Client, table: str, st: dict[str, Any]) -> Act:
        if st["waiting"]["for"] == "dice":
            face = st["rounds"] + 1
            return [("enter_dice", {"dice": [face] * 3})]
        return []

    st = drive(
        [*clients, op],
        t,
        lambda st: st["rounds"] >= 2,
        {"dea": player, "deb": player, "operator": dealer},
    )
    r1 = record_of(server, operator_token, t, 1)
    r2 = record_of(server, operator_token, t, 2)
    assert r1["dragons_eye"]["triple"] and r1["dragons_eye"]["streak"] == 1
    assert r2["options"]["de_streak"] == 1 and r2["dragons_eye"]["streak"] == 2
    assert r2["options"]["carried"]  # the winning dice bonus stayed on the layout
    pays = [
        w["pays"]
        for p in r2["positions"].values()
        for w in p["wagers"]
        if w["kind"] == "dice-bonus"
    ]
    assert pays and all(p > 0 for p in pays)
    assert st["rounds"] == 2
    for c in [*clients, op]:
        c.close()


def test_setting_window_runs_out(server: Server, operator_token: str) -> None:
    """On timeout the hand is set by the house way (the table's on_setting_timeout option,
    R-SET-04)."""
    t = "timeout"
    server.open_table(operator_token, id=t, profile="generic", setting_seconds=0.2, pause_seconds=0)
    (c,) = server.seat(t, ["slow"], ["3"])

    def never_sets(cl: Client, table: str, st: dict[str, Any]) -> Act:
        return [] if st["waiting"]["for"] == "setting" else default_policy(cl, table, st)

    drive([c], t, lambda st: st["rounds"] >= 1, never_sets)
    rec = record_of(server, operator_token, t, 1)
    assert any(o["kind"] == "house_way" and o["data"]["spot"] == "3" for o in rec["operations"])
    c.close()


def test_reconnect_resumes_seat_and_retry_applies_once(server: Server, operator_token: str) -> None:
    """A client that drops mid-round reconnects to its seat and its tiles; a command retried
    with the same idempotency key is applied at most once, and the client is told so."""
    t = "reconnect"
    server.open_table(operator_token, id=t, profile="generic", pause_seconds=0)
    (c,) = server.seat(t, ["rejoin"], ["2"])
    c.wait_state(t, lambda st: bool(st["waiting"]) and st["waiting"]["for"] == "wagers", "wagers")
    first = c.command(t, "wager", key="same-key", spot="2", cents=700)
    again = c.command(t, "wager", key="same-key", spot="2", cents=700)
    assert first["status"] == "applied"
    assert again == {**first, "status": "duplicate"}
    c.ok(t, "ready")
    c.wait_state(t, lambda st: bool(st["waiting"]) and st["waiting"]["for"] == "setting", "deal")
    c.close()
    c2 = server.client(server.login("rejoin"))
    st = c2.subscribe(t)
    assert st["you"] == "rejoin"
    assert st["round"]["positions"]["2"]["pieces"] is not None
    assert [w["cents"] for w in st["round"]["wagers"]] == [700]
    drive([c2], t, lambda s: s["rounds"] >= 1)
    c2.close()


def test_absent_seat_is_stood_up(server: Server, operator_token: str) -> None:
    """A player who disconnects and wagers in none of ``absent_rounds`` rounds is stood up, the
    chips back in the wallet (the table's option)."""
    t = "absent"
    server.open_table(
        operator_token, id=t, profile="generic", wager_seconds=0.2, pause_seconds=0, absent_rounds=1
    )
    (c,) = server.seat(t, ["gone"], ["4"])
    c.close()
    op = server.client(operator_token)
    op.subscribe(t)
    op.wait_state(t, lambda st: "gone" not in st["seats"], "the seat freed")
    me = server.http("GET", "/api/me", server.login("gone")).json()
    assert me["wallet"] == 100_000 and me["seats"] == {}
    op.close()
