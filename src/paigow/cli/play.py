"""``paigow play``: a terminal table. You sit among computer players and play rounds.

Works on a plain terminal and from a script: every question is one line read from standard
input (Enter takes the default shown in brackets); the end of input quits cleanly.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from rich.console import Console
from rich.table import Table

from paigow.dealing import Rng, default_rng
from paigow.errors import PaigowError
from paigow.profiles import get_profile
from paigow.settings import Setting
from paigow.table.auto import ComputerPlayer, run_dealer
from paigow.table.games import game_for, hand_pieces
from paigow.table.round import Banker, Round
from paigow.table.session import TableSession
from paigow.table.settle import exposure_order
from paigow.table.styles import STYLES

__all__ = ["play"]

YOU = "You"
_SIDE_NAMES = {"pair-fortunes": "Pair Fortunes", "supreme-bonus": "bonus"}
START = 100_000


class QuitGame(Exception):  # noqa: N818 - control flow, not an error
    """The player quits (or input ended)."""


def _dollars(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}${abs(cents) / 100:,.2f}"


class Terminal:
    """Questions and answers on a console and an input stream."""

    def __init__(self, console: Console, inp: Callable[[], str], *, echo: bool) -> None:
        self.out = console
        self._input = inp
        self.echo = echo

    def ask(self, question: str, default: str = "") -> str:
        """One answer; the default on an empty line; ``q`` quits."""
        shown = f" [{default}]" if default else ""
        self.out.print(f"[bold cyan]?[/] {question}{shown}: ", end="")
        try:
            line = self._input()
        except EOFError:
            self.out.print()
            raise QuitGame from None
        answer = line.strip() or default
        if self.echo:
            self.out.print(answer, highlight=False)
        if answer.lower() in ("q", "quit", "exit"):
            raise QuitGame
        return answer

    def money(self, question: str, default_cents: int) -> int:
        """An amount in dollars, returned in cents."""
        while True:
            text = self.ask(question, f"{default_cents / 100:g}")
            try:
                value = round(float(text.lstrip("$")) * 100)
            except ValueError:
                self.out.print(f"[red]'{text}' is not an amount in dollars[/]")
                continue
            if value < 0:
                self.out.print("[red]the amount cannot be negative[/]")
                continue
            return value


def _setting_line(s: Setting) -> str:
    return f"{s.high} ({s.high.name})  /  {s.low} ({s.low.name})"


class Game:
    """One seat at a table session."""

    def __init__(
        self,
        profile: str,
        seat: str,
        players: int,
        rng: Rng,
        term: Terminal,
        *,
        pair_fortunes: str | None = None,
        dragons_eye: bool = False,
    ) -> None:
        self.prof = get_profile(profile)
        self.rng = rng
        self.term = term
        n = self.prof.table.positions
        others = [str(p) for p in range(1, n + 1) if str(p) != seat][: max(players, 1)]
        seats = {YOU: seat} | {f"C{p}": p for p in others}
        self.way = game_for(self.prof).house_way(self.prof.house_way.dealer)
        self.session = TableSession(
            self.prof,
            seats,
            dict.fromkeys(seats, START),
            pair_fortunes=pair_fortunes,
            dragons_eye=dragons_eye,
        )
        side = tuple(
            k
            for k, on in (
                ("pair-fortunes", pair_fortunes),
                ("de-odd", dragons_eye),
                ("dice-bonus", dragons_eye),
                ("supreme-bonus", self.prof.side_bets.supreme_bonus),
            )
            if on
        )
        self.computers = [
            ComputerPlayer(name, self.way, max(self.prof.table.min_wager, 1000), side)
            for name in seats
            if name != YOU
        ]

    # ------------------------------------------------------------------ a round
    def play_round(self) -> None:
        out = self.term.out
        s = self.session
        out.rule(f"Round {s.rounds + 1}  —  {self.prof.meta.title}")
        out.print(
            "Chips: " + ", ".join(f"{n} {_dollars(c)}" for n, c in s.stacks.items()),
            highlight=False,
        )
        banker = self._choose_banker()
        rnd = s.new_round(
            banker, collection_free=s.rounds < self.prof.commission.free_collection_hands
        )
        run_dealer(
            rnd, self.rng, until="cut" if rnd.banker.kind in ("player", "co-bank") else "wagers"
        )
        if rnd.phase == "cut":
            cut = None
            if banker.player == YOU and self.prof.dealing.bank_may_cut:
                example = "card:20" if rnd.game.name == "cards" else "a:3-4:right"
                noun = "deck" if rnd.game.name == "cards" else "stacks"
                text = self.term.ask(f"Cut the {noun}? (Enter = no, e.g. {example})", "")
                cut = text or None
            self._retry(lambda: rnd.cut(cut), lambda: rnd.cut(None))
        self._stakes(rnd)
        self._wagers(rnd)
        if not any(w.kind == "main" for w in rnd.wagers):
            rnd.void("nobody wagered")
            out.print("Nobody wagered; the round is void.")
            s.finish(rnd)
            return
        rnd.no_more_bets()
        out.print("[bold]No more bets.[/]")
        self._style(rnd)
        run_dealer(rnd, self.rng, until="deal")
        dice = " ".join(map(str, rnd.dice or ()))
        origin = f"seat {rnd.banker.position} (the bank)" if rnd.banker.player else "the dealer"
        out.print(
            f"Dice: {dice} = {sum(rnd.dice or ())}, counted from {origin} "
            f"-> first stack to [bold]{rnd.start}[/]"
        )
        if rnd.dice_phase is not None:
            ph = rnd.dice_phase
            note = "  [bold magenta]TRIPLE![/]" if ph.triple else ""
            out.print(
                f"Dragon's Eye die {ph.button}: the button goes to position {ph.button}"
                f"{note}; streak {ph.streak_after}"
            )
            for w in rnd.wagers:
                if w.ref in rnd.results and w.kind not in {"main", "pair-fortunes"}:
                    r = rnd.results[w.ref]
                    out.print(
                        f"  {w.player} {w.kind} {_dollars(w.cents)}: {r['result']}"
                        + (f" {r['pays']} to 1" if r["result"] == "win" else ""),
                        highlight=False,
                    )
        if rnd.phase == "deal":
            rnd.deal()
        self._set_hands(rnd)
        self._bank_hand(rnd)
        self._surrender(rnd)
        rnd.settle()
        self._show_results(rnd)
        s.finish(rnd)
        self._history()

    def _retry(self, action: Callable[[], object], fallback: Callable[[], object]) -> None:
        try:
            action()
        except PaigowError as e:
            self.term.out.print(f"[red]{e}[/]")
            fallback()

    def _choose_banker(self) -> Banker:
        offers = self.session.offers()
        kind = "player" if self.prof.banking.house_banks else "player-dealer"
        for pos, name in offers:
            if name == YOU:
                options = "y/N" + ("/co" if self.prof.banking.co_bank else "")
                word = "be the Player-Dealer" if kind == "player-dealer" else "take the bank"
                answer = self.term.ask(f"Would you like to {word}? ({options})", "n").lower()
                if answer in ("y", "yes"):
                    return Banker(kind, YOU, pos)
                if answer == "co" and self.prof.banking.co_bank:
                    return Banker("co-bank", YOU, pos)
            elif kind == "player-dealer":
                self.term.out.print(f"{name} is the Player-Dealer.")
                return Banker(kind, name, pos)
        if kind == "player-dealer":
            pos = self.session.seats[YOU]
            self.term.out.print("Nobody else may deal; you are the Player-Dealer.")
            return Banker(kind, YOU, pos)
        return Banker()

    def _stakes(self, rnd: Round) -> None:
        if rnd.banker.kind == "player-dealer":
            who = rnd.banker.player
            if who == YOU:
                while True:
                    cents = self.term.money("Your stake as Player-Dealer (dollars)", 10_000)
                    try:
                        rnd.place_pd_wager(cents)
                        break
                    except PaigowError as e:
                        self.term.out.print(f"[red]{e}[/]")
            else:
                rnd.place_pd_wager(min(20_000, self.session.stacks[who or ""] // 2))
        elif rnd.banker.kind == "player" and self.prof.banking.dealer_wager:
            amount = self.session.dealer_wager(rnd.banker.player or "")
            if rnd.banker.player == YOU:
                amount = self.term.money(
                    f"The dealer wagers {_dollars(amount)} against you; wager less? (dollars)",
                    amount,
                )
            self._retry(lambda: rnd.place_dealer_wager(amount), lambda: rnd.place_dealer_wager(0))

    def _wagers(self, rnd: Round) -> None:
        for c in self.computers:
            if c.name != rnd.banker.player:
                c.wager(rnd)
        if rnd.banker.player == YOU:
            return
        t = self.prof.table
        while True:
            cents = self.term.money(
                f"Your wager (dollars; {_dollars(t.min_wager)}..{_dollars(t.max_wager)}, "
                "0 = sit out)",
                max(t.min_wager, 1000),
            )
            if cents == 0:
                return
            try:
                rnd.wager(YOU, self.session.seats[YOU], cents)
                break
            except PaigowError as e:
                self.term.out.print(f"[red]{e}[/]")
        self._side_wagers(rnd)

    def _side_wagers(self, rnd: Round) -> None:
        spot = self.session.seats[YOU]
        if self.prof.side_bets.supreme_bonus:
            cents = self.term.money("Bonus wager (dollars, at least $1; 0 = none)", 0)
            if cents:
                self._retry(lambda: rnd.wager(YOU, spot, cents, "supreme-bonus"), lambda: None)
        if rnd.options.pair_fortunes:
            cents = self.term.money(
                f"Pair Fortunes wager (table {rnd.options.pair_fortunes}; dollars, 0 = none)", 0
            )
            if cents:
                self._retry(lambda: rnd.wager(YOU, spot, cents, "pair-fortunes"), lambda: None)
        if rnd.options.dragons_eye:
            kept = [c for c in rnd.options.carried if c[0] == YOU]
            if kept:
                self.term.out.print(
                    f"Your dice bonus wager stays on the layout (streak {rnd.options.de_streak})."
                )
            text = self.term.ask(
                "Dragon's Eye wagers, e.g. 'odd 5, match 5, double 5, triple 5, even 5, "
                "bonus 5' (Enter = none)",
                "",
            )
            for part in filter(None, (p.strip() for p in text.split(","))):
                words = part.split()
                kind = {"bonus": "dice-bonus"}.get(words[0], f"de-{words[0]}")
                try:
                    cents = round(float(words[1]) * 100) if len(words) > 1 else 500
                    rnd.wager(YOU, spot, cents, kind)
                except (PaigowError, ValueError) as e:
                    self.term.out.print(f"[red]{part}: {e}[/]")

    def _style(self, rnd: Round) -> None:
        d = self.prof.dealing
        mine = rnd.banker.player == YOU and d.chooser in ("bank", "dealer-or-bank", "player-dealer")
        style = d.default_style
        if mine:
            listing = ", ".join(f"{k} = {STYLES[k]}" for k in d.styles)
            self.term.out.print(f"Delivery styles: {listing}")
            style = self.term.ask("Choose the delivery style", d.default_style)
        self._retry(
            lambda: rnd.choose_style(style, "bank" if mine else "dealer"),
            lambda: rnd.choose_style(d.default_style, "dealer"),
        )

    def _pick_setting(self, rnd: Round, spot: str, who: str) -> Any:
        options = rnd.legal_settings(spot)
        hw = self.way.set(rnd.dealt[spot])
        tiles = " ".join(str(t) for t in rnd.dealt[spot])
        noun = "cards" if rnd.game.name == "cards" else "tiles"
        self.term.out.print(f"{who} {noun} at {spot}: [bold]{tiles}[/]")
        default = next(i for i, o in enumerate(options, 1) if o.key() == hw.key())
        for i, o in enumerate(options, 1):
            mark = "  (house way)" if i == default else ""
            if rnd.game.is_foul(o):
                mark += "  (foul: loses)"
            self.term.out.print(f"  {i}. {_setting_line(o)}{mark}", highlight=False)
        while True:
            ans = self.term.ask(
                f"Set your {noun}: a number, h = house way, a = advice", str(default)
            )
            if ans.lower() == "h":
                self.term.out.print(f"House way: {_setting_line(hw)}")
                continue
            if ans.lower() == "a":
                self._advice(rnd, spot)
                continue
            if ans.isdigit() and 1 <= int(ans) <= len(options):
                return options[int(ans) - 1]
            self.term.out.print(f"[red]choose 1..{len(options)}, h or a[/]")

    def _advice(self, rnd: Round, spot: str) -> None:
        from paigow.exact.api import commission_of, setting_advice

        if rnd.game.name == "cards":
            from paigow.spg.exact import spg_advise

            if spot == rnd.bank_spot:
                self.term.out.print("Advice for the bank's cards is not available yet.")
                return
            adv: Any = spg_advise(
                list(rnd.dealt[spot]),
                self.prof.house_way.dealer,
                commission=commission_of(self.prof),
                literal_zero=self.prof.ranking.zero_rule == "literal",
                house_way=self.prof.house_way.dealer,
            )
        else:
            adv = setting_advice(
                list(rnd.dealt[spot]),
                self.prof,
                commission_of(self.prof),
                opponent=self.prof.house_way.dealer,
                as_banker=spot == rnd.bank_spot,
            )
        for i, sc in enumerate(adv.settings):
            best = " <- best" if i == adv.best else ""
            n = sc.win + sc.push + sc.lose
            self.term.out.print(
                f"  {sc.setting}: EV {100 * float(sc.ev):+.2f}%  "
                f"(win {sc.win / n:.3f}, push {sc.push / n:.3f}){best}",
                highlight=False,
            )

    def _set_hands(self, rnd: Round) -> None:
        for c in self.computers:
            c.set(rnd)
        for spot in rnd.unset_spots():
            if rnd.controller(spot) == YOU:
                s = self._pick_setting(rnd, spot, "Your")
                rnd.set_hand(YOU, spot, hand_pieces(s.high), hand_pieces(s.low))
            else:
                rnd.set_house_way(spot)

    def _bank_hand(self, rnd: Round) -> None:
        if rnd.banker.player == YOU and rnd.banker.kind in ("player", "player-dealer"):
            s = self._pick_setting(rnd, rnd.bank_spot, "The bank's")
            rnd.set_bank(hand_pieces(s.high), hand_pieces(s.low))
        else:
            rnd.set_bank()
        assert rnd.bank_setting is not None
        who = rnd.banker.player or "Dealer"
        self.term.out.print(f"{who} (bank) sets: [bold]{_setting_line(rnd.bank_setting)}[/]")

    def _surrender(self, rnd: Round) -> None:
        if not self.prof.table.surrender:
            return
        mine = [p for p in rnd.settings if rnd.controller(p) == YOU]
        for spot in mine:
            if self.term.ask(f"Surrender spot {spot} (lose the whole wager)? (y/N)", "n") in (
                "y",
                "yes",
            ):
                rnd.surrender(spot)

    def _show_results(self, rnd: Round) -> None:
        t = Table(title="Exposure, from the dealer's right", title_justify="left")
        for col in ("spot", "player", "high / low", "wager", "result"):
            t.add_column(col)
        for spot in exposure_order(rnd):
            s = rnd.settings.get(spot)
            side = [
                w
                for w in rnd.wagers
                if w.spot == spot and w.kind in ("pair-fortunes", "supreme-bonus")
            ]
            for w in [*rnd.spot_wagers(spot), *side]:
                res = rnd.results.get(w.ref, {}).get("result", "void")
                if w.kind in ("pair-fortunes", "supreme-bonus"):
                    info = rnd.results.get(w.ref, {})
                    res = f"{res} ({info.get('class', '')})"
                colour = {"win": "green", "lose": "red", "push": "yellow"}.get(res, "white")
                t.add_row(
                    spot,
                    w.player if w.kind == "main" else f"{w.player} ({_SIDE_NAMES[w.kind]})",
                    str(s) if s else "-",
                    _dollars(w.cents),
                    f"[{colour}]{res}[/]",
                )
        if rnd.dealer_wager and "dealer" in rnd.results:
            res = rnd.results["dealer"]["result"]
            t.add_row(
                "dealer",
                "dealer (vs the bank)",
                str(rnd.dealer_setting),
                _dollars(rnd.dealer_wager),
                res,
            )
        self.term.out.print(t)
        vig = sum(tr.cents for tr in rnd.ledger.transfers if tr.reason in ("vig", "surplus-vig"))
        if vig:
            self.term.out.print(f"Commission collected: {_dollars(vig)}")
        net = rnd.net()
        self.term.out.print(
            "This round: "
            + ", ".join(f"{k.removeprefix('player:')} {_dollars(v)}" for k, v in net.items() if v),
            highlight=False,
        )

    def _history(self) -> None:
        h = self.session.history[-5:]
        t = Table(title="Last rounds", title_justify="left")
        t.add_column("round")
        t.add_column("bank")
        t.add_column("your result")
        for r in h:
            mine = r["net"].get(f"player:{YOU}", 0)
            t.add_row(str(r["round"]), r["banker"], _dollars(mine))
        self.term.out.print(t)


def play(
    profile: str = "generic",
    *,
    seat: str = "3",
    players: int = 3,
    seed: int | None = None,
    stdin: TextIO | None = None,
    console: Console | None = None,
    max_rounds: int | None = None,
    pair_fortunes: str | None = None,
    dragons_eye: bool = False,
) -> dict[str, Any]:
    """Run the terminal table until the player quits; returns a summary."""
    con = console or Console()
    reader: Callable[[], str]
    if stdin is None:
        reader = input
    else:
        src = stdin

        def reader() -> str:
            line = src.readline()
            if not line:
                raise EOFError
            return line

    interactive = stdin is None and sys.stdin.isatty()
    term = Terminal(con, reader, echo=not interactive)
    rng: Rng = random.Random(seed) if seed is not None else default_rng()
    game = Game(
        profile, seat, players, rng, term, pair_fortunes=pair_fortunes, dragons_eye=dragons_eye
    )
    con.print(
        f"[bold]paigow[/] — {game.prof.meta.title}. You sit at seat {seat} with "
        f"{_dollars(START)}. Enter takes the default in brackets; q quits."
    )
    try:
        while max_rounds is None or game.session.rounds < max_rounds:
            game.play_round()
            term.ask("Enter for the next round, q to quit", "next")
    except QuitGame:
        pass
    you = game.session.stacks[YOU]
    con.print(
        f"You leave with {_dollars(you)} ({_dollars(you - START)}) after "
        f"{game.session.rounds} round(s)."
    )
    return {"rounds": game.session.rounds, "stack": you}
