"""All-or-nothing actions: the one mechanism every mutating call of the table goes through.

A public method that changes a round or a session is decorated with :func:`action`. Before it
runs, the object's whole state is saved (:meth:`Atomic._save`: plain containers copied, the
ledger copied, immutable values shared); if the method raises anything at all, the state is put
back exactly as it was before the exception propagates. Nested actions (a derived void inside
an exposure) join the outermost one. After a successful action the object checks its own
invariants (:meth:`Atomic._settled`), so an action that leaves the object inconsistent is
refused and undone like any other.

This makes "a refused action changes nothing" structural: it holds for every action, whatever
order its checks and changes run in. The checks still come first where they can (typed inputs,
:mod:`.inputs`), so that errors are clear; the rollback is the guarantee.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

__all__ = ["Atomic", "action", "fresh", "is_action"]

P = ParamSpec("P")
R = TypeVar("R")


#: How to copy a value of each type seen so far (None: shared, being immutable).
_COPIERS: dict[type, Callable[[Any], Any] | None] = {
    dict: dict.copy,
    list: list.copy,
    set: set.copy,
}


def _copy(value: Any) -> Any:
    """A shallow copy of a plain container; an object's own ``copy_state()``; other values are
    shared. The state of an :class:`Atomic` keeps to one rule that makes shallow copies enough:
    what a container holds is immutable or replaced whole, never changed in place."""
    kind = type(value)
    try:
        copier = _COPIERS[kind]
    except KeyError:
        copier = _COPIERS[kind] = getattr(kind, "copy_state", None)
    return value if copier is None else copier(value)


def fresh(saved: dict[str, Any]) -> dict[str, Any]:
    """A copy of a saved state, as :meth:`Atomic._save` makes one."""
    return {k: _copy(v) for k, v in saved.items()}


class Atomic:
    """An object whose public mutating methods are :func:`action` s."""

    _in_action: bool = False

    def _save(self) -> dict[str, Any]:
        """Everything needed to put the object back as it is now."""
        get = _COPIERS.get
        return {
            k: v if (copier := get(type(v), _copy)) is None else copier(v)
            for k, v in vars(self).items()
        }

    def _restore(self, saved: dict[str, Any]) -> None:
        vars(self).clear()
        vars(self).update(saved)

    def _settled(self) -> None:
        """Check the invariants after an action (raise to refuse it); nothing by default."""


S = TypeVar("S", bound=Atomic)


def action(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """Make ``method`` all-or-nothing (see the module notes)."""

    @functools.wraps(method)
    def run(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if self._in_action:
            return method(self, *args, **kwargs)
        saved = self._save()
        self._in_action = True
        try:
            result = method(self, *args, **kwargs)
            self._settled()
        except BaseException:
            self._restore(saved)
            raise
        finally:
            self._in_action = False
        return result

    run.__table_action__ = True  # type: ignore[attr-defined]
    return run


def is_action(method: object) -> bool:
    """True for a method decorated with :func:`action`."""
    return bool(getattr(method, "__table_action__", False))
