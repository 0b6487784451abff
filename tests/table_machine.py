"""A hypothesis state machine that plays tables adversarially: legal and illegal actions mixed.

Each example opens either a table session (rounds under the bank rotation, players sitting down
and leaving) or a run of stand-alone rounds (any banker the profile allows, any carried
Dragon's Eye state), for one profile, then takes one action per step: a move the rules may
allow (drawn from the state, with random choices), or a malformed one (floats, bools, None,
text where numbers go, huge amounts, unknown names). After every step:

* a refused action raised a PaigowError subclass and left the round's record and the session
  byte-identical;
* the ledger balances (no chip created or destroyed) and no account but the house tray is
  negative;
* when a round ends, every wager settled exactly once (its layout flows net to its stake) and
  the record, after a JSON round trip, replays identically;
* at the end of a session, its journal rebuilds it (paigow.table.journal.restore).

Counts of what was tried go to :data:`COUNTS`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import orjson
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from paigow.errors import PaigowError
from paigow.games.tiles.delivery import format_cut, legal_cuts
from paigow.profiles import Profile, get_profile
from paigow.table.journal import restore
from paigow.table.record import round_record
from paigow.table.replay import replay
from paigow.table.round import Banker, Round
from paigow.table.session import TableSession
from paigow.table.statement import statement
from paigow.table.variations import SIDE_KINDS, TableOptions

COUNTS: Counter[str] = Counter()

PROFILES = ("generic", "colorado", "maryland", "lucky-chances", "nj-supreme")
CUTS = [format_cut(c) for c in legal_cuts()]
JUNK: tuple[Any, ...] = (None, True, 1.5, -1, 0, "", "x", 10**13, [], {}, float("nan"))
AMOUNTS = (100, 500, 1_000, 2_500, 10_000, 600_000, 0, -500)
Step = tuple[str, Callable[[], object]]
#: Irregularities, drawn more often than malformed calls.
IRREGULAR = frozenset(
    {"expose_dealt", "void_hand", "tile_off", "abandon", "foul", "remove_bet", "stub", "surrender"}
)
#: Legal steps drawn as often as an irregularity (at weight 1 a run of 45 examples may never
#: take a wager back).
RARE = frozenset({"remove_wager"})
#: Steps that move a round or a session forward, drawn more often than the others.
PROGRESS = frozenset(
    {
        "shuffle",
        "cut",
        "wager",
        "no_more_bets",
        "pd_wager",
        "dealer_wager",
        "style",
        "roll",
        "deal",
        "set",
        "house_way",
        "bank",
        "settle",
        "finish",
        "new_round",
    }
)


class TableMachine(RuleBasedStateMachine):
    """See the module notes."""

    profiles: tuple[str, ...] = PROFILES

    def __init__(self) -> None:
        super().__init__()
        self.session: TableSession | None = None
        self.rnd: Round | None = None
        self.prof: Profile = get_profile("generic")
        self.data: Any = None
        self.chips = 0

    # ------------------------------------------------------------------ set-up
    @initialize(data=st.data())
    def open_table(self, data: Any) -> None:
        self.data = data
        self.prof = get_profile(data.draw(st.sampled_from(self.profiles), label="profile"))
        n = self.prof.table.positions
        k = data.draw(st.integers(1, min(n, 5)), label="players")
        spots = data.draw(st.permutations(range(1, n + 1)), label="seats")[:k]
        seats = {f"P{s}": str(s) for s in spots}
        stacks = {
            p: data.draw(st.sampled_from([0, 600, 3_000, 20_000, 10**6]), label="stack")
            for p in seats
        }
        sb = self.prof.side_bets
        pf = data.draw(st.sampled_from([None, *sb.pair_fortunes_tables]), label="pf")
        de = sb.dragons_eye and data.draw(st.booleans(), label="de")
        self.chips = sum(stacks.values())
        if data.draw(st.booleans(), label="session"):
            self.session = TableSession(self.prof, seats, stacks, pair_fortunes=pf, dragons_eye=de)
            COUNTS[f"session:{self.prof.name}"] += 1
        else:
            self.seats, self.stacks, self.pf, self.de = seats, stacks, pf, de
            self._standalone()

    def _standalone(self) -> None:
        """A stand-alone round with any banker and state the profile allows."""
        d = self.data
        names = list(self.seats)
        kinds = ["player-dealer"] if not self.prof.banking.house_banks else ["house"]
        if self.prof.banking.house_banks and len(names) > 1:
            kinds += ["player", "co-bank"]
        kind = d.draw(st.sampled_from(kinds), label="banker")
        banker = Banker()
        if kind != "house":
            who = d.draw(st.sampled_from(names), label="bank")
            banker = Banker(kind, who, self.seats[who])
        de = self.de and kind == "house"
        carried: tuple[tuple[str, str, int], ...] = ()
        streak, after = 0, False
        if de and d.draw(st.booleans(), label="carried"):
            who = d.draw(st.sampled_from(names), label="keeper")
            if self.stacks[who] >= 500:
                carried, streak, after = ((who, self.seats[who], 500),), 1, True
        shaker = d.draw(st.sampled_from([None, *names]), label="shaker") if de else None
        limit = None
        if kind == "player" and self.prof.banking.dealer_wager:
            limit = d.draw(st.sampled_from([0, 500, 2_000]), label="limit")
        try:
            self.rnd = Round(
                self.prof,
                self.seats,
                self.stacks,
                banker=banker,
                options=TableOptions(self.pf, de, streak, shaker, carried, after),
                collection_free=d.draw(st.booleans(), label="free"),
                dealer_wager_limit=limit,
            )
        except PaigowError:
            COUNTS["refused_setup"] += 1
            self.rnd = Round(self.prof, self.seats, self.stacks, banker=_pd(self))
        COUNTS[f"bank:{self.rnd.banker.kind}"] += 1
        COUNTS[f"round:{self.prof.name}"] += 1

    # ------------------------------------------------------------------ the step
    @rule(data=st.data())
    def act(self, data: Any) -> None:
        self.data = data
        steps = self._steps()
        label, fn = data.draw(st.sampled_from(steps), label="action")
        before = self._snapshot()
        COUNTS["actions"] += 1
        try:
            result = fn()
        except PaigowError:
            COUNTS["refused"] += 1
            assert self._snapshot() == before, f"refused {label} changed the state"
            return
        COUNTS["accepted"] += 1
        COUNTS[f"ok:{label}"] += 1
        if label == "finish":
            assert isinstance(result, dict)
            self._check_record(result)
            assert self.session is not None
            for p in statement(result)["players"]:  # the chips in front of each player
                if p["player"] in self.session.stacks:
                    assert self.session.stacks[p["player"]] == p["after"] - p["kept"], p
        rnd = self._round()
        if rnd is not None and rnd.phase == "done" and self.session is None:
            self._check_record(round_record(rnd))
            self.stacks = {n: c + rnd.net().get(f"player:{n}", 0) for n, c in self.stacks.items()}
            self._standalone()

    def _round(self) -> Round | None:
        return self.session.current if self.session is not None else self.rnd

    def _snapshot(self) -> bytes:
        """The state as JSON text with sorted keys (orjson: the same comparison as the standard
        library's text, a fraction of its cost; taken before and after every refused action)."""
        rnd = self._round()
        out: dict[str, Any] = {"round": round_record(rnd) if rnd is not None else None}
        s = self.session
        if s is not None:
            out |= {
                "stacks": s.stacks,
                "seats": s.seats,
                "bank": repr(s.bank),
                "de": [s.de_streak, s.de_shaker, list(s.carried), s.after_triple],
                "events": len(s.journal()),
                "rounds": s.rounds,
            }
        return orjson.dumps(out, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)

    @invariant()
    def money_balances(self) -> None:
        rnd = self._round()
        if rnd is not None:
            bal = rnd.ledger.balances
            assert sum(bal.values()) == sum(rnd.opening.values())
            assert all(c >= 0 for a, c in bal.items() if a != "house"), bal
        if self.session is not None:
            assert all(c >= 0 for c in self.session.stacks.values())

    def _check_record(self, record: dict[str, Any]) -> None:
        """Every wager settled once; the record replays identically."""
        rec = json.loads(json.dumps(record))
        out: Counter[str] = Counter()
        into: Counter[str] = Counter()
        for t in rec["transfers"]:
            if t["from"] == "layout":
                out[t["ref"]] += t["cents"]
            if t["to"] == "layout":
                into[t["ref"]] += t["cents"]
        assert out == into, "a wager left the layout with more or less than came in"
        for pos in rec["positions"].values():
            for w in pos["wagers"]:
                if w["kind"] != "dealer" and "removed" not in w:
                    assert out[w["ref"]] == w["cents"], f"wager {w} left the layout twice"
                assert rec["void"] is not None or w["result"] is not None, w
        assert sum(rec["net"].values()) == 0
        # The statement reconciles: each player's lines (and the bank's) make their net.
        st = statement(rec)
        for p in st["players"]:
            lines = sum(x["net"] for x in st["wagers"] if x["owner"] == p["player"])
            if st["bank"] is not None and st["bank"]["player"] == p["player"]:
                lines += sum(line["cents"] for line in st["bank"]["lines"])
            assert lines == p["net"] == rec["net"].get(f"player:{p['player']}", 0), (p, st)
        assert st["house"]["net"] == -sum(p["net"] for p in st["players"])
        replay(rec)
        COUNTS["records"] += 1
        COUNTS["void" if rec["void"] else "settled"] += 1

    def teardown(self) -> None:
        if self.session is not None:
            again = restore(self.session.journal())
            assert again.stacks == self.session.stacks
            assert again.journal() == self.session.journal()
            COUNTS["journals"] += 1

    # ------------------------------------------------------------------ candidate steps
    def _steps(self) -> list[Step]:
        """The candidates of this step; the moves that advance a round weigh more."""
        s, rnd = self.session, self._round()
        steps: list[Step] = []
        if rnd is not None:
            junk = self._junk(rnd)
            steps.append(("junk", self._pick(junk, "junk")[1]))
        if s is not None and rnd is None:
            steps += self._between_rounds(s)
        if rnd is not None:
            steps += self._round_steps(rnd)
            if s is not None:
                steps.append(("finish" if rnd.phase == "done" else "finish early", s.finish))
                steps.append(("second round", s.new_round))
        weight = {label: 10 for label in PROGRESS} | {label: 3 for label in IRREGULAR | RARE}
        return [step for step in steps for _ in range(weight.get(step[0], 1))]

    def _pick(self, options: list[Any], label: str) -> Any:
        return self.data.draw(st.sampled_from(options), label=label)

    def _between_rounds(self, s: TableSession) -> list[Step]:
        steps: list[Step] = []
        kind = "player" if self.prof.banking.house_banks else "player-dealer"
        for pos, name in s.offers():
            steps.append(("new_round", partial(s.new_round, Banker(kind, name, pos))))
            if self.prof.banking.co_bank and kind == "player":
                steps.append(("new_round", partial(s.new_round, Banker("co-bank", name, pos))))
        if self.prof.banking.house_banks:
            steps += [("new_round", s.new_round)] * 3
        names = list(s.seats) or ["P1"]
        free = [str(p) for p in range(1, 9)]
        steps += [
            ("any bank", lambda: s.new_round(Banker(kind, names[0], s.seats.get(names[0])))),
            ("seat", lambda: s.seat(f"N{len(s.arrivals)}", self._pick(free, "seat"), 20_000)),
            ("leave", lambda: s.leave(self._pick(names, "leaver"))),
            ("restack", s.restack),
            ("withdraw", lambda: s.withdraw_dice_bonus(self._pick(names, "withdrawer"))),
            ("finish early", s.finish),
        ]
        return steps

    def _junk(self, rnd: Round) -> list[Step]:
        def junk() -> Any:
            return self._pick(list(JUNK), "junk")

        names = [*rnd.seats, "nobody"]
        return [
            ("junk", lambda: rnd.wager(self._pick(names, "who"), junk(), junk())),
            ("junk", lambda: rnd.roll(junk())),
            ("junk", lambda: rnd.deal(junk())),
            ("junk", lambda: rnd.cut(junk())),
            ("junk", lambda: rnd.void(junk())),
            ("junk", lambda: rnd.stub_count(junk())),
            ("junk", lambda: rnd.place_pd_wager(junk())),
            ("junk", lambda: rnd.place_dealer_wager(junk())),
            ("junk", lambda: rnd.expose_dealt(junk(), junk())),
            ("junk", lambda: rnd.set_hand(junk(), junk(), junk(), junk())),
            ("junk", lambda: rnd.shuffle(junk())),
            ("junk", lambda: rnd.remove_bet(junk(), junk())),
        ]

    def _round_steps(self, rnd: Round) -> list[Step]:
        phase = rnd.phase
        table = {
            "shuffle": self._shuffle_steps,
            "cut": self._cut_steps,
            "wagers": self._wager_steps,
            "style": self._style_steps,
            "shake": self._shake_steps,
            "deal": self._deal_steps,
            "setting": self._setting_steps,
            "bank": self._bank_steps,
            "surrender": self._surrender_steps,
        }
        steps = table[phase](rnd) if phase in table else []
        steps.append(("void", lambda: rnd.void("dealer error")))
        return steps

    def _order(self, rnd: Round) -> list[Any]:
        perm = self.data.draw(st.permutations(list(rnd.game.full_set)), label="order")
        return list(perm)

    def _shuffle_steps(self, rnd: Round) -> list[Step]:
        return [
            ("shuffle", lambda: rnd.shuffle(self._order(rnd))),
            ("shuffle", lambda: rnd.shuffle(self._order(rnd))),
            ("shuffle", lambda: rnd.shuffle(self._order(rnd)[:-1])),
        ]

    def _cut_steps(self, rnd: Round) -> list[Step]:
        cuts = CUTS if rnd.game.name == "tiles" else [f"card:{n}" for n in range(5, 50)]
        return [
            ("cut", lambda: rnd.cut(None)),
            ("cut", lambda: rnd.cut(self._pick(cuts, "cut"))),
            ("expose_stacking", lambda: rnd.expose_while_stacking([self._piece(rnd)])),
        ]

    def _piece(self, rnd: Round) -> Any:
        return self._pick(list(rnd.game.full_set), "piece")

    def _wager_steps(self, rnd: Round) -> list[Step]:
        names = [n for n in rnd.seats if n != rnd.banker.player] or list(rnd.seats) or ["P1"]
        spots = [str(i) for i in range(1, rnd.profile.table.positions + 1)]
        kinds = ["main"] * 6 + [*SIDE_KINDS, "supreme-bonus"]

        def wager() -> object:
            who = self._pick(names, "player")
            own = rnd.seats.get(who, "1")
            spot = self._pick([own] * 6 + spots, "spot")
            kind = self._pick(kinds, "kind")
            cents = self._pick([1_000, 2_500, 500, *AMOUNTS], "cents")
            return rnd.wager(who, spot, cents, kind)

        steps: list[Step] = [("wager", wager)] * 3
        steps += [
            ("no_more_bets", rnd.no_more_bets),
            ("no_more_bets", rnd.no_more_bets),
            ("pd_wager", lambda: rnd.place_pd_wager(self._pick([500, 5_000, 50_000], "pd")))
            if rnd.banker.kind == "player-dealer" and not rnd.pd_stake
            else ("stake", lambda: rnd.place_pd_wager(500)),
            (
                "dealer_wager",
                lambda: rnd.place_dealer_wager(self._pick([0, 500, 2_000, 9_000], "dw")),
            ),
            ("expose_stacking", lambda: rnd.expose_while_stacking([self._piece(rnd)])),
        ]
        if rnd.wagers:
            refs = [w.ref for w in rnd.wagers]
            steps.append(("remove_wager", lambda: rnd.remove_wager(self._pick(refs, "ref"))))
        return steps

    def _style_steps(self, rnd: Round) -> list[Step]:
        styles = list(rnd.profile.dealing.styles)
        return [
            ("style", lambda: rnd.choose_style(rnd.profile.dealing.default_style)),
            ("style", lambda: rnd.choose_style(self._pick(styles, "style"), "bank")),
            ("style", lambda: rnd.choose_style(self._pick(styles, "style"), "dealer")),
        ]

    def _shake_steps(self, rnd: Round) -> list[Step]:
        def dice() -> tuple[int, int, int]:
            return (
                self._pick([1, 2, 3, 4, 5, 6], "d1"),
                self._pick([1, 2, 3, 4, 5, 6], "d2"),
                self._pick([1, 2, 3, 4, 5, 6], "d3"),
            )

        steps: list[Step] = [("roll", lambda: rnd.roll(dice()))] * 3
        steps += [
            ("roll", lambda: rnd.roll(rng=self._pick([1, 4, 7, 8, 9], "rng"))),
            ("no_roll", rnd.no_roll),
            ("button", lambda: rnd.button(self._pick(list(rnd.ring), "button"))),
            ("dealer_shakes", lambda: rnd.dealer_shakes(self._pick([*rnd.seats, "x"], "who"))),
        ]
        return steps

    def _deal_steps(self, rnd: Round) -> list[Step]:
        return [
            ("deal", rnd.deal),
            ("deal", rnd.deal),
            ("deal", lambda: rnd.deal(self._pick([1, 4, 7], "first"))),
            ("face_up", lambda: rnd.face_up_in_shoe(self._piece(rnd))),
        ]

    def _setting_steps(self, rnd: Round) -> list[Step]:
        steps: list[Step] = []
        unset = rnd.unset_spots()
        if unset:
            spot = unset[0]
            who = rnd.controller(spot)
            opts = rnd.legal_settings(spot)

            def mine() -> object:
                s = self._pick(opts, "setting")
                return rnd.set_hand(who, spot, _pieces(s.high), _pieces(s.low))

            steps += [("set", mine)] * 3 + [("house_way", lambda: rnd.set_house_way(spot))] * 2
            steps.append(
                ("set", lambda: rnd.set_hand(who, self._pick(unset, "other"), "6-6 6-6", "1-1 1-1"))
            )
        steps += self._irregular_steps(rnd)
        return steps

    def _irregular_steps(self, rnd: Round) -> list[Step]:
        positions = list(rnd.ring)
        # Two draws in three from the hands dealt (the rest may be refused): from the ring
        # alone a run of 45 examples sometimes exposed no dealt hand at all.
        exposable = [*rnd.dealt, *rnd.dealt, *positions]
        spots = rnd.wagered_spots() or ["1"]
        refs = [w.ref for w in rnd.wagers if w.kind == "main"] or ["w1"]
        return [
            (
                "expose_dealt",
                lambda: rnd.expose_dealt(self._pick(exposable, "pos"), self._pick([1, 1, 2], "n")),
            ),
            ("void_hand", lambda: rnd.void_hand(self._pick(spots, "spot"))),
            ("tile_off", lambda: rnd.tile_off_table(self._pick(positions, "pos"))),
            ("abandon", lambda: rnd.abandon(self._pick([*rnd.seats, "nobody"], "who"))),
            ("foul", lambda: rnd.foul(self._pick(spots, "spot"))),
            (
                "remove_bet",
                lambda: rnd.remove_bet(self._pick(refs, "ref"), self._pick([True, False], "known")),
            ),
            ("stub", lambda: rnd.stub_count(self._pick([26, 25, 27], "stub"))),
        ]

    def _bank_steps(self, rnd: Round) -> list[Step]:
        opts = rnd.legal_settings(rnd.bank_spot)

        def own() -> object:
            s = self._pick(opts, "bank setting")
            return rnd.set_bank(_pieces(s.high), _pieces(s.low))

        return [
            ("bank", rnd.set_bank),
            ("bank", rnd.set_bank),
            ("bank", own),
            *self._irregular_steps(rnd)[2:],
        ]

    def _surrender_steps(self, rnd: Round) -> list[Step]:
        spots = list(rnd.settings) or ["1"]
        queue = rnd.exposure_queue()
        steps: list[Step] = [
            ("settle", rnd.settle),
            ("settle", rnd.settle),
            ("surrender", lambda: rnd.surrender(self._pick(spots, "spot"))),
            ("expose_hand", lambda: rnd.expose_hand(self._pick(spots, "spot"))),
        ]
        if queue:
            steps.append(("expose_hand", lambda: rnd.expose_hand(queue[0])))
        return steps + self._irregular_steps(rnd)[2:]


def _pieces(hand: Any) -> list[Any]:
    return list(hand.cards if hasattr(hand, "cards") else hand.tiles)


def _pd(m: TableMachine) -> Banker | None:
    """The Player-Dealer a Lucky Chances round needs (None where the house banks)."""
    if m.prof.banking.house_banks:
        return None
    name = next(iter(m.seats))
    return Banker("player-dealer", name, m.seats[name])
