"""Pai Gow Tiles as the round engine plays it (:class:`TileGame`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, Final

from paigow.errors import IllegalActionError, InvalidSettingError
from paigow.exact.named import get_way
from paigow.games.base import high_below_low, pieces_from
from paigow.games.ring import start_ring_order
from paigow.profiles import Profile
from paigow.ranking import Hand
from paigow.settings import Comparison, Setting, compare_settings, settings_of
from paigow.tiles import FULL_SET, Tile, parse_tiles

from .delivery import apply_cut, deliver, format_cut, legal_cuts, parse_cut

__all__ = ["TileGame"]

_CUTS: Final = tuple(format_cut(c) for c in legal_cuts())


class TileGame:
    """Pai Gow Tiles: 32 tiles in eight stacks, ten delivery styles, the bank's stack cut."""

    name = "tiles"
    full_set: tuple[Any, ...] = FULL_SET

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
        return _CUTS

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
        from paigow.ways import listing

        return [dict(r) for r in listing()]

    def edge(self, player: str, dealer: str, profile: Profile, commission: Fraction) -> Any:
        """:func:`paigow.exact.api.edge_of` (the math engine is loaded on first use)."""
        from paigow.exact.api import edge_of

        return edge_of(player, dealer, profile, commission)
