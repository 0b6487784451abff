"""A player's trainer statistics: a pure, serialisable aggregate.

:class:`PlayerStats` counts the hands answered, how many were the best setting and how many the
house way's, and the exact EV given up, overall and by hand category; it keeps the last answers
of each category (for the weakness-driven drill) and a short list of hands the player got wrong
(to bring them back). Every update returns a new value; :meth:`PlayerStats.to_json` and
:meth:`PlayerStats.from_json` give a JSON form that the terminal keeps in a file and the table
service can keep per account. A store of several profiles' statistics is a plain JSON object
(:func:`dump_store`, :func:`load_store`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from paigow.errors import ConfigError

if TYPE_CHECKING:
    from .problem import Score

__all__ = ["PlayerStats", "Review", "Tally", "dump_store", "load_store"]

#: Answers remembered per category for the weakness-driven drill.
RECENT: Final = 20
#: Hands remembered for review.
REVIEW: Final = 12
#: The store format's name and version.
FORMAT: Final = "paigow-trainer-stats"
VERSION: Final = 1


def _fraction(v: Any, what: str) -> Fraction:
    if not isinstance(v, str):
        raise ConfigError(f'{what} must be a fraction written as text, e.g. "3/20475"')
    try:
        f = Fraction(v)
    except (ValueError, ZeroDivisionError):
        raise ConfigError(f"{what} is not a fraction: {v!r}") from None
    if f < 0:
        raise ConfigError(f"{what} cannot be negative: {v!r}")
    return f


def _count(d: Mapping[str, Any], key: str, what: str) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ConfigError(f"{what}.{key} must be a whole number >= 0, got {v!r}")
    return v


def _object(v: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(v, dict):
        raise ConfigError(f"{what} must be a JSON object")
    return v


@dataclass(frozen=True)
class Tally:
    """Answers of one category.

    Attributes:
        hands: answers counted.
        best: answers that were the best setting (or tied with it).
        house: answers that were the house way's setting.
        ev_lost: the EV given up, summed (per unit wagered, exact).
        recent: the last :data:`RECENT` answers, oldest first (True: the best setting).
    """

    hands: int = 0
    best: int = 0
    house: int = 0
    ev_lost: Fraction = Fraction(0)
    recent: tuple[bool, ...] = ()

    @property
    def accuracy(self) -> float | None:
        """The share of best answers (None before the first answer)."""
        return self.best / self.hands if self.hands else None

    @property
    def ev_lost_per_hand(self) -> Fraction | None:
        """The mean EV given up per hand (None before the first answer)."""
        return self.ev_lost / self.hands if self.hands else None

    def add(self, *, best: bool, house: bool, ev_lost: Fraction) -> Tally:
        """This tally with one more answer."""
        return Tally(
            self.hands + 1,
            self.best + best,
            self.house + house,
            self.ev_lost + ev_lost,
            (*self.recent, best)[-RECENT:],
        )

    def to_json(self) -> dict[str, Any]:
        """JSON form (the EV as an exact fraction in text)."""
        return {
            "hands": self.hands,
            "best": self.best,
            "house": self.house,
            "ev_lost": str(self.ev_lost),
            "recent": "".join("1" if r else "0" for r in self.recent),
        }

    @staticmethod
    def from_json(data: Any, what: str = "tally") -> Tally:
        """Read :meth:`to_json`'s form.

        Raises:
            ConfigError: a missing or malformed field (named in the message).
        """
        d = _object(data, what)
        hands = _count(d, "hands", what)
        best, house = _count(d, "best", what), _count(d, "house", what)
        if best > hands or house > hands:
            raise ConfigError(f"{what}: more best or house-way answers than hands")
        recent = d.get("recent", "")
        if not isinstance(recent, str) or set(recent) - {"0", "1"} or len(recent) > RECENT:
            raise ConfigError(f"{what}.recent must be up to {RECENT} characters 0 or 1")
        return Tally(
            hands,
            best,
            house,
            _fraction(d.get("ev_lost"), f"{what}.ev_lost"),
            tuple(c == "1" for c in recent),
        )


@dataclass(frozen=True)
class Review:
    """A hand the player got wrong: its class (by a representative) and when it was missed.

    Attributes:
        family: the hand class's representative pieces, as text.
        hand: the number of answers counted when it was last missed.
    """

    family: str
    hand: int


@dataclass(frozen=True)
class PlayerStats:
    """A player's answers: overall, by category, and the hands to review."""

    total: Tally = Tally()
    categories: Mapping[str, Tally] = field(default_factory=dict)
    review: tuple[Review, ...] = ()

    def tally(self, category: str) -> Tally:
        """The tally of one category (empty if never seen)."""
        return self.categories.get(category, Tally())

    def record(self, score: Score) -> PlayerStats:
        """These statistics with one more scored answer."""
        p = score.problem
        best, house, lost = score.is_best, score.matches_house, score.ev_lost
        cats = dict(self.categories)
        for c in p.categories:
            cats[c] = cats.get(c, Tally()).add(best=best, house=house, ev_lost=lost)
        total = self.total.add(best=best, house=house, ev_lost=lost)
        review = [r for r in self.review if r.family != p.family]
        if not score.is_best:
            review.append(Review(p.family, total.hands))
        return PlayerStats(total, dict(sorted(cats.items())), tuple(review[-REVIEW:]))

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "total": self.total.to_json(),
            "categories": {k: t.to_json() for k, t in sorted(self.categories.items())},
            "review": [{"family": r.family, "hand": r.hand} for r in self.review],
        }

    @staticmethod
    def from_json(data: Any, what: str = "statistics") -> PlayerStats:
        """Read :meth:`to_json`'s form.

        Raises:
            ConfigError: a missing or malformed field (named in the message).
        """
        d = _object(data, what)
        total = Tally.from_json(d.get("total"), f"{what}.total")
        cats = {
            str(k): Tally.from_json(v, f"{what}.categories.{k}")
            for k, v in _object(d.get("categories", {}), f"{what}.categories").items()
        }
        raw = d.get("review", [])
        if not isinstance(raw, list) or len(raw) > REVIEW:
            raise ConfigError(f"{what}.review must be a list of at most {REVIEW} hands")
        review = []
        for i, r in enumerate(raw):
            item = _object(r, f"{what}.review[{i}]")
            fam = item.get("family")
            if not isinstance(fam, str) or not fam:
                raise ConfigError(f"{what}.review[{i}].family must be the hand as text")
            review.append(Review(fam, _count(item, "hand", f"{what}.review[{i}]")))
        return PlayerStats(total, cats, tuple(review))

    def summary(self) -> dict[str, Any]:
        """Display figures: hands, accuracy, house-way matches and EV lost per hand, overall
        and by category."""

        def one(t: Tally) -> dict[str, Any]:
            per = t.ev_lost_per_hand
            return {
                "hands": t.hands,
                "best": t.best,
                "house": t.house,
                "accuracy": t.accuracy,
                "ev_lost_per_hand": None if per is None else float(per),
            }

        return one(self.total) | {
            "categories": {k: one(t) for k, t in sorted(self.categories.items())}
        }


def dump_store(stats: Mapping[str, PlayerStats]) -> str:
    """A store of statistics by profile name as JSON text."""
    body = {
        "format": FORMAT,
        "version": VERSION,
        "profiles": {k: s.to_json() for k, s in sorted(stats.items())},
    }
    return json.dumps(body, indent=1) + "\n"


def load_store(text: str) -> dict[str, PlayerStats]:
    """Read :func:`dump_store`'s text (an empty text is an empty store).

    Raises:
        ConfigError: not JSON, another format or version, or a malformed entry.
    """
    if not text.strip():
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ConfigError(f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    d = _object(data, "the statistics file")
    if d.get("format") != FORMAT:
        raise ConfigError(f"not a trainer statistics file (format {d.get('format')!r})")
    if d.get("version") != VERSION:
        raise ConfigError(
            f"statistics version {d.get('version')!r} is not supported (expected {VERSION})"
        )
    profiles = _object(d.get("profiles", {}), "profiles")
    return {str(k): PlayerStats.from_json(v, f"profiles.{k}") for k, v in profiles.items()}
