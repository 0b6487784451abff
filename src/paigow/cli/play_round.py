"""One round at the terminal table: the bank offer, stakes, wagers and side wagers, the cut,
the style, the dice, setting the hands, surrender, exposure and payouts.

Every question is asked again, with the reason, until its answer is one the rules accept;
nothing is dropped or replaced silently. Leaving (``q`` or the end of input) before "no more
bets" calls the round off and returns every wager; after it, the wagers are in action, so the
round is played out with the player's hands set by the house way, and the player is told.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from rich.text import Text

from paigow.exact.results import same_as
from paigow.games import game_for, hand_pieces
from paigow.games.dice import Rng
from paigow.games.tiles.delivery import STYLES
from paigow.profiles import Profile
from paigow.table.auto import ComputerPlayer, run_dealer
from paigow.table.round import Banker, Round
from paigow.table.session import TableSession

from . import play_help as helps
from .amounts import dollars
from .play_advice import Scores, score_settings
from .play_view import YOU, SessionStats, setting_line, show_history, show_results
from .play_wagers import WagerQuestions
from .terminal import QuitGame, Terminal, printable

__all__ = ["START", "Game"]

#: Chips each player sits down with (and buys again at $0), in cents.
START = 100_000


_SIDE = {"dice-bonus": "dice bonus", "de-odd": "odd", "de-even": "even", "de-match": "match"}
_SIDE |= {"de-double": "double", "de-triple": "triple"}


class Game(WagerQuestions):
    """The player's seat at a table session with computer players.

    Args:
        prof: the profile.
        seat: the player's seat (a betting position of the profile).
        players: how many computer players sit at the other seats.
        rng: chance for the shuffle and the dice.
        term: the console and the input.
        dealer_way: the dealer's way (default: the profile's): the house sets by it, and the
            advice is computed against it.
        hint_way: the way behind the ``h`` suggestion and the default choice (default: the
            dealer's way).
    """

    def __init__(
        self,
        prof: Profile,
        seat: str,
        players: int,
        rng: Rng,
        term: Terminal,
        *,
        pair_fortunes: str | None = None,
        dragons_eye: bool = False,
        dealer_way: str | None = None,
        hint_way: str | None = None,
    ) -> None:
        self.prof = prof
        self.rng = rng
        self.term = term
        self.game = game_for(prof)
        n = prof.table.positions
        others = [str(p) for p in range(1, n + 1) if str(p) != seat][:players]
        seats = {YOU: seat} | {f"C{p}": p for p in others}
        self.dealer_way_name = dealer_way or prof.house_way.dealer
        self.dealer_way = self.game.house_way(self.dealer_way_name)
        self.hint_way = self.game.house_way(hint_way) if hint_way else self.dealer_way
        self.session = TableSession(
            prof,
            seats,
            dict.fromkeys(seats, START),
            house_way=self.dealer_way.name,
            pair_fortunes=pair_fortunes,
            dragons_eye=dragons_eye,
        )
        side = tuple(
            k
            for k, on in (
                ("pair-fortunes", pair_fortunes),
                ("de-odd", dragons_eye),
                ("dice-bonus", dragons_eye),
                ("supreme-bonus", prof.side_bets.supreme_bonus),
            )
            if on
        )
        self.computers = [
            ComputerPlayer(name, self.dealer_way, max(prof.table.min_wager, 1000), side)
            for name in seats
            if name != YOU
        ]
        self.stats = SessionStats()
        self.statements: list[dict[str, Any]] = []
        self.last_wager: int | None = None
        self._chosen: list[tuple[str, Any, int, bool]] = []

    @property
    def noun(self) -> str:
        """What the game's pieces are called (``tiles``, ``cards``)."""
        return self.game.noun

    # ------------------------------------------------------------------ a round
    def play_round(self) -> None:
        """Play one round; :class:`QuitGame` propagates after the round is called off or
        played out."""
        s = self.session
        self.term.out.rule(Text(f"Round {s.rounds + 1}  —  {self.prof.meta.title}"))
        self.term.say("Chips: " + ", ".join(f"{n} {dollars(c)}" for n, c in s.stacks.items()))
        banker = self._choose_banker()
        rnd = s.new_round(banker)  # the session waives collection itself (¶61)
        self._chosen = []
        try:
            self._before_the_deal(rnd)
            if rnd.phase == "done":
                return
            self._after_no_more_bets(rnd)
        except QuitGame:
            self._leave(rnd)
            raise

    def _before_the_deal(self, rnd: Round) -> None:
        run_dealer(
            rnd, self.rng, until="cut" if rnd.banker.kind in ("player", "co-bank") else "wagers"
        )
        if rnd.phase == "cut":
            self._cut(rnd)
        self._stakes(rnd)
        self._wagers(rnd)
        if not any(w.kind == "main" for w in rnd.wagers):
            rnd.void("nobody wagered")
            self.term.say("Nobody wagered; the round is void.")
            self.session.finish(rnd)
            return
        rnd.no_more_bets()
        self.term.say("No more bets.", "bold")

    def _after_no_more_bets(self, rnd: Round) -> None:
        self._style(rnd)
        run_dealer(rnd, self.rng, until="deal")
        self._show_dice(rnd)
        if rnd.phase == "deal":
            rnd.deal()
        self._set_hands(rnd)
        self._bank_hand(rnd)
        self._surrender(rnd)
        rnd.settle()
        self._finish(rnd)

    def _finish(self, rnd: Round) -> None:
        st = show_results(self.term, rnd)
        self.session.finish(rnd)
        self.statements.append(st)
        self.stats.record(rnd, st)
        self._score_choices(rnd)
        show_history(self.term, self.statements)

    def _leave(self, rnd: Round) -> None:
        """The player leaves in the middle of a round."""
        if rnd.phase == "done":
            return
        if rnd.phase in ("shuffle", "cut", "wagers"):
            rnd.void("the player left before no more bets")
            self.term.say(
                "You leave before the deal: the round is called off, every wager returned."
            )
            return
        self.term.say(
            f"Your wagers are in action: the round is played out, your hands set by the house "
            f"way ({self.dealer_way.name}), without surrender."
        )
        run_dealer(rnd, self.rng, players=self.computers)
        self._finish(rnd)

    # ------------------------------------------------------------------ the bank
    def _choose_banker(self) -> Banker:
        offers = self.session.offers()
        b = self.prof.banking
        kind = "player" if b.house_banks else "player-dealer"
        alone = [name for _, name in offers] == [YOU]
        for pos, name in offers:
            if name == YOU and kind == "player-dealer" and alone:
                self.term.say("Nobody else may deal; you are the Player-Dealer.")
                return Banker(kind, YOU, pos)
            if name == YOU:
                answers = ["y", "yes", "n", "no"] + (["co"] if b.co_bank else [])
                word = "be the Player-Dealer" if kind == "player-dealer" else "take the bank"
                shown = "y/n" + ("/co" if b.co_bank else "")
                answer = self.term.choose(
                    f"Would you like to {word}? ({shown})",
                    answers,
                    "n",
                    helps.bank_offer_help(b.co_bank),
                )
                if answer in ("y", "yes"):
                    return Banker(kind, YOU, pos)
                if answer == "co":
                    return Banker("co-bank", YOU, pos)
            elif kind == "player-dealer":
                self.term.say(f"{name} is the Player-Dealer.")
                return Banker(kind, name, pos)
        if kind == "player-dealer":
            pos = self.session.seats[YOU]
            self.term.say("Nobody else may deal; you are the Player-Dealer.")
            return Banker(kind, YOU, pos)
        return Banker()

    def _cut(self, rnd: Round) -> None:
        if rnd.banker.player != YOU or not self.prof.dealing.bank_may_cut:
            rnd.cut(None)
            return
        g = self.game
        while True:
            text = self.term.ask(
                f"Cut the {g.cut_noun}? (Enter = no, e.g. {g.cut_example})", "", g.cut_help
            )
            why = self._try(partial(rnd.cut, text or None))
            if why is None:
                return
            self.term.error(f"{why}; Enter declines the cut, ? explains the notation")

    # ------------------------------------------------------------------ style and dice
    def _style(self, rnd: Round) -> None:
        d = self.prof.dealing
        mine = rnd.banker.player == YOU and d.chooser in ("bank", "dealer-or-bank", "player-dealer")
        if not mine:
            rnd.choose_style(d.default_style, "dealer")
            return
        listing = ", ".join(f"{k} = {STYLES.get(k, k)}" for k in d.styles)
        self.term.say(f"Delivery styles: {listing}")
        while True:
            style = self.term.choose(
                "Choose the delivery style", d.styles, d.default_style, helps.style_help(self.prof)
            )
            why = self._try(partial(rnd.choose_style, style, "bank"))
            if why is None:
                return
            self.term.error(why)

    def _show_dice(self, rnd: Round) -> None:
        if rnd.dice is None:
            if rnd.start is not None:
                self.term.say(f"The start is position {rnd.start}.")
            return
        dice = " ".join(map(str, rnd.dice))
        origin = f"seat {rnd.banker.position} (the bank)" if rnd.banker.player else "the dealer"
        self.term.parts(
            f"Dice: {dice} = {sum(rnd.dice)}, counted from {origin} -> first stack to ",
            (str(rnd.start), "bold"),
        )
        ph = rnd.dice_phase
        if ph is None:
            return
        note = "  TRIPLE!" if ph.triple else ""
        self.term.say(
            f"Dragon's Eye die {ph.button}: the button goes to position {ph.button}{note}; "
            f"streak {ph.streak_after}"
        )
        for w in rnd.wagers:
            if w.ref in rnd.results and w.kind not in {"main", "pair-fortunes"}:
                r = rnd.results[w.ref]
                pays = f" {r['pays']} to 1" if r["result"] == "win" else ""
                kind = _SIDE.get(w.kind, w.kind)
                self.term.say(f"  {w.player} {kind} {dollars(w.cents)}: {r['result']}{pays}")

    # ------------------------------------------------------------------ setting
    def _options(self, rnd: Round, spot: str) -> list[Any]:
        """The settings of a spot, each way of playing listed once."""
        seen: set[tuple[int, int]] = set()
        out = []
        for o in rnd.legal_settings(spot):
            if o.key() not in seen:
                seen.add(o.key())
                out.append(o)
        return out

    def _mark(self, rnd: Round, o: Any, bank: bool) -> str:
        """What playing a setting whose high hand ranks below its low hand means here."""
        if not rnd.game.is_foul(o):
            return ""
        if self.prof.ranking.setting_order == "as-set":
            return "  (high below low: played as set)"
        if bank:
            if self.prof.irregularities.dealer_mis_set_reset:
                return "  (foul: the dealer resets it to the house way)"
            return "  (foul)"
        return "  (foul: loses)"

    def _pick_setting(self, rnd: Round, spot: str, who: str, bank: bool) -> Any:
        options = self._options(rnd, spot)
        pieces = rnd.dealt[spot]
        hint = self.hint_way.set(pieces)
        self.term.parts(f"{who} {self.noun} at {spot}: ", (" ".join(map(str, pieces)), "bold"))
        default = next(i for i, o in enumerate(options, 1) if o.key() == hint.key())
        label = "house way" if self.hint_way is self.dealer_way else self.hint_way.name
        every = rnd.game.settings_of(pieces)
        for i, o in enumerate(options, 1):
            mark = f"  ({label})" if i == default else ""
            self.term.say(f"  {i}. {setting_line(o)}{mark}{self._mark(rnd, o, bank)}")
            for twin in same_as(o, every):
                self.term.say(f"     {twin} plays exactly as {i} (hands of the same strength)")
        while True:
            ans = self.term.ask(
                f"Set your {self.noun}: a number, h = {label}, a = advice",
                str(default),
                helps.setting_help(self.noun, label),
            ).lower()
            if ans == "h":
                rule = helps.rule_of(self.hint_way.name, pieces)
                self.term.say(
                    f"{label.capitalize()} ({default}): {setting_line(hint)}"
                    + (f"; {rule}" if rule else "")
                )
                continue
            if ans == "a":
                self._advice(rnd, spot, options, bank)
                continue
            if re.fullmatch(r"\d{1,2}", ans, re.ASCII) and 1 <= int(ans) <= len(options):
                return options[int(ans) - 1]
            self.term.error(
                f"{printable(ans)!r}: choose a setting 1..{len(options)}, h or a (? for help)"
            )

    def _scores(self, rnd: Round, spot: str, bank: bool) -> Scores:
        """Scores against the dealer's way, which the other players use too."""
        return score_settings(
            self.prof, rnd.dealt[spot], opponent=self.dealer_way.name, as_banker=bank
        )

    def _advice(self, rnd: Round, spot: str, options: list[Any], bank: bool) -> None:
        scores = self._scores(rnd, spot, bank)
        side = "the players' way" if bank else f"the dealer's way {self.dealer_way.name}"
        self.term.say(f"Exact EV of each setting against {side}:")
        for i, o in enumerate(options, 1):
            sc = scores.by_key.get(o.key())
            if sc is None:
                self.term.say(f"  {i}. {o}: not scored{self._mark(rnd, o, bank)}")
                continue
            best = "  <- best" if o.key() == scores.best else ""
            self.term.say(
                f"  {i}. {o}: EV {100 * float(sc.ev):+.2f}%  "
                f"(win {sc.win:.3f}, push {sc.push:.3f}, lose {sc.lose:.3f}){best}"
            )

    def _set_hands(self, rnd: Round) -> None:
        for c in self.computers:
            c.set(rnd)
        for spot in rnd.unset_spots():
            if rnd.controller(spot) == YOU:
                s = self._pick_setting(rnd, spot, "Your", bank=False)
                rnd.set_hand(YOU, spot, hand_pieces(s.high), hand_pieces(s.low))
                cents = sum(w.cents for w in rnd.spot_wagers(spot) if w.player == YOU)
                self._chosen.append((spot, s, cents, False))
            else:
                rnd.set_house_way(spot)

    def _bank_hand(self, rnd: Round) -> None:
        if rnd.banker.player == YOU and rnd.banker.kind in ("player", "player-dealer"):
            spot = rnd.bank_spot
            s = self._pick_setting(rnd, spot, "The bank's", bank=True)
            action = sum(w.cents for w in rnd.wagers if w.kind == "main")
            self._chosen.append((spot, s, action, True))
            rnd.set_bank(hand_pieces(s.high), hand_pieces(s.low))
            if rnd.log[-1].kind == "reset_to_house_way":
                self.term.say(
                    f"The bank's hand {s} is reset to the house way {rnd.bank_setting} "
                    "(R-HW-02, R-SPG-21: a bank's mis-set or foul hand is reset).",
                    "yellow",
                )
        else:
            rnd.set_bank()
        who = rnd.banker.player or "Dealer"
        self.term.parts(f"{who} (bank) sets: ", (setting_line(rnd.bank_setting), "bold"))

    def _surrender(self, rnd: Round) -> None:
        if not self.prof.table.surrender:
            return
        for spot in [p for p in rnd.settings if rnd.controller(p) == YOU]:
            if self.term.yes_no(
                f"Surrender spot {spot} (lose the whole wager)? (y/n)",
                False,
                helps.surrender_help(),
            ):
                rnd.surrender(spot)

    def _score_choices(self, rnd: Round) -> None:
        """Add the EV given up by the settings the player chose (as played: a bank's foul is
        reset to the house way; a player's foul loses, R-SPG-21) to the session."""
        for spot, chosen, cents, bank in self._chosen:
            played = rnd.bank_setting if bank else rnd.settings[spot]
            assert played is not None
            scores = self._scores(rnd, spot, bank)
            lost = scores.given_up(played.key())
            if lost is None and rnd.game.is_foul(chosen) and rnd.game.foul_loses and not bank:
                lost = scores.by_key[scores.best].ev + 1
            if lost is not None:
                self.stats.ev_given_up += float(lost) * cents
                self.stats.hands_scored += 1
