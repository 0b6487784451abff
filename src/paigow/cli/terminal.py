"""Questions and answers on a console: the one place the terminal table reads input.

Every question is one line of input. Enter takes the default shown in brackets, ``?`` prints
the question's help and asks again, ``q`` (or the end of input) leaves the table. What the
player types is never read as rich markup: questions, echoes and messages are printed as
:class:`rich.text.Text`, and quoted input has its control characters escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console
from rich.text import Text

from paigow.errors import ParseError

from .amounts import parse_dollars

__all__ = ["HELP_KEYS", "QuitGame", "Terminal", "printable"]

#: How every question is answered, added to each question's own help.
HELP_KEYS = (
    "Enter takes the default in [brackets]; ? (or help) shows this help; q leaves the table."
)


class QuitGame(Exception):  # noqa: N818 - control flow, not an error
    """The player leaves the table (``q``, or the end of input)."""


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes (``\\x1b``), safe to print."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Terminal:
    """A console and an input stream.

    Args:
        console: where everything is printed.
        read: returns one line of input; raises EOFError at the end of input.
        echo: print each answer after its question (when the input is not a keyboard).
    """

    def __init__(self, console: Console, read: Callable[[], str], *, echo: bool) -> None:
        self.out = console
        self._read = read
        self.echo = echo

    # ------------------------------------------------------------------ output
    def say(self, text: str, style: str = "") -> None:
        """Print ``text`` literally (in ``style``)."""
        self.out.print(Text(text, style=style), highlight=False)

    def error(self, text: str) -> None:
        """Print why an answer was refused."""
        self.say(text, "red")

    def parts(self, *pieces: str | tuple[str, str]) -> None:
        """Print pieces of text, each literal, some styled: ``("bold", ...)`` tuples are
        ``(text, style)``."""
        self.out.print(Text.assemble(*pieces), highlight=False)

    # ------------------------------------------------------------------ input
    def ask(self, question: str, default: str = "", help: str = "") -> str:
        """One answer: the default on an empty line; ``?`` prints ``help`` and asks again;
        ``q``/``quit``/``exit`` and the end of input raise :class:`QuitGame`."""
        while True:
            shown = f" [{default}]" if default else ""
            self.out.print(
                Text.assemble(("? ", "bold cyan"), question, shown, ": "), end="", highlight=False
            )
            try:
                line = self._read()
            except EOFError:
                self.out.print()
                raise QuitGame from None
            answer = line.strip() or default
            if self.echo:
                self.out.print(Text(printable(answer)), highlight=False)
            if answer.lower() in ("q", "quit", "exit"):
                raise QuitGame
            if answer.lower() in ("?", "help"):
                self.say(help or question, "italic")
                self.say(HELP_KEYS, "dim")
                continue
            return answer

    def choose(self, question: str, answers: Iterable[str], default: str, help: str = "") -> str:
        """One of ``answers`` (case-insensitive), asked again until given."""
        allowed = [a.lower() for a in answers]
        while True:
            answer = self.ask(question, default, help).lower()
            if answer in allowed:
                return answer
            self.error(f"{printable(answer)!r} is not an answer here; type {' or '.join(allowed)}")

    def yes_no(self, question: str, default: bool, help: str = "") -> bool:
        """A yes or no answer (``y``/``yes``/``n``/``no``), asked again until given."""
        answer = self.choose(question, ("y", "yes", "n", "no"), "y" if default else "n", help)
        return answer.startswith("y")

    def money(
        self,
        question: str,
        default_cents: int | None,
        help: str = "",
        *,
        accept: Callable[[int], str | None] = lambda _: None,
    ) -> int:
        """An amount in dollars, in cents; asked again, with the reason, until ``accept``
        (which returns why an amount is refused, or None) takes it."""
        default = "" if default_cents is None else f"{default_cents / 100:,.2f}".replace(".00", "")
        while True:
            text = self.ask(question, default, help)
            try:
                cents = parse_dollars(text)
            except ParseError as e:
                self.error(str(e))
                continue
            reason = accept(cents)
            if reason is None:
                return cents
            self.error(reason)
