"""Build a profile's report from the exact engine: :func:`build_report`.

Besides computing every section, the build checks its figures against a second path through
the engine (each check a line of the report): the main wager's win, push and lose totals
against the edge's counts, each side bet's return against its module's own return, and every
table's probabilities summing to exactly one. A check that fails is named in the report, which
then says it must not be relied on.
"""

from __future__ import annotations

from fractions import Fraction

from paigow.games import Game, game_for
from paigow.games.cards.supreme_bonus import bonus_return
from paigow.games.tiles.dragons_eye import DEWager, dice_bonus_return, wager_return
from paigow.games.tiles.pair_fortunes import pair_fortunes_return
from paigow.profiles import Profile

from .main_wager import STRATEGIES, main_tables
from .model import Identity, ParTable, Report
from .randomness import RandomnessPlan, randomness_section
from .records import records_section
from .rules import rules_section
from .side_bets import side_tables

__all__ = ["build_report", "check_tables"]


def _expected_side(key: str) -> Fraction | None:
    """A side bet table's return as its own module computes it (None: not a side bet key)."""
    if key.startswith("pair-fortunes-"):
        return pair_fortunes_return(key.removeprefix("pair-fortunes-"))
    if key == "dice-bonus":
        return dice_bonus_return(False)
    if key == "dice-bonus-shaker":
        return dice_bonus_return(True)
    if key.startswith("dragons-eye-"):
        wager = DEWager(key.removeprefix("dragons-eye-"))
        return wager_return(wager, 1 if wager is DEWager.MATCH else None)
    if key == "supreme-bonus":
        return bonus_return()
    return None


def check_tables(
    profile: Profile, game: Game, main: tuple[ParTable, ...], side: tuple[ParTable, ...]
) -> tuple[str, ...]:
    """The build's checks of its tables, one line each (``ok:`` or ``FAILED:``)."""
    out = []
    for t in (*main, *side):
        ok = t.probability == 1
        out.append(f"{'ok' if ok else 'FAILED'}: {t.key}: the probabilities sum to {t.probability}")
    house = profile.house_way.dealer
    rate = Fraction(profile.commission_rate)
    ways = {key: (player, dealer) for key, _, player, dealer, _ in STRATEGIES}
    for t in main:
        player, dealer = ways[t.key]
        res = game.edge(
            house if player == "house" else player,
            house if dealer == "house" else dealer,
            profile,
            rate,
        )
        got = {o: sum(ln.count for ln in t.lines if ln.outcome == o) for o in ("win", "lose")}
        want = (
            {"win": res.win, "lose": res.lose}
            if t.key.startswith("player")
            else {
                "win": res.lose,
                "lose": res.win,
            }
        )
        ok = got == want and t.total == res.deals
        out.append(
            f"{'ok' if ok else 'FAILED'}: {t.key}: wins {got['win']:,} and losses "
            f"{got['lose']:,} of {t.total:,} deals, as the edge counts them"
        )
    for t in side:
        want_ev = _expected_side(t.key)
        if want_ev is None:
            continue
        ok = t.ev == want_ev
        out.append(f"{'ok' if ok else 'FAILED'}: {t.key}: return {t.ev}, as its module computes it")
    return tuple(out)


def build_report(
    profile: Profile,
    *,
    text: str | None,
    identity: Identity,
    plan: RandomnessPlan | None = None,
    record_seed: int | None = 7,
) -> Report:
    """The report of ``profile``: ``text`` is its TOML text (its annotations name the clauses;
    None: not at hand), ``identity`` the build's (gathered by the caller, who reads the
    files), ``plan`` how much the randomness section draws."""
    game = game_for(profile)
    main = main_tables(profile, game)
    side = side_tables(profile)
    return Report(
        profile=profile.name,
        title=profile.meta.title,
        command=f"paigow report --profile {profile.name}",
        rules=rules_section(profile, game, text),
        main=main,
        side=side,
        published=tuple(game.published_figures(profile)),
        randomness=randomness_section(profile, plan or RandomnessPlan()),
        records=records_section(profile, record_seed),
        identity=identity,
        checks=check_tables(profile, game, main, side),
    )
