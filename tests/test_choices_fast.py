"""The fast paths of the legal choices give exactly the answers of the plain ones.

The round's helpers that find who controls a spot and which spots are still to be set
(paigow.table.state: one pass over the wagers), the order a spot is set in (R-SET-07), the
wager checks split into those of the place and those of the amount (R-WAGER-04/05, R-BANK-08,
R-PF-02, R-DE-01/10, AMB-54), and the spots and kinds :func:`paigow.table.choices.wager_options`
refuses at once with :meth:`~paigow.table.wagers.WagerActions.can_wager_on` (R-WAGER), are each
compared with the plain version kept here (the code they replace): at every state of random
rounds of every profile (tests/test_table_random.py plays them), the same answers, the same
refusals with the same messages.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from paigow.errors import IllegalActionError
from paigow.profiles import profile_names
from paigow.table import choices as legal
from paigow.table.inputs import as_cents, as_name, as_text, dollars
from paigow.table.round import Round
from paigow.table.state import Wager
from paigow.table.variations import SIDE_KINDS
from test_table_random import play_random_round

#: Every kind a wager may name, and one no table knows.
KINDS = ["main", *SIDE_KINDS, "supreme-bonus", "no-such-kind"]


# --------------------------------------------------------------------------- the plain versions
def ref_spot_wagers(rnd: Round, spot: str) -> list[Wager]:
    """Main wagers on ``spot``."""
    return [w for w in rnd.wagers if w.spot == spot and w.kind == "main"]


def ref_wagered_spots(rnd: Round) -> list[str]:
    """Spots with a main wager, in ring order."""
    spots = {w.spot for w in rnd.wagers if w.kind == "main"}
    return [p for p in rnd.ring if p in spots]


def ref_stake_on(rnd: Round, spot: str, player: str) -> int:
    """``player``'s main wagers on ``spot``, in cents."""
    return sum(w.cents for w in ref_spot_wagers(rnd, spot) if w.player == player)


def ref_controller(rnd: Round, spot: str) -> str:
    """R-SET-08, LC ¶41, AMB-71(d): one scan of the spot's wagers per call."""
    stakes: dict[str, int] = {}
    for w in ref_spot_wagers(rnd, spot):
        stakes[w.player] = stakes.get(w.player, 0) + w.cents
    if not stakes:
        raise IllegalActionError(f"spot {spot} has no wager")
    seated = next((n for n, p in rnd.seats.items() if p == spot and n in stakes), None)
    top = max(stakes.values())
    if rnd.profile.banking.action_limited_to_stake:
        if seated is not None and stakes[seated] == top:
            return seated
        return next(p for p, c in stakes.items() if c == top)
    return seated or next(p for p, c in stakes.items() if c == top)


def ref_in_play(rnd: Round, spot: str) -> bool:
    """A wagered spot not void, dead, fouled or lost."""
    return (
        spot in ref_wagered_spots(rnd)
        and spot not in rnd.voided_spots
        and spot not in rnd.dead_spots
        and spot not in rnd.fouled
        and spot not in rnd.dice_phase_lost
    )


def ref_unset_spots(rnd: Round) -> list[str]:
    """R-SET-07: each player's larger wager first, equal wagers counterclockwise."""
    spots = [p for p in ref_wagered_spots(rnd) if p not in rnd.settings and ref_in_play(rnd, p)]

    def key(spot: str) -> tuple[int, int]:
        return (-ref_stake_on(rnd, spot, ref_controller(rnd, spot)), rnd.ring.index(spot))

    return sorted(spots, key=key)


def ref_may_set(rnd: Round, spot: str) -> None:
    """R-SET-07: a spot in play, not yet set, and set in turn."""
    rnd._need("setting")
    as_text(spot, "a spot")
    if not ref_in_play(rnd, spot):
        raise IllegalActionError(f"spot {spot} holds no hand in play")
    if spot in rnd.settings:
        raise IllegalActionError(f"spot {spot} is already set; set hands cannot change")
    player = ref_controller(rnd, spot)
    for other in ref_unset_spots(rnd):
        if other == spot:
            break
        if ref_controller(rnd, other) == player:
            mine, theirs = ref_stake_on(rnd, spot, player), ref_stake_on(rnd, other, player)
            why = (
                "the larger wager is set first"
                if theirs > mine
                else "equal wagers are set counterclockwise"
            )
            raise IllegalActionError(
                f"{player} sets spot {other} before spot {spot}: {why} (R-SET-07)"
            )


def ref_verify_wager(rnd: Round, player: str, spot: str, cents: int, kind: str = "main") -> None:
    """Checks of R-WAGER-01..08, R-BANK-06/08, R-LC-08 and R-SPG-15 for a wager."""
    rnd._need("wagers")
    as_name(player)
    as_text(spot, "a spot")
    as_text(kind, "a wager kind")
    if player not in rnd.seats:
        raise IllegalActionError(f"{player} is not seated; only seated players wager")
    if kind != "main":
        _ref_verify_side(rnd, player, spot, cents, kind)
        return
    as_cents(cents, "a wager", positive=True)
    t = rnd.profile.table
    if spot not in {str(i) for i in range(1, t.positions + 1)}:
        raise IllegalActionError(f"{spot!r} is not a betting position")
    if rnd.is_player_banked and player == rnd.banker.player:
        raise IllegalActionError(f"{player} is the bank and cannot wager against it")
    if rnd.is_player_banked and spot == rnd.bank_spot:
        raise IllegalActionError(f"spot {spot} is the bank's")
    _ref_verify_spot(rnd, player, spot)
    if cents < t.min_wager and not t.under_min_gets_action:
        what = "after collection " if rnd.profile.commission.collection else ""
        raise IllegalActionError(
            f"a bet of {dollars(cents)} {what}is under the table minimum "
            f"{dollars(t.min_wager)} (R-WAGER-06, ¶20, ¶22, ¶26)"
        )
    total = sum(w.cents for w in ref_spot_wagers(rnd, spot)) + cents
    if total > t.max_wager and t.over_max_gets_action:
        raise IllegalActionError(
            f"spot {spot} would hold {dollars(total)}, over the table maximum "
            f"{dollars(t.max_wager)}"
        )
    _ref_verify_combined(rnd, player, spot, cents)
    fee = rnd._collection_fee(cents)
    have = rnd.ledger.balance(f"player:{player}")
    if have < cents + fee:
        raise IllegalActionError(
            f"{player} has {dollars(have)}, cannot wager {dollars(cents)}"
            + (f" plus collection {dollars(fee)}" if fee else "")
        )
    if rnd.banker.kind in ("player", "co-bank") and rnd.profile.banking.bank_must_cover_all:
        on_layout = sum(w.cents for w in rnd.wagers if w.kind == "main")
        need = on_layout + cents + rnd.dealer_wager
        if need > rnd._bank_cover():
            raise IllegalActionError(
                f"the bank ({rnd.banker.player}) has {dollars(rnd._bank_cover())} and "
                f"cannot cover {dollars(need)} in wagers (R-BANK-06)"
            )


def _ref_verify_spot(rnd: Round, player: str, spot: str) -> None:
    """Own seat, an adjacent empty spot (R-WAGER-04), or a shared spot (R-WAGER-05/07)."""
    t = rnd.profile.table
    own = rnd.seats[player]
    mine = {w.spot for w in rnd.wagers if w.player == player and w.kind == "main"}
    others = [w for w in ref_spot_wagers(rnd, spot) if w.player != player]
    seated_there = next((n for n, p in rnd.seats.items() if p == spot), None)
    if spot != own:
        adjacent = abs(int(spot) - int(own)) == 1
        shared = seated_there is not None or bool(others)
        if shared and t.max_players_per_spot < 2:
            raise IllegalActionError(f"spot {spot} belongs to another player")
        if not shared and not (t.allow_two_spots and adjacent):
            raise IllegalActionError(
                f"{player} may wager only on seat {own}"
                + (" or an adjacent empty spot" if t.allow_two_spots else "")
            )
    if spot not in mine and len(mine | {spot}) > 2:
        raise IllegalActionError(f"{player} already plays two spots (R-WAGER-04)")
    bettors = {w.player for w in ref_spot_wagers(rnd, spot)} | {player}
    if len(bettors) > t.max_players_per_spot:
        raise IllegalActionError(f"spot {spot} takes at most {t.max_players_per_spot} bettor(s)")


def _ref_verify_combined(rnd: Round, player: str, spot: str, cents: int) -> None:
    """NJ Summary, AMB-53: the Supreme Pai Gow wager and the bonus wager together at most
    the posted maximum (the profile's ``supreme_combined_max_cents``; 0: no such limit)."""
    cap = rnd.profile.side_bets.supreme_combined_max_cents
    mine = sum(
        w.cents
        for w in rnd.wagers
        if w.player == player and w.spot == spot and w.kind in ("main", "supreme-bonus")
    )
    if cap and mine + cents > cap:
        raise IllegalActionError(
            f"{player}'s wagers on spot {spot} would total {dollars(mine + cents)}, over "
            f"the posted maximum {dollars(cap)} for the main and bonus wagers together"
        )


def _ref_verify_side(rnd: Round, player: str, spot: str, cents: int, kind: str) -> None:
    t = rnd.profile.table
    sb = rnd.profile.side_bets
    if kind == "supreme-bonus":
        _ref_verify_bonus(rnd, player, spot, cents)
        return
    if kind not in SIDE_KINDS:
        raise IllegalActionError(f"unknown wager kind {kind!r}")
    if kind == "pair-fortunes" and rnd.options.pair_fortunes is None:
        raise IllegalActionError("Pair Fortunes is not offered at this table")
    if kind != "pair-fortunes" and not rnd.options.dragons_eye:
        raise IllegalActionError("Dragon's Eye is not offered at this table")
    as_cents(cents, "a wager", positive=True)
    if player == rnd.banker.player:
        raise IllegalActionError(f"{player} may not place a {kind} wager")
    if spot != rnd.seats[player] and not any(
        w.player == player and w.spot == spot for w in ref_spot_wagers(rnd, spot)
    ):
        raise IllegalActionError(f"{player} may place a {kind} wager only at a spot played")
    needs_base = (
        sb.pair_fortunes_requires_base
        if kind == "pair-fortunes"
        else not sb.dragons_eye_without_paigow_wager
    )
    if needs_base and not any(w.player == player for w in ref_spot_wagers(rnd, spot)):
        raise IllegalActionError(f"a {kind} wager needs a Pai Gow Tiles wager on spot {spot} first")
    if kind == "dice-bonus" and rnd.options.after_triple:
        raise IllegalActionError(
            "no new dice bonus wagers in the round after a triple (R-DE-10, AMB-14)"
        )
    if any(w.player == player and w.spot == spot and w.kind == kind for w in rnd.wagers):
        raise IllegalActionError(f"{player} already has a {kind} wager on spot {spot}")
    if not t.min_wager <= cents <= t.max_wager:
        raise IllegalActionError(
            f"{dollars(cents)} is outside the table limits "
            f"{dollars(t.min_wager)}..{dollars(t.max_wager)}"
        )
    if rnd.ledger.balance(f"player:{player}") < cents:
        raise IllegalActionError(f"{player} lacks {dollars(cents)} for the {kind} wager")


def _ref_verify_bonus(rnd: Round, player: str, spot: str, cents: int) -> None:
    """R-SPG-15, AMB-53/54: with a main wager on the spot, within the bonus limits."""
    sb = rnd.profile.side_bets
    if not sb.supreme_bonus:
        raise IllegalActionError(f"{rnd.profile.name} has no bonus wager")
    as_cents(cents, "a bonus wager", positive=True)
    if not sb.supreme_bonus_min_cents <= cents <= sb.supreme_bonus_max_cents:
        raise IllegalActionError(
            f"a bonus wager is {dollars(sb.supreme_bonus_min_cents)}.."
            f"{dollars(sb.supreme_bonus_max_cents)}, got {dollars(cents)}"
        )
    if not any(w.player == player for w in ref_spot_wagers(rnd, spot)):
        raise IllegalActionError("a bonus wager needs a Supreme Pai Gow wager first (AMB-54)")
    if any(w.player == player and w.spot == spot and w.kind == "supreme-bonus" for w in rnd.wagers):
        raise IllegalActionError(f"{player} already has a bonus wager on spot {spot}")
    _ref_verify_combined(rnd, player, spot, cents)
    if rnd.ledger.balance(f"player:{player}") < cents:
        raise IllegalActionError(f"{player} lacks {dollars(cents)} for the bonus wager")


def ref_wager_options(rnd: Round, player: str, kinds: list[str]) -> list[dict[str, Any]]:
    """Every spot and kind searched with the round's whole check, none refused at once."""
    if rnd.phase != "wagers" or player not in rnd.seats:
        return []
    t = rnd.profile.table
    chips = rnd.ledger.balance(f"player:{player}")
    hints = (t.min_wager, rnd.profile.side_bets.supreme_bonus_min_cents, 1)
    out = []
    for kind in kinds:
        for spot in (str(i) for i in range(1, t.positions + 1)):

            def accepts(cents: int, spot: str = spot, kind: str = kind) -> bool:
                return cents > 0 and rnd.can_wager(player, spot, cents, kind)

            found = legal.amount_range(accepts, hints, chips)
            if found is not None:
                out.append({"spot": spot, "kind": kind, "min": found[0], "max": found[1]})
    return out


def ref_setting_spots(rnd: Round, player: str) -> tuple[list[str], list[str]]:
    """R-SET-07: the spots ``player`` sets in order, and those that may be set now."""
    if rnd.phase != "setting":
        return [], []
    mine = [s for s in ref_unset_spots(rnd) if ref_controller(rnd, s) == player]
    return mine, [s for s in mine if refusal(ref_may_set, rnd, s) is None]


def ref_spots(rnd: Round, player: str, phase: str, can: Callable[[str], bool]) -> list[str]:
    """The wagered spots ``player`` controls that ``can`` takes in ``phase`` (R-SURR-01,
    R-IRR-CO-5)."""
    if rnd.phase != phase:
        return []
    return [s for s in ref_wagered_spots(rnd) if ref_controller(rnd, s) == player and can(s)]


# --------------------------------------------------------------------------- the comparisons
def refusal(check: Callable[..., Any], *args: Any) -> str | None:
    """The message ``check`` refuses ``args`` with, or None when it accepts them."""
    try:
        check(*args)
    except IllegalActionError as e:
        return str(e)
    return None


SEEN: Counter[str] = Counter()


def compare(rnd: Round, rng: random.Random) -> None:
    """Every fast answer of ``rnd`` now against its plain version."""
    SEEN[f"{rnd.profile.name}:{rnd.phase}"] += 1
    spots = [*rnd.ring, "0", "9", "x"]
    assert rnd.unset_spots() == ref_unset_spots(rnd)
    assert rnd.setting_turns() == [(s, ref_controller(rnd, s)) for s in ref_unset_spots(rnd)]
    assert rnd.controllers() == {s: ref_controller(rnd, s) for s in ref_wagered_spots(rnd)}
    for s in spots:
        assert rnd.in_play(s) == ref_in_play(rnd, s)
        assert refusal(rnd.controller, s) == refusal(ref_controller, rnd, s)
        assert refusal(rnd._may_set, s) == refusal(ref_may_set, rnd, s), s
        assert rnd.can_set(s) == (refusal(ref_may_set, rnd, s) is None)
    players = [*rnd.seats, "stranger"]
    turns, who = rnd.setting_turns(), rnd.controllers()  # as a table shares them
    for p in players:
        setting = ref_setting_spots(rnd, p)
        surrender = ref_spots(rnd, p, "surrender", rnd.can_surrender)
        void = ref_spots(rnd, p, "setting", rnd.can_void_hand)
        assert legal.setting_spots(rnd, p) == legal.setting_spots(rnd, p, turns) == setting
        assert legal.surrender_spots(rnd, p) == legal.surrender_spots(rnd, p, who) == surrender
        assert legal.void_hand_spots(rnd, p) == legal.void_hand_spots(rnd, p, who) == void
    if rnd.phase != "wagers":
        return
    SEEN["wager states"] += 1
    for p in players:
        offered = legal.wager_options(rnd, p, KINDS)
        assert offered == ref_wager_options(rnd, p, KINDS)
        chips = rnd.ledger.balance(f"player:{p}") if p in rnd.seats else 0
        edges = [0, 1, 99, 100, 499, 500, 501, 2_500, chips, chips + 1, 500_000, 500_001]
        tried = [
            (o["spot"], o["kind"], [o["min"] - 1, o["min"], o["max"], o["max"] + 1])
            for o in offered
        ]
        pairs = [(s, k) for s in spots for k in KINDS]
        tried += [(s, k, rng.sample(edges, 3)) for s, k in rng.sample(pairs, 12)]
        for s, k, cents in tried:
            on = rnd.can_wager_on(p, s, k)
            amounts = rnd.wager_amounts(p, s, k)
            assert (amounts is not None) == on
            for c in cents:
                why = refusal(rnd.verify_wager, p, s, c, k)
                assert why == refusal(ref_verify_wager, rnd, p, s, c, k), (p, s, c, k)
                assert on or why is not None, (p, s, c, k)
                assert amounts is None or amounts(c) == (why is None), (p, s, c, k)
                SEEN["accepted" if why is None else "refused"] += 1


@contextmanager
def compared_at_every_state(rng: random.Random) -> Iterator[None]:
    """Every action of a round, once settled, followed by :func:`compare`."""
    settled = Round._settled

    def check(rnd: Round) -> None:
        settled(rnd)
        compare(rnd, rng)

    Round._settled = check  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        Round._settled = settled  # type: ignore[method-assign]


@pytest.mark.parametrize("chunk", range(4))
def test_the_fast_choices_are_the_plain_ones(chunk: int) -> None:
    """R-WAGER, R-WAGER-04/05, R-BANK-08, R-PF-02, R-DE-01/10, AMB-54, R-SET-07/08, R-SURR-01,
    R-IRR-CO-5: at every state of random rounds, the controllers, the spots still to be set
    and the order they are set in, the wager checks with their messages, and the spots,
    kinds and ranges of the wagers offered are those of the plain versions."""
    rng = random.Random(7_000 + chunk)
    stats: Counter[str] = Counter()
    with compared_at_every_state(rng):
        for _ in range(40):
            play_random_round(rng, stats)


def test_every_profile_and_phase_was_compared() -> None:
    """The rounds above reached the wagers, the setting, the bank's setting, the surrender and
    the end of every profile, and the wager checks both accepted and refused."""
    for name in profile_names():
        for phase in ("wagers", "setting", "bank", "surrender", "done"):
            assert SEEN[f"{name}:{phase}"] > 0, (name, phase, SEEN)
    assert SEEN["accepted"] > 100 and SEEN["refused"] > 100, SEEN
