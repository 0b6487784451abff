"""The hash chain of a round: canonical JSON, digests, and the links that make a record
tamper-evident.

A round's chain starts from the digest of its header (who, where, when, under which rules, with
which inputs) and takes in, in the order they happened, every transfer and every operation:
each link is ``sha256(previous link | kind | canonical JSON of the element)``. Each transfer and
operation of the record carries its link, so an edited, removed or reordered element breaks the
chain exactly there; the last link (the *head*) commits to the whole round. A table chains its
rounds too: each header names the head of the table's previous round (``previous``).

Canonical JSON: keys sorted, no spaces, UTF-8, integers as integers; floats never occur.
It is written by orjson (a link is made at every operation and transfer of every round: the
service's hot path), and by the standard library's encoder, the reference, for what orjson does
not take (an integer over 64 bits, a key that is not a string): the two give the same bytes for
every JSON value without floats (tests/test_chain_canonical.py: property-based, and every
record of simulated tables of every profile).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from typing import Any, Final

import orjson

from paigow.profiles import Profile

__all__ = [
    "GENESIS",
    "canonical",
    "digest",
    "field_digests",
    "link",
    "profile_digest",
    "reference_canonical",
    "rules_of",
    "seal",
]

#: The link before the header: 64 zeros.
GENESIS: Final = "0" * 64


#: The reference encoder of canonical JSON, made once (``json.dumps`` with options makes one per
#: call).
_CANONICAL = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)

#: orjson's options for canonical JSON: keys sorted; a dataclass or a datetime, which are not
#: JSON data, goes to the reference (which refuses it) instead of being written as orjson would.
_FAST: Final = (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)


def canonical(value: Any) -> bytes:
    """The canonical JSON bytes of a plain JSON value (the same bytes as
    :func:`reference_canonical`, faster).

    Raises:
        TypeError, ValueError: ``value`` is not JSON data (as :func:`reference_canonical`).
    """
    try:
        return orjson.dumps(value, option=_FAST)
    except TypeError:  # (orjson's JSONEncodeError) a value orjson does not take: the reference's
        return reference_canonical(value)


def reference_canonical(value: Any) -> bytes:
    """The canonical JSON bytes of a plain JSON value, by the standard library's encoder: the
    definition :func:`canonical` is checked against."""
    return _CANONICAL.encode(value).encode("utf-8")


def digest(value: Any) -> str:
    """``sha256`` hex of the canonical JSON of ``value``."""
    return hashlib.sha256(canonical(value)).hexdigest()


def link(previous: str, kind: str, element: Any) -> str:
    """The next link of a chain: ``sha256(previous | kind | canonical(element))`` in hex."""
    h = hashlib.sha256()
    h.update(previous.encode("ascii"))
    h.update(b"|")
    h.update(kind.encode("ascii"))
    h.update(b"|")
    h.update(canonical(element))
    return h.hexdigest()


def field_digests(header: Mapping[str, Any]) -> dict[str, str]:
    """One digest per header field, so that a changed field can be named."""
    return {key: digest(value) for key, value in sorted(header.items())}


def profile_digest(rules: Mapping[str, Any]) -> str:
    """``sha256:`` + the digest of a profile's full rules (``Profile.to_dict()``)."""
    return "sha256:" + digest(rules)


_RULES: dict[int, tuple[Profile, dict[str, Any], str]] = {}


def rules_of(profile: Profile) -> tuple[dict[str, Any], str]:
    """A profile's full rules and their digest (kept for the profiles in use: a profile is
    immutable). The rules returned are shared: copy before changing them."""
    hit = _RULES.get(id(profile))
    if hit is None or hit[0] is not profile:
        if len(_RULES) > 64:
            _RULES.clear()
        rules = profile.to_dict()
        hit = (profile, rules, profile_digest(rules))
        _RULES[id(profile)] = hit
    return hit[1], hit[2]


def seal(head: str, key: bytes) -> str:
    """An HMAC-SHA256 seal of a chain head under an operator's key (``hmac-sha256:`` + hex)."""
    return "hmac-sha256:" + hmac.new(key, head.encode("ascii"), hashlib.sha256).hexdigest()
