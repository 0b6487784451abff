"""Questions and answers on a console: the one place the terminal table and the trainer read
input.

Every question is one line of input (:func:`line_reader`). Enter takes the default shown in
brackets, ``?`` prints the question's help and asks again, ``q`` (or the end of input) raises
:class:`QuitGame`; a question may add words of its own (the trainer's ``s``). What the player
types is never read as rich markup: questions, echoes and messages are printed as
:class:`rich.text.Text`, and quoted input has its control characters escaped. A conversation run
by :func:`converse` ends with exit code 130 after Ctrl-C, without a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from typing import BinaryIO, TextIO

from rich.console import Console
from rich.text import Text

from paigow.errors import ParseError

from .amounts import parse_dollars

__all__ = [
    "HELP_KEYS",
    "HELP_WORDS",
    "INTERRUPTED",
    "QUIT_WORDS",
    "QuitGame",
    "Terminal",
    "converse",
    "line_reader",
    "printable",
]

#: How every question is answered, added to each question's own help.
HELP_KEYS = (
    "Enter takes the default in [brackets]; ? (or help) shows this help; q leaves the table."
)
#: Answers that leave (as the end of input does).
QUIT_WORDS = ("q", "quit", "exit")
#: Answers that show the question's help and ask again.
HELP_WORDS = ("?", "help")
#: The exit code after Ctrl-C.
INTERRUPTED = 130


class QuitGame(Exception):  # noqa: N818 - control flow, not an error
    """The player leaves the table (``q``, or the end of input)."""


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes (``\\x1b``), safe to print."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def line_reader(stdin: TextIO | None) -> Callable[[], str]:
    """One line of input at a time from ``stdin`` (default: the process's standard input);
    EOFError at the end. Bytes that are not UTF-8 arrive as U+FFFD (the answer is then
    refused and asked again)."""
    if stdin is not None:
        src = stdin

        def read_stream() -> str:
            line = src.readline()
            if not line:
                raise EOFError
            return line

        return read_stream
    if sys.stdin.isatty():

        def read_keyboard() -> str:
            try:
                return input()
            except UnicodeDecodeError:
                return "\ufffd"

        return read_keyboard
    raw: BinaryIO | None = getattr(sys.stdin, "buffer", None)
    if raw is None:  # a text stream put in place of stdin
        return line_reader(sys.stdin)

    def read_pipe() -> str:
        line = raw.readline()
        if not line:
            raise EOFError
        return line.decode("utf-8", errors="replace")

    return read_pipe


def converse(talk: Callable[[], int], *, newline: bool = True) -> int:
    """Run a conversation; its exit code, or :data:`INTERRUPTED` after Ctrl-C (then, unless
    ``newline`` is false, the prompt's line is ended on standard output)."""
    try:
        return talk()
    except KeyboardInterrupt:
        if newline:
            print()
        return INTERRUPTED


class Terminal:
    """A console and an input stream.

    Args:
        console: where everything is printed.
        read: returns one line of input; raises EOFError at the end of input.
        echo: print each answer after its question (when the input is not a keyboard).
        prompts: print the questions (False when the output is JSON lines: then nothing is
            printed but what the callers print).
    """

    def __init__(
        self, console: Console, read: Callable[[], str], *, echo: bool, prompts: bool = True
    ) -> None:
        self.out = console
        self._read = read
        self.prompts = prompts
        self.echo = echo and prompts

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
    def answer(
        self,
        question: str,
        default: str = "",
        *,
        help: Callable[[], None],
        words: Mapping[str, Callable[[], None]] | None = None,
    ) -> str:
        """One line's answer, stripped: the default on an empty line; ``?``/``help`` call
        ``help`` and ask again, and so does each of ``words`` (lower case) with its action;
        ``q``/``quit``/``exit`` and the end of input raise :class:`QuitGame`."""
        while True:
            if self.prompts:
                shown = f" [{default}]" if default else ""
                self.out.print(
                    Text.assemble(("? ", "bold cyan"), question, shown, ": "),
                    end="",
                    highlight=False,
                )
            try:
                line = self._read()
            except EOFError:
                if self.prompts:
                    self.out.print()
                raise QuitGame from None
            answer = line.strip() or default
            if self.echo:
                self.out.print(Text(printable(answer)), highlight=False)
            word = answer.lower()
            if word in QUIT_WORDS:
                raise QuitGame
            if word in HELP_WORDS:
                help()
                continue
            if words and word in words:
                words[word]()
                continue
            return answer

    def ask(self, question: str, default: str = "", help: str = "") -> str:
        """One answer (see :meth:`answer`); ``?`` prints ``help`` (or the question) and how
        every question is answered."""

        def show_help() -> None:
            self.say(help or question, "italic")
            self.say(HELP_KEYS, "dim")

        return self.answer(question, default, help=show_help)

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
