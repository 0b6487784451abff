"""The Taj Mahal way as dealt (`taj-mahal`) and read literally (`taj-mahal-literal`).

The literal reading sets 121 distinct hands in a setting beaten on both hands by another
setting of the same tiles; the way as dealt never does, and differs from the literal one on
exactly those hands (docs/house-ways.md)."""

from __future__ import annotations

import pytest

from paigow.games.tiles.hands4 import distinct_hands
from paigow.games.tiles.settings import Setting, settings_of
from paigow.games.tiles.tiles import parse_tiles
from paigow.games.tiles.ways import get_way
from paigow.games.tiles.ways.taj_mahal_casino import beats_on_both


def _beaten(tiles: tuple[object, ...], s: Setting) -> bool:
    return any(beats_on_both(o, s) for o in settings_of(tiles))  # type: ignore[arg-type]


def test_literal_reading_plays_121_beaten_settings_the_dealt_way_none() -> None:
    literal, dealt = get_way("taj-mahal-literal"), get_way("taj-mahal")
    beaten = changed = 0
    for h in distinct_hands():
        a, b = literal.set(h.tiles), dealt.set(h.tiles)
        beaten += _beaten(h.tiles, a)
        assert not _beaten(h.tiles, b), h.tiles
        if a.key() != b.key():
            changed += 1
            assert _beaten(h.tiles, a)
    assert beaten == changed == 121


@pytest.mark.parametrize(
    ("tiles", "literal", "dealt"),
    [
        ("1-2 2-4 6-6 6-6", "6-6 1-2 / 6-6 2-4", "2-4 1-2 / 6-6 6-6"),
        ("1-1 1-1 4-4 4-4", "1-1 4-4 / 1-1 4-4", "1-1 1-1 / 4-4 4-4"),
        ("6-6 6-6 1-2 1-3", "6-6 1-2 / 6-6 1-3", "6-6 6-6 / 1-3 1-2"),
    ],
)
def test_examples(tiles: str, literal: str, dealt: str) -> None:
    ts = parse_tiles(tiles)
    assert get_way("taj-mahal-literal").set(ts).key() == Setting.parse(literal).key()
    assert get_way("taj").set(ts).key() == Setting.parse(dealt).key()
