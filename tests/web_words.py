"""The words of the web table's pages, read as a player reads them: no engineer's token on a
player's page in any language, no English left on a page in Chinese but names and units, and
the catalogue's words formatted here the way the client formats them (for the comparisons of
tests/test_web_words.py).

* :data:`ENGINEERS` — the service's and the engine's tokens a player must never read: a private
  table's id (``p-08a9kdhpd5f6mkn5``), a joker's notation (``Jk1``), a cut's (``a:1:left``), a
  profile's seed (``seed 000``), a rule's id (``R-LC-09``, ``AMB-71``), a house way's id
  (``spg-house``), a computer player's account (``bot-3``), a file of the repository.
* :func:`latin_words` — the words in Latin letters of a Chinese page, less :data:`NAMES_AND_UNITS`
  and the names of the people at the tables.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = ROOT / "web" / "src" / "i18n" / "messages"
LOCALES = ("en", "zh-Hant", "zh-Hans")
CATALOGUE: dict[str, dict[str, str]] = {
    loc: json.loads((MESSAGES / f"{loc}.json").read_text(encoding="utf-8")) for loc in LOCALES
}

ENGINEERS = re.compile(
    r"\bp-[a-z0-9]{16}\b"  # a private table's id
    r"|\bJk[12]\b"  # a joker in the engine's notation
    r"|\b(?:a|b|card):\d"  # a cut in the engine's notation
    r"|\bseed \d{3}\b"  # a profile's seed
    r"|\bR-[A-Z]{2,}\b|\bAMB-\d+\b|\bTC-\d+\b"  # a rule's id
    r"|\bspg-house\b|\btaj-mahal\b|\bR-HW\b"  # a house way's id
    r"|\bbot-\d+\b"  # a computer player's account
    r"|\bdocs/|\b[A-Z]+\.md\b|\bhouse-ways\.md\b"  # a file of the repository
    r"|\bstyle \([a-j]\)"  # a delivery style by its letter
)

#: Words in Latin letters a Chinese page may show: card ranks and the hands they make (printed
#: on the cards), a joker's printed word, the keyboard's keys, units and formats (US$, UTC),
#: the language's own name, a code's example (7KQ2-M9XD), a casino's name and the names of
#: Maryland's Pair Fortunes pay tables (A to D, as its rules name them).
NAMES_AND_UNITS = frozenset(
    {
        "A",
        "B",
        "C",
        "D",
        "J",
        "Q",
        "K",
        "K-Q",
        "K-J",
        "Q-J",
        "JOKER",  # printed down a joker's face, a letter a line: J O K E R
        "O",
        "E",
        "R",
        "JACK",  # printed on the court cards' faces
        "QUEEN",
        "KING",
        "H",
        "L",
        "U",
        "US",
        "UTC",
        "English",
        "KQ",
        "M",
        "XD",
        "Lucky",
        "Chances",
    }
)

_LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")

#: Every text of the page a person reads or hears: its text, the names of its controls and
#: images, their titles, and every option of its lists (closed <details> opened first).
PAGE_TEXT_JS = """() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const parts = [document.body.innerText];
  for (const el of document.querySelectorAll('[aria-label], [title], option, svg text')) {
    parts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '',
               el.tagName === 'OPTION' || el.tagName === 'text' ? el.textContent || '' : '');
  }
  return parts.join('\\n');
}"""


def page_text(page: Page) -> str:
    """What a person reads or hears on the page (:data:`PAGE_TEXT_JS`)."""
    text: str = page.evaluate(PAGE_TEXT_JS)
    return text


def engineers_tokens(text: str) -> list[str]:
    """The engineers' tokens in ``text``."""
    return sorted({m.group(0) for m in ENGINEERS.finditer(text)})


def latin_words(text: str, names: frozenset[str]) -> list[str]:
    """The words in Latin letters of ``text`` that are neither a name of ``names`` nor of
    :data:`NAMES_AND_UNITS`."""
    return sorted({w for w in _LATIN.findall(text) if w not in NAMES_AND_UNITS | names})


def where_said(text: str, found: list[str]) -> list[str]:
    """The lines of ``text`` that hold one of the words ``found`` (for a failure's report)."""
    return [
        line.strip()[:200]
        for line in text.splitlines()
        if any(w in _LATIN.findall(line) for w in found)
    ][:12]


def switch(page: Page, locale: str) -> None:
    """Choose ``locale`` in the header's switch; back when the page speaks it."""
    page.get_by_test_id("language").select_option(locale)
    expect(page.locator("html")).to_have_attribute("lang", locale)


def case_of(message: str, case: str) -> str:
    """The words of one case of a select message without arguments in its cases."""
    m = re.search(r"\b" + re.escape(case) + r" \{([^{}]*)\}", message)
    assert m, (case, message)
    return m.group(1)


def en_list(items: list[str]) -> str:
    """A list as the browser's Intl.ListFormat writes it in English."""
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def position_en(pos: str) -> str:
    """A position as the English catalogue's ``position`` message says it."""
    return {"dealer": "the dealer", "dead": "the dead hand"}.get(pos, f"seat {pos}")


def cut_en(cut: str) -> str:
    """A cut the server offers, as the English catalogue's ``cut.*`` messages word it."""

    def end(e: str) -> str:
        return f"to the {e} end"

    card = re.fullmatch(r"card:(\d+)", cut)
    if card:
        return f"After card {card[1]}"
    move = re.fullmatch(r"a:(\d+)(?:-(\d+))?:(left|right)", cut)
    if move:
        what = f"Stack {move[1]}" if move[2] is None else f"Stacks {move[1]} to {move[2]}"
        return f"{what} {end(move[3])}"
    split = re.fullmatch(r"b:(\d+)-(\d+):(\d+)(?:-(\d+))?>(left|right)", cut)
    assert split, cut
    part = f"stack {split[3]}" if split[4] is None else f"stacks {split[3]} to {split[4]}"
    return f"Of stacks {split[1]} to {split[2]}, {part} {end(split[5])}"


def latest(frames: list[dict[str, Any]], table: str) -> dict[str, Any]:
    """The newest state of ``table`` among a page's frames."""
    for f in reversed(frames):
        if f.get("type") in ("state", "event") and f.get("table") == table:
            state: dict[str, Any] = f["state"]
            return state
    raise AssertionError(f"no state of {table} received")
