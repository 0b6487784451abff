"""Jurisdiction profiles: the rule options of each document, as validated data.

Each profile is one TOML file in this package (``colorado.toml``, ``maryland.toml``, ...).
A new jurisdiction is a new file, not new code. :func:`load_profile` reads and validates one;
:func:`get_profile` returns a bundled profile by name or alias (or reads a path);
:func:`bundled_profile` only the former (what the table service accepts);
:func:`profile_names` lists them.

The schema is a set of dataclasses (:mod:`.schema`): every TOML table maps to one section
dataclass, every key to one field. Validation (:mod:`.validate`) refuses unknown tables or keys,
wrong types and values outside the allowed choices with a :class:`~paigow.errors.ConfigError`
naming the file, the key and what was expected; reading files and the bundled profiles is
:mod:`.loading`. See ``docs/profiles.md`` for the format.
"""

from __future__ import annotations

from .loading import (
    PROFILE_LIMIT,
    bundled_profile,
    bundled_text,
    get_profile,
    load_profile,
    profile_names,
)
from .schema import (
    CARD_METHODS,
    SECTIONS,
    STYLES,
    Banking,
    Commission,
    Dealing,
    HouseWay,
    Irregularities,
    Meta,
    Profile,
    Ranking,
    SideBets,
    Start,
    Table,
)
from .validate import parse_profile

__all__ = [
    "CARD_METHODS",
    "PROFILE_LIMIT",
    "STYLES",
    "Banking",
    "Commission",
    "Dealing",
    "HouseWay",
    "Irregularities",
    "Meta",
    "Profile",
    "Ranking",
    "SideBets",
    "Start",
    "Table",
    "bundled_profile",
    "bundled_text",
    "get_profile",
    "load_profile",
    "parse_profile",
    "profile_names",
]

#: Each TOML table and the dataclass of its section (also :data:`.schema.SECTIONS`).
_SECTIONS = SECTIONS
