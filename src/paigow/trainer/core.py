"""The trainer: deal a hand, score the player's setting by the exact EV it gives up, explain.

A :class:`Trainer` is fixed to a profile (the rules and the commission), the dealer's way (the
opponent the EV is computed against) and a house way (the setting the answer is compared to).
Every answer is scored by the exact engine: the EV of each distinct setting against every hand
the dealer can hold (:mod:`paigow.games.tiles.exact.api`, :mod:`paigow.games.cards.exact`).

Pure: no I/O, and randomness comes from an injected :class:`~paigow.games.dice.Rng`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from paigow.errors import ConfigError, InvalidSettingError, ParseError
from paigow.exact.results import commission_of
from paigow.games import Game, game_for
from paigow.games.dice import Rng
from paigow.profiles import Profile, get_profile

from .categories import CARD, WEAK, drill_name
from .explain import Explanation, breakdown
from .problem import Problem, Score
from .select import choose_drill
from .stats import PlayerStats

__all__ = ["Problem", "Score", "Trainer"]


class Trainer:
    """Deals, scores and explains hands for one profile, dealer way and house way.

    Args:
        profile: a profile or its name (tiles or Supreme Pai Gow cards).
        dealer: the dealer's way the EV is computed against (default: the profile's).
        way: the house way answers are compared with (default: the profile's; ``optimal``
            is the best setting against ``dealer``).

    Raises:
        ConfigError: an unknown profile or way.
    """

    def __init__(
        self, profile: Profile | str, *, dealer: str | None = None, way: str | None = None
    ) -> None:
        self.profile = get_profile(profile) if isinstance(profile, str) else profile
        self.game: Game = game_for(self.profile)
        self.dealer = dealer or self.profile.house_way.dealer
        self.way = self.game.trainer_way(way or self.profile.house_way.dealer, self.dealer)
        self._card: tuple[int, ...] | None = None
        # Check the dealer's way (and warm the engine's caches) on one hand.
        self.problem(self.game.parse_pieces(self.game.family(0)))

    @property
    def commission(self) -> Fraction:
        """The commission rate of the profile."""
        return commission_of(self.profile)

    def problem(
        self, pieces: Sequence[Any], drill: str = "all", *, as_banker: bool = False
    ) -> Problem:
        """Score every setting of ``pieces`` (four tiles or cards); with ``as_banker``, as the
        bank's hand against players setting by the dealer's way (scores from the bank's side:
        copies and ties in its favour, commission on its wins)."""
        ps = tuple(pieces)
        options = self.game.scores(ps, self.dealer, as_banker=as_banker)
        key = self.way.set(ps).key()
        house = next(i for i, o in enumerate(options) if o.setting.key() == key)
        best = max(
            range(len(options)),
            key=lambda i: (options[i].ev, i == house, options[i].win, options[i].setting.key()),
        )
        cls = self.game.class_of(ps)
        cats = self.game.table.categories[cls]
        rule = self.game.rule(self.way.name, ps)
        return Problem(ps, drill, cats, options, best, house, rule, self.game.family(cls))

    def parse(self, text: str) -> Problem:
        """A problem for four pieces written as text, e.g. ``"6-6 4-5 1-2 3-3"``."""
        return self.problem(self.game.parse_pieces(text))

    def deal(self, drill: str, rng: Rng, stats: PlayerStats | None = None) -> Problem:
        """A hand of ``drill`` (``weak``: chosen from the player's statistics).

        Raises:
            ConfigError: an unknown drill.
        """
        drill = drill_name(drill)
        if drill == CARD:
            cls = self.game.table.draw_among(self._card_classes(), rng)
            return self.problem(self.game.pieces_of(cls, rng), drill)
        if drill == WEAK:
            pick = choose_drill(stats or PlayerStats(), rng, self.game.table)
            if pick.review is not None:
                pieces = self.game.parse_pieces(pick.review)
                cls = self.game.class_of(pieces)
                return self.problem(self.game.pieces_of(cls, rng), "review")
            drill = pick.drill
        cls = self.game.table.draw(drill, rng)
        return self.problem(self.game.pieces_of(cls, rng), drill)

    def _card_classes(self) -> tuple[int, ...]:
        """The classes one of the card's rules sets (the ``card`` drill deals them)."""
        if self._card is None:
            rule_of = getattr(self.way, "rule_of", None)
            if rule_of is None:
                raise ConfigError(
                    "the card drill needs a strategy card as the way: --way strategy:FILE"
                )
            table = self.game.table
            self._card = tuple(
                c
                for c in range(len(table.keys))
                if rule_of(self.game.parse_pieces(self.game.family(c)))[0] is not None
            )
            if not self._card:
                raise ConfigError("the card has no rule that sets any hand")
        return self._card

    def answer(self, problem: Problem, text: str) -> int:
        """The option the player's text names: a menu number (1..n) or a setting.

        A setting is ``HIGH / LOW`` or one hand of two pieces (the other two form the other
        hand, the better hand high).

        Raises:
            ParseError: neither a number of the menu nor notation.
            InvalidSettingError: pieces the player does not hold, or a setting the rules
                refuse (a high hand below the low hand).
        """
        t = text.strip()
        n = len(problem.options)
        if t.isdecimal():
            if len(t) <= 3 and 1 <= int(t) <= n:
                return int(t) - 1
            raise ParseError(
                f"choose a setting 1..{n}, got {t if len(t) <= 12 else t[:12] + '...'}"
            )
        if not t:
            raise ParseError(f"choose a setting 1..{n} or write one hand, e.g. {self.game.example}")
        setting = self.game.parse_setting(t, problem.pieces)
        for i, o in enumerate(problem.options):
            if o.setting.key() == setting.key():
                return i
        raise InvalidSettingError(
            f"{setting} is not a setting of {problem.text}"
        )  # pragma: no cover

    def score(self, problem: Problem, choice: int) -> Score:
        """Score option ``choice`` of ``problem``."""
        if not 0 <= choice < len(problem.options):
            raise InvalidSettingError(f"no setting {choice + 1} for {problem.text}")
        return Score(problem, choice)

    def explain(self, problem: Problem, choice: int | None = None) -> Explanation:
        """The house-way rule, and where it differs from the best setting, by how much and
        against which dealer hands; the same for the player's ``choice`` when it is neither."""
        b, h = problem.best, problem.house
        house_vs_best = None
        if b != h:
            house_vs_best = breakdown(
                self.game, problem, b, h, dealer=self.dealer, commission=self.commission
            )
        yours = None
        if choice is not None and choice not in (b, h):
            yours = breakdown(
                self.game, problem, b, choice, dealer=self.dealer, commission=self.commission
            )
        return Explanation(
            way=self.way.name,
            dealer=self.dealer,
            rule=problem.rule,
            best=b,
            house=h,
            house_vs_best=house_vs_best,
            yours_vs_best=yours,
        )
