"""Exact advice for one hand: every setting's EV against every possible opposing hand.

For a player's four tiles, the dealer holds four of the other 28: 20,475 hands, set by the
dealer's way. Each of the three settings is scored exactly (integer counts). The banker's view
scores the banker's settings against a player who sets by a given way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from paigow.exact.results import SettingScore, hand_pieces, same_as
from paigow.games.tiles.settings import CompareRules, Setting, settings_of
from paigow.games.tiles.tiles import Tile

from .edge import wins_matrix
from .strategy import WayArrays

__all__ = ["Advice", "SettingScore", "advise", "hand_pieces", "same_as"]


@dataclass(frozen=True)
class Advice:
    """The three settings scored, the best one, and the opposing way's own choice."""

    tiles: tuple[Tile, ...]
    settings: tuple[SettingScore, ...]
    best: int
    house: int
    as_banker: bool
    opponent_way: str

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form (see ``docs/math.md``)."""
        return {
            "tiles": [str(t) for t in self.tiles],
            "role": "banker" if self.as_banker else "player",
            "opponent_way": self.opponent_way,
            "settings": [s.to_json() for s in self.settings],
            "best": self.best,
            "house_way": self.house,
        }


def _distinct(ss: Sequence[Setting]) -> list[Setting]:
    seen: set[tuple[int, int]] = set()
    out = []
    for s in ss:
        if s.key() not in seen:
            seen.add(s.key())
            out.append(s)
    return out


def advise(
    tiles: Sequence[Tile],
    opponent: WayArrays,
    *,
    rules: CompareRules,
    commission: Fraction,
    house_setting: Setting,
    as_banker: bool = False,
) -> Advice:
    """Score the settings of ``tiles`` against every hand the opponent can hold.

    Args:
        tiles: the four tiles held.
        opponent: the opposing way (the dealer's, or with ``as_banker`` the player's).
        rules: comparison rules of the profile.
        commission: commission rate on wins.
        house_setting: the house way's setting of ``tiles``, marked in the result.
        as_banker: score from the banker's side (copies and zero rules in the banker's favour,
            commission on the banker's wins).

    Settings that play identically (equal hands) are listed once.
    """
    space = opponent.space
    row = space.multiplicity_row(space.class_of(list(tiles)))
    every = settings_of(tiles)
    options = _distinct(every)
    scores = []
    for s in options:
        h = np.array([s.high.strength], dtype=np.int32)
        lo = np.array([s.low.strength], dtype=np.int32)
        if as_banker:
            # The opposing player wins a hand when it beats ours.
            hw = wins_matrix(opponent.high, h, low=False, rules=rules)[:, 0]
            lw = wins_matrix(opponent.low, lo, low=True, rules=rules)[:, 0]
            their_win = int(row[hw & lw].sum())
            their_lose = int(row[~(hw | lw)].sum())
            win, lose = their_lose, their_win
        else:
            hw = wins_matrix(h, opponent.high, low=False, rules=rules)[0]
            lw = wins_matrix(lo, opponent.low, low=True, rules=rules)[0]
            win = int(row[hw & lw].sum())
            lose = int(row[~(hw | lw)].sum())
        total = int(row.sum())
        ev = (win * (1 - commission) - lose) / Fraction(total)
        scores.append(SettingScore(s, win, total - win - lose, lose, ev, same_as(s, every)))
    best = max(
        range(len(scores)),
        key=lambda i: (scores[i].ev, scores[i].win, scores[i].setting.key()),
    )
    house = next(i for i, sc in enumerate(scores) if sc.setting.key() == house_setting.key())
    return Advice(tuple(tiles), tuple(scores), best, house, as_banker, opponent.name)
