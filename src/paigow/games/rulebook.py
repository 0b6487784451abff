"""Strategy files: short lists of house-way style rules, as data and in plain words.

A *strategy* is a list of rules read like a house-way text: **the first rule that applies sets
the hand**; a hand no rule covers is set by the *fallback* way (the house way, which the player
can always ask the dealer for). Each rule names:

* ``hands``: which hands it is about, a pattern of the game's vocabulary (``no-pair``,
  ``pair-of-8s``, ``no-pair-12-or-2``...);
* at most one condition on what the hand can make: ``if-best-low-at-most`` (no setting makes a
  better low hand than this), ``if-house-low-at-most`` or ``if-house-high-at-most`` (the house
  way's setting of the hand is no better than this);
* ``play``: which setting to take: ``best-high`` (the strongest high hand, then the strongest
  low hand), ``best-low`` (the other way round), ``most-points`` (the most points in both
  hands together, then the strongest low hand), and for pair patterns ``keep`` (keep the
  pair together), ``split-high`` or ``split-low`` (split it, for the strongest high or low
  hand);
* floors ``low-at-least`` and ``high-at-least``: only settings with hands at least this good
  are considered; when none is left the rule does not apply.

Hand levels are named by points: ``"7"``; for the tiles ``"high 7"`` is a 7 whose highest tile
is the high 6 (3-3) or better, and ``"pair"`` a pair, wong or gong; for the cards ``"face"`` is
two face cards (K-Q, K-J, Q-J) and ``"pair"`` a pair.

The file is TOML or JSON (by its extension): :func:`parse_strategy` validates a document with
errors that name the file, the rule and the key; :func:`format_toml` and :func:`format_json`
write it back (``parse`` then ``format`` gives the same text, ``format`` then ``parse`` the same
strategy). The game's vocabulary (:class:`Vocabulary`) gives the patterns and level names; the
tiles' is :mod:`paigow.games.tiles.ways.rule_tiles`, the cards'
:mod:`paigow.games.cards.rule_cards`. Playing a strategy on real pieces is
:mod:`paigow.games.rule_play`.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from paigow.errors import ConfigError

__all__ = [
    "CONDITIONS",
    "FORMAT",
    "PLAYS",
    "Condition",
    "Pattern",
    "Rule",
    "Strategy",
    "Vocabulary",
    "format_json",
    "format_toml",
    "parse_strategy",
    "rule_words",
]

FORMAT: Final = "paigow-strategy"
VERSION: Final = 1

#: The conditions a rule may carry, with their words (``{}`` is the level's name).
CONDITIONS: Final[dict[str, str]] = {
    "if-best-low-at-most": "when the best low hand you can make is {} or less",
    "if-house-low-at-most": "when the house way leaves a low hand of {} or less",
    "if-house-high-at-most": "when the house way's high hand is {} or less",
}
#: What a rule plays, with its words; the last three need a pair pattern.
PLAYS: Final[dict[str, str]] = {
    "best-high": "play the strongest high hand",
    "best-low": "make the low hand as strong as possible",
    "most-points": "play the most points in both hands together, then the stronger low hand",
    "keep": "keep the pair together",
    "split-high": "split the pair, for the strongest high hand",
    "split-low": "split the pair, for the strongest low hand",
}
PAIR_PLAYS: Final = frozenset({"keep", "split-high", "split-low"})
#: The keys of the derived figures a file may carry (strings; see :class:`Strategy`).
DERIVED_KEYS: Final = (
    "against",
    "profile",
    "role",
    "commission",
    "ev",
    "house_ev",
    "optimal_ev",
    "share",
)


@dataclass(frozen=True)
class Pattern:
    """Which hands a rule is about, as data over the types (kinds, ranks) of the four pieces.

    Attributes:
        id: the name in files (``pair-of-8s``).
        words: the name in the rule's text (``A pair of 8s``).
        pair_of: the hand holds two pieces of one of these types (None: not a pair pattern).
        no_pair: the hand holds no two pieces of one type.
        holding: the hand holds a piece of one of these types (empty: no condition).
        without: the hand holds no piece of these types.
        two_pairs: the hand holds two pairs (for the cards, four of a kind counts).
    """

    id: str
    words: str
    pair_of: frozenset[int] | None = None
    no_pair: bool = False
    holding: frozenset[int] = frozenset()
    without: frozenset[int] = frozenset()
    two_pairs: bool = False

    def matches(self, counts: Mapping[int, int]) -> bool:
        """Does a hand whose pieces have these ``counts`` by type fit the pattern?"""
        pairs = [t for t, n in counts.items() if n >= 2]
        if self.no_pair and pairs:
            return False
        if self.two_pairs and not (len(pairs) >= 2 or any(n == 4 for n in counts.values())):
            return False
        if self.pair_of is not None and not any(t in self.pair_of for t in pairs):
            return False
        if self.holding and not any(counts.get(t, 0) for t in self.holding):
            return False
        return not any(counts.get(t, 0) for t in self.without)


@dataclass(frozen=True)
class Vocabulary:
    """A game's words for strategies: its patterns and its hand levels.

    Attributes:
        game: ``tiles`` or ``cards``.
        patterns: every pattern, in the order the generator tries them.
        levels: level names, weakest first (an index into this tuple is a level).
        level_words: how a level reads in a sentence (``a pair, wong or gong``).
        floors: the levels the generator enumerates as floors (the finer ones are reached by
            its search).
        caps: the levels it enumerates in conditions.
        pieces: what the pieces are called (``tiles``, ``cards``).
        below_pairs_words: a condition on the level below the pairs, when it reads as
            every hand but a pair (empty: as the level); legend, levels_note: the pieces'
            names (``(name, pieces)``) and the levels' note of a printed card.
    """

    game: str
    patterns: tuple[Pattern, ...]
    levels: tuple[str, ...]
    level_words: tuple[str, ...]
    floors: tuple[int, ...]
    caps: tuple[int, ...]
    pieces: str
    below_pairs_words: str = ""
    legend: tuple[tuple[str, str], ...] = ()
    levels_note: str = ""
    _by_id: dict[str, Pattern] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {p.id: p for p in self.patterns})

    def pattern(self, pid: str) -> Pattern:
        """The pattern named ``pid``.

        Raises:
            ConfigError: no such pattern.
        """
        found = self._by_id.get(pid)
        if found is None:
            raise ConfigError(f"unknown hands {pid!r} for the {self.game}")
        return found

    def level(self, name: str) -> int:
        """The level named ``name`` (``"7"``, ``"high 7"``, ``"pair"``).

        Raises:
            ConfigError: no such level.
        """
        try:
            return self.levels.index(name.strip().lower())
        except ValueError:
            raise ConfigError(
                f"unknown hand level {name!r}; expected one of {', '.join(self.levels)}"
            ) from None


@dataclass(frozen=True)
class Condition:
    """A rule's condition: ``kind`` (a key of :data:`CONDITIONS`) at most ``level``."""

    kind: str
    level: int


@dataclass(frozen=True)
class Rule:
    """One rule of a strategy (see the module). Levels are indices of the game's levels."""

    hands: str
    play: str
    when: Condition | None = None
    low_at_least: int = 0
    high_at_least: int = 0


@dataclass(frozen=True)
class Strategy:
    """A list of rules, the fallback way, and the figures the generator reported.

    Attributes:
        game: ``tiles`` or ``cards``.
        name: a title.
        fallback: the way that sets a hand no rule covers (and "the house way" of conditions).
        rules: first that applies.
        derived: the generator's figures, strings keyed by :data:`DERIVED_KEYS` (``ev`` and
            the other EVs exact fractions, per unit bet, from the ``role``'s side).
    """

    game: str
    name: str
    fallback: str
    rules: tuple[Rule, ...]
    derived: tuple[tuple[str, str], ...] = ()

    def figure(self, key: str) -> str | None:
        """A derived figure by key, or None."""
        return dict(self.derived).get(key)

    def ev(self) -> Fraction | None:
        """The EV the generator reported, exact, or None."""
        v = self.figure("ev")
        return None if v is None else Fraction(v)


def rule_words(rule: Rule, vocab: Vocabulary) -> str:
    """The rule in plain words, e.g. ``No pair, when the best low hand you can make is 4 or
    less: play the strongest high hand, with a high hand of 7 or better.``"""
    head = vocab.pattern(rule.hands).words
    if rule.when is not None:
        level = rule.when.level
        shown = vocab.level_words[level]
        if level == len(vocab.levels) - 2 and vocab.below_pairs_words:
            shown = vocab.below_pairs_words
            head += ", " + CONDITIONS[rule.when.kind].format(shown).replace(" or less", "")
        else:
            head += ", " + CONDITIONS[rule.when.kind].format(shown)
    text = f"{head}: {PLAYS[rule.play]}"
    lo, hi = rule.low_at_least, rule.high_at_least
    w = vocab.level_words
    if lo and hi > lo:
        text += f", to make {vocab.levels[lo]}/{vocab.levels[hi]} or better (low/high)"
    elif lo:
        text += f", keeping both hands {w[lo]} or better"
    elif hi:
        text += f", with a high hand of {w[hi]} or better"
    return text + "."


# --- parsing ---------------------------------------------------------------------------------

_RULE_KEYS: Final = ("hands", *CONDITIONS, "play", "low-at-least", "high-at-least")


def _text(doc: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> str | None:
    v = doc.get(key)
    if v is None:
        if required:
            raise ConfigError(f"{where}: missing {key!r}")
        return None
    if not isinstance(v, str) or not v.strip():
        raise ConfigError(f"{where}: {key!r} must be a non-empty string, got {v!r}")
    return v


def _rule(doc: object, where: str, vocab: Vocabulary) -> Rule:
    if not isinstance(doc, Mapping):
        raise ConfigError(f"{where}: a rule is a table of keys, got {doc!r}")
    unknown = sorted(set(doc) - set(_RULE_KEYS))
    if unknown:
        raise ConfigError(
            f"{where}: unknown key {unknown[0]!r}; a rule has {', '.join(_RULE_KEYS)}"
        )
    hands = _text(doc, "hands", where)
    play = _text(doc, "play", where)
    assert hands is not None and play is not None
    try:
        pattern = vocab.pattern(hands)
    except ConfigError as e:
        raise ConfigError(f"{where}: {e}") from None
    if play not in PLAYS:
        raise ConfigError(f"{where}: unknown play {play!r}; expected one of {', '.join(PLAYS)}")
    if play in PAIR_PLAYS and pattern.pair_of is None:
        raise ConfigError(f"{where}: play {play!r} needs hands that hold a pair, not {hands!r}")
    conds = [k for k in CONDITIONS if k in doc]
    if len(conds) > 1:
        raise ConfigError(f"{where}: a rule has at most one condition, got {', '.join(conds)}")

    def level(key: str) -> int:
        name = _text(doc, key, where, required=False)
        if name is None:
            return 0
        try:
            return vocab.level(name)
        except ConfigError as e:
            raise ConfigError(f"{where}: {key}: {e}") from None

    when = Condition(conds[0], level(conds[0])) if conds else None
    lo, hi = level("low-at-least"), level("high-at-least")
    return Rule(hands, play, when, lo, max(lo, hi))


def parse_strategy(
    text: str, vocabularies: Mapping[str, Vocabulary], *, origin: str = "<strategy>"
) -> Strategy:
    """Validate a strategy document, TOML or JSON (JSON when it starts with ``{``).

    Raises:
        ConfigError: not TOML or JSON, another format or version, an unknown game, key,
            pattern, play or level, a pair play for hands without a pair, two conditions in
            one rule, or a derived figure that is not a string; the message names ``origin``
            and the rule.
    """
    body = text.removeprefix("\ufeff")
    try:
        doc = json.loads(body) if body.lstrip().startswith("{") else tomllib.loads(body)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
        raise ConfigError(f"{origin}: not a strategy file (TOML or JSON): {e}") from None
    if not isinstance(doc, dict):
        raise ConfigError(f"{origin}: a strategy file is a table of keys")
    if doc.get("format") != FORMAT or doc.get("version") != VERSION:
        raise ConfigError(
            f"{origin}: expected format = {FORMAT!r} and version = {VERSION}, "
            f"got {doc.get('format')!r} and {doc.get('version')!r}"
        )
    unknown = sorted(
        set(doc) - {"format", "version", "game", "name", "fallback", "rule", "derived"}
    )
    if unknown:
        raise ConfigError(f"{origin}: unknown key {unknown[0]!r}")
    game = _text(doc, "game", origin) or ""
    if game not in vocabularies:
        raise ConfigError(
            f"{origin}: a strategy for the game {game!r}; this way plays the "
            f"{' or the '.join(vocabularies)} (a card strategy goes with a card profile)"
        )
    vocab = vocabularies[game]
    name = doc.get("name", "")
    if not isinstance(name, str):
        raise ConfigError(f"{origin}: 'name' must be a string, got {name!r}")
    fallback = _text(doc, "fallback", origin)
    assert fallback is not None
    if fallback.startswith("strategy:"):
        raise ConfigError(f"{origin}: the fallback is a house way, not another strategy file")
    rules_doc = doc.get("rule", [])
    if not isinstance(rules_doc, list):
        raise ConfigError(f"{origin}: 'rule' must be a list of rules ([[rule]] tables)")
    rules = tuple(_rule(r, f"{origin}: rule {i}", vocab) for i, r in enumerate(rules_doc, 1))
    derived = doc.get("derived", {})
    if not isinstance(derived, dict):
        raise ConfigError(f"{origin}: 'derived' must be a table")
    for k, v in derived.items():
        if k not in DERIVED_KEYS or not isinstance(v, str):
            raise ConfigError(
                f"{origin}: derived.{k}: expected one of {', '.join(DERIVED_KEYS)} as a string"
            )
    for k in ("ev", "house_ev", "optimal_ev", "share", "commission"):
        if k in derived:
            try:
                Fraction(derived[k])
            except (ValueError, ZeroDivisionError):
                raise ConfigError(
                    f"{origin}: derived.{k}: not a fraction: {derived[k]!r}"
                ) from None
    ordered = tuple((k, derived[k]) for k in DERIVED_KEYS if k in derived)
    return Strategy(game, name, fallback, rules, ordered)


# --- formatting ------------------------------------------------------------------------------


def _rule_doc(rule: Rule, vocab: Vocabulary) -> dict[str, str]:
    out = {"hands": rule.hands}
    if rule.when is not None:
        out[rule.when.kind] = vocab.levels[rule.when.level]
    out["play"] = rule.play
    if rule.low_at_least:
        out["low-at-least"] = vocab.levels[rule.low_at_least]
    if rule.high_at_least > rule.low_at_least:
        out["high-at-least"] = vocab.levels[rule.high_at_least]
    return out


def _document(s: Strategy, vocab: Vocabulary) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": s.game}
    if s.name:
        doc["name"] = s.name
    doc["fallback"] = s.fallback
    if s.derived:
        doc["derived"] = dict(s.derived)
    doc["rule"] = [_rule_doc(r, vocab) for r in s.rules]
    return doc


def format_json(s: Strategy, vocabularies: Mapping[str, Vocabulary]) -> str:
    """The strategy as a JSON document (one key per line)."""
    return json.dumps(_document(s, vocabularies[s.game]), indent=1) + "\n"


def _toml_str(v: str) -> str:
    """A TOML basic string (JSON's escapes, and DEL escaped too: TOML forbids it raw)."""
    return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")


def format_toml(s: Strategy, vocabularies: Mapping[str, Vocabulary]) -> str:
    """The strategy as a TOML document, each rule preceded by its words as a comment."""
    vocab = vocabularies[s.game]
    doc = _document(s, vocab)
    title = " ".join("".join(c if c.isprintable() else " " for c in s.name).split())
    title = title or "strategy"
    lines = [f"# {title}: the first rule that applies sets the hand."]
    lines += [
        f"{k} = {_toml_str(v) if isinstance(v, str) else v}"
        for k, v in doc.items()
        if k not in ("derived", "rule")
    ]
    if s.derived:
        lines += ["", "[derived]"] + [f"{k} = {_toml_str(v)}" for k, v in s.derived]
    for i, (rule, rdoc) in enumerate(zip(s.rules, doc["rule"], strict=True), 1):
        lines += ["", f"# {i}. {rule_words(rule, vocab)}", "[[rule]]"]
        lines += [f"{k} = {_toml_str(v)}" for k, v in rdoc.items()]
    return "\n".join(lines) + "\n"


def strategy_lines(s: Strategy, vocab: Vocabulary) -> Sequence[str]:
    """The numbered rules in words, then the fallback."""
    out = [f"{i}. {rule_words(r, vocab)}" for i, r in enumerate(s.rules, 1)]
    out.append(f"{len(s.rules) + 1}. Otherwise: set the hand the house way ({s.fallback}).")
    return out
