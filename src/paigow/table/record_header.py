"""The header of a round record: the fields fixed when the round opens.

The header names the record and the table, the opening time, the previous round's chain head,
the software, the rules (the profile's full text and its digest) and the round's inputs. Each
field has its own digest in the record (``chain.fields``), and the chain starts from them, so a
changed header field is named by replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from paigow import __version__

from .chain import digest, rules_of

if TYPE_CHECKING:
    from .state import Provenance, RoundState

__all__ = ["FORMAT", "HEADER_FIELDS", "SOFTWARE", "header_of"]

#: The record format and its version (docs/table.md).
FORMAT: Final = "paigow-round/2"
#: The software that wrote a record.
SOFTWARE: Final = {"name": "paigow", "version": __version__}

#: The header's fields, in the order the record lists them.
HEADER_FIELDS: Final = (
    "format",
    "record_id",
    "table_id",
    "previous",
    "opened_at",
    "software",
    "note",
    "profile",
    "profile_digest",
    "rules",
    "house_way",
    "banker",
    "seats",
    "stacks",
    "collection_free",
    "options",
    "dealer_wager_limit",
)


def header_of(rnd: RoundState, p: Provenance) -> dict[str, Any]:
    """The header of ``rnd`` under provenance ``p``; an empty record id becomes ``r-`` and 16
    hex digits of the digest of the rest of the header."""
    rules, rules_digest = rules_of(rnd.profile)
    header: dict[str, Any] = {
        "format": FORMAT,
        "record_id": p.record_id,
        "table_id": p.table_id,
        "previous": p.previous,
        "opened_at": p.opened_at,
        "software": {"name": "paigow", "version": p.software or __version__},
        "note": dict(p.note),
        "profile": rnd.profile.name,
        "profile_digest": rules_digest,
        "rules": rules,
        "house_way": rnd.house_way.name,
        "banker": rnd.banker.to_json(),
        "seats": dict(rnd.seats),
        "stacks": {k.removeprefix("player:"): v for k, v in rnd.opening.items() if k != "house"},
        "collection_free": rnd.collection_free,
        "options": rnd.options.to_json(),
        "dealer_wager_limit": rnd.dealer_wager_limit,
    }
    if not p.record_id:
        header["record_id"] = "r-" + digest(header)[:16]
    return header
