"""What each viewer of a table may see: per-viewer observations of a round, its operations and
its record (R-SET-02, R-SURR-01, R-DEAL-03, R-SETTLE-01, R-SHUF-03).

A viewer is a seat (a player), a spectator, the operator (the floor: a pit boss or an online
operator) or surveillance (an operator account that holds the explicit surveillance right, for
one logged look). The rules decide what is face up at each moment:

* the wash and the stack order are never shown (R-SHUF-03/04): the shuffle's order is removed
  from every observation, the operator's included;
* dealt tiles and cards are face down (R-DEAL-01, R-SET-02): a player sees the hands of the
  spots where they have a wager, and the bank's hand when they bank; while a round is open the
  operator sees what a spectator sees (the floor needs no hidden piece to run the table or to
  enter an irregularity), and every piece of it once it is done (settled or void); surveillance
  sees every dealt hand from the deal;
* a set hand stays face down until exposure (R-SET-02); the bank's hand too, through surrender
  (R-SURR-01);
* at settlement every hand in action is exposed (R-SETTLE-01); surrendered hands (TC-32),
  hands voided, dead or abandoned, unwagered stacks collected unexposed (R-DEAL-03) and every
  hand of a void round stay face down;
* tiles exposed by accident (while stacking, a card face up in the shoe) were seen by all.

:func:`observe` is the state a viewer may see now, :func:`observe_op` one operation as that
viewer may see it now, and :func:`redact_op` an operation of a round record as a viewer who
sees the positions it names may see it (:mod:`.redaction` redacts a whole record with it). All
are pure functions of the round.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from paigow.games import hand_pieces

from .comparisons import unseen_spots, without_comparisons
from .viewers import OPERATOR, ROLES, SPECTATOR, SURVEILLANCE, Viewer

if TYPE_CHECKING:
    from .round import Round

__all__ = [
    "OPERATOR",
    "ROLES",
    "SPECTATOR",
    "SURVEILLANCE",
    "Observer",
    "Viewer",
    "exposed_positions",
    "observe",
    "observe_all",
    "observe_op",
    "observe_ops",
    "redact_op",
    "visible_positions",
]


T = TypeVar("T")


def exposed_positions(rnd: Round) -> set[str]:
    """Positions whose hands were exposed at settlement (R-SETTLE-01): none before the
    round is settled or when it was void."""
    if rnd.phase != "done" or rnd.void_reason is not None:
        return set()
    hidden = rnd.surrendered | rnd.voided_spots | rnd.dead_spots | rnd.dice_phase_lost
    hidden |= {  # an abandoned hand is collected, not exposed (R-IRR-MD-7)
        p for p in rnd.wagered_spots() if all(w.player in rnd.abandoned for w in rnd.spot_wagers(p))
    }
    out = {p for p in rnd.wagered_spots() if p not in hidden}
    if rnd.bank_spot in rnd.dealt:
        out.add(rnd.bank_spot)
    if rnd.dealer_setting is not None:
        out.add("dealer")
    return out


def _own_positions(rnd: Round, player: str) -> set[str]:
    own = {w.spot for w in rnd.wagers if w.player == player}
    if rnd.banker.player == player:
        own.add(rnd.bank_spot)
    return own


def visible_positions(rnd: Round, viewer: Viewer) -> set[str]:
    """Ring positions whose dealt pieces ``viewer`` may see now."""
    if not rnd.dealt:
        return set()
    out = exposed_positions(rnd)
    if viewer.role == "surveillance" or (viewer.role == "operator" and rnd.phase == "done"):
        out |= set(rnd.dealt)
    elif viewer.player is not None:
        out |= _own_positions(rnd, viewer.player) & set(rnd.dealt)
    return out


def _setting(s: Any) -> dict[str, list[str]] | None:
    if s is None:
        return None
    return {
        "high": [str(t) for t in hand_pieces(s.high)],
        "low": [str(t) for t in hand_pieces(s.low)],
    }


def _position_setting(rnd: Round, pos: str) -> Any:
    if pos == rnd.bank_spot:
        return rnd.bank_setting
    if pos == "dealer" and rnd.dealer_setting is not None:
        return rnd.dealer_setting
    return rnd.settings.get(pos)


def observe(
    rnd: Round, viewer: Viewer, statement: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The round as ``viewer`` may see it now (plain JSON data); a finished round carries its
    settlement ``statement`` (:mod:`.statement`, public: it names no piece), made here from the
    round's record when not given."""
    seen = visible_positions(rnd, viewer)
    exposures = _exposures(rnd)
    positions = {pos: _position(rnd, pos, pos in seen, exposures) for pos in rnd.ring}
    return _observed(rnd, positions, statement, _made, seen)


def observe_all(
    rnd: Round, viewers: Iterable[Viewer], statement: Mapping[str, Any] | None = None
) -> dict[Viewer, dict[str, Any]]:
    """The round as each of ``viewers`` may see it now: for each, exactly what
    :func:`observe` gives, made once for all. What everyone sees is built once and shared
    (the same objects); a viewer who sees more gets its own copies of the positions it sees."""
    return Observer().observe_all(rnd, viewers, statement)


class _Part(Protocol):
    def __call__(self, name: Hashable, inputs: tuple[Any, ...], make: Callable[..., T]) -> T:
        """``make(*inputs)``, or the very object it made from the same inputs before."""


def _made(name: Hashable, inputs: tuple[Any, ...], make: Callable[..., T]) -> T:
    return make(*inputs)


def _observed(
    rnd: Round,
    positions: dict[str, Any],
    statement: Mapping[str, Any] | None,
    part: _Part,
    seen: set[str],
) -> dict[str, Any]:
    """The round's projection with ``positions`` (and the results' comparisons of the hands
    at ``seen``): each of its parts made by ``part`` from the inputs it is a function of
    (:class:`Observer`)."""
    done = rnd.phase == "done"
    wagers = tuple(
        part(("wager", w.ref), (w, rnd.results.get(w.ref, {}).get("result")), _wager)
        for w in rnd.wagers
    )
    chips = {n: rnd.ledger.balance(f"player:{n}") for n in rnd.seats}
    return {
        "game": rnd.game.name,
        "phase": rnd.phase,
        "banker": part("banker", (rnd.banker,), _banker),
        "seats": part("seats", _flat(rnd.seats), _pairs),
        "chips": part("chips", _flat(chips), _pairs),
        "house_way": rnd.house_way.name,
        "style": rnd.style,
        "dice": part("dice", (rnd.dice,), _dice),
        "rng": rnd.rng_number,
        "start": rnd.start,
        "dragons_eye": part("dragons_eye", (rnd.dice_phase,), _dragons_eye),
        "wagers": part("wagers", wagers, _listed),
        "dealer_wager": rnd.dealer_wager,
        "pd_stake": rnd.pd_stake,
        "positions": positions,
        "unset": rnd.unset_spots() if rnd.phase == "setting" else [],
        "results": _results_part(rnd, seen, part),
        "exposure": _exposure(rnd),
        "void": rnd.void_reason,
        "operations": len(rnd.log),
        "statement": part("statement", (statement,), dict)
        if done and statement is not None
        else _statement(rnd, statement),
    }


def _flat(d: Mapping[Any, Any]) -> tuple[Any, ...]:
    return tuple(itertools.chain.from_iterable(d.items()))


def _pairs(*flat: Any) -> dict[Any, Any]:
    return dict(zip(flat[::2], flat[1::2], strict=True))


def _listed(*items: Any) -> list[Any]:
    return list(items)


def _banker(b: Any) -> dict[str, Any]:
    return {"kind": b.kind, "player": b.player, "position": b.position}


def _dice(dice: tuple[int, ...] | None) -> list[int] | None:
    return list(dice) if dice is not None else None


def _dragons_eye(ph: Any) -> dict[str, Any] | None:
    if ph is None:
        return None
    return {"button": ph.button, "triple": ph.triple, "tier": ph.tier, "streak": ph.streak_after}


def _wager(w: Any, result: Any) -> dict[str, Any]:
    return {
        "ref": w.ref,
        "player": w.player,
        "spot": w.spot,
        "kind": w.kind,
        "cents": w.cents,
        "result": result,
    }


def _results_part(rnd: Round, seen: set[str], part: _Part) -> Any:
    hidden = unseen_spots(rnd.results, seen)
    inputs = (rnd.phase == "done", len(hidden), *hidden, *_flat(rnd.results))
    return part(("results", hidden), inputs, _results)


def _results(done: bool, n: int, *rest: Any) -> Any:
    """The round's results as a viewer sees them: all once it is done, before that the side
    wagers settled by the dice before the deal (R-DE-03); without the comparisons of the
    results of the ``n`` spots first in ``rest``, whose hands it may not see."""
    results = without_comparisons(_pairs(*rest[n:]), rest[:n])
    return _plain(results if done else {ref: r for ref, r in results.items() if "pays" in r})


def _same_inputs(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """The same inputs: each the very same object, or an ``int`` or ``str`` equal to it (of
    those two exact types equality is equality as JSON: ``True`` is not ``1``)."""
    if len(a) != len(b):
        return False
    if all(map(operator.is_, a, b)):  # (the usual case, tried first in C)
        return True
    return all(
        x is y or (type(x) is type(y) and type(x) in (int, str) and x == y)
        for x, y in zip(a, b, strict=True)
    )


class Observer:
    """:func:`observe_all`, keeping the parts of the projections it made last (one table's):
    a part (a position as seen or not, a wager, the positions, the wagers, the results, ...)
    is made again only when what it is made from is not the same as when it was made; else
    it is the very same object, which the differences of a table's broadcasts then pass over
    whole. Each part is a function of its inputs only, and the inputs are the round's
    immutable values (a round's containers hold only values that are immutable or replaced
    whole, :mod:`.atomic`): the same inputs make an equal part."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, tuple[tuple[Any, ...], Any]] = {}
        self._now: dict[Hashable, tuple[tuple[Any, ...], Any]] = {}

    def _part(self, name: Hashable, inputs: tuple[Any, ...], make: Callable[..., T]) -> T:
        got = self._now.get(name) or self._kept.get(name)
        if got is None or not _same_inputs(got[0], inputs):
            got = (inputs, make(*inputs))
        self._now[name] = got
        value: T = got[1]
        return value

    def observe_all(
        self, rnd: Round, viewers: Iterable[Viewer], statement: Mapping[str, Any] | None = None
    ) -> dict[Viewer, dict[str, Any]]:
        """:func:`observe` for each of ``viewers`` (see the class notes)."""
        self._now = {}
        try:
            return self._observe_all(rnd, viewers, statement)
        finally:
            self._kept, self._now = self._now, {}

    def _observe_all(
        self, rnd: Round, viewers: Iterable[Viewer], statement: Mapping[str, Any] | None
    ) -> dict[Viewer, dict[str, Any]]:
        shown = visible_positions(rnd, SPECTATOR)
        exposures = _exposures(rnd)
        part = self._part

        def position(pos: str, seen: bool) -> dict[str, Any]:
            inputs = _position_inputs(rnd, pos, seen, exposures)
            return part(("position", pos, seen), inputs, _make_position)

        seen_all = {pos: position(pos, pos in shown) for pos in rnd.ring}
        positions = part("positions", _flat(seen_all), _pairs)
        public = _observed(rnd, positions, statement, part, shown)
        out: dict[Viewer, dict[str, Any]] = {}
        for viewer in viewers:
            sees = visible_positions(rnd, viewer)
            more = sees - shown
            if not more:
                out[viewer] = public
                continue
            # (every position a viewer sees is one of the ring's)
            own = _flat({pos: position(pos, True) for pos in rnd.ring if pos in more})
            mine = part(("positions", viewer), (positions, *own), _updated)
            out[viewer] = {**public, "positions": mine, "results": _results_part(rnd, sees, part)}
        return out


def _updated(base: dict[str, Any], *flat: Any) -> dict[str, Any]:
    out = dict(base)
    out.update(_pairs(*flat))
    return out


def _exposures(rnd: Round) -> dict[str, int]:
    """Pieces exposed by accident per position (R-IRR)."""
    exposures: dict[str, int] = {}
    for op in rnd.log:
        if op.kind == "expose_dealt":
            pos = str(op.data["position"])
            exposures[pos] = exposures.get(pos, 0) + int(op.data["count"])
    return exposures


def _position(rnd: Round, pos: str, seen: bool, exposures: Mapping[str, int]) -> dict[str, Any]:
    """Ring position ``pos`` as a viewer sees it (``seen``: whether it may see its pieces)."""
    return _make_position(*_position_inputs(rnd, pos, seen, exposures))


def _position_inputs(
    rnd: Round, pos: str, seen: bool, exposures: Mapping[str, int]
) -> tuple[Any, ...]:
    """Everything of the round :func:`_make_position` makes ``pos``'s entry from."""
    dealt = pos in rnd.dealt and pos not in rnd.collected
    return (
        dealt,
        pos in rnd.collected,
        rnd.dealt[pos] if dealt and seen else None,
        _position_setting(rnd, pos),
        seen,
        rnd.set_by.get(pos),
        exposures.get(pos, 0),
        pos in rnd.surrendered,
        pos in rnd.voided_spots,
        pos in rnd.dead_spots,
    )


def _make_position(*inputs: Any) -> dict[str, Any]:
    """A position's entry, from :func:`_position_inputs`."""
    dealt, collected, pieces, setting, seen, set_by, exposed, surrendered, void, dead = inputs
    return {
        "dealt": dealt,
        "collected": collected,
        "pieces": None if pieces is None else [str(t) for t in pieces],
        "set": setting is not None,
        "setting": _setting(setting) if seen else None,
        "set_by": set_by,
        "exposed_count": exposed,
        "surrendered": surrendered,
        "void": void,
        "dead": dead,
    }


def _statement(rnd: Round, given: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if rnd.phase != "done":
        return None
    if given is not None:
        return dict(given)
    from .record import round_record
    from .statement import statement

    return statement(round_record(rnd))


def _exposure(rnd: Round) -> list[str]:
    """The exposed hands in the order they were exposed and settled (R-SETTLE-01, R-LC-07)."""
    from .settle import exposure_order

    shown = exposed_positions(rnd)
    return [p for p in exposure_order(rnd) if p in shown]


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(v) for v in value]
    return value


_SETTING_KINDS = ("set", "house_way")
_BANK_KINDS = ("bank_set", "reset_to_house_way")
#: The operations whose redaction depends on what the viewer sees (the others show no piece
#: of a hand: :func:`redact_op` gives every viewer the same).
_HIDING_KINDS = frozenset({"deal", "settle", *_SETTING_KINDS, *_BANK_KINDS})


def redact_op(op: Mapping[str, Any], seen: set[str], bank_spot: str) -> dict[str, Any]:
    """An operation of a round's log (its JSON) as a viewer who sees the positions ``seen``
    may see it: its ``index``, ``kind``, ``actor`` and ``data`` without the stack order, the
    hands and settings of the positions not seen and the comparisons of their results (no
    time, no link: a link is a digest of the whole operation, hidden parts included)."""
    kind = str(op["kind"])
    data = dict(op.get("data") or {})
    if kind == "shuffle":
        data.pop("order", None)
    elif kind == "deal":
        hands = data.get("hands") or {}
        data["hands"] = {p: list(t) for p, t in hands.items() if p in seen}
    elif kind == "settle":
        results = data.get("results") or {}
        data["results"] = without_comparisons(results, unseen_spots(results, seen))
    else:
        where = str(data.get("spot")) if kind in _SETTING_KINDS else bank_spot
        if kind in _SETTING_KINDS + _BANK_KINDS and where not in seen:
            data.pop("high", None)
            data.pop("low", None)
    return {"index": op["index"], "kind": kind, "actor": op["actor"], "data": _plain(data)}


def observe_op(rnd: Round, index: int, viewer: Viewer) -> dict[str, Any]:
    """Operation ``index`` of the round's log as ``viewer`` may see it now."""
    return redact_op(rnd.log[index].to_json(), visible_positions(rnd, viewer), rnd.bank_spot)


def observe_ops(
    rnd: Round, indices: Iterable[int], viewers: Iterable[Viewer]
) -> dict[Viewer, list[dict[str, Any]]]:
    """Operations ``indices`` of the round's log as each of ``viewers`` may see them now: for
    each, exactly what :func:`observe_op` gives, made once for all who see the same of it (one
    object for all when it shows no piece; else one per :func:`_shown`)."""
    ops = [rnd.log[i].to_json() for i in indices]
    viewers = list(viewers)
    bank_spot = rnd.bank_spot
    seen: dict[Viewer, set[str]] = {}
    out: dict[Viewer, list[dict[str, Any]]] = {v: [] for v in viewers}
    for op in ops:
        if op["kind"] in _HIDING_KINDS:
            if not seen:
                seen = {v: visible_positions(rnd, v) for v in viewers}
            made: dict[tuple[str, ...], dict[str, Any]] = {}
            for v in viewers:
                shown = _shown(op, seen[v], bank_spot)
                one = made.get(shown)
                if one is None:
                    one = made[shown] = redact_op(op, seen[v], bank_spot)
                out[v].append(one)
        else:
            shared = redact_op(op, set(), bank_spot)
            for v in viewers:
                out[v].append(shared)
    return out


def _shown(op: Mapping[str, Any], seen: set[str], bank_spot: str) -> tuple[str, ...]:
    """The positions named by ``op`` (of :data:`_HIDING_KINDS`) among ``seen``: all that
    :func:`redact_op` reads of ``seen``."""
    kind = op["kind"]
    data = op.get("data") or {}
    if kind == "deal":
        return tuple(str(p) for p in (data.get("hands") or {}) if p in seen)
    if kind == "settle":
        return unseen_spots(data.get("results") or {}, seen)
    where = str(data.get("spot")) if kind in _SETTING_KINDS else bank_spot
    return (where,) if where in seen else ()
