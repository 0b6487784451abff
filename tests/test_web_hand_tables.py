"""The browser client's two-piece hand tables are the engine's (R-RANK-03..09, R-SPG-02..04).

The setting panel names and ranks hands live without a server round trip from
``web/src/generated/{tile,card}-hands.json``. Each hand also says what it is in parts the client
names in the reader's language (docs/i18n.md, "Messages"): a tile hand its R-RANK-03 pair rank
(``pair``, 1..20: pairs, wongs and gongs) or its points and highest tile (``points``,
``top``); a card hand its pair (``pair``: the rank type), its face-card hand (``face``) or its
points and highest card (``points``, ``high``). This test derives both tables from the engine and
requires the committed files to be identical, so the client can never rank a hand differently.
Regenerate with ``python tests/test_web_hand_tables.py``.
"""

from __future__ import annotations

import json
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

from paigow.games.cards.cards import DECK, JOKER_1, JOKER_2
from paigow.games.cards.hands import FACE_BASE, N_TYPES, PAIR_BASE, RANK_TYPE_NAMES, CardHand
from paigow.games.tiles.ranking import Hand, n_rank_positions
from paigow.games.tiles.tiles import ALL_TILES

GENERATED = Path(__file__).resolve().parent.parent / "web" / "src" / "generated"
TILE_FILE = GENERATED / "tile-hands.json"
CARD_FILE = GENERATED / "card-hands.json"


def tile_table() -> dict[str, Any]:
    """Every two-tile hand (a doubled tile may pair with its copy), keyed by sorted codes."""
    hands: dict[str, Any] = {}
    for a, b in combinations_with_replacement(ALL_TILES, 2):
        if a is b and a.copies == 1:
            continue
        hand = Hand.of(a, b)
        key = " ".join(sorted((str(a), str(b))))
        parts: dict[str, Any] = (
            {"pair": hand.pair_rank}
            if hand.pair_rank is not None
            else {"points": hand.value, "top": str(hand.top)}
        )
        hands[key] = {"strength": hand.strength, "rank": hand.rank, "name": hand.name, **parts}
    return {"ranks": n_rank_positions(), "hands": hands}


def _card_of_type(t: int, copy: int) -> Any:
    if t == N_TYPES - 1:
        return (JOKER_1, JOKER_2)[copy]
    return DECK[4 * t + copy]


def card_table() -> dict[str, Any]:
    """Every two-card hand by rank types (suits never rank, R-SPG-02..04): "T" ten, "Jk" joker."""
    hands: dict[str, Any] = {}
    for a, b in combinations_with_replacement(range(N_TYPES), 2):
        hand = CardHand.of(_card_of_type(a, 0), _card_of_type(b, 1 if a == b else 0))
        key = " ".join(sorted((RANK_TYPE_NAMES[a], RANK_TYPE_NAMES[b])))
        s = hand.strength
        parts: dict[str, Any]
        if s >= PAIR_BASE:
            parts = {"pair": RANK_TYPE_NAMES[a]}
        elif s > FACE_BASE:
            parts = {"face": hand.name}
        else:
            parts = {"points": hand.value, "high": hand.name.rsplit(" ", 1)[-1].rstrip(")")}
        hands[key] = {"strength": s, "name": hand.name, **parts}
    distinct = sorted({h["strength"] for h in hands.values()}, reverse=True)
    position = {s: i + 1 for i, s in enumerate(distinct)}
    for h in hands.values():
        h["rank"] = position[h["strength"]]
    return {"ranks": len(distinct), "hands": hands}


def _dump(table: dict[str, Any]) -> str:
    return json.dumps(table, indent=1, sort_keys=True) + "\n"


def test_tile_table_is_the_engines() -> None:
    """R-RANK-03/09: 21 tiles give 221 two-tile hands (11 doubled tiles pair with a copy)."""
    expected = tile_table()
    assert len(expected["hands"]) == 21 * 20 // 2 + 11
    assert TILE_FILE.read_text(encoding="utf-8") == _dump(expected), (
        "web/src/generated/tile-hands.json differs from the engine; "
        "run: python tests/test_web_hand_tables.py"
    )


def test_card_table_is_the_engines() -> None:
    """R-SPG-02..04: 14 rank types (jokers one type) give 105 distinct two-card rank pairs."""
    expected = card_table()
    assert len(expected["hands"]) == 14 * 15 // 2
    assert CARD_FILE.read_text(encoding="utf-8") == _dump(expected), (
        "web/src/generated/card-hands.json differs from the engine; "
        "run: python tests/test_web_hand_tables.py"
    )


def test_table_ranks_agree_with_the_engines_comparison() -> None:
    """Slow reference: ordering by the table's strength is the engine's Hand ordering."""
    table = tile_table()["hands"]
    hands = [Hand.of(a, b) for a in ALL_TILES for b in ALL_TILES if a is not b or a.copies == 2]
    for h in hands[::7]:
        for g in hands[::11]:
            key_h = " ".join(sorted(str(t) for t in h.tiles))
            key_g = " ".join(sorted(str(t) for t in g.tiles))
            assert (table[key_h]["rank"] < table[key_g]["rank"]) == (h.strength > g.strength)


if __name__ == "__main__":
    GENERATED.mkdir(parents=True, exist_ok=True)
    TILE_FILE.write_text(_dump(tile_table()), encoding="utf-8")
    CARD_FILE.write_text(_dump(card_table()), encoding="utf-8")
    print(f"wrote {TILE_FILE} and {CARD_FILE}")
