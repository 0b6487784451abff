"""Property: whatever is typed at whatever question of `paigow play` (markup characters, huge
numbers, control characters, any text), the table never fails: every answer is taken or asked
again, the session ends cleanly at the end of input, and no chip is created or lost."""

from __future__ import annotations

import io
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from paigow.cli.play import play

# Answers that move the game on, mixed with random text so every question is reached.
USEFUL = [
    "",
    "",
    "",
    "10",
    "5",
    "1",
    "2",
    "3",
    "y",
    "n",
    "co",
    "a",
    "h",
    "?",
    "f",
    "odd 5, bonus 5",
]
USEFUL += ["a:3-4:right", "card:20", "b:4-6:4>right", "0", "100", "yes", "no", "next"]
NASTY = ["[/]", "[bold]", "inf", "nan", "1e308", "-1e308", "1e-9", "9" * 5000, "5.001"]
NASTY += ["\x1b[2J", "\x00", "\x07q", "$-5", "1,00", "٣", "𝟡", "\u202e10", "odd inf", "card:"]

junk = st.one_of(
    st.sampled_from(NASTY),
    st.text(alphabet=st.characters(exclude_characters="\n"), max_size=40),
)
# Each turn: maybe some junk (asked again), then an answer that may move the game on.
turn = st.tuples(st.lists(junk, max_size=2), st.sampled_from(USEFUL))
answers_st = st.lists(turn, max_size=40).map(lambda ts: [a for js, u in ts for a in (*js, u)])

TABLES: list[dict[str, Any]] = [
    {"profile": "generic"},
    {"profile": "colorado", "pair_fortunes": "2", "dragons_eye": True},
    {"profile": "maryland", "pair_fortunes": "A"},
    {"profile": "lucky-chances", "players": 2},
    {"profile": "nj-supreme"},
]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 10_000),
    answers=answers_st,
)
def test_random_answers_never_break_the_table(
    table: dict[str, Any], seed: int, answers: list[str]
) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    script = "".join(a.replace("\r", "") + "\n" for a in answers)
    summary = play(seed=seed, stdin=io.StringIO(script), console=console, max_rounds=4, **table)
    text = out.getvalue()
    assert "Traceback" not in text
    assert "You leave with" in text
    assert summary["stack"] >= 0
    assert summary["rounds"] <= 4
