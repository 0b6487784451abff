"""Players read players' words: every page a player opens, in every state the tables put it in,
says no engineer's token in any language (a private table's id, a joker's ``Jk1``, a cut's
``a:1:left``, a profile's ``seed 000``, a rule's ``R-…`` id, ``spg-house``…) and, in each
Chinese script, no English but names and units (tests/web_words.py); and what each page says
is what the server's record or the catalogue says (docs/i18n.md, docs/web.md).

One server, one browser (tests/web_words_visit.py). The player ``wen`` plays through the pages
(a second session of the same account, a websocket client: tests/web_words_play.py, takes
the decisions the page is not being read at);
at each state a page reaches first, it is read in English, then in Traditional and in Simplified
Chinese, switching the language in place (each page visited once for the three). The states:
the lobby with a private table, the rules, the tutorial's steps, the trainer's answer, the
cashier, a join code no table has, an unknown address; at a Colorado table (Pair Fortunes,
Dragon's Eye) the wagers, the setting with the advice, the results, the bank's offer, its
wagers, the cut, the delivery style and the bank's setting, sitting out and coming back; at a
Lucky Chances table the Player-Dealer's stake, the setting with the advice and the results; at a
Supreme Pai Gow table a round with a joker; the private table and its recall; the player's
recall. Then, for the operator, the recall's deal and the pit's hourly chart.

The defects each test guards (a user's report of the web table's words): the cut button read
"Cut (a:1:left)"; the rules pages said "seed 000"; jokers were "Jk1"/"Jk2"; a private table was
its id; "spg-house"; rule ids on players' pages; the gallery linked from every page; "bonus" in
lower case; bet classes in English in Chinese ("对子彩金（No pair）"), romanised delivery styles,
the rules' subtitle in English, "colorado 號桌"; a pushed Lucky Chances wager "($10.00), $0.00 in
action", a Player-Dealer's stake "$20.00 in action", "commission included" at a table that takes
a collection; "I'm back" answered with "your last decisions ran out of time"; the operator's
recall saying a seat's tiles were "shown here" and "collected unexposed" in one sentence; the
pit's hourly chart one bar without hour labels.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from paigow.games.cards.supreme_bonus import BonusClass
from paigow.games.tiles.pair_fortunes import PFClass
from paigow.profiles import profile_names
from service_support import OPERATOR, Server
from web_fixtures import browser
from web_oracle import dollars, finished, plain_policy, play, sign_in_operator
from web_support import DESKTOP, Visit
from web_words import CATALOGUE, LOCALES, case_of, cut_en, en_list, latest, page_text, position_en
from web_words_play import drawn, play_states, sit
from web_words_visit import READ, TO_READ, goto, read, server, shown, wen, words

__all__ = ["browser", "server", "wen"]

EN = CATALOGUE["en"]


def test_the_pages_a_player_opens(wen: Visit, browser: Browser, server: Server) -> None:
    """The lobby (a private table among the tables, named by its opener), every rules page (its
    subtitle the catalogue's words for its rule document, not the profile's ``seed 000``), the
    tutorial's six steps, the trainer and its answer, the cashier, a join code no table has and
    an unknown address: no engineer's token, no English in Chinese; the gallery is linked from
    no player's page."""
    ann = server.login("ann")
    r = server.http("POST", "/api/private-tables", ann, {"profile": "generic"})
    assert r.status_code == 201, r.text
    private = r.json()["table"]
    page = goto(wen, "#/lobby")

    def lobby(page: Page, locale: str) -> None:
        card = page.locator(f"li[data-table='{private}'] .pg-tablecard__sub strong")
        name = "ann's private table" if locale == "en" else "ann 的私人牌桌"
        expect(card).to_have_text(name)
        expect(page.locator("li[data-table='colorado'] .pg-tablecard__sub strong")).to_have_text(
            {"en": "Colorado table", "zh-Hant": "科羅拉多桌", "zh-Hans": "科罗拉多桌"}[locale]
        )
        expect(page.locator("a[href='gallery.html']")).to_have_count(0)

    read(page, "lobby", lobby)
    goto(wen, "#/rules")
    read(page, "rules", lambda p, _: shown(p, "[data-testid=rules-index] a"))
    for name in profile_names():
        goto(wen, f"#/rules/{name}")

        def subtitle(p: Page, locale: str, name: str = name) -> None:
            said = case_of(words(locale, "rules.source"), name.replace("-", "_"))
            expect(p.locator(".pg-rules__source")).to_have_text(said)

        read(page, f"rules of {name}", subtitle)
    goto(wen, "#/how-to-play")
    for step in ("tiles", "pairs", "points", "copies", "setting", "round"):
        tutorial = page.get_by_test_id("tutorial")
        expect(tutorial).to_have_attribute("data-step", step)
        read(page, f"tutorial: {step}")
        if step != "round":
            page.get_by_test_id("tutorial-next").click()
    goto(wen, "#/trainer")
    expect(page.get_by_test_id("trainer-hand")).to_be_visible(timeout=30_000)
    read(page, "trainer")
    panel = page.get_by_test_id("trainer-hand").locator("section.pg-setting")
    panel.locator('[data-piece-index="0"]').click()
    panel.locator('[data-piece-index="1"]').click()
    if panel.locator("[role=status]").get_attribute("data-valid") == "false":
        panel.get_by_role("button", name="Swap hands").click()
    panel.get_by_role("button", name="Set hands").click()
    expect(page.get_by_test_id("verdict")).to_be_visible(timeout=30_000)
    read(page, "trainer's answer", lambda p, _: shown(p, "[data-testid=verdict]"))
    goto(wen, "#/cashier")
    read(page, "cashier", lambda p, _: shown(p, "[data-testid=protection]"))
    goto(wen, "#/join/23456789")  # a code of digits: the page says it back
    read(page, "join with an unknown code", lambda p, _: shown(p, "a[href='#/lobby']"))
    goto(wen, "#/2026-404")  # an address of digits: the page says it back
    read(page, "an unknown address")
    # signed out: the sign-in page, and a table watched as a spectator
    out = Visit(browser, server.base + "/", DESKTOP)
    try:
        out.open("#/sign-in")
        read(out.page, "sign-in, signed out", lambda p, _: shown(p, "form"))
        out.page.goto(out.base + "#/table/colorado")
        watching = "[data-testid=actions] [data-decision]"
        read(out.page, "a table watched, signed out", lambda p, _: shown(p, watching))
    finally:
        out.close()


def test_a_colorado_table(wen: Visit, server: Server) -> None:
    """At a Colorado table with Pair Fortunes and Dragon's Eye, as a player and as the bank:
    every state read in the three languages; the table named by its rules ("Colorado table",
    科羅拉多桌, never "colorado 號桌"); the cuts offered worded as the catalogue words the
    server's cuts (never ``a:1:left``) and the button saying the one chosen; the delivery
    styles the server offers named as the catalogue names them (執四, 挖心…, not "cup say"); a
    side bet's class as the catalogue names the record's (沒有對子, not "No pair"); the advice
    counting the commission this table takes."""
    c = sit(server, "colorado", "1")
    page = goto(wen, "#/table/colorado")
    expect(page.get_by_test_id("my-chips")).to_be_visible()

    def named(p: Page, locale: str) -> None:
        name = {"en": "Colorado table", "zh-Hant": "科羅拉多桌", "zh-Hans": "科罗拉多桌"}[locale]
        expect(p.locator(".pg-tablebar__facts strong").first).to_have_text(name)

    def at(
        selector: str, check: Callable[[Page, str], None] | None = None
    ) -> Callable[[str], bool]:
        def reading(kind: str) -> bool:
            def all_of(p: Page, locale: str) -> None:
                drawn(p, locale, kind)
                shown(p, selector)
                named(p, locale)
                if check is not None:
                    check(p, locale)

            read(page, f"Colorado: {kind.split(' #', maxsplit=1)[0]}", all_of)
            return False

        return reading

    def cut(p: Page, locale: str) -> None:
        options = p.get_by_test_id("cut-select").locator("option")
        values = options.evaluate_all("els => els.map(e => e.value)")
        assert values and sorted(values) == sorted(
            latest(wen.frames, "colorado")["choices"]["cuts"]
        )
        if locale == "en":
            labels = options.all_inner_texts()
            assert labels == [cut_en(v) for v in values], labels
            chosen = p.get_by_test_id("cut-select").input_value()
            expect(p.locator("[data-testid=actions] .pg-button--primary")).to_have_text(
                f"Cut ({cut_en(chosen)})"
            )

    def style(p: Page, locale: str) -> None:
        styles = latest(wen.frames, "colorado")["choices"]["styles"]
        radios = p.locator("input[name=style]")
        assert radios.evaluate_all("els => els.map(e => e.value)") == styles
        labels = p.locator("[data-testid=actions] label.pg-choice span").all_inner_texts()
        assert labels == [words(locale, f"style.{s}") for s in styles], labels

    def advice(p: Page, locale: str) -> None:
        shown(p, "[data-testid=advice]")
        if locale == "en":
            lead = p.locator(".pg-advice__lead").inner_text()
            assert "commission" in lead and "collection" not in lead, lead

    def classes(p: Page, locale: str) -> None:
        statement = latest(wen.frames, "colorado")["round"]["statement"]
        for w in statement["wagers"]:
            if w.get("class"):
                said = case_of(words(locale, "pays.pf"), PFClass(w["class"]).name)
                row = p.locator(f"[data-testid=results] tr[data-ref='{w['ref']}'] th")
                expect(row).to_contain_text(said)

    seen = play_states(
        server,
        c,
        "colorado",
        {
            "wagers": at("form[data-kind='main']"),
            "setting": at("section.pg-setting", advice),
            "results": at("[data-testid=statement]", classes),
            "bank offer": at("[data-testid=actions] button"),
            "bank wagers": at("[data-testid=actions] button"),
            "cut": at("[data-testid=cut-select]", cut),
            "style": at("input[name=style]", style),
            "bank set": at("section.pg-setting", advice),
        },
        bank=True,
        rounds=6,
    )
    assert seen >= {"wagers", "setting", "results", "cut", "style", "bank set"}, seen
    assert any(
        w.get("class")
        for r in server.http("GET", "/api/me/rounds", server.login("wen")).json()
        for w in r["statement"]["wagers"]
    ), "no Pair Fortunes wager was settled"
    c.close()


def test_sitting_out_then_back(wen: Visit, server: Server) -> None:
    """ "Sit out" during a round, then "I'm back": the page says what happened — that the player
    chose to sit out, then that they are back from the next round — as the server's choices
    say it (``returning``), never that "your last decisions ran out of time". (ann sits at the
    table too and keeps her wager waiting, so the round stays open meanwhile.)"""
    op = server.client(server.login(OPERATOR))
    op.ok("colorado", "pause")  # both seated before the next round: both are dealt in
    c = server.client(server.login("wen"))
    if "wen" not in c.subscribe("colorado")["seats"]:
        c.ok("colorado", "sit", seat="1", cents=50_000)
    ann = server.client(server.login("ann"))
    ann.subscribe("colorado")
    ann.ok("colorado", "sit", seat="2", cents=50_000)
    op.ok("colorado", "resume")
    page = goto(wen, "#/table/colorado")
    deadline = time.monotonic() + 60
    ready: dict[str, bool] = {}
    ended: set[str] = set()
    while time.monotonic() < deadline and not all(ready.get(n) for n in ("wen", "ann")):
        waiting = (c.state.get("colorado") or {}).get("waiting") or {}
        if waiting.get("for") == "next round" and waiting["key"] not in ended:
            ended.add(waiting["key"])
            op.ok("colorado", "expire")  # the pause between rounds ends: the next round
        for name, who in (("wen", c), ("ann", ann)):  # to the wagers, every bank declined
            while who.pending():
                pass
            ch = (who.state.get("colorado") or {}).get("choices") or {}
            ready[name] = bool(ch.get("ready"))
            if ch.get("bank") is not None:
                who.command("colorado", "bank", accept=False, co_bank=False)
        time.sleep(0.05)
    assert ready == {"wen": True, "ann": True}, (ready, c.state["colorado"]["waiting"])
    page.get_by_role("button", name="Sit out").click()
    out = page.get_by_test_id("sitting-out")
    expect(out).to_have_text(EN["sittingOut.chosenText"])
    page.get_by_role("button", name="I'm back: deal me in").click()
    expect(page.get_by_test_id("returning")).to_be_visible()
    expect(out).to_have_text(EN["sittingOut.backText"])
    expect(out).to_have_attribute("data-why", "returning")
    st = latest(wen.frames, "colorado")
    assert st["choices"]["returning"] and st["choices"]["sitting_out"], st["choices"]

    def back(p: Page, locale: str) -> None:
        expect(p.get_by_test_id("sitting-out")).to_have_text(words(locale, "sittingOut.backText"))
        expect(p.get_by_test_id("returning")).to_have_text(words(locale, "sittingOut.returning"))

    read(page, "sitting out, then back", back)
    assert EN["sittingOut.text"] not in page_text(page)
    ann.command("colorado", "leave")  # after this round
    play({"ann": ann}, "colorado", finished(st["rounds"] + 1), plain_policy)
    for who in (op, c, ann):
        who.close()


def test_a_lucky_chances_table(wen: Visit, server: Server) -> None:
    """As the Player-Dealer at Lucky Chances, a $100 stake against five $10 wagers: each wager's
    line says what the statement says of its action — nothing for a push (it uses none of the
    stake) nor for a wager wholly covered, "no action" for one the stake no longer covered —
    and the stake's line the part of it the decided wagers used, as the statement's
    ``action_used``, never "in action"; the advice says the collection is in none of its
    figures (the server's ``fee``), never "commission included". Rounds are played until a
    wager pushed."""
    c = sit(server, "lucky-chances", "1")
    page = goto(wen, "#/table/lucky-chances")
    expect(page.get_by_test_id("my-chips")).to_be_visible()
    pushed: list[int] = []

    def reading(kind: str, selector: str, check: Callable[[Page, str], None] | None = None) -> bool:
        def all_of(p: Page, locale: str) -> None:
            drawn(p, locale, kind)
            shown(p, selector)
            if check is not None:
                check(p, locale)

        read(page, f"Lucky Chances: {kind}", all_of)
        return False

    def advice(p: Page, locale: str) -> None:
        shown(p, "[data-testid=advice]")
        if locale == "en":
            lead = p.locator(".pg-advice__lead").inner_text()
            assert "commission" not in lead and "collection, taken in advance" in lead, lead
        fees = [b.get("fee") for u, b in wen.responses if "/advice/" in u and isinstance(b, dict)]
        assert fees and fees[-1] == "collection", fees

    def results(kind: str) -> bool:
        drawn(page, "en", kind)
        st = latest(wen.frames, "lucky-chances")
        statement = st["round"]["statement"]
        bank = statement["bank"]
        assert bank is not None and bank["player"] == "wen", bank
        caption = page.locator("[data-testid=bank-lines] caption").inner_text()
        assert (
            f"stake {dollars(bank['stake'])}, {dollars(bank['action_used'])} of it used" in caption
        )
        assert "in action" not in caption, caption
        for w in statement["wagers"]:
            if w["kind"] != "main":
                continue
            head = page.locator(
                f"[data-testid=statement] tr[data-ref='{w['ref']}'] th"
            ).inner_text()
            if w["result"] == "push":
                pushed.append(st["rounds"])
            if w["result"] not in ("win", "lose") or w.get("action") in (None, w["stake"]):
                assert "action" not in head, (w, head)
            elif w["action"] == 0:
                assert head.endswith(", no action: returned"), (w, head)
            else:
                assert head.endswith(f", {dollars(w['action'])} in action"), (w, head)
        if not pushed:
            return True  # read again at the next round's results
        read(page, "Lucky Chances: results", lambda p, _: shown(p, "[data-testid=bank-lines]"))
        return False

    play_states(
        server,
        c,
        "lucky-chances",
        {
            "bank offer": lambda k: reading(k, "[data-testid=actions] button"),
            "stake": lambda k: reading(k, "form.pg-wager"),
            "bank set": lambda k: reading(k, "section.pg-setting", advice),
            "results": results,
        },
        bank=True,
        stake=10_000,
        rounds=8,
    )
    assert pushed, "no wager pushed in 8 rounds"
    c.command("lucky-chances", "leave")
    c.close()


def test_a_joker_at_supreme_pai_gow(wen: Visit, server: Server) -> None:
    """A round of Supreme Pai Gow in which a joker is seen: the results and the recall name it
    "Joker" (鬼牌), never ``Jk1``/``Jk2``; rounds are played until the player's recall (the
    server's record, as the player may see it) shows one."""
    c = sit(server, "nj-supreme", "1")
    page = goto(wen, "#/table/nj-supreme")
    expect(page.get_by_test_id("my-chips")).to_be_visible()
    found: list[int] = []

    def bonus(p: Page, locale: str) -> None:
        shown(p, "[data-testid=results]")
        for w in latest(wen.frames, "nj-supreme")["round"]["statement"]["wagers"]:
            if w.get("class"):
                said = case_of(words(locale, "pays.bonus"), BonusClass(w["class"]).name)
                row = p.locator(f"[data-testid=results] tr[data-ref='{w['ref']}'] th")
                expect(row).to_contain_text(said)

    def joker_seen(kind: str) -> bool:
        drawn(page, "en", kind)
        st = latest(wen.frames, "nj-supreme")
        seen = [
            p
            for pos in st["round"]["positions"].values()
            for half in ((pos.get("setting") or {}).values() if pos.get("setting") else [])
            for p in half
        ]
        if not any(str(p).startswith("Jk") for p in seen):
            return True
        found.append(st["rounds"])
        read(page, "Supreme Pai Gow: results with a joker", bonus)
        return False

    def surrender(kind: str) -> bool:
        read(page, "Supreme Pai Gow: surrender", lambda p, loc: drawn(p, loc, kind))
        return False

    play_states(server, c, "nj-supreme", {"surrender": surrender, "results": joker_seen}, rounds=8)
    assert found, "no joker seen in 8 rounds"
    goto(wen, f"#/recall/nj-supreme?round={found[0]}")

    def named(p: Page, locale: str) -> None:
        shown(p, "[data-testid=recall-round]")
        joker = {"en": "Joker"}.get(locale, "鬼牌")  # a hand's name as a person hears it
        expect(
            p.locator(f"[data-testid=recall-round] [aria-label*='{joker}']").first
        ).to_be_attached()

    read(page, "Supreme Pai Gow: the recall of a joker", named)
    c.command("nj-supreme", "leave")
    c.close()


def test_a_private_table_and_the_recall(wen: Visit, server: Server) -> None:
    """A private table a player opened is named by its opener on its page and in its recall,
    from what the service says of it (its ``private``), never by its id; the player's own
    recall names every table of their rounds."""
    mine = server.http("GET", "/api/me/private-tables", server.login("ann")).json()["tables"]
    private = mine[0]["table"]
    ann = server.client(server.login("ann"))
    ann.subscribe(private)
    ann.ok(private, "sit", seat="1", cents=50_000)
    play({"ann": ann}, private, finished(1), plain_policy)
    page = goto(wen, f"#/table/{private}")

    def named(p: Page, locale: str) -> None:
        name = {"en": "ann's private table"}.get(locale, "ann 的私人牌桌")
        expect(p.locator(".pg-tablebar__facts strong").first).to_have_text(name)

    read(page, "a private table", named)
    info = server.http("GET", f"/api/tables/{private}/info").json()
    assert info.get("private") == {"owner": "ann", "invitation_only": False, "name": None}, info
    goto(wen, f"#/recall/{private}")

    def recall(p: Page, locale: str) -> None:
        shown(p, "[data-testid=recall-round]")
        name = {"en": "ann's private table"}.get(locale, "ann 的私人牌桌")
        expect(p.locator("h1")).to_contain_text(name)

    read(page, "a private table's recall", recall)
    history = server.http("GET", f"/api/tables/{private}/history").json()
    assert history and all((h.get("private") or {}).get("owner") == "ann" for h in history)
    goto(wen, "#/recall")
    read(page, "the player's recall", lambda p, _: shown(p, "[data-testid=recall-round]"))
    ann.close()


def test_the_operators_recall_and_the_pits_chart(browser: Browser, server: Server) -> None:
    """The operator's recall says each hand of the deal once: the hands played shown, those
    collected unexposed at the table said collected (and shown to the floor), as the stored
    record's deal has them; the pit's chart draws one bar for each hour of the period with
    rounds, at its hour, each the server's win of that hour, under every hour its label; the
    gallery is linked from the pit."""
    v = Visit(browser, server.base + "/", DESKTOP)
    try:
        page = sign_in_operator(v)
        op = server.login(OPERATOR)
        record = server.http("GET", "/api/pit/tables/colorado/rounds/1", op).json()["record"]
        deal = next(o for o in record["operations"] if o["kind"] == "deal")
        hands = list(deal["data"]["hands"])
        collected = list(deal["data"]["collected"])
        played = [p for p in hands if p not in collected]
        assert collected and set(collected) <= set(hands), (hands, collected)
        expected = (
            f"Dealt the tiles: {en_list([position_en(p) for p in played])} shown here; "
            f"{en_list([position_en(p) for p in collected])} collected unexposed at the table "
            "(shown here to the floor)."
        )
        page.goto(v.base + "#/recall/colorado?round=1")
        step = page.locator(".pg-recall__step", has_text="Dealt the tiles")
        expect(step.locator(".pg-recall__text")).to_have_text(expected)
        with page.expect_response(lambda r: "/api/pit/meters" in r.url) as answered:
            page.goto(v.base + "#/pit/meters")
        meters = answered.value.json()  # the tables wait between rounds: the figures stay
        chart = page.locator("figure.pg-pit__chart")
        expect(chart).to_be_visible()
        hours = chart.locator("g[data-hour]")
        first, last = (dt.date.fromisoformat(meters[k]) for k in ("first", "last"))
        days = 1 + (last - first).days
        expect(hours).to_have_count(24 * days)
        drawn = {
            g["hour"]: (int(g["win"]), int(g["rounds"]))
            for g in hours.evaluate_all(
                "els => els.filter(e => e.dataset.win !== undefined)"
                ".map(e => ({hour: e.dataset.hour, win: e.dataset.win, rounds: e.dataset.rounds}))"
            )
        }
        server_hours = {
            re.sub(r"\+00:00$", ".000Z", h["hour"]): (h["win"], h["rounds"])
            for h in meters["hours"]
        }
        assert drawn == server_hours and drawn, (drawn, server_hours)
        if days == 1:  # a day's chart: every hour under its bar
            labels = chart.locator("text[data-label]").evaluate_all(
                "els => els.map(e => e.textContent)"
            )
            assert labels == [f"{h:02d}" for h in range(24)], labels
        expect(page.locator("footer a[href='gallery.html']")).to_have_count(1)
    finally:
        v.close()


def test_every_state_was_read() -> None:
    """The tests above read every state they mean to, each in the three languages; the count is
    printed."""
    for where in TO_READ:
        assert where in READ, (where, sorted(READ))
    print(f"\nwords: {len(READ)} states read in {len(LOCALES)} languages: {sorted(READ)}")
