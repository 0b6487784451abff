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

from paigow.games.cards.supreme_bonus import BonusClass
from paigow.games.tiles.pair_fortunes import PFClass

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


ENGINE_WORDS = json.loads((ROOT / "web" / "src" / "i18n" / "engine-words.json").read_text("utf-8"))
TABLE_SOURCE = "\n".join(
    p.read_text("utf-8") for p in (ROOT / "src" / "paigow" / "table").glob("*.py")
)


def test_the_classes_the_client_names_are_the_engines() -> None:
    """Every class a side wager's line may carry (the engine's Pair Fortunes and Supreme Pai Gow
    bonus classes, and a dead hand's) is one the client names in each language, by the case of
    the pay table's message of that class (web/src/i18n/engine-words.json): before, a Chinese
    page showed 对子彩金（No pair）, 彩金（Nothing）."""
    pf = {c.value: c.name for c in PFClass} | {"dead hand": "DEAD"}
    bonus = {c.value: c.name for c in BonusClass}
    assert ENGINE_WORDS["classes"] == {"pair-fortunes": pf, "supreme-bonus": bonus}
    for locale in ("en", "zh-Hant", "zh-Hans"):
        catalogue = json.loads((MESSAGES / f"{locale}.json").read_text("utf-8"))
        for key, cases in (("pays.pf", pf), ("pays.bonus", bonus)):
            for case in cases.values():
                assert re.search(rf"\b{case} \{{", catalogue[key]), (locale, key, case)


def test_the_reasons_the_client_names_are_the_engines() -> None:
    """Every reason of a forced loss and of a transfer the client names is one the engine's
    round code gives (a reworded one fails here instead of going untranslated), and each is a
    case of its message in every catalogue."""
    for reason in [*ENGINE_WORDS["reasons"], *ENGINE_WORDS["transfers"]]:
        assert f'"{reason}"' in TABLE_SOURCE, reason
    for locale in ("en", "zh-Hant", "zh-Hans"):
        catalogue = json.loads((MESSAGES / f"{locale}.json").read_text("utf-8"))
        for key, table in (
            ("statement.reason", ENGINE_WORDS["reasons"]),
            ("transfer.reason", ENGINE_WORDS["transfers"]),
        ):
            for case in table.values():
                assert re.search(rf"\b{case} \{{", catalogue[key]), (locale, key, case)
