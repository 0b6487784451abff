"""A table session: players, their chips, the bank rotation and the rounds of one table.

A session owns its rounds: :meth:`TableSession.new_round` opens one (only when none is open)
with the current stacks, the banker chosen under the rotation rules (:mod:`.banking`), the
dealer's wager limit, the free collection of a new game and the Dragon's Eye state; the round's
actions are then called on the round; :meth:`TableSession.finish` closes it exactly once: stacks
move by the round's net, the rotation advances, the round's record is returned. Every public
mutating call is all or nothing (:mod:`.atomic`), and players sit down, leave or withdraw a kept
dice bonus only between rounds.

Everything a session accepts is in its journal (:meth:`TableSession.journal`): the opening,
each seat change, each round opened, each operation of each round and each round finished, as
plain JSON. :func:`paigow.table.journal.restore` rebuilds the session and its open round from
the journal alone, checking every operation's chain link on the way. A caller that keeps its
own record of the table (the table service stores its commands) opens the session with
``journal=False``: then neither the journal nor :attr:`TableSession.history` is kept, so that
the session's memory, and the time each all-or-nothing action takes to save its state, do not
grow with the number of rounds the table has played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from paigow.errors import ConfigError, IllegalActionError
from paigow.games import game_for
from paigow.profiles import Profile

from .atomic import Atomic, action, fresh
from .banking import BankState, after_round, dealer_wager_amount, eligibility, initial_state
from .banking import offer_order as _offer_order
from .chain import profile_digest
from .inputs import Timed, as_cents, as_flag, as_name, as_text, as_timestamp
from .record import round_record
from .round import Banker, Provenance, Round, check_seats, check_stacks
from .variations import TableOptions

__all__ = ["SessionCheckpoint", "TableSession"]


@dataclass(frozen=True)
class SessionCheckpoint:
    """A session's state and its open round's, taken by :meth:`TableSession.checkpoint`."""

    session: dict[str, Any]
    round: Round | None
    round_state: dict[str, Any] | None


class TableSession(Atomic, Timed):
    """Players seated at one table, their chips, the bank rotation and the rounds.

    Args:
        profile: the jurisdiction profile.
        seats: player name -> seat, in the order the players arrived.
        stacks: player name -> chips, in cents.
        house_way: the dealer's house way (default: the profile's).
        pair_fortunes: the Pair Fortunes pay table offered, or None.
        dragons_eye: Dragon's Eye offered.
        table_id: the table's name, put in every record.
        opened_at: the time the table opened (UTC text), or None.
        journal: keep the journal (:meth:`journal`) and :attr:`history` (the default); False
            for a caller that records the table itself and must not hold every round in memory.
    """

    def __init__(
        self,
        profile: Profile,
        seats: Mapping[str, str],
        stacks: Mapping[str, int],
        *,
        house_way: str | None = None,
        pair_fortunes: str | None = None,
        dragons_eye: bool = False,
        table_id: str = "table",
        opened_at: str | None = None,
        journal: bool = True,
    ) -> None:
        if not isinstance(profile, Profile):
            raise ConfigError(f"a session needs a Profile, got {type(profile).__name__}")
        self.profile = profile
        self.table_id = as_text(table_id, "a table id")
        self._now = None if opened_at is None else as_timestamp(opened_at, "opened_at")
        self.house_way = None if house_way is None else as_text(house_way, "a house way")
        self.pair_fortunes = pair_fortunes
        self.dragons_eye = as_flag(dragons_eye, "dragons_eye")
        TableOptions(pair_fortunes, self.dragons_eye).check(profile, player_banked=False)
        game_for(profile).house_way(house_way or profile.house_way.dealer)  # known, or refused
        self.seats: dict[str, str] = check_seats(profile, seats)
        self.stacks: dict[str, int] = check_stacks(self.seats, stacks)
        self.arrivals: list[str] = list(self.seats)
        self.bank: BankState = initial_state(profile)
        self.de_streak = 0
        self.de_shaker: str | None = None
        self.carried: tuple[tuple[str, str, int], ...] = ()
        self.after_triple = False
        self.no_bank_rounds = 0
        self.rounds = 0
        self.game_rounds = 0
        #: Each finished round's number, banker, void reason and net (kept with the journal).
        self.history: list[dict[str, Any]] = []
        self.current: Round | None = None
        self.last_head: str | None = None
        self._events: list[dict[str, Any]] = []
        self._journaled = 0  # operations of the open round already in _events
        self._keeps = as_flag(journal, "journal")
        if self._keeps:  # (the rules' text and digest are made only for the journal)
            self._event(
                "open",
                table_id=self.table_id,
                profile=profile.name,
                profile_digest=profile_digest(profile.to_dict()),
                rules=profile.to_dict(),
                house_way=self.house_way,
                pair_fortunes=pair_fortunes,
                dragons_eye=self.dragons_eye,
                seats=dict(self.seats),
                stacks=dict(self.stacks),
            )

    # ----------------------------------------------------------------- time and journal
    def _time_set(self) -> None:
        """The open round is stamped with the session's time too."""
        if self.current is not None:
            self.current.now = self._now

    def _event(self, kind: str, **data: Any) -> None:
        if not self._keeps:
            return
        self._flush()
        self._events.append({"seq": len(self._events), "kind": kind, "at": self._now} | data)

    def _round_ops(self, rnd: Round, start: int, first: int) -> list[dict[str, Any]]:
        return [
            {
                "seq": start + i,
                "kind": "operation",
                "round": self.rounds + 1,
                "operation": op.to_json(),
            }
            for i, op in enumerate(rnd.log[first:])
        ]

    def _flush(self) -> None:
        """Journal the open round's operations not yet journaled (before any other entry, so
        that every entry keeps its ``seq``)."""
        if self._keeps and self.current is not None:
            self._events += self._round_ops(self.current, len(self._events), self._journaled)
            self._journaled = len(self.current.log)

    def journal(self, since: int = 0) -> list[dict[str, Any]]:
        """Every accepted entry from ``since`` (its ``seq``) on, as plain JSON: ``open``,
        ``seat``, ``leave``, ``restack``, ``withdraw_dice_bonus``, ``new_round``,
        ``operation`` (the open round's too) and ``finish``. An entry's ``seq`` never
        changes.

        Raises:
            IllegalActionError: the session was opened with ``journal=False``.
        """
        if not self._keeps:
            raise IllegalActionError("this session keeps no journal (opened with journal=False)")
        entries = list(self._events)
        if self.current is not None:
            entries += self._round_ops(self.current, len(entries), self._journaled)
        return [dict(e) for e in entries[since:]]

    # ----------------------------------------------------------------- checkpoints
    def checkpoint(self) -> SessionCheckpoint:
        """The session and its open round as they are now, for :meth:`rollback` (a caller
        that must undo calls the engine accepted, e.g. when it cannot store them)."""
        rnd = self.current
        return SessionCheckpoint(self._save(), rnd, None if rnd is None else rnd._save())

    @action
    def rollback(self, cp: SessionCheckpoint) -> None:
        """Back to a :meth:`checkpoint`: the session, its journal and the round that was open
        then (the same object) exactly as they were."""
        if not isinstance(cp, SessionCheckpoint):
            raise IllegalActionError(f"rollback needs a checkpoint of this session, got {cp!r}")
        self._restore(fresh(cp.session))  # copies: a checkpoint can be rolled back to again
        if cp.round is not None and cp.round_state is not None:
            cp.round._restore(fresh(cp.round_state))

    # ----------------------------------------------------------------- seats
    def _between_rounds(self, what: str) -> None:
        if self.current is not None:
            raise IllegalActionError(f"{what} only between rounds: a round is open")

    @action
    def seat(self, player: str, seat: str, cents: int) -> None:
        """A player arrives and sits at ``seat`` with ``cents`` in chips; during a round the
        player waits for the next one."""
        as_name(player)
        as_cents(cents, f"{player}'s chips")
        if player in self.seats:
            raise IllegalActionError(f"{player} is already seated at {self.seats[player]}")
        self.seats = check_seats(self.profile, self.seats | {player: seat})
        self.stacks = self.stacks | {player: cents}
        self.arrivals.append(player)
        self._event("seat", player=player, seat=seat, cents=cents)

    @action
    def leave(self, player: str) -> int:
        """A player leaves the table (between rounds) with their chips; returns them."""
        self._between_rounds("players leave")
        as_name(player)
        if player not in self.seats:
            raise IllegalActionError(f"{player} is not seated")
        self._withdraw(player)
        cents = self.stacks.pop(player)
        del self.seats[player]
        self.arrivals.remove(player)
        self._event("leave", player=player)
        return cents

    @action
    def restack(self) -> None:
        """A new game: the tiles restacked under the opening or idle-table procedure; the
        bank rotation and the free collection start again (R-BANK-02, ¶61, AMB-68)."""
        self._between_rounds("a new game starts")
        self.bank = initial_state(self.profile)
        self.game_rounds = 0
        self.no_bank_rounds = 0
        self._event("restack")

    @action
    def withdraw_dice_bonus(self, player: str) -> None:
        """A player takes back a dice bonus wager kept on the layout (forfeiting the higher
        tiers, AMB-14(ii))."""
        self._between_rounds("a kept dice bonus is withdrawn")
        as_name(player)
        if not any(c[0] == player for c in self.carried):
            raise IllegalActionError(f"{player} has no dice bonus kept on the layout")
        self._withdraw(player)
        self._event("withdraw_dice_bonus", player=player)

    def _withdraw(self, player: str) -> None:
        kept = sum(c[2] for c in self.carried if c[0] == player)
        self.stacks[player] += kept
        self.carried = tuple(c for c in self.carried if c[0] != player)
        if self.de_shaker == player:
            self.de_shaker = None

    # ----------------------------------------------------------------- queries
    def held(self, player: str) -> int:
        """Chips of ``player`` kept on the layout as a dice bonus between rounds."""
        return sum(c[2] for c in self.carried if c[0] == player)

    def _occupied(self) -> list[int]:
        return sorted(int(p) for p in self.seats.values())

    def options(self, banker: Banker | None) -> TableOptions:
        """The variations of the next round, with the Dragon's Eye state carried over."""
        de = self.dragons_eye and (banker is None or banker.kind == "house")
        if not de:
            return TableOptions(self.pair_fortunes)
        return TableOptions(
            self.pair_fortunes,
            True,
            self.de_streak,
            self.de_shaker,
            self.carried,
            self.after_triple,
        )

    def cut_offers(self, banker: Banker | None = None) -> list[str]:
        """R-SPG-09: who is offered the cut of the cards, in order (the dealer cuts when all
        decline). At the start of a game the first player to arrive at the table; in a bank
        round the bank, then each player counterclockwise from it; otherwise the player
        farthest to the dealer's right, the first offer moving one seat counterclockwise for
        each further consecutive round with no bank."""
        seated = sorted(self.seats, key=lambda n: int(self.seats[n]))
        if not seated:
            return []
        if self.game_rounds == 0:
            return [self.arrivals[0]]
        if banker is not None and banker.player is not None:
            i = seated.index(banker.player)
        else:
            i = max(self.no_bank_rounds - 1, 0) % len(seated)
        return seated[i:] + seated[:i]

    def offers(self) -> list[tuple[str, str]]:
        """(position, player) to whom the bank is offered this round, in order, who may take
        it (R-BANK-03..06, R-LC-03/04); empty for a house round."""
        by_pos = {p: n for n, p in self.seats.items()}
        out = []
        for pos in _offer_order(self.bank, self.profile, self._occupied()):
            name = by_pos[str(pos)]
            ok, _ = eligibility(
                self.bank,
                self.profile,
                pos,
                name,
                chips_on_table=self.stacks[name],
                others_wagers=0,
                seated=self._occupied(),
            )
            if ok:
                out.append((str(pos), name))
        return out

    def why_not(self, player: str) -> str:
        """Why ``player`` may not bank this round (or ``"eligible"``)."""
        as_name(player)
        if player not in self.seats:
            return f"{player} is not seated"
        pos = int(self.seats[player])
        if pos not in _offer_order(self.bank, self.profile, self._occupied()):
            return "the bank is not offered to this seat this round"
        return eligibility(
            self.bank,
            self.profile,
            pos,
            player,
            chips_on_table=self.stacks[player],
            others_wagers=0,
            seated=self._occupied(),
        )[1]

    def dealer_wager(self, player: str) -> int:
        """The most the dealer wagers against ``player`` as bank (R-BANK-10): the profile's
        approved amount, or the player's last wager against the dealer."""
        b = self.profile.banking
        if b.dealer_wager_basis == "fixed":
            return b.dealer_wager_fixed_cents
        return dealer_wager_amount(self.bank, player)

    def stacks_view(self) -> Mapping[str, int]:
        """Current chips per player (a kept dice bonus counted with its owner)."""
        return {n: c + self.held(n) for n, c in self.stacks.items()}

    # ----------------------------------------------------------------- rounds
    @action
    def new_round(self, banker: Banker | None = None) -> Round:
        """Open the next round (one at a time): ``banker`` is None for a house round, or one
        of :meth:`offers`; a Lucky Chances table always names its Player-Dealer."""
        self._between_rounds("a new round opens")
        if banker is not None and not isinstance(banker, Banker):
            raise IllegalActionError(f"banker is a Banker or None, got {banker!r}")
        if banker is not None and banker.player is not None:
            if (banker.position, banker.player) not in self.offers():
                raise IllegalActionError(
                    f"{banker.player} may not bank this round: {self.why_not(banker.player)}"
                )
        elif not self.profile.banking.house_banks:
            raise IllegalActionError("this table has no house bank: a Player-Dealer is needed")
        b = banker or Banker()
        c = self.profile.commission
        limit = None
        if b.kind == "player" and self.profile.banking.dealer_wager:
            limit = self.dealer_wager(b.player or "")
        options = self.options(banker)
        stacks = {n: s + self.held(n) if options.carried else s for n, s in self.stacks.items()}
        n = self.rounds + 1
        rnd = Round(
            self.profile,
            self.seats,
            stacks,
            banker=banker,
            house_way=self.house_way,
            collection_free=c.collection and self.game_rounds < c.free_collection_hands,
            options=options,
            dealer_wager_limit=limit,
            provenance=Provenance(self.table_id, f"{self.table_id}#{n}", self._now, self.last_head),
        )
        rnd.now = self._now
        self._event("new_round", round=n, banker=b.to_json())
        self.current = rnd
        self._journaled = 0
        return rnd

    @action
    def finish(self, rnd: Round | None = None) -> dict[str, Any]:
        """Close the open round once it is done (settled or void): stacks move by its net,
        the rotation and the Dragon's Eye state advance. Returns the round's record."""
        if self.current is None:
            raise IllegalActionError("no round is open: every round is finished exactly once")
        if rnd is not None and rnd is not self.current:
            raise IllegalActionError("that round is not this session's open round")
        rnd = self.current
        if rnd.phase != "done":
            raise IllegalActionError("the round is not finished: settle it or void it first")
        net = rnd.net()
        b = rnd.banker
        bank = self.bank
        if rnd.void_reason is None:
            wagers = [
                (int(w.spot), w.player, w.cents, self.seats.get(w.player) == w.spot)
                for w in rnd.wagers
                if w.kind == "main"
            ]
            bank = after_round(
                self.bank,
                self.profile,
                banker=(int(b.position), b.player) if b.player and b.position else None,
                co_bank=b.kind == "co-bank",
                wagers=wagers,
                seated=self._occupied(),
            )
        chips = {n: s + self.held(n) + net.get(f"player:{n}", 0) for n, s in self.stacks.items()}
        self._dragons_eye_after(rnd)
        self.stacks = {n: c - self.held(n) for n, c in chips.items()}
        self.bank = bank
        self.no_bank_rounds = 0 if b.player else self.no_bank_rounds + 1
        if self._keeps:
            self.history.append(
                {
                    "round": self.rounds + 1,
                    "banker": b.player or "house",
                    "void": rnd.void_reason,
                    "net": dict(net),
                }
            )
        self._flush()
        self._event("finish", round=self.rounds + 1, head=rnd.head)
        self.rounds += 1
        self.game_rounds += 1
        self.last_head = rnd.head
        self.current = None
        return round_record(rnd)

    def _dragons_eye_after(self, rnd: Round) -> None:
        """R-DE-10 / AMB-14: the streak, the kept wagers, the next shaker."""
        ph = rnd.dice_phase
        if self.dragons_eye and not rnd.options.dragons_eye:
            # a round without Dragon's Eye (a player bank, AMB-91) breaks the streak
            self.de_streak, self.after_triple, self.de_shaker, self.carried = 0, False, None, ()
        elif ph is not None:
            self.de_streak = ph.streak_after
            self.after_triple = ph.triple
            self.carried = tuple(rnd.retained) if ph.triple else ()
            holder = next((n for n, p in self.seats.items() if p == str(ph.button)), None)
            keeps = any(c[0] == holder for c in self.carried)
            self.de_shaker = holder if ph.triple and keeps else None
