"""Each defect found by playing the web table as a new player would, reproduced as a test against
a real ``paigow serve`` and Debian's Chromium, named after it.

1. the results table showed "—" for every payout and commission and minus the stake as every
   net, for wins and pushes too;
2. a seat's badge summed every stake ("Loses · −$60.00" beside "You lost $40.00"; a push showed
   minus its stake);
3. a player bank's results left out the dealer's wager and the bank's commission;
4. Lucky Chances offered a kum-kum bet on the Player-Dealer's own spot, then showed the engine's
   refusal;
5. sitting down during the wager window left the player watching with nothing said;
6. a signed-out spectator's table was frozen (no websocket, an empty step log);
7. no EV advice for the bank's own hand;
8. the "house way" tag ran out of the advice card;
9. players who closed their browsers held the table up; a lost connection showed no notice; a
   reload emptied the step log;
and the lesser ones: the Lucky Chances lobby card, the Player-Dealer's hand in the results, the
folded settings of equal strength, the words of rule (c).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import ViewportSize, expect

from paigow.exact.results import commission_of
from paigow.games.tiles.exact.api import setting_advice
from paigow.games.tiles.tiles import parse_tiles
from paigow.profiles import get_profile
from service_support import OPERATOR, Server
from web_defects_play import _next_round, _policy, _record, _rows, _seat
from web_fixtures import browser, visit
from web_oracle import act, finished, money, oracle, play, sign_in
from web_players import hidden_leaks
from web_support import DESKTOP, PHONE, web_server

__all__ = ["browser", "visit"]

WINDOWS = {"wager_seconds": 120, "setting_seconds": 120, "decision_seconds": 120}
TABLES: dict[str, dict[str, Any]] = {
    "co": {"profile": "colorado", "pair_fortunes": "1", "pause_seconds": 600},
    "lc": {"profile": "lucky-chances", "pause_seconds": 600},
    "bank": {"profile": "generic", "pause_seconds": 600},
    "watch": {"profile": "generic", "pause_seconds": 1},
    "gone": {
        "profile": "generic",
        "pause_seconds": 0.3,
        "wager_seconds": 30,
        "away_seconds": 1,
        "missed_decisions": 2,
        "absent_rounds": 3,
    },
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-defects"), 53)
    op = srv.login(OPERATOR)
    for tid, cfg in TABLES.items():
        srv.open_table(op, id=tid, computer_players=3, **({**WINDOWS, **cfg}))
    try:
        yield srv
    finally:
        srv.stop()


def test_defect_1_results_rows_show_the_payout_commission_and_net(
    server: Server, visit: Any
) -> None:
    """R-SETTLE-02..08: a won wager's row shows what it was paid, the commission and a net
    above zero; a push nets $0.00; a loss minus its stake (each as the record says). Rounds are
    played until the page has shown a win and a push."""
    page = sign_in(visit(), "amy")
    clients = _seat(server, "co", {"amy": "1"})
    page.goto(f"{server.base}/#/table/co")
    seen: set[str] = set()
    for n in range(1, 9):
        play(clients, "co", finished(n), _policy)
        expect(page.locator("[data-testid=results] h2")).to_have_text(f"Round {n} results")
        truth = oracle(_record(server, "co", n))["wagers"]
        for ref, (_head, result, paid, fee, net) in _rows(page).items():
            w = truth[ref]
            assert (money(paid), money(fee), money(net)) == (w["won"], w["commission"], w["net"])
            if w["kind"] == "main" and result == "won":
                assert money(paid) == w["stake"] and money(fee) > 0 and money(net) > 0, (ref, net)
                seen.add("won")
            if w["kind"] == "main" and result == "pushed":
                assert net == "$0.00"
                seen.add("pushed")
            if result == "lost":
                assert money(net) == -w["stake"]
                seen.add("lost")
        if seen >= {"won", "pushed", "lost"}:
            break
        _next_round(server, "co")
    assert seen >= {"won", "pushed", "lost"}, seen
    # Defect 2 on the same rounds: the seat's badge is the player's net on the seat, side
    # bets included, the same as the headline; a push of a lone wager shows $0.00.
    headline = money(page.get_by_test_id("headline").inner_text())
    word = page.get_by_test_id("headline").inner_text()
    badge = page.locator("[data-spot='1'] .pg-result[data-player=amy]").inner_text()
    assert money(badge) == (headline if "won" in word else -headline if "lost" in word else 0)
    for c in clients.values():
        c.close()


def test_defect_2_a_seat_badge_is_the_players_net_on_it(server: Server, visit: Any) -> None:
    """Every seat's badge is its player's net on that spot (side bets included) as the record
    says, never the sum of the stakes; a pushed lone wager shows "Push · $0.00"."""
    page = visit().open("#/table/co")  # a spectator sees the same badges
    state = server.http("GET", "/api/tables/co").json()
    n = state["rounds"]
    expect(page.locator("[data-testid=results] h2")).to_have_text(f"Round {n} results")
    truth = oracle(_record(server, "co", n))
    badges = page.locator(".pg-result[data-player]").evaluate_all(
        "els => els.map(e => [e.closest('[data-spot]').dataset.spot, e.dataset.player, "
        "e.dataset.result, e.textContent])"
    )
    assert badges
    for spot, player, result, text in badges:
        assert money(text) == truth["badges"][(spot, player)], (spot, player, text)
        mine = [w for w in truth["wagers"].values() if (w["spot"], w["owner"]) == (spot, player)]
        if result == "push" and len(mine) == 1:
            assert text.endswith("Push · $0.00"), text


def test_defect_3_a_player_banks_results_list_the_dealers_wager_and_commission(
    server: Server, visit: Any
) -> None:
    """R-BANK-10/12/13: in a player-bank round the results list the dealer's wager against the
    bank and the bank's lines, its commission included; the lines make the bank's net."""
    page = sign_in(visit(), "ann")
    clients = _seat(server, "bank", {"ann": "1", "abe": "2"})
    page.goto(f"{server.base}/#/table/bank")
    for n in range(1, 6):
        play(clients, "bank", finished(n), _policy)
        record = _record(server, "bank", n)
        if record["banker"]["player"] == "ann":
            break
        _next_round(server, "bank")
    assert record["banker"] == {"kind": "player", "player": "ann", "position": "1"}
    expect(page.locator("[data-testid=results] h2")).to_have_text(f"Round {n} results")
    truth = oracle(record)
    dealer = page.locator("[data-testid=statement] tr[data-ref=dealer]")
    expect(dealer).to_contain_text("The dealer's wager against the bank")
    assert money(dealer.locator("td").last.inner_text()) == truth["dealer"]["net"]
    lines = page.locator("[data-testid=bank-lines] tr[data-line]").evaluate_all(
        "rows => rows.map(r => [r.dataset.line, r.querySelector('td').textContent])"
    )
    shown = {name: money(text) for name, text in lines}
    assert "the dealer's wager" in shown and "commission on the bank's win" in shown
    assert shown == truth["bank"], (shown, truth["bank"])
    assert sum(v for k, v in shown.items() if k != "net") == shown["net"]
    headline = page.get_by_test_id("headline").inner_text()
    assert headline.startswith("As the bank, you")
    for c in clients.values():
        c.close()


def test_defect_4_kum_kum_never_offers_the_player_dealers_spot(server: Server, visit: Any) -> None:
    """R-LC-08, AMB-69: the seats offered for a wager are the server's, and the Player-Dealer's
    spot is not among them; no engine text is ever shown. Also: the Lucky Chances lobby card says
    how the game is played, and the results name the Player-Dealer's hand."""
    lobby = visit().open("#/lobby")
    card = lobby.locator("li.pg-tablecard[data-table=lc]")
    expect(card).to_contain_text("A Player-Dealer banks every hand")
    expect(card).to_contain_text("$1.00 collection a bet")
    assert "The standard game, no side bets." not in card.inner_text()
    page = sign_in(visit(), "kim")
    clients = _seat(server, "lc", {"pat": "1"})
    op = server.client(server.login(OPERATOR))
    op.ok("lc", "pause")
    page.goto(f"{server.base}/#/table/lc")
    page.get_by_role("radio", name="Seat 2").check()
    page.get_by_role("button", name="Sit down at seat 2").click()
    expect(page.get_by_test_id("my-chips")).to_be_visible()
    op.ok("lc", "resume")

    def lc_policy(table: str, me: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        if st["choices"]["bank"] is not None:
            return [("bank", {"accept": True})]
        if st["choices"]["pd_stake"] is not None:
            return [("pd_stake", {"cents": 20_000}), ("ready", {})]
        return _policy(table, me, st)

    deadline, acted = time.monotonic() + 60, dict[str, str]()
    while page.locator("[data-decision='Place your wagers']").count() == 0:
        act(clients, "lc", lc_policy, acted)
        page.wait_for_timeout(100)
        assert time.monotonic() < deadline, "kim was not asked to wager"
    pd = server.http("GET", "/api/tables/lc", server.login("kim")).json()["round"]["banker"]
    assert pd["player"] == "pat" and pd["position"] == "1"
    select = page.locator("form[data-kind=main] select")
    spots = select.locator("option").evaluate_all("els => els.map(e => e.value)")
    assert "1" not in spots and "2" in spots and len(spots) > 1, spots  # kum-kum, not the PD's
    select.select_option(spots[-1])
    page.locator("form[data-kind=main] button[type=submit]").click()
    page.get_by_role("button", name="Done — no more bets from me").click()
    expect(page.locator("body")).not_to_contain_text("is the bank's")
    kim = server.client(server.login("kim"))
    kim.subscribe("lc")
    clients["kim"] = kim
    play(clients, "lc", finished(1), lc_policy)
    expect(page.get_by_test_id("bank-hand")).to_contain_text("The Player-Dealer (pat, seat 1):")
    op.close()
    for c in clients.values():
        c.close()


def test_defect_5_sitting_down_during_the_wagers_says_you_play_from_the_next_round(
    server: Server, visit: Any
) -> None:
    """A player who sits down while a round is under way is told, on the sit form and once
    seated, that they play from the next round; and they are dealt in it."""
    state = server.http("GET", "/api/tables/co").json()
    page = sign_in(visit(), "sam")
    page.goto(f"{server.base}/#/table/co")
    _next_round(server, "co")  # the round after the last one opens; its wagers window waits
    clients = {"amy": server.client(server.login("amy"))}
    clients["amy"].subscribe("co")
    clients["amy"].wait_state("co", lambda st: st["round_open"], "a round under way")
    expect(page.get_by_test_id("joins-next")).to_contain_text("you play from the next round")
    free = page.get_by_role("radio").first
    free.check()
    page.locator("[data-decision='Take a seat'] button[type=submit]").click()
    expect(page.get_by_test_id("next-round")).to_contain_text(
        f"you play from round {state['rounds'] + 2}"
    )
    sam = server.client(server.login("sam"))
    sam.subscribe("co")
    clients["sam"] = sam
    play(clients, "co", finished(state["rounds"] + 1), _policy)
    _next_round(server, "co")
    sam.wait_state("co", lambda st: st["choices"]["key"] is not None, "sam is asked to wager")
    assert sam.state["co"]["choices"]["playing"] and sam.state["co"]["choices"]["wagers"]
    for c in clients.values():
        c.close()


def test_defect_6_a_signed_out_spectator_watches_live_and_sees_no_hidden_tile(
    server: Server, visit: Any
) -> None:
    """A signed-out page opens the spectators' websocket: the step log fills while a round goes
    on, and no frame and no page shows a tile before a spectator may see it (R-SET-02,
    R-SURR-01, R-SETTLE-01)."""
    v = visit()
    page = v.open("#/table/watch")
    clients = _seat(server, "watch", {"wes": "1"})
    play(clients, "watch", finished(2), _policy)
    expect(page.locator(".pg-log__line").first).to_be_visible(timeout=20_000)
    assert page.locator(".pg-log__line").count() > 10
    states = [f for f in v.frames if f.get("type") in ("state", "event")]
    assert len(states) > 10 and all(f["state"]["you"] is None for f in states)
    assert all(f["state"]["choices"] is None for f in states)
    assert hidden_leaks(v.frames, "") == []
    for c in clients.values():
        c.close()


def test_defect_7_the_bank_gets_the_exact_ev_of_its_own_hand(server: Server, visit: Any) -> None:
    """R-BANK-12, `paigow advise --as-banker`: when a player sets the bank's hand, the advice
    beside it is the engine's exact EV of each setting from the bank's side."""
    page = sign_in(visit(), "bea")
    clients = _seat(server, "bank", {"bea": "3"})
    page.goto(f"{server.base}/#/table/bank")
    others = {k: server.client(server.login(k)) for k in ("ann", "abe")}
    for c in others.values():
        c.subscribe("bank")
    everyone = {**clients, **others}

    def bea_banks(table: str, me: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        if st["choices"]["bank"] is not None:
            return [("bank", {"accept": me == "bea"})]
        if st["choices"]["bank_set"] and me == "bea":
            return []  # bea sets the bank's hand on the page
        return _policy(table, me, st)

    _next_round(server, "bank")
    deadline, acted = time.monotonic() + 90, dict[str, str]()
    while page.locator('[data-decision="Set the bank\'s hand"]').count() == 0:
        assert time.monotonic() < deadline, "bea never set the bank's hand"
        act(everyone, "bank", bea_banks, acted)
        w = server.http("GET", "/api/tables/bank").json()["waiting"]
        if w is not None and w["for"] == "next round":
            _next_round(server, "bank")
        page.wait_for_timeout(100)
    advice = page.get_by_test_id("advice")
    expect(advice).to_have_attribute("data-role", "bank")
    expect(advice).to_contain_text("As the bank")
    pieces = server.http("GET", "/api/tables/bank", server.login("bea")).json()["round"]
    mine = pieces["positions"]["3"]["pieces"]
    prof = get_profile("generic")
    expected = setting_advice(
        parse_tiles(" ".join(mine)),
        prof,
        commission_of(prof),
        opponent="regulation",
        as_banker=True,
    )
    shown = advice.locator("li[data-ev]").evaluate_all("els => els.map(e => e.dataset.ev)")
    assert [Fraction(x) for x in shown] == [s.ev for s in expected.settings]
    page.locator("section.pg-setting").get_by_role("button", name="House way", exact=True).click()
    page.locator("section.pg-setting").get_by_role("button", name="Set hands").click()
    for c in everyone.values():
        c.close()


def test_defect_8_the_house_way_tag_stays_inside_the_advice_card(
    server: Server, visit: Any
) -> None:
    """At 1366 px and on a phone, every tag of the advice card lies inside its card. Also: a
    setting that plays exactly as another is said to be folded into it, and rule (c) reads
    "9, 8 or 7" as at the terminal."""
    v = visit()
    page = sign_in(v, "tia")
    clients = _seat(server, "co", {"tia": "3"})
    _next_round(server, "co")
    page.goto(f"{server.base}/#/table/co")

    def tia_waits(table: str, me: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        return [] if me == "tia" and st["choices"]["set_now"] else _policy(table, me, st)

    deadline, acted = time.monotonic() + 60, dict[str, str]()
    while page.get_by_test_id("advice").count() == 0:
        assert time.monotonic() < deadline, "no setting advice shown"
        busy = act(clients, "co", tia_waits, acted)
        st = clients["tia"].state["co"]
        dealt = st["round_open"] and "tia" in st["round"]["seats"]
        if not busy and not dealt:
            # Between rounds (co pauses 600 s), or a round tia sat down too late for: the
            # operator moves the table on until a round deals her in.
            _next_round(server, "co")
        page.wait_for_timeout(100)
    wide: ViewportSize = {"width": 1366, "height": 900}
    for size in (wide, PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        out = page.evaluate(
            """() => Array.from(document.querySelectorAll('[data-testid=advice] .pg-tag'))
               .map(t => {
                 const card = t.closest('[data-testid=advice]').getBoundingClientRect();
                 const r = t.getBoundingClientRect();
                 return [t.textContent, r.left >= card.left - 0.5 && r.right <= card.right + 0.5];
               })"""
        )
        assert out and all(inside for _t, inside in out), (size, out)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    expect(page.locator(".pg-setting__houseway")).not_to_contain_text("7, 8 or 9")
    for c in clients.values():
        c.close()


def test_also_the_web_says_when_equal_settings_are_listed_once(server: Server) -> None:
    """6-6 5-5 1-3 4-6 has three splits, two of the same strength: the advice lists two and
    says which setting plays exactly as another (the trainer's answer carries it too)."""
    r = server.http(
        "POST",
        "/api/trainer/answer",
        body={
            "profile": "generic",
            "pieces": ["6-6", "5-5", "1-3", "4-6"],
            "high": ["6-6", "1-3"],
            "low": ["5-5", "4-6"],
        },
    ).json()
    settings = r["score"]["settings"]
    assert len(settings) == 2
    assert sum(len(s["same"]) for s in settings) == 1
    assert r["problem"]["options"]


def test_defect_9_players_who_are_gone_do_not_hold_the_table_up(server: Server, visit: Any) -> None:
    """Two players close their browsers: the table waits for them at most away_seconds (1 s
    here, against a 30 s wager window), after missed_decisions windows they sit out and the
    table no longer waits at all, and after absent_rounds rounds without a wager they are stood
    up. Three rounds that would take 90 s of waiting take a few seconds."""
    v1, v2 = visit(), visit()
    p1, p2 = sign_in(v1, "gil"), sign_in(v2, "hal")
    clients = _seat(server, "gone", {"gil": "1", "hal": "2"})
    for c in clients.values():
        c.close()
    for p in (p1, p2):
        p.goto(f"{server.base}/#/table/gone")
        expect(p.get_by_test_id("my-chips")).to_be_visible()
    start = server.http("GET", "/api/tables/gone").json()["rounds"]
    v1.close()
    v2.close()  # both browsers closed
    began = time.monotonic()
    watcher = server.watcher()
    watcher.subscribe("gone")
    st = watcher.wait_state("gone", lambda s: s["rounds"] >= start + 3, "three rounds")
    took = time.monotonic() - began
    assert took < 45, f"the table waited {took:.0f} s for players who were gone"
    seen_away = [m for m in watcher.messages if m.get("state", {}).get("away")]
    assert seen_away, "the players never sat out"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and set(st["seats"]) & {"gil", "hal"}:
        st = server.http("GET", "/api/tables/gone").json()
        time.sleep(0.2)
    assert not set(st["seats"]) & {"gil", "hal"}, "absent players were not stood up"
    watcher.close()


def test_defect_9_a_lost_connection_says_reconnecting_and_a_reload_keeps_the_log(
    server: Server, visit: Any
) -> None:
    """Offline for three seconds, the page says it is reconnecting; back online, the notice
    goes and the table comes back. A reload shows the round's steps again, from the server."""
    v = visit()
    page = sign_in(v, "ivy")
    clients = _seat(server, "watch", {"ivy": "3"})
    page.goto(f"{server.base}/#/table/watch")
    expect(page.locator(".pg-log__line").first).to_be_visible(timeout=20_000)
    v.context.set_offline(True)
    page.wait_for_timeout(3000)
    expect(page.get_by_test_id("reconnecting")).to_contain_text("Reconnecting")
    v.context.set_offline(False)
    expect(page.get_by_test_id("reconnecting")).to_have_count(0, timeout=20_000)
    play(
        clients,
        "watch",
        finished(server.http("GET", "/api/tables/watch").json()["rounds"] + 1),
        _policy,
    )
    op = server.client(server.login(OPERATOR))
    op.ok("watch", "pause")  # no new round while the page reloads
    page.wait_for_timeout(500)
    before = page.locator(".pg-log__line").all_inner_texts()  # newest first
    settled = next(i for i, x in enumerate(before) if "exposed and settled" in x)
    begins = next(
        i for i, x in enumerate(before) if i > settled and "Round " in x and "begins" in x
    )
    steps = before[settled : begins + 1]
    page.reload()
    expect(page.locator(".pg-log__line").first).to_be_visible(timeout=20_000)
    after = page.locator(".pg-log__line").all_inner_texts()
    # The deal's line names the hands shown: after the settlement, as seen now, it shows more.
    dealt = [x for x in steps if "Dealt the" in x]
    assert dealt and any("Dealt the" in x for x in after)
    steps = [x for x in steps if x not in dealt]
    assert len(steps) > 5 and set(steps) <= set(after), (steps, after)
    op.ok("watch", "resume")
    op.close()
    for c in clients.values():
        c.close()
