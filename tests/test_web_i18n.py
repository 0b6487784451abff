"""The service's English words the client translates (web/src/i18n/server-text.json).

The service speaks English (the engine's errors, the CLI and the logs share its words); the
client recognises the messages a player can meet by a pattern each and shows the catalogue's
message in the reader's language (web/src/i18n/serverText.ts, docs/i18n.md). This test keeps the
two in step: each pattern matches its example, each pattern names a message of every catalogue,
and the fixed words of each pattern are still in the service's or the engine's source, so a
reworded message fails here instead of going untranslated.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLE = json.loads((ROOT / "web" / "src" / "i18n" / "server-text.json").read_text("utf-8"))
MESSAGES = ROOT / "web" / "src" / "i18n" / "messages"
SOURCE = "\n".join(p.read_text("utf-8") for p in (ROOT / "src" / "paigow").rglob("*.py"))


def fixed_words(pattern: str) -> list[str]:
    """The literal runs of a pattern (groups, classes and quantified parts taken out)."""
    body = pattern.removeprefix("^").removesuffix("$")
    body = re.sub(r"\(\?<\w+>(?:[^()\\]|\\.)*\)[?*+]?", "\0", body)  # named groups
    body = re.sub(r"\((?:[^()\\]|\\.)*\)[?*+]?", "\0", body)  # other groups
    body = re.sub(r"\[(?:[^\]\\]|\\.)*\][?*+]?", "\0", body)  # classes
    body = re.sub(r"\\[dsSwW][?*+]?|\.[?*+]", "\0", body)  # shorthand classes
    body = re.sub(r"\\(.)", r"\1", body)  # escaped characters
    runs = [r.strip(" '\"") for r in body.split("\0")]
    return [r for r in runs if len(r) >= 5]


def test_each_pattern_matches_its_example() -> None:
    for e in TABLE:
        # JavaScript's named groups (?<name>...) are Python's (?P<name>...).
        m = re.search(re.sub(r"\(\?<(?=\w)", "(?P<", e["pattern"]), e["example"])
        assert m, e


def test_each_pattern_names_a_message_of_every_catalogue() -> None:
    for locale in ("en", "zh-Hant", "zh-Hans"):
        keys = set(json.loads((MESSAGES / f"{locale}.json").read_text("utf-8")))
        assert {e["key"] for e in TABLE} <= keys, locale


def test_the_fixed_words_are_still_said_by_the_service() -> None:
    missing = [(e["key"], w) for e in TABLE for w in fixed_words(e["pattern"]) if w not in SOURCE]
    assert not missing, missing


def test_fixed_words_reader() -> None:
    assert fixed_words(r"^the name '(?<name>[^']*)' is taken$") == ["the name", "is taken"]
    assert fixed_words(r"^rule \((?<rule>[a-d])\) of R-HW-01: ") == ["rule (", ") of R-HW-01:"]
