"""Chat text and the chat message of the protocol, property-based: whatever a client sends,
the server either refuses it with a specific reason or keeps plain text of one line, at most
300 code points, with no control, bidirectional or invisible character that could disturb what
is shown around it (paigow.service.wire.chat_text); the same text normalised again is unchanged.
A slow obvious reference checks the characters kept."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from paigow.service.wire.chat_text import (
    MAX_CHARS,
    MAX_MARKS,
    MAX_RAW,
    ChatTextError,
    PlainLineError,
    chat_text,
    plain_line,
)
from paigow.service.wire.protocol import ChatPost, schemas

BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
TRICKY = st.sampled_from(
    [*BIDI, "\u200b", "\u200c", "\u200d", "\ufeff", "\u00ad", "\u0301", "\u0300", "\t", "\n",
     "\r", "\x00", "\x85", "\u2028", "\u3164", "\U000e0041", "\ud800", "\ue000", "<", ">", "&",
     "e", "👍", "天", " "]
)  # fmt: skip
TEXT = st.one_of(st.text(max_size=400), st.lists(TRICKY, max_size=60).map("".join))


def allowed(ch: str) -> bool:
    """The reference: what may appear in a kept message."""
    cat = unicodedata.category(ch)
    if ch == " ":
        return True
    if ch in BIDI or ch.isspace() or cat in ("Cc", "Cs", "Co", "Cn"):
        return False
    return cat != "Cf" or ch in "\u200c\u200d"


@given(TEXT)
@settings(max_examples=400)
@example("<script>alert(1)</script>")
@example("a\u202eb\u2066c")
@example("e" + "\u0301" * 20)
def test_kept_text_is_plain_one_line_and_stable(raw: str) -> None:
    try:
        text = chat_text(raw)
    except ChatTextError as e:
        assert str(e)  # a specific reason, never an empty one
        return
    assert 1 <= len(text) <= MAX_CHARS
    assert text == text.strip(" ") and "  " not in text
    assert all(allowed(ch) for ch in text), [hex(ord(c)) for c in text if not allowed(c)]
    assert unicodedata.normalize("NFC", text) == text
    run = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        assert run <= MAX_MARKS
    for i, ch in enumerate(text):  # a joiner only between two visible characters
        if ch in "\u200c\u200d":
            assert 0 < i < len(text) - 1 and text[i - 1] != " " and text[i + 1] != " "
    assert chat_text(text) == text
    # markup is text: the angle brackets and ampersands a client typed are kept as they are
    assert text.count("<") == raw.count("<") and text.count("&") == raw.count("&")


def test_limits_are_refused_with_their_reason() -> None:
    assert chat_text("  hello\tthere\n ") == "hello there"
    with pytest.raises(ChatTextError, match="nothing to send"):
        chat_text(" \u200b\u202e\t")
    with pytest.raises(ChatTextError, match=f"at most {MAX_CHARS}"):
        chat_text("x" * (MAX_CHARS + 1))
    with pytest.raises(ChatTextError, match=f"at most {MAX_CHARS}"):
        chat_text(" " * (MAX_RAW + 1))
    assert chat_text("x" * MAX_CHARS) == "x" * MAX_CHARS


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


def _unicode(value: Any) -> bool:
    """A string of Unicode scalar values (it has a UTF-8 form)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@given(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["chat", "chat "]) | JSONISH},
        optional={
            "table": st.text(max_size=45) | JSONISH,
            "text": TEXT | JSONISH,
            "ref": st.text(max_size=45) | JSONISH,
            "extra": JSONISH,
        },
    )
)
@example({"type": "chat", "table": "0", "text": "\ud800"})  # a lone surrogate: refused
@example({"type": "chat", "table": "t\udfff", "text": "x"})
@example({"type": "chat", "table": "0", "text": "👍 天"})  # (a pair in JSON's escapes: kept)
@settings(max_examples=300)
def test_the_chat_message_parser_accepts_exactly_its_schema(data: dict[str, Any]) -> None:
    """The protocol's ``chat`` message: valid exactly when every field has its type and bounds
    (the documented schema); anything else is a ValidationError naming the field. A string is
    Unicode text: one with a lone surrogate (``"\ud800"``, which JSON's escapes can carry but
    no UTF-8 text can) is refused too."""
    expected = (
        data.get("type") == "chat"
        and set(data) <= {"type", "table", "text", "ref"}
        and _unicode(data.get("table"))
        and 1 <= len(data["table"]) <= 40
        and _unicode(data.get("text"))
        and len(data["text"]) <= MAX_RAW
        and (data.get("ref") is None or (_unicode(data["ref"]) and 1 <= len(data["ref"]) <= 40))
    )
    try:
        ChatPost.model_validate(json.loads(json.dumps(data)))
    except ValidationError as e:
        assert not expected, e
        assert e.errors()[0]["loc"] or e.errors()[0]["msg"]
    else:
        assert expected, data


def test_the_chat_schema_is_published() -> None:
    s = schemas()["chat"]
    assert s["required"] == ["type", "table", "text"] and s["additionalProperties"] is False
    for name in ("chat", "chat_history", "chat_deleted", "chat_result"):
        assert f"server:{name}" in schemas()


# ---------------------------------------------------------------------- plain_line
def _refused(ch: str) -> bool:
    """What :func:`plain_line` refuses outright, said plainly: a control that is not
    whitespace, a format, surrogate, private-use or unassigned code point, a blank "letter"."""
    white = ch in "\t\n\x0b\x0c\r" or unicodedata.category(ch) in ("Zs", "Zl", "Zp")
    return not white and (
        unicodedata.category(ch)[0] == "C" or ch in "\u115f\u1160\u3164\uffa0\u2800"
    )


@given(TEXT)
@settings(max_examples=300)
def test_a_line_on_record_is_what_was_meant_or_refused(raw: str) -> None:
    """The words an operator writes to move money (``plain_line``): refused with a reason, or
    one line of NFKC text with no run of spaces, no space at either end, no control, format,
    bidirectional or invisible character, 8..60 characters, the same when normalised again.
    Text holding a character refused outright never passes: it is not silently dropped (a
    reason of zero-width characters is no reason)."""
    try:
        line = plain_line(raw, what="a reason", least=8, most=60)
    except PlainLineError as e:
        assert str(e)
        return
    assert 8 <= len(line) <= 60 and line == line.strip() and "  " not in line
    assert unicodedata.normalize("NFKC", line) == line or any(
        unicodedata.category(c)[0] == "M" for c in line
    )
    assert not any(_refused(c) or (c.isspace() and c != " ") for c in line), line
    assert not any(_refused(c) for c in unicodedata.normalize("NFKC", raw))
    assert plain_line(line, what="a reason", least=8, most=60) == line


@given(st.text(st.characters(categories=["L", "N"]), min_size=8, max_size=40), TRICKY)
def test_an_invisible_character_anywhere_refuses_the_line(words: str, ch: str) -> None:
    """A valid line with an invisible, control, format or bidirectional character put in the
    middle is refused, naming the character's code point."""
    if not _refused(unicodedata.normalize("NFKC", ch)[:1] or ch) and ch not in BIDI:
        return
    at = len(words) // 2
    with pytest.raises(PlainLineError, match=r"U\+[0-9A-F]{4}"):
        plain_line(words[:at] + ch + words[at:], what="a reason", least=8, most=60)
