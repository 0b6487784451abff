"""What the round engine needs of a game (:class:`Game`), and what both games share.

:class:`~paigow.table.round.Round` asks its game for everything that differs between games:
the set of pieces, parsing, the cut and its notation, the delivery, settings, the house way,
the comparison, and the few procedures only one game has (the card game's stub count, a card
found face up in a manual shoe, the bank's choice of the first stack). The round's procedure,
money, log and record are shared. The games are :class:`paigow.games.tiles.TileGame` and
:class:`paigow.games.cards.CardGame`; :func:`paigow.games.game_for` finds a profile's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from paigow.errors import ConfigError, ParseError
from paigow.games.dice import Rng
from paigow.games.outcomes import Comparison
from paigow.profiles import Profile

if TYPE_CHECKING:
    from paigow.exact.hand_results import HandResults
    from paigow.exact.results import PublishedFigure, SettingScore
    from paigow.games.dice import Rng
    from paigow.games.rulebook import Vocabulary
    from paigow.strategy.classes import Problem

    from .categories import ClassTable
    from .trainer_kit import DealerField

__all__ = ["Game", "ProfileBound", "hand_pieces", "high_below_low", "pieces_from"]


class Game(Protocol):
    """What the round engine, the math commands, the strategy generator and the command line
    need of a game: everything that differs between games, asked of the profile's game."""

    #: The game's name, the value of a profile's ``[meta] game``.
    name: str
    #: The game's name in a sentence (``Pai Gow Tiles``).
    title: str
    #: What its pieces are called (``tiles``, ``cards``).
    noun: str
    full_set: tuple[Any, ...]
    #: What the bank cuts (``stacks``, ``deck``), an example of a cut, and the cut's notation
    #: explained (the terminal table's ``?``).
    cut_noun: str
    cut_example: str
    cut_help: str
    #: True when a player's foul setting is played and loses (R-SPG-21); False when a foul is
    #: refused or played as set.
    foul_loses: bool
    #: The procedures and math only some games define: the equilibrium of
    #: ``paigow equilibrium``, ``paigow ways compare``, the quick round of ``paigow demo``, the
    #: plot of an edge by hand group (``paigow edge --plot``).
    solves_equilibrium: bool
    plots_edge: bool
    compares_ways: bool
    deals_quick_round: bool

    def parse(self, text: str | Sequence[Any]) -> list[Any]:
        """Pieces from text (or a sequence of pieces)."""
        ...

    def check_order(self, pieces: Sequence[Any]) -> None:
        """Raise unless ``pieces`` is exactly one full set."""
        ...

    def cut(self, order: list[Any], cut: str) -> list[Any]:
        """The order after the cut."""
        ...

    def deal(
        self,
        order: Sequence[Any],
        style: str,
        ring: Sequence[str],
        start: str,
        *,
        bank_first_stack: int | None = None,
    ) -> dict[str, tuple[Any, ...]]:
        """Each ring position's four pieces."""
        ...

    def setting(self, high: Sequence[Any], low: Sequence[Any]) -> Any:
        """A setting from two hands (not validated against the rules)."""
        ...

    def settings_of(self, pieces: Sequence[Any]) -> Sequence[Any]:
        """The three splits, better hand high."""
        ...

    def house_way(self, name: str) -> Any:
        """A house way object with ``name`` and ``set(pieces)``."""
        ...

    def compare(self, player: Any, banker: Any, profile: Profile) -> Comparison:
        """Win/push/lose of a player's setting against the banker's."""
        ...

    def pieces(self, setting: Any) -> list[Any]:
        """The four pieces of a setting."""
        ...

    def is_foul(self, setting: Any) -> bool:
        """True when the high hand ranks below the low hand."""
        ...

    def cut_options(self, n_pieces: int) -> Iterable[str]:
        """Every cut there is, in the game's notation, for an order of ``n_pieces`` (the round
        keeps those it accepts now)."""
        ...

    #: True when a style other than the profile's default needs the profile's chooser
    #: (R-DEAL-04: the tiles' ten styles); False when any offered style may be chosen.
    restricts_style_choice: bool

    def bank_picks_first_stack(self, style: str) -> bool:
        """True when the bank of a player-banked round may name the first stack dealt in
        ``style`` (R-SPG-24: cards dealt by hand)."""
        ...

    #: True when an exposed piece in the bank's own hand voids it but keeps its bonus wager
    #: (the card game's bonus, R-IRR-NJ); False when the bank hand is voided whole.
    exposed_bank_hand_keeps_bonus: bool

    #: True when the dealer counts the stub after the deal (R-IRR-NJ-p: cards).
    counts_stub: bool

    def face_up_in_shoe(self, style: str) -> bool:
        """True when a piece can be found face up in the shoe of ``style`` (R-IRR-NJ-f: a
        manual card shoe)."""
        ...

    def way_listing(self) -> list[dict[str, str]]:
        """The game's house ways by name, each with its description (``paigow ways``)."""
        ...

    def edge(
        self,
        player: str,
        dealer: str,
        profile: Profile,
        commission: Fraction,
        progress: Callable[[int, int], None] | None = None,
    ) -> Any:
        """The exact result (:class:`paigow.exact.results.EdgeResult`) of the player's way
        against the dealer's over every deal, under ``profile`` with ``commission``
        (``progress(done, total)`` called as it goes, where the game reports it)."""
        ...

    def edge_json(self, result: Any, profile: Profile) -> dict[str, Any]:
        """An :meth:`edge` result as ``paigow edge --json`` prints it."""
        ...

    def edges_json(
        self, players: Sequence[str], dealer: str, profile: Profile, commission: Fraction
    ) -> list[dict[str, Any]]:
        """:meth:`edge_json` of each player way against one dealer way."""
        ...

    def advice_json(
        self, text: str, profile: Profile, commission: Fraction, *, opponent: str, as_banker: bool
    ) -> dict[str, Any]:
        """The exact score of every setting of the four pieces of ``text`` against the
        ``opponent`` way, as the player or (``as_banker``) as the bank (``paigow advise``)."""
        ...

    def hand_results(
        self, player: str, dealer: str, profile: Profile, commission: Fraction
    ) -> HandResults:
        """The deals of the player's way against the dealer's by the result of each hand (won,
        copied, beaten: :mod:`paigow.exact.hand_results`); ``optimal`` as the player's way is
        the best reply to the dealer's, ``optimal-banker`` as the dealer's the best reply to
        the player's (the probability and accounting report, :mod:`paigow.report`)."""
        ...

    def published_figures(self, profile: Profile) -> Sequence[PublishedFigure]:
        """House edges of this game published elsewhere, each beside the same figure computed
        by the exact engine under ``profile``'s rules (none where none is known)."""
        ...

    def hand_json(self, text: str, profile: Profile) -> dict[str, Any]:
        """What a two-piece hand is (``paigow hand``)."""
        ...

    def compare_json(
        self, player: str, dealer: str, profile: Profile, *, detail: bool = False
    ) -> dict[str, Any]:
        """A player's setting against the dealer's (``paigow compare``)."""
        ...

    def set_json(self, text: str, way: str, profile: Profile) -> dict[str, Any]:
        """The setting of four pieces by the house way ``way`` (``paigow set``)."""
        ...

    @property
    def vocabulary(self) -> Vocabulary:
        """The game's words for strategies (``strategy:FILE`` ways and the generator)."""
        ...

    def strategy_problem(
        self, profile: Profile, against: str, fallback: str, commission: Fraction, role: str
    ) -> Problem:
        """The strategy generator's problem: ``role`` against the way ``against``, the hands
        no rule covers set by ``fallback`` (:mod:`paigow.strategy`)."""
        ...

    # --- the trainer (:mod:`paigow.trainer`): the game of the profile it is bound to -------

    #: The profile the game object serves (:func:`paigow.games.game_for` binds it; None for a
    #: game asked only for what no profile changes).
    profile: Profile | None
    #: A hand as the player writes it (``6-6 4-5``), and what the game's wild hands are
    #: called in statistics (``gee joon hands``).
    example: str
    wild_label: str

    @property
    def table(self) -> ClassTable:
        """The classes of four-piece hands, their weights and categories."""
        ...

    def pieces_of(self, cls: int, rng: Rng) -> tuple[Any, ...]:
        """Four pieces of hand class ``cls``, the copies of each type drawn uniformly."""
        ...

    def class_of(self, pieces: Sequence[Any]) -> int:
        """The class of four pieces."""
        ...

    def family(self, cls: int) -> str:
        """A representative hand of class ``cls``, as text (names the class in statistics)."""
        ...

    def parse_pieces(self, text: str) -> tuple[Any, ...]:
        """Four pieces from text (validated)."""
        ...

    def scores(
        self, pieces: Sequence[Any], dealer: str, *, as_banker: bool = False
    ) -> tuple[SettingScore, ...]:
        """The exact score of every distinct setting against the ``dealer`` way under the
        bound profile; with ``as_banker``, of the bank's hand against players setting by that
        way."""
        ...

    def trainer_way(self, name: str, dealer: str) -> Any:
        """A way object (``name``, ``set``); ``optimal`` plays best against ``dealer``."""
        ...

    def rule(self, way: str, pieces: Sequence[Any]) -> str | None:
        """The rule of house way ``way`` that sets ``pieces``, in words (None: not known)."""
        ...

    def parse_setting(self, text: str, pieces: Sequence[Any]) -> Any:
        """The player's setting of ``pieces``: ``HIGH / LOW`` or one hand of two pieces."""
        ...

    def field(self, pieces: Sequence[Any], dealer: str) -> DealerField:
        """Every hand the dealer can hold against ``pieces``, by class, set by ``dealer``."""
        ...

    def wins(self, player: int, dealer: int, *, low: bool) -> bool:
        """True when a player's hand of strength ``player`` beats the dealer's (the low hand
        with ``low``) under the bound profile's rules."""
        ...

    def band(self, strength: int) -> str:
        """The group of :data:`paigow.games.trainer_kit.BANDS` of a hand's strength."""
        ...


class ProfileBound:
    """A game object bound to the profile it serves (None: a game asked only for what no
    profile changes, such as its vocabulary)."""

    def __init__(self, profile: Profile | None = None) -> None:
        self.profile = profile

    def bound(self) -> Profile:
        """The profile served.

        Raises:
            ConfigError: a game object made without a profile.
        """
        if self.profile is None:
            raise ConfigError("this game serves no profile: ask paigow.games.game_for(profile)")
        return self.profile

    @property
    def commission(self) -> Fraction:
        """The commission rate of the profile served."""
        from paigow.exact.results import commission_of

        return commission_of(self.bound())


def pieces_from(value: object, kind: type, parse: Any, noun: str) -> list[Any]:
    """Pieces from text (``"6-6 4-5"``) or a list of pieces or their texts; anything else is a
    :class:`~paigow.errors.ParseError`."""
    if isinstance(value, str):
        return list(parse(value))
    if not isinstance(value, Sequence) or isinstance(value, bytes):
        raise ParseError(f"{noun} are given as text like '6-6 4-5' or a list, got {value!r}")
    out: list[Any] = []
    for item in value:
        if isinstance(item, kind):
            out.append(item)
        elif isinstance(item, str):
            out += list(parse(item))
        else:
            raise ParseError(f"{item!r} is not one of the {noun}")
    return out


def high_below_low(setting: Any) -> bool:
    """True when a setting's high hand ranks below its low hand (equal is allowed)."""
    return bool(setting.high.strength < setting.low.strength)


def hand_pieces(hand: Any) -> list[Any]:
    """The two pieces of a hand (tiles or cards), the higher first."""
    return [hand.first, hand.second]
