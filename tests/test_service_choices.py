"""The legal choices a player's projection carries are exactly what the table accepts.

Tables of every profile and banking mode are played by players who choose only among the
``choices`` of their state (paigow.service.tables.choices): every command they send is applied, none
refused. At every state a seated player receives while the table waits for them, every offered
choice is tried on a copy of the table (the command's rights, then the engine, rolled back): each
is accepted; the least and the most of every amount are accepted and one cent past either end
refused; a wager on a spot or of a kind not offered, a cut, a style, a spot to set or to
surrender that is not offered, are refused (R-WAGER, R-BANK-06/10, R-LC-08/09, R-CUT, R-DEAL-04,
R-SET-07, R-SURR-01).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paigow.errors import PaigowError
from paigow.profiles import profile_names
from paigow.service.accounts.auth import User
from paigow.service.tables.actor import TableActor
from paigow.service.tables.choices import _still, player_choices
from paigow.service.tables.conduct import next_step
from paigow.service.tables.config import TableConfig
from paigow.service.tables.rights import RightsError, translate
from paigow.service.wire.protocol import ProtocolError, parse_args
from paigow.table.choices import amount_range
from service_sim import Sim, Sub

_VARIATIONS: dict[str, dict[str, Any]] = {
    "colorado": {"pair_fortunes": "1", "dragons_eye": True},
    "maryland": {"pair_fortunes": "A"},
}
SEEN: Counter[str] = Counter()


def accepted(actor: TableActor, user: User, action: str, args: dict[str, Any]) -> bool:
    """Whether the table would apply ``user``'s command now: its rights, the engine, and for a
    bank accepted the round it opens; the table is put back as it was either way."""
    floor = copy.deepcopy(actor.floor)
    cp = actor.engine.checkpoint()
    try:
        cmds = translate(actor, user, action, parse_args(action, args))
        for c in cmds:
            actor.engine.apply(c)
        if action == "bank":
            step = next_step(actor.engine, actor.floor, random.Random(0))
            if isinstance(step, dict) and step["a"] == "begin":
                actor.engine.apply(step)
        return True
    except (ProtocolError, RightsError, PaigowError):
        return False
    finally:
        actor.engine.rollback(cp)
        actor.floor = floor


def check_choices(actor: TableActor, user: User, ch: dict[str, Any]) -> None:
    """Every offered choice accepted, the amounts' ends exact, the rest refused."""
    e = actor.engine
    rnd = e.round

    def ok(action: str, **args: Any) -> None:
        assert accepted(actor, user, action, args), (user.name, action, args, ch)
        SEEN[action] += 1

    def no(action: str, **args: Any) -> None:
        assert not accepted(actor, user, action, args), (user.name, action, args, ch)

    if ch["bank"] is not None:
        ok("bank", accept=True, co_bank=False)
        ok("bank", accept=False)
        if ch["bank"]["co_bank"]:
            ok("bank", accept=True, co_bank=True)
            SEEN["co-bank offered"] += 1
        else:
            no("bank", accept=True, co_bank=True)
    offered = {(w["spot"], w["kind"]) for w in ch["wagers"]}
    for w in ch["wagers"]:
        ok("wager", spot=w["spot"], kind=w["kind"], cents=w["min"])
        ok("wager", spot=w["spot"], kind=w["kind"], cents=w["max"])
        if w["min"] > 1:
            no("wager", spot=w["spot"], kind=w["kind"], cents=w["min"] - 1)
        no("wager", spot=w["spot"], kind=w["kind"], cents=w["max"] + 1)
        SEEN[f"wager:{w['kind']}"] += 1
        if rnd is not None and w["spot"] != rnd.seats.get(user.name):
            SEEN["wager elsewhere"] += 1
    if ch["ready"] and rnd is not None and rnd.banker.player != user.name:
        lo = e.profile.table.min_wager
        for spot in (str(i) for i in range(1, e.profile.table.positions + 1)):
            for kind in ("main", "pair-fortunes", "de-odd", "supreme-bonus"):
                if (spot, kind) not in offered:
                    no("wager", spot=spot, kind=kind, cents=lo)
    for ref in ch["remove"]:
        ok("remove_wager", ref=ref)
    for key in ("dealer_wager", "pd_stake"):
        r = ch[key]
        if r is not None:
            ok(key, cents=r["min"])
            ok(key, cents=r["max"])
            no(key, cents=r["max"] + 1)
            SEEN[f"{key} range"] += 1
    if ch["cuts"] is not None:
        ok("cut", cut=None)
        for c in ch["cuts"]:
            ok("cut", cut=c)
        no("cut", cut="a:1-8:right")
        no("cut", cut="card:3")
    for s in ch["styles"]:
        ok("style", style=s)
    if ch["styles"]:
        no("style", style="z")
    for spot in ch["set_now"]:
        ok("house_way", spot=spot)
    for spot in set(ch["set"]) - set(ch["set_now"]):
        no("house_way", spot=spot)  # R-SET-07: the larger wager first
        SEEN["set in order"] += 1
    for spot in ch["void_hand"]:
        ok("void_hand", spot=spot)
    if ch["bank_set"]:
        ok("bank_set", high=None, low=None)
    for spot in ch["surrender"]:
        ok("surrender", spot=spot)
    if ch["stand"]:
        ok("stand")
    if rnd is not None and rnd.phase == "surrender":
        for spot in set(rnd.wagered_spots()) - set(ch["surrender"]):
            no("surrender", spot=spot)


class ChoosingSim(Sim):
    """A table whose players choose only among their state's choices."""

    def __init__(self, config: TableConfig, players: int, seed: int) -> None:
        super().__init__(config, players, seed)
        self.refused: list[tuple[str, str, dict[str, Any], str]] = []

    def _my_choices(self, u: User) -> dict[str, Any] | None:
        a = self.actor
        return a.choices(a.viewer(u), u)

    def _choices(self, u: User, what: str) -> list[tuple[str, dict[str, Any]]]:
        ch = self._my_choices(u)
        r = self.rng
        if ch is None or ch["key"] is None:
            return []
        if ch["bank"] is not None:
            accept = r.random() < 0.5
            co = accept and ch["bank"]["co_bank"] and r.random() < 0.4
            return [("bank", {"accept": accept, "co_bank": co})]
        out: list[tuple[str, dict[str, Any]]] = []
        if ch["pd_stake"] is not None:
            lo, hi = ch["pd_stake"]["min"], ch["pd_stake"]["max"]
            out.append(("pd_stake", {"cents": min(hi, lo * r.choice([1, 4, 20]))}))
        if ch["dealer_wager"] is not None and r.random() < 0.5:
            out.append(("dealer_wager", {"cents": r.choice(list(ch["dealer_wager"].values()))}))
        if ch["wagers"]:
            # A Pai Gow wager first (on one's own seat or another offered spot), side bets after.
            mains = [w for w in ch["wagers"] if w["kind"] == "main"]
            for w in r.sample(mains, min(len(mains), r.choice([1, 1, 2]))):
                out.append(("wager", {"spot": w["spot"], "kind": "main", "cents": w["min"]}))
        if ch["ready"]:
            return [*out, ("ready", {})]
        if ch["cuts"] is not None:
            return [("cut", {"cut": r.choice([None, *ch["cuts"]])})]
        if ch["styles"]:
            return [("style", {"style": r.choice(ch["styles"])})]
        if ch["roll"]:
            return [("roll", {})]
        if ch["set_now"]:
            return [("house_way", {"spot": ch["set_now"][0]})]
        if ch["bank_set"]:
            return [("bank_set", {})]
        if ch["surrender"] and r.random() < 0.3:
            return [("surrender", {"spot": r.choice(ch["surrender"])})]
        if ch["stand"]:
            return [("stand", {})]
        return []

    async def cmd(self, user: User, action: str, args: dict[str, Any]) -> dict[str, Any]:
        r = await super().cmd(user, action, args)
        if user is not self.operator and r["status"] == "refused":
            self.refused.append((user.name, action, args, r.get("error", "")))
        return r

    async def _irregular(self) -> None:
        """No irregularities: the players' commands are all that is checked here."""


@pytest.mark.parametrize("profile", profile_names())
def test_every_offered_choice_is_accepted_and_nothing_else(profile: str) -> None:
    """Players who choose only among their choices are never refused, and every choice of
    every state a waited-for player receives is exactly what the table accepts."""
    cfg = TableConfig(id="t1", profile=profile, computer_players=2, **_VARIATIONS.get(profile, {}))
    sim = ChoosingSim(cfg, 3, seed=sum(map(ord, profile)) + 5)
    checked = Counter[str]()

    def check(s: Sim, sub: Sub, msg: dict[str, Any]) -> None:
        if msg["type"] not in ("state", "event") or sub.user not in sim.users:
            return
        ch = msg["state"]["choices"]
        assert ch is not None
        if ch["key"] is not None:
            check_choices(s.actor, sub.user, ch)
            checked["states"] += 1

    sim.run(6, check)
    assert sim.refused == [], sim.refused
    assert checked["states"] > 10


def test_the_modes_are_reached() -> None:
    """The tables above offered wagers elsewhere than one's seat (two spots, shared spots), the
    dealer's wager and the stake, co-banking, and set hands in the order of R-SET-07."""
    for key in ("wager elsewhere", "dealer_wager range", "pd_stake range", "co-bank offered"):
        assert SEEN[key] > 0, (key, SEEN)
    assert SEEN["cut"] > 100 and SEEN["style"] > 0 and SEEN["surrender"] > 0, SEEN


@pytest.mark.parametrize("lo", range(0, 8))
@pytest.mark.parametrize("hi", range(0, 8))
def test_amount_range_finds_every_interval(lo: int, hi: int) -> None:
    """amount_range against every interval of 0..7 and every first hint: exhaustive."""
    for hint in range(8):
        found = amount_range(lambda c: lo <= c <= hi, [hint], 7)
        assert found == ((lo, hi) if lo <= hint <= hi else None), (lo, hi, hint, found)


def _choosing(profile: str, seed: int) -> ChoosingSim:
    """A table of ``profile`` with three players who choose among their choices."""
    cfg = TableConfig(id="t1", profile=profile, computer_players=2, **_VARIATIONS.get(profile, {}))
    return ChoosingSim(cfg, 3, seed=seed)


def _seated(sim: Sim) -> list[User]:
    """The sim's players seated at its table now."""
    return [u for u in sim.users if u.name in sim.actor.engine.session.seats]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(profile_names()), seed=st.integers(0, 2**32))
def test_kept_choices_are_the_choices_made_afresh(profile: str, seed: int) -> None:
    """The choices a table keeps between changes (paigow.service.tables.choices.Choices) are, at
    every state any subscriber is sent, those :func:`player_choices` makes afresh for every seated
    player, and the choices sent are those (the slow obvious reference of the fast path), equal as
    JSON to the type (the kept object is handed out again only when it is the same JSON)."""
    sim = _choosing(profile, seed)
    compared = Counter[str]()

    def check(s: Sim, sub: Sub, msg: dict[str, Any]) -> None:
        a, e = s.actor, s.actor.engine
        for u in _seated(s):
            away = u.name in a.floor.away
            fresh = player_choices(e, a.wait, a.floor, u.name, away=away) | {"sit": None}
            got = a.kept_choices.get(e, a.wait, a.floor, u.name, away=away)
            # equal as JSON to the type (True is not 1): the dict kept from before the table
            # changed is handed out again only when it is the same JSON
            assert json.dumps(got, sort_keys=True) == json.dumps(fresh, sort_keys=True)
            # what the floor holds of a player changes without the engine changing (sitting
            # out by choice, coming back, standing up): what is kept follows it at once
            for group in (a.floor.resting, a.floor.returning, a.floor.stood):
                group ^= {u.name}
                try:
                    moved = player_choices(e, a.wait, a.floor, u.name, away=away)
                    kept = a.kept_choices.get(e, a.wait, a.floor, u.name, away=away)
                    assert kept == moved | {"sit": None}
                finally:
                    group ^= {u.name}
            if sub.user is u and msg["type"] in ("state", "event"):
                assert msg["state"]["choices"] == fresh
                compared["sent"] += 1
            compared["kept"] += 1

    sim.run(2, check)
    assert compared["sent"] > 0 and compared["kept"] > compared["sent"]


@pytest.mark.parametrize("profile", ["generic", "colorado"])
def test_choices_the_same_as_before_a_change_are_the_same_object(profile: str) -> None:
    """A player's choices that are the same JSON as before the table changed (a player the
    table does not wait for) are sent as the very object sent before, so that the next
    broadcast's differences pass over them whole; choices that changed are a new object."""
    sim = _choosing(profile, 7)
    last: dict[str, tuple[int, dict[str, Any], str]] = {}
    seen = Counter[str]()

    def check(s: Sim, sub: Sub, msg: dict[str, Any]) -> None:
        a, e = s.actor, s.actor.engine
        for u in _seated(s):
            got = a.kept_choices.get(e, a.wait, a.floor, u.name, away=u.name in a.floor.away)
            text = json.dumps(got, sort_keys=True)
            was = last.get(u.name)
            if was is not None and was[0] != e.changes:
                if was[1] is got:
                    assert was[2] == text  # the same object: it was not changed in place
                    seen["the same object"] += 1
                elif was[2] != text:
                    seen["new choices"] += 1
            last[u.name] = (e.changes, got, text)

    sim.run(2, check)
    assert seen["the same object"] > 0 and seen["new choices"] > 0


@pytest.mark.parametrize("cap", range(0, 8))
@pytest.mark.parametrize("hints", [(1,), (3,), (5, 2, 1), (0, 7)])
def test_kept_ends_hold_exactly_when_a_search_finds_them(cap: int, hints: tuple[int, ...]) -> None:
    """The four checks that keep a wager's range (paigow.service.tables.choices._still) hold for
    the ends kept exactly when amount_range, searching afresh, finds those ends: every
    interval of 0..7 accepted (and none), every pair of ends kept, every cap: exhaustive."""
    intervals = [(lo, hi) for lo in range(8) for hi in range(lo, 8)] + [(1, 0)]
    for lo, hi in intervals:

        def accepts(c: int, lo: int = lo, hi: int = hi) -> bool:
            return lo <= c <= hi

        found = amount_range(accepts, hints, cap)
        for kept in ((a, b) for a in range(8) for b in range(a, 8)):
            assert _still(accepts, kept, hints, cap) == (found == kept), (lo, hi, kept, found)
