"""Outcomes drawn through the engine's own code, in reproducible chunks, on several cores.

Each stream calls what a table calls:

* ``tiles``: the dealer's wash of a Pai Gow Tiles round — :func:`paigow.table.auto.run_dealer`
  on a fresh :class:`~paigow.table.round.Round` (profile ``generic``) up to the wagers, then
  the round's order of the 32 tiles (R-SHUF-03/04).
* ``cards``: the same for Supreme Pai Gow (profile ``nj-supreme``): the 54-card shuffle.
* ``dice``: :func:`paigow.games.dice.roll_dice`, the three dice of R-START-02.
* ``rng-md`` / ``rng-nj``: the RNG start number as the dealer draws it (``rng.randint`` over
  the profile's ``[start] rng_min..rng_max``): 1-8 in Maryland (AMB-34), 1-7 in New Jersey.
* ``bits``: 32-bit words of the raw source (``getrandbits``), for the NIST bit tests.

A stream is cut into chunks of :data:`CHUNK` draws; each chunk has its own generator (for a
seeded source, seeded from the run's seed, the stream and the chunk number), so a seeded run
gives the same outcomes whatever the number of worker processes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.games.cards.cards import DECK
from paigow.games.dice import Rng, roll_dice
from paigow.games.tiles.tiles import ALL_TILES
from paigow.profiles import get_profile
from paigow.table.auto import run_dealer
from paigow.table.round import Round

from .sources import make_rng

__all__ = [
    "CARD_RANK",
    "CHUNK",
    "STREAMS",
    "TILE_KIND",
    "Plan",
    "Samples",
    "collect",
    "draw",
]

CHUNK = 20_000

#: Kind (0..15) of each of the 21 distinct tiles, by tile index.
TILE_KIND: npt.NDArray[np.uint8] = np.array([t.kind for t in ALL_TILES], dtype=np.uint8)
#: Rank class of each of the 54 cards, by deck index: 0..12 for 2..A, 13 for a joker.
CARD_RANK: npt.NDArray[np.uint8] = np.array(
    [13 if c.is_joker else c.rank - 2 for c in DECK], dtype=np.uint8
)
_CARD_INDEX = {c: i for i, c in enumerate(DECK)}

TILES_PROFILE = "generic"
CARDS_PROFILE = "nj-supreme"
RNG_PROFILES = {"rng-md": "maryland", "rng-nj": "nj-supreme"}


def _dealer_wash(profile: str) -> Callable[[Rng], list[Any]]:
    prof = get_profile(profile)

    def wash(rng: Rng) -> list[Any]:
        rnd = Round(prof, {"P1": "1"}, {"P1": 100_000})
        run_dealer(rnd, rng, until="wagers")
        return list(rnd.order)

    return wash


def _tiles(rng: Rng, n: int) -> npt.NDArray[np.uint8]:
    wash = _dealer_wash(TILES_PROFILE)
    return np.array([[t.index for t in wash(rng)] for _ in range(n)], dtype=np.uint8)


def _cards(rng: Rng, n: int) -> npt.NDArray[np.uint8]:
    wash = _dealer_wash(CARDS_PROFILE)
    return np.array([[_CARD_INDEX[c] for c in wash(rng)] for _ in range(n)], dtype=np.uint8)


def _dice(rng: Rng, n: int) -> npt.NDArray[np.uint8]:
    return np.array([roll_dice(rng) for _ in range(n)], dtype=np.uint8).reshape(n, 3)


def _rng_numbers(profile: str) -> Callable[[Rng, int], npt.NDArray[np.uint8]]:
    st = get_profile(profile).start

    def numbers(rng: Rng, n: int) -> npt.NDArray[np.uint8]:
        return np.array([rng.randint(st.rng_min, st.rng_max) for _ in range(n)], dtype=np.uint8)

    return numbers


def _bits(rng: Rng, n: int) -> npt.NDArray[np.uint32]:
    getrandbits = getattr(rng, "getrandbits", None)
    if getrandbits is None:
        raise ValueError("this source gives no raw bits")
    return np.array([getrandbits(32) for _ in range(n)], dtype=np.uint32)


STREAMS: dict[str, Callable[[Rng, int], npt.NDArray[np.generic]]] = {
    "tiles": _tiles,
    "cards": _cards,
    "dice": _dice,
    "rng-md": _rng_numbers(RNG_PROFILES["rng-md"]),
    "rng-nj": _rng_numbers(RNG_PROFILES["rng-nj"]),
    "bits": _bits,
}


def draw(
    stream: str, source: str, seed: int | None, chunk: int, size: int
) -> tuple[npt.NDArray[np.generic], float]:
    """One chunk of a stream: the outcomes and the CPU seconds it took (CPU time, not wall
    time, so that the figure holds on a machine shared with other work)."""
    rng = make_rng(source, seed, stream, chunk)
    t0 = time.process_time()
    out = STREAMS[stream](rng, size)
    return out, time.process_time() - t0


@dataclass(frozen=True)
class Plan:
    """How many outcomes of each stream to draw, from which source."""

    shuffles: int
    rolls: int
    rng_numbers: int
    words: int
    source: str = "system"
    seed: int | None = None

    def sizes(self) -> dict[str, int]:
        """Outcomes per stream (streams of size 0 are left out)."""
        sizes = {
            "tiles": self.shuffles,
            "cards": self.shuffles,
            "dice": self.rolls,
            "rng-md": self.rng_numbers,
            "rng-nj": self.rng_numbers,
            "bits": self.words,
        }
        return {k: v for k, v in sizes.items() if v > 0}


@dataclass
class Samples:
    """The outcomes of a plan, stream by stream, with the CPU seconds each stream took and
    the wall-clock seconds of the whole draw."""

    arrays: dict[str, npt.NDArray[np.generic]] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    wall: float = 0.0


def collect(plan: Plan, jobs: int = 1) -> Samples:
    """Draw every stream of ``plan``; ``jobs`` worker processes share the chunks."""
    tasks = [
        (stream, plan.source, plan.seed, i, min(CHUNK, n - start))
        for stream, n in plan.sizes().items()
        for i, start in enumerate(range(0, n, CHUNK))
    ]
    t0 = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(draw, *zip(*tasks, strict=True)))
    else:
        results = [draw(*t) for t in tasks]
    samples = Samples(wall=time.perf_counter() - t0)
    for stream in plan.sizes():
        parts = [r for t, r in zip(tasks, results, strict=True) if t[0] == stream]
        samples.arrays[stream] = np.concatenate([a for a, _ in parts])
        samples.seconds[stream] = sum(s for _, s in parts)
    return samples
