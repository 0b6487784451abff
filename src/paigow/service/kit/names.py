"""Account names: one spelling for each name, nothing invisible in it, and no look-alike of
another account's (docs/service.md, "Account names").

* **Normalised first** (:func:`normal_name`): Unicode NFKC, then case-folded, then NFKC again
  (Unicode's ``NFKC_Casefold`` in effect): ``Alice``, ``ALICE`` and the full-width ``ａｌｉｃｅ``
  are all ``alice``. Registration and sign-in both normalise, so a name signs in however it
  was typed, as the one account.
* **The rule** (:func:`name_problem`), on the normalised name, read whole (``fullmatch``: a
  trailing line break is not forgiven as ``$`` forgives it): 3..24 characters, a letter
  ``a..z`` first, then letters, digits ``0..9`` and ``_``. Anything else is refused with the
  reason in words: a space, a line break, a control, format or other invisible character
  (named by its code point), a letter outside ``a..z``.
* **Look-alikes** (:func:`skeleton`): two names with the same skeleton read alike at a glance,
  so a name whose skeleton is another account's is refused ("too like an existing name"); the
  database keeps each account's skeleton under a unique index (``users.skeleton``). The
  skeleton of a name: each character of :data:`FOLDS` replaced (``0``→``o``, ``1``→``l``,
  ``i``→``l``, ``2``→``z``, ``5``→``s``, ``8``→``b``, ``9``→``g``), ``_`` and anything else
  outside ``a..z0..9`` dropped, then each letter of :data:`SEQUENCES` spelled as the pair it
  reads as (``m``→``rn``, ``w``→``vv``, ``d``→``cl``). So ``boss``, ``b0ss``, ``bo5s`` and
  ``boss_`` are one skeleton, as are ``alice``, ``a1ice`` and ``allce``, and ``bvw``, ``bwv``
  and ``bvvv`` (the pairs replaced by their letters instead, left to right, told the last two
  apart: migration ``0013_skeletons_again``). (Changing these maps changes stored skeletons: a
  migration must compute them again.)
* **Reserved**: a name whose skeleton is ``bot`` and a number's of one or two digits
  (``bot_1``, ``b0t2``, ``bots``): the computer players are ``bot-N``.
* **A table's name** (:func:`table_name`: the name a player gives their private table, shown
  to players instead of its id) is read by the same normalisation and the same rule, with the
  same reasons; two tables may have the same name (their ids tell them apart).
"""

from __future__ import annotations

import re
import unicodedata

from paigow.errors import IllegalActionError

__all__ = [
    "FOLDS",
    "MAX_NAME",
    "MIN_NAME",
    "RULE_TEXT",
    "SEQUENCES",
    "NameRefusedError",
    "account_name",
    "name_problem",
    "normal_name",
    "skeleton",
    "table_name",
]

MIN_NAME, MAX_NAME = 3, 24
#: The rule in words (a player's page translates it: web/src/i18n/server-text.json).
RULE_TEXT = "a name is 3..24 characters: a letter a..z first, then letters a..z, digits or _"
assert f"{MIN_NAME}..{MAX_NAME}" in RULE_TEXT
#: The rule, read whole.
_RULE = re.compile(r"[a-z][a-z0-9_]{2,23}")
#: Characters that read as another at a glance (of the allowed ones).
FOLDS = {"0": "o", "1": "l", "i": "l", "2": "z", "5": "s", "8": "b", "9": "g"}
#: Pairs that read as one letter: after :data:`FOLDS`, the skeleton spells each such letter as
#: its pair (no pair holds one of the letters, so the spelling is one however they run).
SEQUENCES = (("rn", "m"), ("vv", "w"), ("cl", "d"))
_FOLD_TABLE = str.maketrans(FOLDS)
_KEPT = re.compile(r"[^a-z0-9]")
_DIGITS = frozenset(FOLDS.get(d, d) for d in "0123456789")
#: The longest text looked at (a name is far shorter; more is refused unread).
_MAX_RAW = 64


class NameRefusedError(IllegalActionError):
    """A name that cannot be an account's (why in words)."""


def normal_name(raw: str) -> str:
    """``raw`` in the one spelling names are kept in: NFKC, case-folded, NFKC again."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", raw).casefold())


#: The names Unicode leaves out (controls have none).
_CONTROLS = {"\t": "TAB", "\n": "LINE FEED", "\r": "CARRIAGE RETURN"}


def _shown(ch: str) -> str:
    """A character named for a person: its code point and Unicode name."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, '') or _CONTROLS.get(ch, 'a control character')}"


def name_problem(name: str, *, new: bool = True) -> str | None:
    """Why the normalised ``name`` cannot be an account's (None when it can); ``new`` False:
    an account's that may exist already (signing in), which the reserved names do not bar."""
    rule = RULE_TEXT
    if not isinstance(name, str):
        return rule
    for ch in name:
        if ch.isspace() or unicodedata.category(ch)[0] in "CZ":
            return f"a name cannot hold spaces, line breaks or invisible characters ({_shown(ch)})"
    if not MIN_NAME <= len(name) <= MAX_NAME:
        return f"{rule}; this one has {len(name)}"
    if not _RULE.fullmatch(name):
        odd = next((ch for ch in name if _KEPT.fullmatch(ch) and ch != "_"), "")
        if odd:
            return f"{rule}; not {odd!r} ({_shown(odd)})"
        return rule
    sk = skeleton(name)
    if new and sk.startswith("bot") and len(sk) in (4, 5) and set(sk[3:]) <= _DIGITS:
        return "a name that reads as a computer player's (bot and a seat's number) is reserved"
    return None


def account_name(raw: str, *, new: bool = True) -> str:
    """The account name ``raw`` stands for: normalised, and within the rule (``new`` False:
    the name of an account that may exist, as :func:`name_problem` reads it).

    Raises:
        NameRefusedError: it is not within the rule (why, in words).
    """
    if not isinstance(raw, str) or len(raw) > _MAX_RAW:
        raise NameRefusedError(RULE_TEXT)
    name = normal_name(raw)
    why = name_problem(name, new=new)
    if why is not None:
        raise NameRefusedError(why)
    return name


def table_name(raw: str) -> str:
    """The table name ``raw`` stands for: normalised as account names are, and within their
    rule (module notes).

    Raises:
        NameRefusedError: it is not within the rule (why, in words).
    """
    return account_name(raw)


def skeleton(name: str) -> str:
    """What ``name`` reads as at a glance (module notes): equal skeletons are look-alikes.
    Defined for any text (the names stored before the rule was read whole too)."""
    text = _KEPT.sub("", normal_name(name).translate(_FOLD_TABLE))
    for pair, one in SEQUENCES:
        text = text.replace(one, pair)
    return text
