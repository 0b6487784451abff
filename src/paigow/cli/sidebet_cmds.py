"""``paigow sidebet ...``: exact returns of the side bets as data."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from paigow.errors import ConfigError
from paigow.games.cards.supreme_bonus import BONUS_PAYTABLE, BonusClass, bonus_counts, bonus_return
from paigow.games.tiles.dragons_eye import (
    DEWager,
    dice_bonus_return,
    dice_bonus_wager_value,
    streak_distribution,
    wager_return,
)
from paigow.games.tiles.pair_fortunes import (
    PF_TABLES,
    PFClass,
    pair_fortunes_counts,
    pair_fortunes_return,
)

__all__ = ["check_offered", "dragons_eye_data", "pair_fortunes_data", "supreme_bonus_data"]

_NAMES = {"pair-fortunes": "Pair Fortunes", "dragons-eye": "Dragon's Eye", "supreme-bonus": ""}


def check_offered(bet: str, profile: str, table: str | None) -> str | None:
    """The Pair Fortunes table to show under ``profile`` (its first table when none is given);
    raises ConfigError when the profile does not offer ``bet`` or that table."""
    from paigow.profiles import get_profile

    prof = get_profile(profile)
    sb = prof.side_bets
    offered = {
        "pair-fortunes": sb.pair_fortunes,
        "dragons-eye": sb.dragons_eye,
        "supreme-bonus": sb.supreme_bonus,
    }[bet]
    if not offered:
        raise ConfigError(f"{prof.name} does not offer {_NAMES[bet] or 'the bonus wager'}")
    if bet != "pair-fortunes":
        return table
    tables = [t.upper() for t in sb.pair_fortunes_tables]
    if table is None:
        return tables[0] if tables else None
    if tables and _same_table(table) not in {_same_table(t) for t in tables}:
        raise ConfigError(
            f"{prof.name} offers Pair Fortunes table {' or '.join(tables)}, not {table!r}"
        )
    return table


def _same_table(name: str) -> str:
    """``A``..``D`` and ``1``..``4`` name the same four tables."""
    return {"A": "1", "B": "2", "C": "3", "D": "4"}.get(name.upper(), name.upper())


def _num(x: Fraction) -> dict[str, Any]:
    return {"value": float(x), "exact": str(x)}


def pair_fortunes_data(table: str) -> dict[str, Any]:
    """Class counts over the 35,960 hands and the return of one pay table (R-PF-04/05)."""
    key = table.upper()
    if key not in PF_TABLES:
        raise ConfigError(f"unknown Pair Fortunes table {table!r}; expected 1-4 or A-D")
    pays = PF_TABLES[key]
    counts = pair_fortunes_counts()
    ret = pair_fortunes_return(key)
    return {
        "bet": "pair-fortunes",
        "table": key,
        "hands": sum(counts.values()),
        "counts": {c.value: counts[c] for c in PFClass},
        "pays": {c.value: pays.get(c, -1) for c in PFClass},
        "return": float(ret),
        "return_exact": str(ret),
        "all_tables": {t: float(pair_fortunes_return(t)) for t in ("1", "2", "3", "4")},
    }


def dragons_eye_data() -> dict[str, Any]:
    """Returns per unit of every Dragon's Eye wager over the 216 dice outcomes (R-DE)."""
    returns: dict[str, Fraction] = {
        w.value: wager_return(w, 1 if w is DEWager.MATCH else None) for w in DEWager
    }
    returns["dice_bonus"] = dice_bonus_return(False)
    returns["dice_bonus_shaker"] = dice_bonus_return(True)
    dist = streak_distribution(False)
    streak: dict[int, Fraction] = {}
    for (s, _), p in dist.items():
        streak[s] = streak.get(s, Fraction(0)) + p
    return {
        "bet": "dragons-eye",
        "outcomes": 216,
        "return": {k: float(v) for k, v in returns.items()},
        "return_exact": {k: str(v) for k, v in returns.items()},
        "match_by_position": {p: float(wager_return(DEWager.MATCH, p)) for p in range(1, 8)},
        "dice_bonus_per_wager": {
            "non_shaker": _num(dice_bonus_wager_value(False)),
            "shaker": _num(dice_bonus_wager_value(True)),
        },
        "streak_distribution": {str(k): _num(v) for k, v in sorted(streak.items())},
        "notes": (
            "match: positions 1-6 alike, 7 never matches (AMB-13a); double wins on a triple "
            "(AMB-13b); dice_bonus: per unit per round for a wager kept on the layout, "
            "non-shaker pays 25/50/1000, shaker 30/500/10000 (AMB-12, AMB-14)"
        ),
    }


def supreme_bonus_data() -> dict[str, Any]:
    """Class counts over all 316,251 four-card hands and the bonus return (R-SPG-16/17)."""
    counts = bonus_counts()
    ret = bonus_return()
    return {
        "bet": "supreme-bonus",
        "hands": sum(counts.values()),
        "counts": {c.value: counts[c] for c in BonusClass},
        "pays": {c.value: BONUS_PAYTABLE.get(c, -1) for c in BonusClass},
        "return": float(ret),
        "return_exact": str(ret),
    }
