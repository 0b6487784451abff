"""Settlement of a round: exposure order, comparisons and the money flow of its banking mode.

Exposure runs from the player farthest to the dealer's right, counterclockwise (R-SETTLE-01);
in Lucky Chances from the seat that received the ACTION stack (R-LC-07). Each wager's outcome
comes from :func:`paigow.games.tiles.settings.compare_settings` under the profile's rules; the money
moves by :mod:`paigow.table.money` (house bank, player bank, co-bank or Player-Dealer).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from paigow.games.outcomes import Outcome
from paigow.games.tiles.settings import Setting, settings_of

from .ledger import Transfer
from .money import (
    SpotResult,
    WagerResult,
    settle_co_bank,
    settle_house_banked,
    settle_player_bank,
    settle_player_dealer,
)
from .state import RoundState, Wager
from .variations import pair_fortunes_units, side_result, side_transfers

__all__ = [
    "exposure_order",
    "obviously_incorrect",
    "resolution_order",
    "settle_bonus",
    "settle_round",
]


def exposure_order(rnd: RoundState) -> list[str]:
    """Wagered spots in the order they are exposed and settled."""
    return resolution_order(
        list(rnd.ring),
        rnd.wagered_spots(),
        player_dealer=rnd.banker.kind == "player-dealer",
        start=rnd.start,
        bank_spot=rnd.bank_spot,
    )


def resolution_order(
    ring: list[str], spots: list[str], *, player_dealer: bool, start: str | None, bank_spot: str
) -> list[str]:
    """``spots`` in the order they are exposed and settled: around ``ring`` from the dealer's
    right (R-SETTLE-01), or in Lucky Chances from the ACTION seat ``start``, the bank's spot
    left out (R-LC-07)."""
    if player_dealer and start is not None:
        i0 = ring.index(start)
        order = [ring[(i0 + k) % len(ring)] for k in range(len(ring))]
        return [p for p in order if p in spots and p != bank_spot]
    return [p for p in ring if p in spots]


def obviously_incorrect(s: Setting) -> bool:
    """R-LC-10: some other split improves *both* hands strictly."""
    return any(
        o.high.strength > s.high.strength and o.low.strength > s.low.strength
        for o in settings_of(list(s.tiles))
    )


def _outcome(rnd: RoundState, s: Setting) -> tuple[Outcome, str, str]:
    assert rnd.bank_setting is not None
    c = rnd.game.compare(s, rnd.bank_setting, rnd.profile)
    return c.result, c.high.value, c.low.value


def settle_round(rnd: RoundState) -> tuple[dict[str, dict[str, Any]], list[Transfer]]:
    """Results per wager ref and the transfers that settle them."""
    results: dict[str, dict[str, Any]] = {}
    spot_results: list[SpotResult] = []
    flat: list[WagerResult] = []
    restaked: list[Transfer] = []
    balances = dict(rnd.ledger.balances)
    for spot in exposure_order(rnd):
        if spot in rnd.voided_spots or spot in rnd.dice_phase_lost:
            continue
        s = rnd.settings.get(spot)
        controller = rnd.controller(spot)
        group: list[WagerResult] = []
        outcome_of_spot: Outcome | None = None
        for w in rnd.spot_wagers(spot):
            entry: dict[str, Any] = {"spot": spot, "player": w.player, "cents": w.cents}
            setting = s
            if (
                s is not None
                and w.player != controller
                and rnd.banker.kind == "player-dealer"
                and obviously_incorrect(s)
            ):
                setting = rnd.house_way.set(rnd.dealt[spot])
                entry["reset_to_house_way"] = True
            lost = _forced_loss(rnd, spot, w)
            if lost is not None or setting is None:
                outcome, hi, lo = Outcome.LOSE, "dealer", "dealer"
                entry["reason"] = lost or "abandoned"
            else:
                outcome, hi, lo = _outcome(rnd, setting)
            surrendered = spot in rnd.surrendered
            entry.update(
                {
                    "result": "surrender" if surrendered else outcome.value,
                    "high": hi,
                    "low": lo,
                }
            )
            results[w.ref] = entry
            if w.player == controller:
                outcome_of_spot = outcome
            stake = w.cents
            if w.ref in rnd.removed:  # LC ¶49/¶50: the bet came off the layout during play
                stake = _restake(rnd, w, outcome, restaked, balances)
                entry["removed"] = "known" if rnd.removed[w.ref] else "unknown"
                entry["stake"] = stake
                if not stake:
                    continue
            wr = WagerResult(
                w.ref, f"player:{w.player}", stake, None if surrendered else outcome, surrendered
            )
            group.append(wr)
            flat.append(wr)
        if group and rnd.banker.kind == "player-dealer":
            spot_results.append(SpotResult(spot, outcome_of_spot or Outcome.LOSE, tuple(group)))
    c = rnd.profile.commission
    rate = Fraction(Decimal(c.rate))
    if rnd.options.dragons_eye and rnd.profile.side_bets.dragons_eye_vig_mode == "b":
        rate = Fraction(0)  # R-DE-11 (b): no vig in the tiles phase
    kind = rnd.banker.kind
    if kind == "house":
        transfers = settle_house_banked(flat, rate=rate, rounding=c.rounding)
    elif kind == "player":
        dealer: tuple[int, Outcome] | None = None
        if rnd.dealer_wager:
            assert rnd.dealer_setting is not None
            d_out, hi, lo = _outcome(rnd, rnd.dealer_setting)
            dealer = (rnd.dealer_wager, d_out)
            results["dealer"] = {
                "spot": "dealer",
                "player": "dealer",
                "cents": rnd.dealer_wager,
                "result": d_out.value,
                "high": hi,
                "low": lo,
            }
        transfers = settle_player_bank(
            flat,
            bank=f"player:{rnd.banker.player}",
            dealer_wager=dealer,
            rate=rate,
            rounding=c.rounding,
            surplus_vig=c.on_bank_surplus,
        )
    elif kind == "co-bank":
        transfers = settle_co_bank(
            flat, bank=f"player:{rnd.banker.player}", rate=rate, rounding=c.rounding
        )
    else:
        t = rnd.profile.table
        transfers, used = settle_player_dealer(
            spot_results,
            pd=f"player:{rnd.banker.player}",
            pd_stake=rnd.pd_stake,
            max_action=None if t.over_max_gets_action else t.max_wager,
        )
        results["player-dealer"] = {"stake": rnd.pd_stake, "action_used": used}
    transfers += _pair_fortunes(rnd, results)
    transfers += settle_bonus(rnd, results)
    return results, restaked + transfers


def _forced_loss(rnd: RoundState, spot: str, w: Wager) -> str | None:
    """Why a wager loses whatever the hands: a dead hand (R-IRR-CO-8), a fouled hand (LC
    ¶48), an abandoned wager (R-IRR-MD-7); None otherwise."""
    if spot in rnd.dead_spots:
        return "dead hand"
    if spot in rnd.fouled:
        return "fouled hand (¶48)"
    if w.player in rnd.abandoned:
        return "abandoned"
    return None


def _restake(
    rnd: RoundState,
    w: Wager,
    outcome: Outcome,
    out: list[Transfer],
    balances: dict[str, int],
) -> int:
    """LC ¶49/¶50: a bet taken off the layout settles as its known amount; of unknown amount,
    a losing bet pays the table maximum and a winning one is paid the table minimum, each to
    the extent the money covers (the player's chips here, the PD's action later)."""
    acct = f"player:{w.player}"
    t = rnd.profile.table
    if rnd.removed[w.ref]:
        stake = w.cents
    elif outcome is Outcome.LOSE:
        stake = min(t.max_wager, balances.get(acct, 0))
    elif outcome is Outcome.WIN:
        stake = t.min_wager
    else:
        stake = 0
    stake = min(stake, balances.get(acct, 0))
    if stake:
        balances[acct] = balances.get(acct, 0) - stake
        out.append(Transfer(acct, "layout", stake, "removed bet", w.ref))
    return stake


def settle_bonus(rnd: RoundState, results: dict[str, dict[str, Any]]) -> list[Transfer]:
    """R-SPG-17..19: each bonus wager on the four cards dealt (whatever the setting, after a
    surrender too), paid by the house (AMB-55) under the payout limit (R-SPG-18, AMB-51)."""
    from paigow.games.cards.supreme_bonus import (
        BONUS_PAYTABLE,
        BonusClass,
        cap_bonus_payouts,
        classify_bonus,
    )

    bonus = [
        w
        for w in rnd.wagers
        if w.kind == "supreme-bonus"
        and w.ref not in results
        and w.ref not in rnd.results
        and w.spot not in rnd.voided_spots
    ]
    classes = {w.ref: classify_bonus(list(rnd.dealt[w.spot])) for w in bonus}
    winners = [w for w in bonus if classes[w.ref] is not BonusClass.NOTHING]
    paid = cap_bonus_payouts(
        [(w.cents, BONUS_PAYTABLE[classes[w.ref]]) for w in winners],
        rnd.profile.side_bets.supreme_bonus_min_cents,
        floor_cents=rnd.profile.side_bets.supreme_bonus_cap_cents,
    )
    pay = {w.ref: p for w, p in zip(winners, paid, strict=True)}
    out: list[Transfer] = []
    for w in bonus:
        cls = classes[w.ref]
        acct = f"player:{w.player}"
        if w.ref in pay:
            out.append(Transfer("layout", acct, w.cents, "stake", w.ref))
            out.append(Transfer("house", acct, pay[w.ref], f"bonus: {cls.value}", w.ref))
        else:
            out.append(Transfer("layout", "house", w.cents, "lose", w.ref))
        results[w.ref] = side_result(
            w, w.ref in pay, BONUS_PAYTABLE.get(cls, -1), **{"class": cls.value}
        )
    return out


def _pair_fortunes(rnd: RoundState, results: dict[str, dict[str, Any]]) -> list[Transfer]:
    """R-PF-03..05: each Pair Fortunes wager on the four tiles dealt, paid by the house."""
    out: list[Transfer] = []
    table = rnd.options.pair_fortunes
    for w in rnd.wagers:
        if w.kind != "pair-fortunes" or w.spot in rnd.voided_spots:
            continue
        assert table is not None
        cls, units = pair_fortunes_units(table, rnd.dealt[w.spot])
        if w.spot in rnd.dead_spots or w.player in rnd.abandoned:
            cls, units = "dead hand", -1
        out += side_transfers(w.ref, f"player:{w.player}", w.cents, units, f"{cls} {units} to 1")
        results[w.ref] = side_result(w, units > 0, units, **{"class": cls})
    return out
