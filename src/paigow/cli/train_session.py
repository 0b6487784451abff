"""The ``paigow train`` session: deal, ask, score, explain, keep statistics.

Two views share the loop: text on a rich console (every string printed without markup, so
nothing the player types is ever read as markup) and JSON lines. Questions are asked as the
terminal table asks them (:class:`~paigow.cli.terminal.Terminal`): one line each, ``?`` for
help, ``q`` or the end of input to quit; the trainer adds ``h`` (help) and ``s`` (statistics).
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from paigow.errors import PaigowError
from paigow.games.dice import Rng, default_rng
from paigow.trainer import CATEGORIES, PlayerStats, Tally, Trainer, drill_name
from paigow.trainer.explain import Breakdown, Explanation, pct
from paigow.trainer.problem import Problem, Score

from .terminal import QuitGame, Terminal, line_reader
from .train_store import StatsFile

__all__ = ["Session", "session_for"]

#: The trainer's own answers, beside those of every question (``?``, ``q``).
MORE_HELP = ("h",)
STATS = ("s", "stats")


def _label(category: str, trainer: Trainer) -> str:
    names = {
        "pairs": "pairs",
        "no-pair": "no pair",
        "gee-joon": trainer.game.wild_label,
        "two-pairs": "two pairs",
        "split": "split or not",
        "review": "a hand you missed before",
        "all": "all hands",
    }
    return names.get(category, category)


def _rate(n: int, of: int) -> str:
    return f"{n} ({n / of:.1%})" if of else "0"


def _summary_line(t: Tally) -> str:
    per = t.ev_lost_per_hand
    lost = "" if per is None else f", EV lost {100 * float(per):.4f}% per hand"
    return (
        f"{t.hands} hand{'s' if t.hands != 1 else ''}, best {_rate(t.best, t.hands)}, "
        f"house way {_rate(t.house, t.hands)}{lost}"
    )


class TextView:
    """Human output on a rich console; every piece of text is printed without markup."""

    def __init__(self, console: Console, trainer: Trainer) -> None:
        self.out = console
        self.t = trainer

    def _print(self, *objects: Any, end: str = "\n") -> None:
        self.out.print(*objects, end=end, markup=False, highlight=False, emoji=False)

    def start(self, drill: str) -> None:
        t = self.t
        rate = t.commission
        self._print(
            Text.assemble(
                ("paigow train", "bold"),
                f" — {t.profile.meta.title}; commission {rate}. The dealer sets by "
                f"{t.dealer}; answers are compared with the house way {t.way.name}. "
                f"Drill: {_label(drill, t)}.",
            )
        )
        self._print(
            f"Answer with a number or the {t.game.noun} of one hand (e.g. {t.game.example}); "
            "? help, s statistics, q quit."
        )

    def hand(self, n: int, p: Problem) -> None:
        cats = ", ".join(_label(c, self.t) for c in sorted(p.categories))
        via = f"; {_label(p.drill, self.t)}" if p.drill == "review" else ""
        self.out.rule(Text(f"Hand {n}  ({cats}{via})"))
        self._print(Text.assemble(f"Your {self.t.game.noun}: ", (p.text, "bold")))
        for i, o in enumerate(p.options, 1):
            s = o.setting
            self._print(f"  {i}. {s}    {s.high.name} / {s.low.name}")
            for twin in o.same:
                self._print(f"     {twin} plays exactly as {i} (hands of the same strength)")

    def error(self, msg: str) -> None:
        self._print(Text(msg, style="red"))

    def help(self) -> None:
        g = self.t.game
        ex = g.example
        self._print(
            "Answer with:\n"
            "  a number          the setting on that line\n"
            f"  {ex:<17} the {g.noun} of one hand; the other two make the other hand, "
            "the better hand high\n"
            f"  HIGH / LOW        a whole setting, e.g. {ex} / ...\n"
            "  s                 your statistics by kind of hand\n"
            "  q                 quit (the end of input quits too)\n"
            "Each answer is scored by the exact EV it gives up against the best setting, over "
            f"every hand the dealer can hold, set by {self.t.dealer}; it is also compared "
            f"with the house way {self.t.way.name}."
        )

    def stats(self, stats: PlayerStats) -> None:
        table = Table(title="Your statistics (all sessions)", title_justify="left")
        for col in ("kind of hand", "hands", "best", "house way", "EV lost per hand"):
            table.add_column(col, justify="left" if col == "kind of hand" else "right")
        rows = [("all hands", stats.total)]
        rows += [(_label(c, self.t), stats.tally(c)) for c in CATEGORIES if stats.tally(c).hands]
        for name, t in rows:
            per = t.ev_lost_per_hand
            table.add_row(
                *map(
                    Text,
                    (
                        name,
                        str(t.hands),
                        _rate(t.best, t.hands),
                        _rate(t.house, t.hands),
                        "-" if per is None else f"{100 * float(per):.4f}%",
                    ),
                )
            )
        self._print(table)

    def result(self, s: Score, e: Explanation, session: PlayerStats) -> None:
        p = s.problem
        chosen = p.options[s.choice].setting
        verdict = (
            Text("the best setting", style="bold green")
            if s.is_best
            else Text(f"EV lost {pct(s.ev_lost)[1:]} against the best setting", style="red")
        )
        card = self.t.way.name.startswith("strategy:")
        if card:
            house = "follows the card" if s.matches_house else "does not follow the card"
        else:
            house = "matches the house way" if s.matches_house else "not the house way"
        self._print(Text.assemble(f"Your setting {chosen}: ", verdict, f"; {house}."))
        table = Table(box=None, padding=(0, 1))
        for col in ("", "setting", "EV", "win", "push", "lose", ""):
            table.add_column(
                col, justify="right" if col in ("EV", "win", "push", "lose") else "left"
            )
        for i, o in enumerate(p.options):
            way_mark = "the card" if card else "house way"
            marks = [m for m, on in (("best", i == p.best), (way_mark, i == p.house)) if on]
            if i == s.choice:
                marks.append("yours")
            n = o.hands
            cells = (
                f"{i + 1}.",
                str(o.setting),
                pct(o.ev),
                f"{o.win / n:.4f}",
                f"{o.push / n:.4f}",
                f"{o.lose / n:.4f}",
                ", ".join(marks),
            )
            table.add_row(*map(Text, cells))
        self._print(table)
        for part in e.parts(p.options):
            if isinstance(part, str):
                self._print(part)
            else:
                self._breakdown(*part)
        self._print(Text(f"Session: {_summary_line(session.total)}", style="bold"))

    def _breakdown(self, b: Breakdown, names: tuple[str, str]) -> None:
        for line in b.summary(names):
            self._print(line)
        shown, other = b.top(4)
        table = Table(box=None, padding=(0, 1), title_justify="left")
        for col in ("dealer high", "dealer low", "of dealer hands", "EV"):
            table.add_column(col, justify="right" if col in ("of dealer hands", "EV") else "left")
        worse, better = (n.removeprefix("the ") for n in (names[1], names[0]))
        table.add_column(f"{worse} -> {better}")
        for g in (*shown, *([other] if other else [])):
            cells = (
                g.dealer_high,
                g.dealer_low,
                f"{g.hands / b.total:.1%}",
                pct(g.ev),
                g.changes,
            )
            table.add_row(*map(Text, cells))
        self._print(table)

    def warn(self, msg: str) -> None:
        self._print(Text(msg, style="yellow"))

    def end(self, session: PlayerStats) -> None:
        self._print(f"Session over: {_summary_line(session.total)}.")


class JsonView:
    """One JSON object per line; no prompts."""

    def __init__(self, trainer: Trainer, write: Callable[[str], None]) -> None:
        self.t = trainer
        self.write = write

    def _emit(self, event: str, **data: Any) -> None:
        self.write(json.dumps({"event": event} | data) + "\n")

    def start(self, drill: str) -> None:
        t = self.t
        self._emit(
            "start",
            profile=t.profile.name,
            dealer_way=t.dealer,
            house_way=t.way.name,
            drill=drill,
            commission=str(t.commission),
        )

    def hand(self, n: int, p: Problem) -> None:
        self._emit("hand", number=n, **p.to_json())

    def error(self, msg: str) -> None:
        self._emit("error", message=msg)

    def help(self) -> None:
        self._emit(
            "help",
            text="a number of the menu, one hand of two pieces, or HIGH / LOW; "
            "s statistics; q quit",
        )

    def stats(self, stats: PlayerStats) -> None:
        self._emit("stats", **stats.summary())

    def result(self, s: Score, e: Explanation, session: PlayerStats) -> None:
        self._emit(
            "score",
            **s.to_json(),
            explanation=e.to_json() | {"lines": e.lines(s.problem.options)},
            session=session.summary(),
        )

    def warn(self, msg: str) -> None:
        self._emit("warning", message=msg)

    def end(self, session: PlayerStats) -> None:
        self._emit("end", session=session.summary())


class Session:
    """One training session: the trainer, a view, the questions (a terminal that prints its
    prompts only in the text view) and the statistics store."""

    def __init__(
        self,
        trainer: Trainer,
        *,
        drill: str,
        view: TextView | JsonView,
        term: Terminal,
        rng: Rng,
        store: StatsFile,
    ) -> None:
        self.t = trainer
        self.drill = drill
        self.view = view
        self.term = term
        self.rng = rng
        self.store = store
        self.all = store.load()
        self.stats = self.all.get(trainer.profile.name, PlayerStats())
        self.session = PlayerStats()
        self.saving = True

    def ask(self, p: Problem) -> int:
        """The index of the setting the player chooses, asked again until one is given.

        Raises:
            QuitGame: the player quits, or the input ended.
        """
        words = dict.fromkeys(MORE_HELP, self.view.help)
        words |= dict.fromkeys(STATS, lambda: self.view.stats(self.stats))
        while True:
            text = self.term.answer(
                f"Your setting (1-{len(p.options)})", help=self.view.help, words=words
            )
            try:
                return self.t.answer(p, text)
            except PaigowError as e:
                self.view.error(str(e))

    def run(self, hands: int | None) -> int:
        """Deal until ``hands`` are answered, the player quits or the input ends; exit code 0."""
        self.view.start(self.drill)
        with contextlib.suppress(QuitGame):
            self._play(hands)
        self.view.end(self.session)
        return 0

    def _play(self, hands: int | None) -> None:
        n = 0
        while hands is None or n < hands:
            p = self.t.deal(self.drill, self.rng, self.stats)
            self.view.hand(n + 1, p)
            choice = self.ask(p)
            score = self.t.score(p, choice)
            self.stats = self.stats.record(score)
            self.session = self.session.record(score)
            self._save()
            self.view.result(score, self.t.explain(p, choice), self.session)
            n += 1

    def _save(self) -> None:
        if not self.saving:
            return
        self.all[self.t.profile.name] = self.stats
        problem = self.store.save(self.all)
        if problem is not None:
            self.view.warn(f"{problem}; this session's statistics will not be kept")
            self.saving = False


def session_for(
    profile: str,
    *,
    drill: str = "all",
    dealer: str | None = None,
    way: str | None = None,
    seed: int | None = None,
    as_json: bool = False,
    stats_path: Path | None = None,
    stdin: TextIO | None = None,
    console: Console | None = None,
) -> Session:
    """A session ready to run (see :func:`paigow.cli.train_cmds.train`).

    Raises:
        ConfigError: an unknown profile, way or drill, or a bad statistics file.
    """
    drill = drill_name(drill)
    trainer = Trainer(profile, dealer=dealer, way=way)
    con = console or Console(highlight=False)
    view: TextView | JsonView
    if as_json:
        out = con.file

        def write(text: str) -> None:
            out.write(text)
            out.flush()

        view = JsonView(trainer, write)
    else:
        view = TextView(con, trainer)
    interactive = stdin is None and sys.stdin.isatty()
    term = Terminal(con, line_reader(stdin), echo=not interactive, prompts=not as_json)
    rng: Rng = random.Random(seed) if seed is not None else default_rng()
    return Session(trainer, drill=drill, view=view, term=term, rng=rng, store=StatsFile(stats_path))
