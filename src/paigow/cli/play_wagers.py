"""The money questions of a round at the terminal table: the Player-Dealer's stake, the
dealer's wager against a player bank, the player's wager and side wagers (the bonus, Pair
Fortunes, Dragon's Eye). Each is asked again, with the reason, until the rules accept it."""

from __future__ import annotations

from collections.abc import Callable

from paigow.errors import PaigowError
from paigow.profiles import Profile
from paigow.table.auto import ComputerPlayer
from paigow.table.round import Round
from paigow.table.session import TableSession

from . import play_help as helps
from .amounts import dollars, engine_words, parse_dollars
from .play_view import YOU
from .terminal import Terminal, printable

__all__ = ["WagerQuestions"]

_DE_KINDS = {
    "odd": "de-odd",
    "even": "de-even",
    "match": "de-match",
    "double": "de-double",
    "triple": "de-triple",
    "bonus": "dice-bonus",
}


class WagerQuestions:
    """The wager questions of :class:`paigow.cli.play_round.Game`."""

    prof: Profile
    term: Terminal
    session: TableSession
    computers: list[ComputerPlayer]
    last_wager: int | None

    def _try(self, action: Callable[[], object]) -> str | None:
        """Run an engine action; None when done, else why the rules refuse it (in dollars)."""
        try:
            action()
        except PaigowError as e:
            return engine_words(str(e))
        return None

    def _stakes(self, rnd: Round) -> None:
        if rnd.banker.kind == "player-dealer":
            who = rnd.banker.player or ""
            if who == YOU:
                self.term.money(
                    "Your stake as Player-Dealer (dollars)",
                    min(10_000, self.session.stacks[YOU]),
                    helps.stake_help(),
                    accept=lambda c: self._try(lambda: rnd.place_pd_wager(c)),
                )
            else:
                stake = min(20_000, self.session.stacks[who] // 2)
                rnd.place_pd_wager(max(stake, self.prof.table.min_wager))  # ¶22: the minimum
        elif rnd.banker.kind == "player" and self.prof.banking.dealer_wager:
            offered = self.session.dealer_wager(rnd.banker.player or "")
            if rnd.banker.player != YOU:
                why = self._try(lambda: rnd.place_dealer_wager(offered))
                if why is not None:
                    self.term.say(f"The dealer does not wager against the bank: {why}")
                    rnd.place_dealer_wager(0)
                return

            def accept(c: int) -> str | None:
                if c > offered:
                    return f"the dealer wagers at most {dollars(offered)} against you"
                return self._try(lambda: rnd.place_dealer_wager(c))

            self.term.money(
                f"The dealer wagers {dollars(offered)} against you; Enter accepts, or a smaller "
                "amount (dollars)",
                offered,
                "The house dealer may wager against a player bank (R-BANK-10); you may accept "
                "the amount or ask for less (0 = none).",
                accept=accept,
            )

    # ------------------------------------------------------------------ wagers
    def _wagers(self, rnd: Round) -> None:
        for c in self.computers:
            if c.name != rnd.banker.player:
                c.wager(rnd)
        if rnd.banker.player == YOU:
            return
        t = self.prof.table
        spot = self.session.seats[YOU]
        stack = self.session.stacks[YOU]
        last = self.last_wager if self.last_wager and self.last_wager <= stack else None
        default = last or max(t.min_wager, 1000)

        def accept(c: int) -> str | None:
            return None if c == 0 else self._try(lambda: rnd.wager(YOU, spot, c))

        cents = self.term.money(
            f"Your wager (dollars; {dollars(t.min_wager)}..{dollars(t.max_wager)}, 0 = sit out)",
            default,
            helps.wager_help(self.prof, last),
            accept=accept,
        )
        if cents == 0:
            return
        self.last_wager = cents
        self._side_wagers(rnd, spot)

    def _side_money(self, rnd: Round, spot: str, kind: str, question: str, least: int) -> None:
        def accept(c: int) -> str | None:
            if c == 0:
                return None
            if c < least:
                return f"the least is {dollars(least)} (0 = none)"
            return self._try(lambda: rnd.wager(YOU, spot, c, kind))

        help_text = helps.side_bets_help(self.prof, rnd.options.pair_fortunes, False)
        self.term.money(question, 0, help_text, accept=accept)

    def _side_wagers(self, rnd: Round, spot: str) -> None:
        sb = self.prof.side_bets
        if sb.supreme_bonus:
            least = sb.supreme_bonus_min_cents
            self._side_money(
                rnd,
                spot,
                "supreme-bonus",
                f"Bonus wager (dollars, at least {dollars(least)}; 0 = none)",
                least,
            )
        if rnd.options.pair_fortunes:
            self._side_money(
                rnd,
                spot,
                "pair-fortunes",
                f"Pair Fortunes wager (table {rnd.options.pair_fortunes}; dollars, 0 = none)",
                self.prof.table.min_wager,
            )
        if rnd.options.dragons_eye:
            self._dragons_eye(rnd, spot)

    def _dragons_eye(self, rnd: Round, spot: str) -> None:
        if any(c[0] == YOU for c in rnd.options.carried):
            self.term.say(
                f"Your dice bonus wager stays on the layout (streak {rnd.options.de_streak})."
            )
        help_text = helps.side_bets_help(self.prof, None, True)
        while True:
            text = self.term.ask(
                "Dragon's Eye wagers, e.g. 'odd 5, match 5, double 5, triple 5, even 5, bonus 5' "
                "(Enter = none)",
                "",
                help_text,
            )
            why = self._place_all(rnd, spot, text)
            if why is None:
                return
            self.term.error(f"{why}; no Dragon's Eye wager was placed, please enter them again")

    def _place_all(self, rnd: Round, spot: str, text: str) -> str | None:
        """Place every Dragon's Eye wager of ``text`` or none (the reason why not)."""
        wanted: list[tuple[str, int]] = []
        for part in filter(None, (p.strip() for p in text.split(","))):
            words = part.split()
            kind = _DE_KINDS.get(words[0].lower())
            if kind is None or len(words) != 2:
                return (
                    f"{printable(part)!r}: write a wager and dollars, e.g. 'odd 5'; wagers: "
                    f"{', '.join(_DE_KINDS)}"
                )
            try:
                cents = parse_dollars(words[1])
            except PaigowError as e:
                return f"{printable(part)!r}: {e}"
            if cents == 0:
                return f"{printable(part)!r}: a wager is more than $0"
            if any(k == kind for k, _ in wanted):
                return f"{printable(part)!r}: one {words[0].lower()} wager at a time"
            wanted.append((kind, cents))
        placed: list[str] = []
        for kind, cents in wanted:
            try:
                placed.append(rnd.wager(YOU, spot, cents, kind).data["ref"])
            except PaigowError as e:
                for ref in reversed(placed):
                    rnd.remove_wager(ref)
                return f"{kind.removeprefix('de-')} {dollars(cents)}: {engine_words(str(e))}"
        return None
