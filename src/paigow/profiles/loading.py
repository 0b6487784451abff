"""Reading profiles: a TOML file, and the bundled profiles by name or alias."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Final

from paigow.errors import ConfigError
from paigow.textfiles import read_text

from .schema import Profile
from .validate import parse_profile

__all__ = [
    "PROFILE_LIMIT",
    "bundled_profile",
    "bundled_text",
    "get_profile",
    "load_profile",
    "profile_names",
]

#: The largest profile file accepted, in bytes (the bundled ones are under 4 KiB).
PROFILE_LIMIT: Final = 1 << 20


def load_profile(path: str | Path) -> Profile:
    """Read and validate a profile TOML file.

    Raises:
        ConfigError: the file cannot be read, is over :data:`PROFILE_LIMIT` bytes, is not UTF-8
            TOML (a byte-order mark is accepted), or fails validation; the message names it.
    """
    p = Path(path)
    return _parse_text(read_text(p, what="profile", limit=PROFILE_LIMIT), str(p))


def _parse_text(text: str, origin: str) -> Profile:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{origin}: not valid TOML: {e}") from e
    except RecursionError:
        raise ConfigError(f"{origin}: not a profile: arrays or tables nested too deeply") from None
    return parse_profile(data, origin)


#: The directory of the bundled profiles (``NAME.toml``, next to this module).
_HERE: Final = Path(__file__).parent


@cache
def _stems() -> tuple[str, ...]:
    """The names of the bundled profile files, sorted."""
    return tuple(sorted(p.stem for p in _HERE.glob("*.toml")))


@cache
def _bundled(stem: str) -> Profile:
    """The bundled profile of file ``stem``.toml, read and validated once."""
    prof = _parse_text((_HERE / f"{stem}.toml").read_text(encoding="utf-8"), f"{stem}.toml")
    if prof.name != stem:
        raise ConfigError(f"{stem}.toml: [profile] name {prof.name!r} must match the file name")
    return prof


@cache
def _registry() -> tuple[dict[str, Profile], dict[str, str]]:
    profiles: dict[str, Profile] = {}
    aliases: dict[str, str] = {}
    for stem in _stems():
        prof = _bundled(stem)
        profiles[prof.name] = prof
        for alias in (prof.name, *prof.meta.aliases):
            aliases[alias.lower()] = prof.name
    return profiles, aliases


def profile_names() -> list[str]:
    """Names of the bundled profiles, sorted."""
    return sorted(_registry()[0])


def get_profile(name: str) -> Profile:
    """A bundled profile by name or alias (case-insensitive), or a path to a TOML file.

    Raises:
        ConfigError: no such profile.
    """
    if name.endswith(".toml"):
        return load_profile(name)
    return _named(name, " or a path to a .toml file")


def bundled_profile(name: str) -> Profile:
    """A bundled profile by name or alias (case-insensitive), never a file: what a name that
    comes over the network may choose (a path would have the server read any file it can).

    Raises:
        ConfigError: no bundled profile of that name.
    """
    return _named(name, "")


def bundled_text(name: str) -> str:
    """The TOML text of a bundled profile by name or alias (its annotations name the clauses
    of the document each key follows: the report's rules, :mod:`paigow.report.rules`).

    Raises:
        ConfigError: no bundled profile of that name.
    """
    prof = bundled_profile(name)
    return (_HERE / f"{prof.name}.toml").read_text(encoding="utf-8")


def _named(name: str, besides: str) -> Profile:
    if name.lower() in _stems():  # a file's own name: read that file alone (start-up time)
        return _bundled(name.lower())
    profiles, aliases = _registry()
    key = aliases.get(name.lower())
    if key is None:
        raise ConfigError(
            f"unknown profile {name!r}; expected one of {', '.join(sorted(profiles))}{besides}"
        )
    return profiles[key]
