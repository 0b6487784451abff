"""Validation of a parsed profile document against the schema (:mod:`.schema`).

Unknown tables or keys, wrong types and values outside the allowed choices raise
:class:`~paigow.errors.ConfigError` naming the origin (the file), the table, the key and what
was expected; so do options that are inconsistent with each other.
"""

from __future__ import annotations

import itertools
from dataclasses import MISSING, fields
from decimal import Decimal, InvalidOperation
from typing import Any, TypeVar, get_type_hints

from paigow.errors import ConfigError

from .schema import ATTRIBUTES, SECTIONS, Profile
from .shapes import SHAPES

__all__ = ["parse_profile"]

_T = TypeVar("_T")


def _check_value(where: str, key: str, value: Any, ftype: Any, meta: Any) -> Any:
    choices = meta.get("choices")
    if ftype is bool:
        if not isinstance(value, bool):
            raise ConfigError(f"{where}: {key} must be true or false, got {value!r}")
        return value
    if ftype is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{where}: {key} must be a whole number, got {value!r}")
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            rng = f"{lo if lo is not None else '-inf'}..{hi if hi is not None else 'inf'}"
            raise ConfigError(f"{where}: {key} must be in {rng}, got {value}")
        return value
    if ftype is str:
        if isinstance(value, float | int) and meta.get("decimal") and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise ConfigError(f"{where}: {key} must be text, got {value!r}")
        if meta.get("decimal"):
            try:
                d = Decimal(value)
            except InvalidOperation:
                raise ConfigError(
                    f"{where}: {key} must be a decimal like '0.05', got {value!r}"
                ) from None
            if not d.is_finite() or not (0 <= d < 1):
                raise ConfigError(f"{where}: {key} must be a fraction in [0, 1), got {value!r}")
        if choices is not None and value not in choices:
            raise ConfigError(
                f"{where}: {key} = {value!r} is not allowed; expected one of {', '.join(choices)}"
            )
        return value
    if ftype == list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where}: {key} must be a list of text, got {value!r}")
        if choices is not None:
            bad = [v for v in value if v not in choices]
            if bad:
                raise ConfigError(
                    f"{where}: {key} has {', '.join(map(repr, bad))}; "
                    f"expected values from {', '.join(choices)}"
                )
        return list(value)
    if ftype == list[list[int]]:
        return _int_pairs(where, key, value)
    raise AssertionError(f"unsupported field type {ftype}")  # pragma: no cover


def _int_pairs(where: str, key: str, value: Any) -> list[list[int]]:
    """A list of ``[up to, amount]`` pairs of whole numbers >= 0, strictly ascending."""
    ok = isinstance(value, list) and all(
        isinstance(v, list)
        and len(v) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)
        for v in value
    )
    if not ok:
        raise ConfigError(
            f"{where}: {key} must be a list of [up to, amount] pairs of whole numbers, "
            f"got {value!r}"
        )
    tops = [v[0] for v in value]
    if any(b <= a for a, b in itertools.pairwise(tops)):
        raise ConfigError(f"{where}: {key} must ascend by its first numbers, got {value!r}")
    return [list(v) for v in value]


#: The resolved annotations of each schema class, resolved once (start-up time).
_HINTS: dict[type, dict[str, Any]] = {}


def _build(cls: type[_T], data: Any, where: str) -> _T:
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: expected a table of keys, got {data!r}")
    hints = _HINTS.get(cls) or _HINTS.setdefault(cls, get_type_hints(cls))
    known = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ConfigError(
            f"{where}: unknown key {unknown[0]!r}; expected one of {', '.join(sorted(known))}"
        )
    kwargs: dict[str, Any] = {}
    for name, f in known.items():
        if name in data:
            kwargs[name] = _check_value(where, name, data[name], hints[name], f.metadata)
        elif f.default is MISSING and f.default_factory is MISSING:  # pragma: no cover
            raise ConfigError(f"{where}: missing required key {name!r}")
    return cls(**kwargs)


def parse_profile(data: dict[str, Any], origin: str = "<profile>") -> Profile:
    """Validate a parsed TOML document and build a :class:`Profile`.

    Raises:
        ConfigError: unknown tables or keys, wrong types, values outside the allowed choices,
            or inconsistent options.
    """
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown:
        raise ConfigError(
            f"{origin}: unknown table [{unknown[0]}]; expected tables "
            + ", ".join(f"[{s}]" for s in SECTIONS)
        )
    parts: dict[str, Any] = {}
    for sec, cls in SECTIONS.items():
        parts[ATTRIBUTES[sec]] = _build(cls, data.get(sec, {}), f"{origin} [{sec}]")
    prof = Profile(**parts)
    _check_consistency(prof, origin)
    return prof


def _check_consistency(p: Profile, origin: str) -> None:
    if not p.meta.name:
        raise ConfigError(f"{origin} [profile]: name is required")
    if p.table.min_wager > p.table.max_wager:
        raise ConfigError(
            f"{origin} [table]: min_wager {p.table.min_wager} exceeds max_wager {p.table.max_wager}"
        )
    if p.dealing.default_style not in p.dealing.styles:
        raise ConfigError(
            f"{origin} [dealing]: default_style {p.dealing.default_style!r} is not among "
            f"styles {p.dealing.styles}"
        )
    if p.start.rng_min > p.start.rng_max:
        raise ConfigError(f"{origin} [start]: rng_min exceeds rng_max")
    if not p.banking.house_banks and not p.banking.player_bank:
        raise ConfigError(f"{origin} [banking]: nobody can bank (house_banks and player_bank)")
    if p.side_bets.pair_fortunes and not p.side_bets.pair_fortunes_tables:
        raise ConfigError(f"{origin} [side_bets]: pair_fortunes needs pair_fortunes_tables")
    if p.banking.dealer_wager_basis == "fixed" and not p.banking.dealer_wager_fixed_cents:
        raise ConfigError(
            f"{origin} [banking]: dealer_wager_basis 'fixed' needs dealer_wager_fixed_cents"
        )
    sched = p.commission.collection_schedule
    if sched and sched[-1][0] < p.table.max_wager:
        raise ConfigError(
            f"{origin} [commission]: collection_schedule must reach the table maximum "
            f"{p.table.max_wager}; its last bet is {sched[-1][0]}"
        )
    if p.side_bets.supreme_bonus_min_cents > p.side_bets.supreme_bonus_max_cents:
        raise ConfigError(
            f"{origin} [side_bets]: supreme_bonus_min_cents exceeds supreme_bonus_max_cents"
        )
    shape = SHAPES[p.meta.game]  # a choice of [meta] game, so a shape
    ring = len(p.ring)
    if (
        ring != shape.ring
        or (p.table.dead_hand and not shape.dead_hand)
        or (shape.needs_dealer_hand and not p.table.dealer_hand)
    ):
        raise ConfigError(
            f"{origin} [table]: {shape.ring_words}, so the ring must have {shape.ring} hands"
            + ("" if shape.dead_hand else ", no dead hand")
            + ("" if not shape.needs_dealer_hand else ", the dealer's among them")
            + f" (dealer {p.table.dealer_hand}, positions {p.table.positions}, dead hand "
            f"{p.table.dead_hand} gives {ring})"
        )
    methods = set(p.dealing.styles) | {p.dealing.default_style}
    if not methods <= set(shape.styles):
        raise ConfigError(f"{origin} [dealing]: {shape.styles_words}")
