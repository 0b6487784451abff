"""Random sources the battery can drive the engine with.

* ``system``: :class:`random.SystemRandom`, the operating system's cryptographic source that
  real play uses (:func:`paigow.games.dice.default_rng`). Not reproducible by design.
* ``replay``: :class:`ReplayableSystemRandom`, SystemRandom's own code (its shuffle, its
  rejection sampling) over a seeded byte stream instead of ``os.urandom``: the same path as
  real play, reproducible, for CI and for replaying a failure.
* ``mersenne``: :class:`random.Random` seeded, the engine's ``--seed`` path.
* Deliberately flawed sources (:data:`FLAWED`), each a classic mistake, to show that the
  battery has the power to catch them.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from paigow.games.dice import Rng

__all__ = [
    "FLAWED",
    "SOURCES",
    "ReplayableSystemRandom",
    "Source",
    "derive_seed",
    "make_rng",
]

_BLOCK = 8192
_RECIP_BPF = 2.0**-53


class ReplayableSystemRandom(random.SystemRandom):
    """:class:`random.SystemRandom` reading a replayable byte stream instead of ``os.urandom``.

    Only the bytes differ: ``getrandbits`` and ``random`` turn bytes into numbers exactly as
    SystemRandom does, and everything above them (``randint``, ``shuffle``, the rejection
    sampling of ``_randbelow``) is SystemRandom's own inherited code. The stream is SHAKE-256
    of the seed and a block counter.
    """

    def __init__(self, seed: int) -> None:
        self._key = seed.to_bytes(32, "big", signed=False)
        self._counter = 0
        self._buf = b""
        self._pos = 0
        super().__init__()

    def randbytes(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        while len(self._buf) - self._pos < n:
            block = hashlib.shake_256(self._key + self._counter.to_bytes(8, "big")).digest(_BLOCK)
            self._buf = self._buf[self._pos :] + block
            self._pos = 0
            self._counter += 1
        out = self._buf[self._pos : self._pos + n]
        self._pos += n
        return out

    def getrandbits(self, k: int) -> int:
        """``k`` random bits, taken from the stream as SystemRandom takes them from the OS."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        numbytes = (k + 7) // 8
        x = int.from_bytes(self.randbytes(numbytes), "big")
        return x >> (numbytes * 8 - k)

    def random(self) -> float:
        """A float in [0, 1) from 53 bits of the stream, as SystemRandom.random does."""
        return (int.from_bytes(self.randbytes(7), "big") >> 3) * _RECIP_BPF


# --------------------------------------------------------------------- flawed sources
class NaiveShuffle(random.Random):
    """The naive shuffle: every position swapped with any position (n^n equally likely
    paths onto n! orders, so some orders come up more often than others)."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Swap each position with a uniformly chosen position of the whole list."""
        n = len(x)
        for i in range(n):
            j = self.randrange(n)
            x[i], x[j] = x[j], x[i]


class Sattolo(random.Random):
    """Fisher–Yates off by one (Sattolo's algorithm): only cyclic orders, no piece stays put."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Swap position i with one of the positions strictly before it."""
        for i in range(len(x) - 1, 0, -1):
            j = self.randrange(i)
            x[i], x[j] = x[j], x[i]


class ModuloShuffle(random.Random):
    """Fisher–Yates whose swap index is a random byte modulo the range (modulo bias)."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Fisher–Yates with ``j = byte % (i + 1)``."""
        for i in range(len(x) - 1, 0, -1):
            j = self.getrandbits(8) % (i + 1)
            x[i], x[j] = x[j], x[i]


class ModuloDice(random.Random):
    """Dice and RNG numbers from a random byte modulo the range: faces 1-4 come up 43 times
    in 256, faces 5-6 only 42."""

    def randint(self, a: int, b: int) -> int:
        """``a + byte % (b - a + 1)``."""
        return a + self.getrandbits(8) % (b - a + 1)


class StickyDice(random.Random):
    """A draw reused one time in twenty (a buffer not always refreshed): serial dependence."""

    _last: int | None = None

    def randint(self, a: int, b: int) -> int:
        """The previous result again with probability 1/20, else a fresh uniform draw."""
        if self._last is not None and a <= self._last <= b and self.randrange(20) == 0:
            return self._last
        self._last = super().randint(a, b)
        return self._last


class LowBitsLcg(random.Random):
    """A 32-bit linear congruential generator reduced modulo the range (its low bits cycle)."""

    def __init__(self, seed: int) -> None:
        self._state = seed & 0xFFFFFFFF
        super().__init__(seed)

    def _next(self) -> int:
        self._state = (1664525 * self._state + 1013904223) & 0xFFFFFFFF
        return self._state

    def randint(self, a: int, b: int) -> int:
        """``a + state % (b - a + 1)``."""
        return a + self._next() % (b - a + 1)

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Fisher–Yates with ``j = state % (i + 1)``."""
        for i in range(len(x) - 1, 0, -1):
            j = self._next() % (i + 1)
            x[i], x[j] = x[j], x[i]


class ClockSeeded(random.Random):
    """Each shuffle from a generator freshly seeded with 16 bits (a seed from a clock):
    only 65,536 possible washes, so washes repeat."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Shuffle with a new Mersenne Twister seeded from 16 bits."""
        random.Random(self.getrandbits(16)).shuffle(x)


@dataclass(frozen=True)
class Source:
    """A named random source: how to make one from a seed, and what it is."""

    name: str
    description: str
    make: Callable[[int | None], Rng]
    seeded: bool
    flawed: bool = False


def _system(seed: int | None) -> Rng:
    return random.SystemRandom()


def _seeded(cls: Callable[[int], Rng]) -> Callable[[int | None], Rng]:
    def make(seed: int | None) -> Rng:
        if seed is None:
            raise ValueError("this source needs a seed")
        return cls(seed)

    return make


FLAWED: dict[str, Source] = {
    s.name: s
    for s in (
        Source("naive-shuffle", NaiveShuffle.__doc__ or "", _seeded(NaiveShuffle), True, True),
        Source("sattolo", Sattolo.__doc__ or "", _seeded(Sattolo), True, True),
        Source("modulo-shuffle", ModuloShuffle.__doc__ or "", _seeded(ModuloShuffle), True, True),
        Source("modulo-dice", ModuloDice.__doc__ or "", _seeded(ModuloDice), True, True),
        Source("sticky-dice", StickyDice.__doc__ or "", _seeded(StickyDice), True, True),
        Source("lcg", LowBitsLcg.__doc__ or "", _seeded(LowBitsLcg), True, True),
        Source("clock-seeded", ClockSeeded.__doc__ or "", _seeded(ClockSeeded), True, True),
    )
}

SOURCES: dict[str, Source] = {
    "system": Source(
        "system",
        "the operating system's cryptographic source (random.SystemRandom)",
        _system,
        False,
    ),
    "replay": Source(
        "replay",
        "SystemRandom's code over a seeded SHAKE-256 byte stream (replayable)",
        _seeded(ReplayableSystemRandom),
        True,
    ),
    "mersenne": Source(
        "mersenne",
        "random.Random (Mersenne Twister), the engine's --seed path",
        _seeded(random.Random),
        True,
    ),
    **FLAWED,
}


def derive_seed(seed: int, *parts: object) -> int:
    """An independent 256-bit seed for one chunk of one stream."""
    text = repr((seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest(), "big")


def make_rng(source: str, seed: int | None, *parts: object) -> Rng:
    """A fresh generator of ``source`` for the chunk named by ``parts``."""
    src = SOURCES[source]
    return src.make(derive_seed(seed, *parts) if src.seeded and seed is not None else seed)
