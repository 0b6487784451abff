"""Pai Gow Tiles as everything above the games asks it (:class:`TileGame`). The delivery
(:mod:`.delivery`) is loaded when a round first cuts or deals, so that ``paigow hand`` does
not pay for it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from paigow.errors import IllegalActionError, InvalidSettingError
from paigow.games.base import high_below_low, pieces_from
from paigow.games.outcomes import Comparison
from paigow.games.ring import start_ring_order
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, compare_settings, settings_of
from paigow.games.tiles.tiles import FULL_SET, Tile, parse_tiles
from paigow.profiles import Profile

from . import describe
from .named import get_way
from .trainer import TileTrainer

if TYPE_CHECKING:
    from paigow.games.rulebook import Vocabulary
    from paigow.strategy.classes import Problem

__all__ = ["TileGame"]


@cache
def _cuts() -> tuple[str, ...]:
    """The 175 cuts of eight stacks in their notation."""
    from .delivery import format_cut, legal_cuts

    return tuple(format_cut(c) for c in legal_cuts())


class TileGame(TileTrainer):
    """Pai Gow Tiles: 32 tiles in eight stacks, ten delivery styles, the bank's stack cut."""

    name = "tiles"
    title = "Pai Gow Tiles"
    full_set: tuple[Any, ...] = FULL_SET
    cut_noun = "stacks"
    cut_example = "a:3-4:right"
    cut_help = (
        "Cut notation, stacks s1..s8 numbered from the dealer's right: a:I-J:END moves the "
        "block sI..sJ to the right or left end (a:3-4:right; one stack: a:3:left); "
        "b:I-J:PART>END splits the block at one boundary and sends PART to END, the rest to "
        "the other end (b:4-6:4>right). Enter declines the cut."
    )
    #: A setting with the high hand below the low one is refused, or played as set where the
    #: profile says so (Lucky Chances): it never loses for being foul.
    foul_loses = False
    plots_edge = True
    solves_equilibrium = True
    compares_ways = True
    deals_quick_round = True

    def parse(self, text: str | Sequence[Any]) -> list[Any]:
        """Tiles from text, or from a sequence of tiles or tile texts."""
        return pieces_from(text, Tile, parse_tiles, "tiles")

    def check_order(self, pieces: Sequence[Any]) -> None:
        """The order must be the 32 tiles of one set (R-SHUF-03)."""
        if not all(isinstance(p, Tile) for p in pieces) or sorted(
            p.index for p in pieces
        ) != sorted(t.index for t in FULL_SET):
            raise IllegalActionError("the shuffle must hold exactly the 32 tiles of one set")

    def cut(self, order: list[Any], cut: str) -> list[Any]:
        """R-CUT-02: stacks moved whole."""
        stacks = [order[i : i + 4] for i in range(0, 32, 4)]
        from .delivery import apply_cut, parse_cut

        return [t for s in apply_cut(stacks, parse_cut(cut)) for t in s]

    def deal(
        self,
        order: Sequence[Any],
        style: str,
        ring: Sequence[str],
        start: str,
        *,
        bank_first_stack: int | None = None,
    ) -> dict[str, tuple[Any, ...]]:
        """R-DEAL-01 / R-STYLE: eight stacks delivered from the start counterclockwise."""
        stacks = [tuple(order[i : i + 4]) for i in range(0, 32, 4)]
        from .delivery import deliver

        groups = deliver(stacks, style)
        positions = start_ring_order(ring, start)
        return {p: tuple(g) for p, g in zip(positions, groups, strict=True)}

    def setting(self, high: Sequence[Any], low: Sequence[Any]) -> Setting:
        """A tile setting."""
        if len(high) != 2 or len(low) != 2:
            raise InvalidSettingError("a setting is two tiles high and two tiles low")
        return Setting(Hand.of(high[0], high[1]), Hand.of(low[0], low[1]))

    def settings_of(self, pieces: Sequence[Any]) -> Sequence[Any]:
        """The three splits of four tiles."""
        return settings_of(list(pieces))

    def house_way(self, name: str) -> Any:
        """A tile house way."""
        return get_way(name)

    def compare(self, player: Any, banker: Any, profile: Profile) -> Comparison:
        """R-RANK-13, R-SETTLE-05."""
        return compare_settings(player, banker, profile.compare_rules)

    def pieces(self, setting: Any) -> list[Any]:
        """The four tiles of a setting."""
        return list(setting.tiles)

    def is_foul(self, setting: Any) -> bool:
        """High ranking below low (AMB-27)."""
        return high_below_low(setting)

    def cut_options(self, n_pieces: int) -> Iterable[str]:
        """The 175 cuts of eight stacks (R-CUT-02)."""
        return _cuts()

    restricts_style_choice = True
    exposed_bank_hand_keeps_bonus = False
    counts_stub = False

    def bank_picks_first_stack(self, style: str) -> bool:
        """Never: the start count picks the first stack (R-START-04)."""
        return False

    def face_up_in_shoe(self, style: str) -> bool:
        """Never: tiles are dealt from stacks."""
        return False

    def way_listing(self) -> list[dict[str, str]]:
        """The tile ways: built-in, computed, ``table:FILE.csv`` and ``strategy:FILE``."""
        from paigow.games.tiles.ways import listing

        return [dict(r) for r in listing()]

    def edge(
        self,
        player: str,
        dealer: str,
        profile: Profile,
        commission: Fraction,
        progress: Callable[[int, int], None] | None = None,
    ) -> Any:
        """:func:`paigow.games.tiles.exact.api.edge_of` (the math engine is loaded on first use)."""
        from paigow.games.tiles.exact.api import edge_of

        return edge_of(player, dealer, profile, commission, progress=progress)

    def edge_json(self, result: Any, profile: Profile) -> dict[str, Any]:
        """An :meth:`edge` result as ``paigow edge --json`` prints it."""
        out: dict[str, Any] = result.to_json()
        return out

    def edges_json(
        self, players: Sequence[str], dealer: str, profile: Profile, commission: Fraction
    ) -> list[dict[str, Any]]:
        """:meth:`edge_json` of each player way against one dealer way, sharing the dealer's
        work (:func:`paigow.games.tiles.exact.api.edges_of`)."""
        from paigow.games.tiles.exact.api import edges_of

        return [r.to_json() for r in edges_of(players, dealer, profile, commission)]

    def advice_json(
        self, text: str, profile: Profile, commission: Fraction, *, opponent: str, as_banker: bool
    ) -> dict[str, Any]:
        """The exact score of every setting of the four tiles of ``text`` against the
        ``opponent`` way (``paigow advise``)."""
        from paigow.games.tiles.exact.api import setting_advice
        from paigow.games.tiles.settings import validate_four

        tiles = parse_tiles(text)
        validate_four(tiles, what=repr(text))
        adv = setting_advice(tiles, profile, commission, opponent=opponent, as_banker=as_banker)
        out: dict[str, Any] = adv.to_json()
        return out

    def hand_results(self, player: str, dealer: str, profile: Profile, commission: Fraction) -> Any:
        """:func:`paigow.games.tiles.exact.api.hand_results_of`."""
        from paigow.games.tiles.exact.api import hand_results_of

        return hand_results_of(player, dealer, profile, commission)

    def published_figures(self, profile: Profile) -> Sequence[Any]:
        """The Wizard of Odds' house edges beside ours
        (:func:`paigow.games.tiles.exact.figures.published_figures`)."""
        from paigow.games.tiles.exact.figures import published_figures

        return published_figures(profile)

    #: What a hand, a comparison and a house way's setting are, as data (``paigow hand``,
    #: ``compare``, ``set``): :mod:`.describe`.
    hand_json = staticmethod(describe.hand_text_json)
    compare_json = staticmethod(describe.compare_json)
    set_json = staticmethod(describe.set_json)

    @property
    def vocabulary(self) -> Vocabulary:
        """The tiles' words for strategies
        (:data:`paigow.games.tiles.ways.rule_tiles.TILE_VOCABULARY`)."""
        from paigow.games.tiles.ways.rule_tiles import TILE_VOCABULARY

        return TILE_VOCABULARY

    def strategy_problem(
        self, profile: Profile, against: str, fallback: str, commission: Fraction, role: str
    ) -> Problem:
        """The strategy generator's problem over the 3,620 kinds of hands
        (:func:`paigow.strategy.classes.tile_problem`)."""
        from paigow.strategy.classes import tile_problem

        return tile_problem(profile, against, fallback, commission, role)
