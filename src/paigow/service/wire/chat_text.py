"""Chat text: plain text, normalised so that what one player types cannot disturb what another
sees.

:func:`chat_text` takes what a client sent and returns the text to store and show, or raises
:class:`ChatTextError` (nothing to send, or too long). It never interprets markup — the text is
shown as text everywhere, escaped by whoever draws it — and it removes what would let a message
reach outside itself:

* **NFC**: one spelling per character (a letter and its accent as one code point where Unicode
  has one);
* **controls**: C0 and C1 control characters are dropped; tabs, line and paragraph breaks and
  every kind of space become one space; runs of spaces become one; the ends are trimmed (a
  message is one line);
* **bidirectional controls** (the embeddings, overrides and isolates U+202A..U+202E,
  U+2066..U+2069, and the marks U+200E, U+200F, U+061C) are dropped: a message cannot reverse
  the text around it (clients also show each message isolated, ``dir="auto"``);
* **invisible characters**: format characters (zero-width space, word joiner, byte-order mark,
  soft hyphen, tags, invisible operators...) are dropped, except a zero-width joiner or
  non-joiner between two visible characters (emoji sequences, Persian and Indic spelling), one
  at a time; blank "letters" (Hangul fillers, the blank Braille pattern) count as spaces;
* **marks**: at most :data:`MAX_MARKS` combining marks after one base character (no "Zalgo"
  towers), none without a base;
* **code points that are no characters**: surrogates, private use and unassigned code points
  are dropped.

What is left has at most :data:`MAX_CHARS` code points, else the message is refused (the
client keeps to it as the player types).

:func:`plain_line` is the stricter sibling for words that go on record — an operator's reason
for moving money by hand: NFKC, whitespace collapsed and trimmed, and what chat drops (a
control, format, bidirectional or invisible character, a blank "letter", a code point that is
no character, a mark without a base or past :data:`MAX_MARKS`) refused with its code point, so
that what is stored is exactly what was meant, and a reason of spaces or of invisible characters
is no reason.
"""

from __future__ import annotations

import unicodedata

from paigow.errors import IllegalActionError

__all__ = [
    "MAX_CHARS",
    "MAX_MARKS",
    "MAX_RAW",
    "ChatTextError",
    "PlainLineError",
    "chat_text",
    "plain_line",
]

#: The longest message, in code points, after normalisation.
MAX_CHARS = 300
#: The longest text a client may send (before normalisation; the work is bounded by it).
MAX_RAW = 2000
#: Combining marks kept after one base character.
MAX_MARKS = 4

_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_JOINERS = frozenset("\u200c\u200d")
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


class ChatTextError(IllegalActionError):
    """A message that cannot be sent as it is (empty, or too long)."""


def _kind(ch: str) -> str:
    """``space``, ``drop``, ``joiner``, ``mark`` or ``char``."""
    if ch in _BIDI:
        return "drop"
    if ch in _JOINERS:
        return "joiner"
    if ch in _BLANK or ch.isspace():
        return "space"
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Cf", "Cs", "Co", "Cn"):
        return "drop"
    if cat in ("Mn", "Mc", "Me"):
        return "mark"
    return "char"


def chat_text(raw: str) -> str:
    """The message to store and show (see the module notes).

    Raises:
        ChatTextError: nothing is left to send, or more than :data:`MAX_CHARS` code points.
    """
    if not isinstance(raw, str):
        raise ChatTextError("a chat message is text")
    if len(raw) > MAX_RAW:
        raise ChatTextError(f"a chat message has at most {MAX_CHARS} characters")
    clean = "".join(ch for ch in raw if unicodedata.category(ch) != "Cs")
    out: list[str] = []
    marks = 0  # marks since the last base character (-1: no base to carry a mark)
    pending_joiner = ""
    for ch in unicodedata.normalize("NFC", clean):
        kind = _kind(ch)
        if kind == "drop":
            continue
        if kind == "space":
            pending_joiner = ""
            if out and out[-1] != " ":
                out.append(" ")
            marks = -1
            continue
        if kind == "joiner":
            if out and out[-1] != " " and not pending_joiner:
                pending_joiner = ch
            continue
        if kind == "mark":
            if marks < 0 or marks >= MAX_MARKS or not out or out[-1] == " ":
                continue
            if pending_joiner:  # a joiner between a character and a mark: dropped
                pending_joiner = ""
            out.append(ch)
            marks += 1
            continue
        if pending_joiner:
            out.append(pending_joiner)
            pending_joiner = ""
        out.append(ch)
        marks = 0
    text = unicodedata.normalize("NFC", "".join(out)).strip(" ")
    if not text:
        raise ChatTextError("nothing to send: write a message")
    if len(text) > MAX_CHARS:
        raise ChatTextError(f"a chat message has at most {MAX_CHARS} characters, got {len(text)}")
    return text


class PlainLineError(IllegalActionError):
    """Words that cannot be kept as they are (why, in words)."""


#: The controls that are whitespace (collapsed like spaces, not refused).
_WHITE_CONTROLS = frozenset("\t\n\x0b\x0c\r")


def plain_line(raw: str, *, what: str, least: int, most: int) -> str:
    """``raw`` as one line of plain text (module notes): NFKC, every run of whitespace one
    space, the ends trimmed; at least ``least`` and at most ``most`` characters after that.

    Raises:
        PlainLineError: a character it refuses (named by its code point), or too short or too
            long (``what`` names the words in the reason).
    """
    if not isinstance(raw, str) or len(raw) > MAX_RAW:
        raise PlainLineError(f"{what} has {least}..{most} characters")
    out: list[str] = []
    marks = -1  # marks since the last base character (-1: none to carry a mark)
    for ch in unicodedata.normalize("NFKC", raw):
        cat = unicodedata.category(ch)
        if ch in _WHITE_CONTROLS or cat in ("Zs", "Zl", "Zp"):
            if out and out[-1] != " ":
                out.append(" ")
            marks = -1
            continue
        kind = _kind(ch)
        if kind == "mark" and 0 <= marks < MAX_MARKS:
            marks += 1
        elif kind == "char" and ch not in _BLANK:
            marks = 0
        else:
            name = unicodedata.name(ch, "") or "a control or unassigned character"
            raise PlainLineError(
                f"{what} cannot hold invisible, control or format characters, nor stacked marks "
                f"(U+{ord(ch):04X} {name})"
            )
        out.append(ch)
    text = "".join(out).strip(" ")
    if not least <= len(text) <= most:
        raise PlainLineError(
            f"{what} has {least}..{most} characters once its spaces are collapsed; "
            f"this has {len(text)}"
        )
    return text
