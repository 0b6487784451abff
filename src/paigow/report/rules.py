"""The rules as configured: every key of the profile with its value, what it means (the
schema's words, :mod:`paigow.profiles.schema`) and the clause of the seed document it follows.

The clauses are the profile's own annotations: the comment after each key in its TOML text
(``rate = "0.05"   # §7(k)``), with the comment lines that continue it. A profile read without
its text (or a key without a comment) has none, and the report says so.
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from typing import Any, Final

from paigow.games import Game
from paigow.profiles import Profile
from paigow.profiles.schema import SECTIONS
from paigow.table.chain import rules_of

from .model import RuleLine, Rules, RuleSection

__all__ = ["TOPICS", "clauses_of", "rules_section"]

#: The report's topics, in a laboratory's order, and the profile's tables under each.
TOPICS: Final = (
    ("The game", ("profile",)),
    ("Ranking and comparison", ("ranking",)),
    ("House way", ("house_way",)),
    ("Banking", ("banking",)),
    ("Commission and collection", ("commission",)),
    ("Limits and the layout", ("table",)),
    ("Start and delivery", ("start", "dealing")),
    ("Side bets", ("side_bets",)),
    ("Irregularities", ("irregularities",)),
)


def _comment(line: str) -> tuple[str, str]:
    """A TOML line split into its code and its comment (a ``#`` outside any string)."""
    quote = ""
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i], line[i + 1 :].strip()
        i += 1
    return line, ""


def clauses_of(text: str) -> dict[tuple[str, str], str]:
    """Each ``(table, key)`` of a profile's TOML text and the comment that annotates it: the
    comment on the key's line, then any comment-only lines that follow it indented."""
    out: dict[tuple[str, str], str] = {}
    table = ""
    last: tuple[str, str] | None = None
    for raw in text.splitlines():
        code, note = _comment(raw)
        stripped = code.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            table, last = stripped.strip("[] "), None
            if note:
                out[(table, "")] = note
            continue
        if "=" in stripped:
            key = stripped.split("=", 1)[0].strip()
            last = (table, key)
            if note:
                out[last] = note
            continue
        if not stripped and note and last is not None and raw[:1].isspace():
            out[last] = f"{out[last]} {note}".strip() if last in out else note
            continue
        last = None if stripped or not note else last
    return out


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return str(v)


def _stated(text: str | None) -> dict[str, set[str]]:
    if text is None:
        return {}
    data = tomllib.loads(text)
    return {t: set(v) for t, v in data.items() if isinstance(v, dict)}


def rules_section(profile: Profile, game: Game, text: str | None) -> Rules:
    """The rules of ``profile`` as configured, annotated from its TOML ``text`` (None: the
    text is not at hand, and no clause is named)."""
    notes = clauses_of(text) if text is not None else {}
    stated = _stated(text)
    data = profile.to_dict()
    sections = []
    for title, tables in TOPICS:
        lines = []
        for table in tables:
            for f in fields(SECTIONS[table]):
                # a key without its own note follows its table's (``[side_bets]  # ¶31``)
                clause = notes.get((table, f.name)) or notes.get((table, ""), "")
                lines.append(
                    RuleLine(
                        section=table,
                        key=f.name,
                        value=_value(data[table][f.name]),
                        meaning=str(f.metadata.get("doc", "")),
                        clause=clause,
                        stated=f.name in stated.get(table, set()),
                    )
                )
        sections.append(RuleSection(title, tuple(lines)))
    way = game.house_way(profile.house_way.dealer)
    _, digest = rules_of(profile)
    pieces = f"{len(game.full_set)} {game.noun}"
    return Rules(
        profile=profile.name,
        title=profile.meta.title,
        source=profile.meta.source,
        notes=profile.meta.notes,
        game=game.title,
        pieces=pieces,
        ring=profile.ring,
        house_way=str(way.name),
        house_way_description=str(getattr(way, "description", "")),
        profile_digest=digest,
        annotated=text is not None,
        sections=tuple(sections),
    )
