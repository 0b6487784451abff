"""The ten delivery styles and the bank's cut of the stacks (R-DEAL-01, R-STYLE, R-CUT).

Pure functions, generic over the item type (tiles, cards, or labels in tests).

Geometry (RULES §0.3): the 8 stacks are ``s1..s8`` numbered from the **dealer's right**; a
stack is a 4-tuple from its top tile ``a`` to its bottom tile ``d``. Positions ``P1..P8`` are
the starting position followed by the ring counterclockwise
(:func:`paigow.games.ring.start_ring_order`).

Cut notation (R-CUT-02, AMB-77), stacks numbered as above, before the cut:

* ``a:I-J:END`` — form (a): the block ``sI..sJ`` goes, order kept, to the ``right`` or
  ``left`` end. A one-stack block may be written ``a:I:END`` (the canonical form).
* ``b:I-J:PART>END`` — form (b): the block ``sI..sJ`` (at least two stacks) is split at one
  boundary; ``PART`` is one of the two parts (``I-K`` or ``K+1-J``; ``I`` alone for a one-stack
  part) and ``END`` is where that part goes, the other part going to the other end. The
  canonical form names the right part (the one holding ``sI``).

Examples: TC-46 is ``a:3-4:right``; TC-47 is ``b:4-6:4>right`` (also ``b:4-6:5-6>left``).

Every stack named as moved must really move: a block already at the end it is sent to is not
moved, so ``a:1-2:right`` (a no-op) is refused, and ``b:1-3:1>right`` is refused because
``s1`` stays put (write it as ``a:2-3:left``). Under this reading, eight stacks admit
**175 legal cuts**: 56 of form (a) (28 blocks not touching ``s1`` sent right, 28 not touching
``s8`` sent left) and 119 of form (b) (84 splits with the right part sent to the left end,
which always moves both parts, plus 35 with the right part sent to the right end, which needs
a block touching neither end). Some give the same order (``a:1-3:left`` = ``a:4-8:right``):
the 175 cuts yield 119 distinct stack orders, none of them the original order.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal, TypeAlias, TypeVar

from paigow.errors import IllegalActionError, ParseError
from paigow.games.ring import start_ring_order

__all__ = [
    "N_STACKS",
    "STACK_SIZE",
    "STYLES",
    "Cut",
    "End",
    "apply_cut",
    "check_cut",
    "deal_positions",
    "deliver",
    "format_cut",
    "legal_cuts",
    "parse_cut",
]

T = TypeVar("T")
S = TypeVar("S")
P = TypeVar("P", bound=Hashable)

#: Stacks on the table (32 tiles).
N_STACKS: Final = 8
#: Tiles in a stack, and tiles delivered to each position.
STACK_SIZE: Final = 4

#: The ten delivery styles, by their letter in the regulations (R-STYLE-01..10).
STYLES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "a": "house way from the right",
        "b": "house way from the left",
        "c": "cup say (pick four) from the right",
        "d": "cup say (pick four) from the left",
        "e": "jung quat (take the heart)",
        "f": "chee yee (chop the ears)",
        "g": "pin say (slice four) from the right",
        "h": "pin say (slice four) from the left",
        "i": "dragon head and phoenix tail from the right",
        "j": "dragon head and phoenix tail from the left",
    }
)

# A slot is (stack number 1..8 from the dealer's right, layer 0..3 = a..d); a group is the
# four slots delivered to one position.
_Group: TypeAlias = tuple[tuple[int, int], ...]
_RIGHT4: Final = (1, 2, 3, 4)
_LEFT4: Final = (8, 7, 6, 5)


def _two_two(x: int, y: int, top: bool) -> _Group:
    """The top (or bottom) two tiles of stack ``x`` and of stack ``y``."""
    u, v = (0, 1) if top else (2, 3)
    return ((x, u), (x, v), (y, u), (y, v))


def _pairs(*pairs: tuple[int, int]) -> tuple[_Group, ...]:
    """Stack pairs: the top two of each to one position, the bottom two to the next."""
    return tuple(_two_two(x, y, top) for x, y in pairs for top in (True, False))


def _by_layer(stacks: tuple[int, ...]) -> tuple[_Group, ...]:
    """Layer ``a`` of the given stacks, then layer ``b``, ``c``, ``d``."""
    return tuple(tuple((s, layer) for s in stacks) for layer in range(4))


def _alternate(first: tuple[_Group, ...], second: tuple[_Group, ...]) -> tuple[_Group, ...]:
    """One group of ``first``, one of ``second``, and so on."""
    return tuple(g for pair in zip(first, second, strict=True) for g in pair)


# Slots delivered to P1..P8 by each style: Appendix C, in its cell order.
_MAPS: Final[Mapping[str, tuple[_Group, ...]]] = MappingProxyType(
    {
        "a": tuple(tuple((s, layer) for layer in range(4)) for s in range(1, 9)),
        "b": tuple(tuple((s, layer) for layer in range(4)) for s in range(8, 0, -1)),
        "c": _pairs((1, 2), (3, 4), (5, 6), (7, 8)),
        "d": _pairs((8, 7), (6, 5), (4, 3), (2, 1)),
        "e": _pairs((4, 5), (3, 6), (2, 7), (1, 8)),
        "f": _pairs((1, 8), (2, 7), (3, 6), (4, 5)),
        # pin say: layer by layer, the four stacks of one side then those of the other
        "g": _alternate(_by_layer(_RIGHT4), _by_layer(_LEFT4)),
        "h": _alternate(_by_layer(_LEFT4), _by_layer(_RIGHT4)),
        # dragon head (s1 on s3, s2 on s4: two from each 8-tile stack, AMB-76) and phoenix
        # tail (one layer of the other four stacks) in turn
        "i": _alternate(_pairs((1, 2), (3, 4)), _by_layer(_LEFT4)),
        "j": _alternate(_pairs((8, 7), (6, 5)), _by_layer(_RIGHT4)),
    }
)


def deliver(stacks: Sequence[Sequence[T]], style: str) -> list[tuple[T, T, T, T]]:
    """The 8 groups of 4 delivered to ``P1..P8`` by a delivery style (R-STYLE-01..10).

    Args:
        stacks: the 8 stacks after any cut, ``s1`` (dealer's right) first, each top to bottom.
        style: a key of :data:`STYLES` (``"a"`` .. ``"j"``).

    Returns:
        One 4-tuple per position in delivery order (``P1`` = the starting position), each in
        the cell order of RULES Appendix C. Every item is delivered once (R-STYLE-11).

    Raises:
        IllegalActionError: an unknown style, or not 8 stacks of 4.
    """
    if style not in _MAPS:
        raise IllegalActionError(
            f"unknown delivery style {style!r}; expected one of {', '.join(STYLES)}"
        )
    if len(stacks) != N_STACKS:
        raise IllegalActionError(f"a delivery needs {N_STACKS} stacks, got {len(stacks)}")
    for n, stack in enumerate(stacks, start=1):
        if len(stack) != STACK_SIZE:
            raise IllegalActionError(f"stack s{n} must hold {STACK_SIZE} tiles, got {len(stack)}")
    return [_pick(stacks, group) for group in _MAPS[style]]


def _pick(stacks: Sequence[Sequence[T]], group: _Group) -> tuple[T, T, T, T]:
    (s1, l1), (s2, l2), (s3, l3), (s4, l4) = group
    return (stacks[s1 - 1][l1], stacks[s2 - 1][l2], stacks[s3 - 1][l3], stacks[s4 - 1][l4])


# --- the cut ---------------------------------------------------------------------------------

End: TypeAlias = Literal["right", "left"]
_ENDS: Final[tuple[End, End]] = ("right", "left")


@dataclass(frozen=True, slots=True)
class Cut:
    """One cut of the stacks (R-CUT-02, AMB-77); stack numbers are those before the cut.

    Attributes:
        form: ``"a"`` (a block to one end) or ``"b"`` (a block split between the two ends).
        first: the block's right-most stack (lowest number).
        last: the block's left-most stack (``first <= last``).
        to: where the block (form a) or its right part ``first..split`` (form b) goes; in
            form (b) the left part ``split+1..last`` goes to the other end.
        split: form (b) only: the last stack of the right part (``first <= split < last``).
    """

    form: Literal["a", "b"]
    first: int
    last: int
    to: End
    split: int | None = None

    def __post_init__(self) -> None:
        if self.form not in ("a", "b"):
            raise IllegalActionError(f"a cut has form 'a' or 'b', got {self.form!r}")
        if self.to not in _ENDS:
            raise IllegalActionError(f"a cut goes to the 'right' or 'left' end, got {self.to!r}")
        if not 1 <= self.first <= self.last:
            raise IllegalActionError(
                f"a block runs from stack 1 upward, first <= last; got {self.first}-{self.last}"
            )
        if self.form == "a" and self.split is not None:
            raise IllegalActionError("a form (a) cut moves its block whole; it has no split")
        if self.form == "b" and (self.split is None or not self.first <= self.split < self.last):
            raise IllegalActionError(
                f"a form (b) cut splits its block {self.first}-{self.last} at one boundary: "
                f"split must satisfy {self.first} <= split < {self.last}, got {self.split}"
            )

    @classmethod
    def move(cls, first: int, last: int, to: End) -> Cut:
        """Form (a): the block ``s{first}..s{last}`` to the ``to`` end."""
        return cls("a", first, last, to)

    @classmethod
    def split_move(cls, first: int, split: int, last: int, right_part_to: End) -> Cut:
        """Form (b): ``s{first}..s{split}`` to ``right_part_to``, the rest to the other end."""
        return cls("b", first, last, right_part_to, split)

    def __str__(self) -> str:
        return format_cut(self)


def _other(end: End) -> End:
    other: End = "left" if end == "right" else "right"
    return other


def _span(i: int, j: int) -> str:
    return str(i) if i == j else f"{i}-{j}"


def check_cut(cut: Cut, n: int = N_STACKS) -> None:
    """Raise :class:`IllegalActionError` unless ``cut`` is legal for ``n`` stacks (R-CUT-02).

    Beyond the shape checked by :class:`Cut`, the block must lie within ``s1..sn`` and every
    part sent to an end must really move: a part already at that end is not "moved".
    """
    if cut.last > n:
        raise IllegalActionError(f"cut {cut}: there is no stack s{cut.last}, only s1..s{n}")
    at_right, at_left = cut.first == 1, cut.last == n
    if cut.form == "a":
        if (cut.to == "right" and at_right) or (cut.to == "left" and at_left):
            raise IllegalActionError(
                f"cut {cut}: the block is already at the {cut.to} end, so nothing moves; "
                "decline the cut instead"
            )
        return
    if cut.to == "left":
        return  # each part crosses the other: both always move
    assert cut.split is not None
    if at_right and at_left:
        raise IllegalActionError(f"cut {cut}: both parts are already at their ends")
    if at_right:
        raise IllegalActionError(
            f"cut {cut}: s{cut.first} is already at the right end, so only the left part moves; "
            f"that is the form (a) cut a:{_span(cut.split + 1, cut.last)}:left"
        )
    if at_left:
        raise IllegalActionError(
            f"cut {cut}: s{cut.last} is already at the left end, so only the right part moves; "
            f"that is the form (a) cut a:{_span(cut.first, cut.split)}:right"
        )


def apply_cut(stacks: Sequence[S], cut: Cut) -> list[S]:
    """The stacks after ``cut``, ``s1`` (dealer's right) first; stacks move whole (R-CUT-02).

    TC-46: ``a:3-4:right`` turns ``s1..s8`` into ``s3 s4 s1 s2 s5 s6 s7 s8``.
    TC-47: ``b:4-6:4>right`` turns them into ``s4 s1 s2 s3 s7 s8 s5 s6``.
    """
    check_cut(cut, len(stacks))
    i, j = cut.first - 1, cut.last
    rest = [*stacks[:i], *stacks[j:]]
    if cut.form == "a":
        block = list(stacks[i:j])
        return [*block, *rest] if cut.to == "right" else [*rest, *block]
    assert cut.split is not None
    right_part, left_part = list(stacks[i : cut.split]), list(stacks[cut.split : j])
    if cut.to == "right":
        return [*right_part, *rest, *left_part]
    return [*left_part, *rest, *right_part]


def legal_cuts(n: int = N_STACKS) -> list[Cut]:
    """Every legal cut of ``n`` stacks, each once: 175 for 8 stacks (see the module notes).

    Form (a) cuts come first, then form (b), each by block, split and end.
    """
    if n < 1:
        raise IllegalActionError(f"a cut needs at least one stack, got {n}")
    shapes = [Cut.move(i, j, e) for i in range(1, n + 1) for j in range(i, n + 1) for e in _ENDS]
    shapes += [
        Cut.split_move(i, k, j, e)
        for i in range(1, n + 1)
        for j in range(i + 1, n + 1)
        for k in range(i, j)
        for e in _ENDS
    ]
    return [cut for cut in shapes if _is_legal(cut, n)]


def _is_legal(cut: Cut, n: int) -> bool:
    try:
        check_cut(cut, n)
    except IllegalActionError:
        return False
    return True


def format_cut(cut: Cut) -> str:
    """The canonical text of a cut: ``a:3-4:right``, ``a:5:left``, ``b:4-6:4>right``."""
    if cut.form == "a":
        return f"a:{_span(cut.first, cut.last)}:{cut.to}"
    assert cut.split is not None
    return f"b:{cut.first}-{cut.last}:{_span(cut.first, cut.split)}>{cut.to}"


_CUT_A: Final = re.compile(r"a:(\d+)(?:-(\d+))?:(right|left)")
_CUT_B: Final = re.compile(r"b:(\d+)-(\d+):(\d+)(?:-(\d+))?>(right|left)")
_NOTATION: Final = "'a:I-J:right|left' or 'b:I-J:PART>right|left', e.g. 'b:4-6:4>right'"


def parse_cut(text: str, n: int | None = N_STACKS) -> Cut:
    """Parse the cut notation of the module notes; case and spaces are ignored.

    Args:
        text: e.g. ``"a:3-4:right"`` or ``"b:4-6:5-6>left"``.
        n: the number of stacks to check the cut against (:func:`check_cut`); ``None`` checks
            only its shape.

    Raises:
        ParseError: the text is not cut notation.
        IllegalActionError: a well-formed cut that the rules do not allow.
    """
    if not isinstance(text, str):
        raise ParseError(f"a cut must be text like 'a:3-4:right', got {type(text).__name__}")
    norm = re.sub(r"\s+", "", text).lower()
    if m := _CUT_A.fullmatch(norm):
        i, j = int(m[1]), int(m[2] or m[1])
        _check_span(text, i, j)
        cut = Cut.move(i, j, "right" if m[3] == "right" else "left")
    elif m := _CUT_B.fullmatch(norm):
        i, j, p = int(m[1]), int(m[2]), int(m[3])
        q = int(m[4] or m[3])
        _check_span(text, i, j)
        _check_span(text, p, q)
        end: End = "right" if m[5] == "right" else "left"
        if p == i and q < j:
            cut = Cut.split_move(i, q, j, end)
        elif p > i and q == j:
            cut = Cut.split_move(i, p - 1, j, _other(end))
        else:
            raise IllegalActionError(
                f"cut {text!r}: {_span(p, q)} is not a part of the block {i}-{j} split at one "
                f"boundary; name the right part ({i}..K) or the left part (K+1..{j})"
            )
    else:
        raise ParseError(f"cut {text!r} is not cut notation; expected {_NOTATION}")
    if n is not None:
        check_cut(cut, n)
    return cut


def _check_span(text: str, i: int, j: int) -> None:
    if not 1 <= i <= j:
        raise ParseError(
            f"cut {text!r}: stacks are numbered from 1 and a span is written from its "
            f"right-most (lowest) stack, got {i}-{j}"
        )


def deal_positions(
    stacks: Sequence[Sequence[T]],
    style: str,
    ring: Sequence[P],
    start: P,
    cut: Cut | None = None,
) -> dict[P, tuple[T, T, T, T]]:
    """The whole tile deal: ``cut`` (if any), then ``style`` from ``start`` counterclockwise.

    Returns each ring position's four tiles, in delivery order (R-DEAL-01, R-STYLE, R-CUT-04).
    The ring must have one position per stack (8).
    """
    if len(ring) != N_STACKS:
        raise IllegalActionError(
            f"tiles are delivered to {N_STACKS} ring positions, the ring has {len(ring)}"
        )
    order = start_ring_order(ring, start)
    cut_stacks = apply_cut(stacks, cut) if cut is not None else stacks
    return dict(zip(order, deliver(cut_stacks, style), strict=True))
