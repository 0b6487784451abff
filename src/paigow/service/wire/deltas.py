"""The difference between two projections of a table, as a ``delta`` message carries it.

A ``patch`` is a list of changes, applied in order to the viewer's last projection:

* ``[path, value]`` — set: the object key (or the array index) at ``path`` takes ``value``;
  an index one past an array's end appends;
* ``[path]`` — remove that object key (or array element).

``path`` is a non-empty list of object keys (strings) and array indices (integers) from the
projection's root: ``[["seq"], 42]``, ``[["round", "positions", "3", "pieces"], ["6-6", "1-2",
"4-4", "2-3"]]``, ``[["round", "wagers", 4], {...}]``. It is a keyed diff, simpler than JSON
Patch (RFC 6902): no pointer escaping, one operation for adding or replacing, no moves; and
smaller on the wire (``[["seq"],42]`` against ``{"op":"replace","path":"/seq","value":42}``).

:func:`diff` finds a patch. Objects are compared key by key; an array of the same length
element by element, an array that grew by appending gets its new elements; any other change
replaces the value whole. Projections of one table built in one broadcast share their public
parts (the same objects); :class:`Differ` remembers the difference of every pair of objects it
has compared, so that a part shared by many viewers is compared once, not once per viewer.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Differ", "Patch", "PatchError", "apply_patch", "diff"]

#: A list of changes: ``[path, value]`` (set) or ``[path]`` (remove).
Patch = list[list[Any]]
#: One change found by :class:`Differ`, relative to the object compared: ``(key, value,
#: None)`` sets the key (``value`` :data:`_REMOVE`: removes it), ``(key, None, changes)``
#: changes the parts of the value at the key. Paths are made once, by :meth:`Differ._flat`,
#: when the patch is written out, not at every level of the way up.
Change = tuple[str | int, Any, "list[Change] | None"]


class Differ:
    """Finds patches, remembering the changes between pairs of objects it has compared (both
    must stay alive while the differ is used: one broadcast)."""

    def __init__(self) -> None:
        #: The changes between two objects by their ids (None: the new one replaces the old).
        self._memo: dict[tuple[int, int], list[Change] | None] = {}
        #: The patch entries of a part's changes by their id, with the path they were made at
        #: (the changes of a shared part, kept in ``_memo``, written out once for all viewers).
        self._flats: dict[int, tuple[list[str | int], Patch]] = {}

    def patch(self, old: Any, new: Any) -> Patch:
        """The changes that turn the object ``old`` into the object ``new`` (JSON data)."""
        if old is new:
            return []
        changes = self._compare(old, new)
        if changes is None:
            raise ValueError("a patch changes the parts of an object, not the whole")
        out: Patch = []
        self._flat([], changes, out)
        return out

    def _flat(self, prefix: list[str | int], changes: list[Change], out: Patch) -> None:
        """Append ``changes`` to ``out`` as a patch's changes, their paths under ``prefix``;
        those of a part already written out at the same path (a part that viewers share)
        copied from the first (the same entries: a patch is encoded, never changed)."""
        flats = self._flats
        for k, v, deeper in changes:
            if deeper is None:
                out.append([[*prefix, k]] if v is _REMOVE else [[*prefix, k], v])
                continue
            path = [*prefix, k]
            done = flats.get(id(deeper))
            if done is not None and done[0] == path:
                out += done[1]
                continue
            mine: Patch = []
            self._flat(path, deeper, mine)
            flats[id(deeper)] = (path, mine)
            out += mine

    def _deeper(self, old: Any, new: Any) -> list[Change] | None:
        """:meth:`_compare`, once per pair of objects."""
        key = (id(old), id(new))
        memo = self._memo
        if key in memo:
            return memo[key]
        found = memo[key] = self._compare(old, new)
        return found

    def _compare(self, old: Any, new: Any) -> list[Change] | None:
        """The changes from ``old`` to ``new``, or None when ``new`` replaces ``old`` whole.
        (The loop is written out twice, for objects and for arrays: one loop over generated
        ``(key, was, value)`` triples took a third more time on the service's broadcasts.)"""
        out: list[Change] = []
        if type(old) is dict and type(new) is dict:
            get = old.get
            for k, v in new.items():
                was = get(k, _ABSENT)
                if was is v:
                    continue
                t = type(v)
                if type(was) is not t:  # added, or of another kind
                    out.append((k, v, None))
                elif t is dict or t is list:
                    if not v and not was:  # both empty
                        continue
                    deeper = self._deeper(was, v)
                    if deeper is None:
                        out.append((k, v, None))
                    elif deeper:
                        out.append((k, None, deeper))
                elif was != v:
                    out.append((k, v, None))
            if not old.keys() <= new.keys():  # (a set comparison, in C)
                out.extend((k, _REMOVE, None) for k in old if k not in new)
            return out
        if type(old) is list and type(new) is list:
            n = len(old)
            if len(new) == n:
                for i in range(n):
                    was, v = old[i], new[i]
                    if was is v:
                        continue
                    t = type(v)
                    if type(was) is not t:
                        out.append((i, v, None))
                    elif t is dict or t is list:
                        if not v and not was:
                            continue
                        deeper = self._deeper(was, v)
                        if deeper is None:
                            out.append((i, v, None))
                        elif deeper:
                            out.append((i, None, deeper))
                    elif was != v:
                        out.append((i, v, None))
                return out
            if len(new) > n and _same(old, new[:n]):
                return [(i, new[i], None) for i in range(n, len(new))]
        if _same(old, new):
            return out
        return None


#: A key an object does not have (no JSON value is this object).
_ABSENT = object()
#: The value of a change that removes its key (no JSON value is this object).
_REMOVE = object()


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: the same types all the way down (``1``, ``1.0`` and ``True`` differ)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def diff(old: Any, new: Any) -> Patch:
    """The patch from ``old`` to ``new`` (a new :class:`Differ` each call)."""
    return Differ().patch(old, new)


class PatchError(ValueError):
    """A patch that does not fit the projection it is applied to (malformed, or made for
    another): the client asks for a snapshot."""


def apply_patch(doc: dict[str, Any], patch: Any) -> dict[str, Any]:
    """``doc`` changed by ``patch``, as a new object (``doc`` is not changed: the containers on
    each changed path are copied, the rest shared). :class:`PatchError` when the patch is not
    a list of well-formed changes that fit ``doc``."""
    if type(doc) is not dict or type(patch) is not list:
        raise PatchError("a patch is a list of changes to an object")
    out: dict[str, Any] = dict(doc)
    copied: set[int] = {id(out)}
    for change in patch:
        if type(change) is not list or len(change) not in (1, 2):
            raise PatchError(f"not a change: {change!r:.80}")
        path = change[0]
        if type(path) is not list or not path:
            raise PatchError(f"not a path: {path!r:.80}")
        parent: Any = out
        for step in path[:-1]:
            child = _child(parent, step)
            if type(child) not in (dict, list):
                raise PatchError(f"nothing to change under {step!r:.40}")
            if id(child) not in copied:
                child = dict(child) if type(child) is dict else list(child)
                copied.add(id(child))
                parent[step] = child
            parent = child
        _change(parent, path[-1], change[1:])
    return out


def _child(parent: Any, step: Any) -> Any:
    if type(parent) is dict and type(step) is str and step in parent:
        return parent[step]
    if type(parent) is list and type(step) is int and 0 <= step < len(parent):
        return parent[step]
    raise PatchError(f"no {step!r:.40} here")


def _change(parent: Any, last: Any, rest: list[Any]) -> None:
    if type(parent) is dict and type(last) is str:
        if rest:
            parent[last] = rest[0]
        elif last in parent:
            del parent[last]
        else:
            raise PatchError(f"no {last!r:.40} to remove")
        return
    if type(parent) is list and type(last) is int:
        n = len(parent)
        if rest and 0 <= last < n:
            parent[last] = rest[0]
        elif rest and last == n:
            parent.append(rest[0])
        elif not rest and 0 <= last < n:
            del parent[last]
        else:
            raise PatchError(f"index {last} out of range")
        return
    raise PatchError(f"no {last!r:.40} here")
