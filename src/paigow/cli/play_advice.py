"""Exact advice at the terminal table: the EV of each setting of a hand, for tiles and cards,
and the EV a chosen setting gives up against the best one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from paigow.profiles import Profile

__all__ = ["Score", "Scores", "score_settings"]


@dataclass(frozen=True)
class Score:
    """One setting's exact result over every opposing hand, from the advised side."""

    ev: Fraction
    win: float
    push: float
    lose: float


@dataclass(frozen=True)
class Scores:
    """The scored settings of one hand by their key (high, low strength), and the best key."""

    by_key: dict[tuple[int, int], Score]
    best: tuple[int, int]

    def given_up(self, key: tuple[int, int]) -> Fraction | None:
        """EV per unit the setting ``key`` gives up against the best (None: not scored)."""
        chosen = self.by_key.get(key)
        return None if chosen is None else self.by_key[self.best].ev - chosen.ev


def score_settings(
    prof: Profile, pieces: Sequence[Any], *, opponent: str, as_banker: bool
) -> Scores:
    """Exact scores of the settings of ``pieces`` against the ``opponent`` way (the dealer's
    way for a player; the players' way for a bank), by the trainer's game (as the web table's
    advice)."""
    from paigow.games import game_for

    settings = game_for(prof).scores(list(pieces), opponent, as_banker=as_banker)
    by_key = {}
    for sc in settings:
        n = sc.win + sc.push + sc.lose
        by_key[sc.setting.key()] = Score(sc.ev, sc.win / n, sc.push / n, sc.lose / n)
    best = max(settings, key=lambda sc: (sc.ev, sc.win, sc.setting.key()))
    return Scores(by_key, best.setting.key())
