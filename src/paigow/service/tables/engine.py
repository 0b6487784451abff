"""The engine adapter: the only place where the service calls the table engine.

A table's history is a list of *commands*: plain JSON objects ``{"a": ACTION, ...}`` with every
chance outcome already drawn (the stack order, the dice). :meth:`TableEngine.apply` performs one
command on the table's :class:`~paigow.table.session.TableSession` and its open
:class:`~paigow.table.round.Round`, and returns what happened: the operations of the round log
it added, the money it moved (in the store's account names) and, when a round finished, its
record. Applying the same commands to a new :class:`TableEngine` rebuilds the same table (crash
recovery replays the store's commands this way).

Every command is all-or-nothing: :meth:`TableEngine.apply` takes a checkpoint first
(:meth:`~paigow.table.session.TableSession.checkpoint`: the session and its open round) and,
when the engine refuses the command (or fails in any way), rolls the table back to it; a batch
that cannot be stored, or whose refused command undoes it whole, is rolled back the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from paigow.errors import IllegalActionError, PaigowError
from paigow.games import hand_pieces
from paigow.profiles import Profile
from paigow.table.observation import Viewer, observe, observe_all, observe_op, observe_ops
from paigow.table.record import round_record
from paigow.table.round import Banker, Round
from paigow.table.session import SessionCheckpoint, TableSession
from paigow.table.statement import statement

from ..db.accounts_sql import Move
from .config import TableConfig

__all__ = ["Applied", "Command", "TableConfig", "TableEngine"]

Command = dict[str, Any]


@dataclass
class Applied:
    """What one command did."""

    command: Command
    rnd: Round | None = None
    ops: list[int] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    record: dict[str, Any] | None = None
    notice: dict[str, Any] | None = None
    round_no: int | None = None


@dataclass
class _Checkpoint:
    config: TableConfig
    profile: Profile
    session: SessionCheckpoint
    round: Round | None
    begin: Command | None
    cmds: list[Command]
    leaving: set[str]
    last_round: Round | None


class TableEngine:
    """One table's engine state, changed only by :meth:`apply`."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.profile = config.build_profile()
        self.session = TableSession(
            self.profile,
            {},
            {},
            house_way=config.house_way,
            pair_fortunes=config.pair_fortunes,
            dragons_eye=config.dragons_eye,
            journal=False,  # the table's record is its stored commands
        )
        self.round: Round | None = None
        self.last_round: Round | None = None
        self._begin: Command | None = None
        self._round_cmds: list[Command] = []
        self.leaving: set[str] = set()
        self._statement: tuple[str, dict[str, Any]] | None = None
        #: Counts the changes of the table (every command applied, every rollback): what is
        #: made from the table's state may be kept while it is the same (the legal choices).
        self.changes = 0

    # ------------------------------------------------------------------ queries
    @property
    def table_id(self) -> str:
        """The table's id."""
        return self.config.id

    @property
    def game_name(self) -> str:
        """``tiles`` or ``cards``."""
        return self.profile.meta.game

    @property
    def seats(self) -> dict[str, str]:
        """Player -> seat of everyone seated at the table now."""
        return dict(self.session.seats)

    def chips(self, player: str) -> int:
        """A seated player's chips at the table now (in the open round, its ledger's)."""
        if self.round is not None and player in self.round.seats:
            return self.round.ledger.balance(f"player:{player}")
        return self.session.stacks[player]

    def in_round(self, player: str) -> bool:
        """True when ``player`` is seated in the open round."""
        return self.round is not None and player in self.round.seats

    def offers(self) -> list[tuple[str, str]]:
        """The bank offers of the next round, in order."""
        return (
            self.session.offers()
            if self.profile.banking.player_bank or not (self.profile.banking.house_banks)
            else []
        )

    def dealer_wager_amount(self, player: str) -> int:
        """The dealer's wager against ``player``'s bank (R-BANK-10)."""
        return self.session.dealer_wager(player)

    def wager_refusal(self, player: str, spot: str, kind: str) -> str | None:
        """Why the table refuses ``player`` a wager of ``kind`` on ``spot`` beyond the round's
        own checks (None: it does not): the bonus wager where the table does not offer it, a
        second Pai Gow wager of one player on one spot (the bank rotation counts one wager per
        player and spot, R-BANK-06)."""
        if kind == "supreme-bonus" and not self.config.supreme_bonus:
            return "the bonus wager is not offered at this table"
        mine = [w for w in (self.round.wagers if self.round else []) if w.player == player]
        if kind == "main" and any(w.spot == spot and w.kind == "main" for w in mine):
            return f"{player} already has a wager on spot {spot}; take it back to change it"
        return None

    def free_seats(self) -> list[str]:
        """The seats nobody sits in, in order."""
        taken = set(self.session.seats.values())
        return [str(s) for s in range(1, self.profile.table.positions + 1) if str(s) not in taken]

    def house_way_setting(self, spot: str) -> tuple[list[str], list[str]]:
        """The house way's setting of the pieces dealt to ``spot`` (high, low)."""
        rnd = self._need_round()
        s = rnd.house_way.set(rnd.dealt[spot])
        return [str(t) for t in hand_pieces(s.high)], [str(t) for t in hand_pieces(s.low)]

    def full_set(self) -> list[str]:
        """The pieces of a full set, as text (the actor shuffles them)."""
        rnd = self._need_round()
        return [str(t) for t in rnd.game.full_set]

    def view(self, viewer: Viewer) -> dict[str, Any] | None:
        """The open (or last finished) round as ``viewer`` may see it, a finished round with
        its settlement statement (made once per round)."""
        rnd = self.round or self.last_round
        if rnd is None:
            return None
        return observe(rnd, viewer, self.statement(rnd) if rnd.phase == "done" else None)

    def views(self, viewers: Iterable[Viewer]) -> dict[Viewer, dict[str, Any] | None]:
        """:meth:`view` for each of ``viewers``, made once for all (the public parts shared)."""
        rnd = self.round or self.last_round
        if rnd is None:
            return dict.fromkeys(viewers)
        found = observe_all(rnd, viewers, self.statement(rnd) if rnd.phase == "done" else None)
        return dict(found)

    def op_views(
        self, rnd: Round, indices: Sequence[int], viewers: Iterable[Viewer]
    ) -> dict[Viewer, list[dict[str, Any]]]:
        """:meth:`op_view` of each of ``indices`` for each of ``viewers``, made once for all."""
        return observe_ops(rnd, indices, viewers)

    def statement(self, rnd: Round) -> dict[str, Any]:
        """The settlement statement of the finished round ``rnd``, from its record."""
        if self._statement is None or self._statement[0] != rnd.head:
            self._statement = (rnd.head, statement(round_record(rnd)))
        return self._statement[1]

    def op_view(self, rnd: Round, index: int, viewer: Viewer) -> dict[str, Any]:
        """Operation ``index`` of ``rnd`` as ``viewer`` may see it now."""
        return observe_op(rnd, index, viewer)

    def _need_round(self) -> Round:
        if self.round is None:
            raise IllegalActionError("no round is open at this table")
        return self.round

    # ------------------------------------------------------------------ apply
    def apply(self, cmd: Command, *, undo: bool = True) -> Applied:
        """Perform one command, all-or-nothing. Raises PaigowError when the rules (or the
        table) refuse it: the table is unchanged; with ``undo`` False, not until the caller
        rolls it back to a :meth:`checkpoint` of its own (a batch undone whole)."""
        if not isinstance(cmd, dict) or not isinstance(cmd.get("a"), str):
            raise IllegalActionError("a command is an object with an action 'a'")
        cp = self.checkpoint() if undo else None
        self.changes += 1
        try:
            return self._apply(cmd)
        except Exception as e:
            if cp is not None:
                self.rollback(cp)
            if isinstance(e, PaigowError):
                raise
            raise IllegalActionError(f"{cmd['a']}: {type(e).__name__}: {e}") from e

    def checkpoint(self) -> _Checkpoint:
        """The table's state now, for :meth:`rollback` (a batch that cannot be stored)."""
        return _Checkpoint(
            self.config,
            self.profile,
            self.session.checkpoint(),
            self.round,
            self._begin,
            list(self._round_cmds),
            set(self.leaving),
            self.last_round,
        )

    def rollback(self, cp: _Checkpoint) -> None:
        """Back to a checkpoint: the session and the round open then, exactly as they were."""
        self.changes += 1
        self.config, self.profile = cp.config, cp.profile
        self.session.rollback(cp.session)
        self.round = cp.round
        self._begin = cp.begin
        self._round_cmds = list(cp.cmds)
        self.leaving = set(cp.leaving)
        self.last_round = cp.last_round

    def _apply(self, cmd: Command) -> Applied:
        a = cmd["a"]
        table_level = {
            "sit": self._sit,
            "leave": self._leave,
            "begin": self._begin_round,
            "finish": self._finish,
            "withdraw_dice_bonus": self._withdraw,
            "new_game": self._new_game,
            "configure": self._configure,
        }
        if a in table_level:
            return table_level[a](cmd)
        rnd = self._need_round()
        n_ops, n_tr = len(rnd.log), len(rnd.ledger.transfers)
        self._round_action(rnd, cmd)
        self._round_cmds.append(cmd)
        moves = [
            self._move(t.src, t.dst, t.cents, t.reason, t.ref) for t in rnd.ledger.transfers[n_tr:]
        ]
        ops = list(range(n_ops, len(rnd.log)))
        return Applied(cmd, rnd, ops, moves, round_no=self.session.rounds + 1)

    def _move(self, src: str, dst: str, cents: int, reason: str, ref: str) -> Move:
        return Move(self.account(src), self.account(dst), cents, reason, ref)

    def account(self, engine_account: str) -> str:
        """The store's account for an account of the round's ledger."""
        t = self.table_id
        if engine_account.startswith("player:"):
            return f"chips:{t}:{engine_account.removeprefix('player:')}"
        return f"{engine_account}:{t}"

    # ------------------------------------------------------------------ table commands
    def _sit(self, cmd: Command) -> Applied:
        player, seat, cents = str(cmd["player"]), str(cmd["seat"]), cmd["cents"]
        bot = bool(cmd.get("bot", False))
        s = self.session
        n = self.profile.table.positions
        if player in s.seats:
            raise IllegalActionError(f"{player} is already seated at seat {s.seats[player]}")
        if seat not in {str(i) for i in range(1, n + 1)}:
            raise IllegalActionError(f"seat {seat} does not exist; seats are 1..{n}")
        if seat in s.seats.values():
            raise IllegalActionError(f"seat {seat} is taken")
        if not isinstance(cents, int) or isinstance(cents, bool) or cents <= 0:
            raise IllegalActionError(f"a buy-in is a positive number of cents, got {cents!r}")
        if cents < self.profile.table.min_wager:
            raise IllegalActionError(
                f"a buy-in of {_dollars(cents)} is under the table minimum "
                f"{_dollars(self.profile.table.min_wager)}"
            )
        s.seat(player, seat, cents)
        src = f"bots:{self.table_id}" if bot else f"wallet:{player}"
        move = Move(src, f"chips:{self.table_id}:{player}", cents, "buy-in", seat)
        return Applied(cmd, moves=[move], notice={"kind": "sit", "player": player, "seat": seat})

    def _leave(self, cmd: Command) -> Applied:
        player = str(cmd["player"])
        if player not in self.session.seats:
            raise IllegalActionError(f"{player} is not seated at this table")
        if self.in_round(player):
            self.leaving.add(player)
            return Applied(cmd, notice={"kind": "leaving", "player": player})
        return Applied(
            cmd,
            moves=self._cash_out(player, bool(cmd.get("bot", False))),
            notice={"kind": "left", "player": player},
        )

    def _cash_out(self, player: str, bot: bool) -> list[Move]:
        cents = self.session.leave(player)
        self.leaving.discard(player)
        dst = f"bots:{self.table_id}" if bot else f"wallet:{player}"
        if cents == 0:
            return []
        return [Move(f"chips:{self.table_id}:{player}", dst, cents, "cash-out")]

    def _withdraw(self, cmd: Command) -> Applied:
        if self.round is not None:
            raise IllegalActionError("a kept dice bonus is taken back between rounds")
        player = str(cmd["player"])
        if not any(c[0] == player for c in self.session.carried):
            raise IllegalActionError(f"{player} has no dice bonus wager kept on the layout")
        self.session.withdraw_dice_bonus(player)
        return Applied(cmd, notice={"kind": "withdraw_dice_bonus", "player": player})

    def _new_round(self, cmd: Command) -> Round:
        b = cmd.get("banker")
        banker = None if b is None else Banker(str(b["kind"]), b.get("player"), b.get("position"))
        free = cmd.get("collection_free")
        if free is not None and free != self.collection_free():
            raise IllegalActionError("collection_free differs from the session's (¶61)")
        return self.session.new_round(banker)  # the session waives collection itself (¶61)

    def _begin_round(self, cmd: Command) -> Applied:
        if self.round is not None:
            raise IllegalActionError("a round is already open at this table")
        if not self.session.seats:
            raise IllegalActionError("nobody is seated")
        self.round = self._new_round(cmd)
        self._begin = cmd
        self._round_cmds = []
        n = self.session.rounds + 1
        return Applied(cmd, self.round, notice={"kind": "begin", "round": n}, round_no=n)

    def collection_free(self) -> bool:
        """Lucky Chances: the first hands of a new game are free of collection (¶61)."""
        c = self.profile.commission
        return c.collection and self.session.game_rounds < c.free_collection_hands

    def _new_game(self, cmd: Command) -> Applied:
        """A game stalled for want of a Player-Dealer starts again (the bank rotation from its
        start, R-LC-03/04, AMB-69; collection free again for the first hands, ¶61)."""
        if self.round is not None:
            raise IllegalActionError("a new game starts between rounds")
        self.session.restack()
        return Applied(cmd, notice={"kind": "new_game", "round": self.session.rounds + 1})

    def _configure(self, cmd: Command) -> Applied:
        """An operator's change of the table's limits and options, between rounds
        (:mod:`paigow.service.tables.tableopts`): the options, then the computer players who leave
        and those who sit down, all at once."""
        if self.round is not None:
            raise IllegalActionError("a table's options change between rounds")
        s = self.session
        config, profile = self.config.changed(cmd["options"], kept_bonus=bool(s.carried))
        moves: list[Move] = []
        for name in cmd.get("leave", []):
            if not str(name).startswith("bot-") or name not in s.seats:
                raise IllegalActionError(f"{name} is not a computer player at this table")
            moves += self._cash_out(str(name), True)
        self.config, self.profile = config, profile
        s.profile, s.pair_fortunes, s.dragons_eye = (
            profile,
            config.pair_fortunes,
            config.dragons_eye,
        )
        for name, seat, cents in cmd.get("sit", []):
            sit = {"a": "sit", "player": name, "seat": seat, "cents": cents, "bot": True}
            moves += self._sit(sit).moves
        return Applied(cmd, moves=moves, notice={"kind": "configure", "options": cmd["options"]})

    def _finish(self, cmd: Command) -> Applied:
        rnd = self._need_round()
        record = self.session.finish(rnd)
        self.last_round = rnd
        self.round = None
        self._begin = None
        self._round_cmds = []
        moves: list[Move] = []
        for player in sorted(self.leaving):
            moves += self._cash_out(player, player.startswith("bot-"))
        return Applied(
            cmd,
            rnd,
            moves=moves,
            record=record,
            notice={"kind": "finish", "round": self.session.rounds},
            round_no=self.session.rounds,
        )

    # ------------------------------------------------------------------ round commands
    def _round_action(self, rnd: Round, c: Command) -> None:
        a = c["a"]
        if a == "shuffle":
            rnd.shuffle(_text_list(c["order"]))
        elif a == "cut":
            rnd.cut(c.get("cut"))
        elif a == "dealer_wager":
            rnd.place_dealer_wager(_cents(c["cents"]))
        elif a == "pd_wager":
            rnd.place_pd_wager(_cents(c["cents"]))
        elif a == "wager":
            kind, player, spot = str(c.get("kind", "main")), str(c["player"]), str(c["spot"])
            why = self.wager_refusal(player, spot, kind)
            if why is not None:
                raise IllegalActionError(why)
            rnd.wager(player, spot, _cents(c["cents"]), kind)
        elif a == "remove_wager":
            rnd.remove_wager(str(c["ref"]))
        elif a == "no_more_bets":
            rnd.no_more_bets()
        elif a == "style":
            rnd.choose_style(str(c["style"]), str(c.get("chooser", "dealer")))
        elif a == "no_roll":
            rnd.no_roll(str(c.get("reason", "dice not flat")))
        elif a == "roll":
            if c.get("dice") is not None:
                rnd.roll([_die(d) for d in c["dice"]])
            else:
                rnd.roll(rng=_cents(c["rng"]))
        elif a == "button":
            rnd.button(str(c["position"]))
        elif a == "deal":
            rnd.deal(c.get("first_stack"))
        elif a == "set":
            rnd.set_hand(
                str(c["player"]), str(c["spot"]), _text_list(c["high"]), _text_list(c["low"])
            )
        elif a == "house_way":
            rnd.set_house_way(str(c["spot"]))
        elif a == "bank_set":
            if c.get("high") is None:
                rnd.set_bank()
            else:
                rnd.set_bank(_text_list(c["high"]), _text_list(c["low"]))
        elif a == "surrender":
            rnd.surrender(str(c["spot"]))
        elif a == "settle":
            rnd.settle()
        elif a == "void":
            rnd.void(str(c["reason"]) or "void")
        elif a == "expose_stacking":
            rnd.expose_while_stacking(_text_list(c["pieces"]))
        elif a == "expose_dealt":
            rnd.expose_dealt(str(c["position"]), _cents(c.get("count", 1)))
        elif a == "void_hand":
            rnd.void_hand(str(c["spot"]))
        elif a == "tile_off_table":
            rnd.tile_off_table(str(c["position"]))
        elif a == "abandon":
            rnd.abandon(str(c["player"]))
        elif a == "stub_count":
            rnd.stub_count(_cents(c["cards"]))
        elif a == "face_up_in_shoe":
            rnd.face_up_in_shoe(str(c["card"]))
        else:
            raise IllegalActionError(f"unknown command {a!r}")


def _text_list(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    raise IllegalActionError(f"expected pieces as text, got {value!r}")


def _cents(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalActionError(f"expected a whole number, got {value!r}")
    return value


def _die(value: Any) -> int:
    v = _cents(value)
    if not 1 <= v <= 6:
        raise IllegalActionError(f"a die shows 1..6, got {v}")
    return v


def _dollars(cents: int) -> str:
    return f"${cents / 100:,.2f}"
