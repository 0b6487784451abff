"""What the browser table shows beside the protocol: a table's rules and options for its client
(:func:`table_info`), and the setting help of one spot (:func:`spot_advice`): the house way's
setting and the rule that produced it, and — where the operator allows advice at the table —
the exact EV of every setting against the dealer's way, computed by the trainer's core from the
exact engine (:mod:`paigow.trainer`).

Both read the engine only through :class:`~paigow.service.tables.engine.TableEngine` and the round's
public observation; a spot's pieces are used only when the viewer may see them
(:func:`paigow.table.observation.visible_positions`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from paigow.errors import IllegalActionError, PaigowError
from paigow.games.cards.supreme_bonus import BONUS_PAYTABLE
from paigow.games.tiles.delivery import STYLES
from paigow.games.tiles.dragons_eye import DICE_BONUS_OTHER_PAYS, DICE_BONUS_SHAKER_PAYS
from paigow.games.tiles.pair_fortunes import PF_TABLES
from paigow.profiles import bundled_profile
from paigow.table.observation import Viewer, visible_positions
from paigow.trainer import Trainer
from paigow.trainer.problem import setting_json

from .config import private_of

if TYPE_CHECKING:
    from paigow.profiles import Profile

    from .engine import TableEngine

__all__ = [
    "hand_advice",
    "profile_rules",
    "side_kinds",
    "spot_advice",
    "spot_hand",
    "table_fee",
    "table_info",
    "table_notes",
]

#: Dragon's Eye wagers and their pays, as the client shows them (R-DE-05..10): kind, label,
#: the case paid (a code the client names in the reader's language), what it pays to 1, words.
_DE_WAGERS = (
    ("de-odd", "Odd", "odd", 1, "1 to 1 when the Dragon's Eye die is odd, no triple (R-DE-07)"),
    ("de-even", "Even", "even", 1, "1 to 1 when the Dragon's Eye die is even, no triple (R-DE-06)"),
    ("de-double", "Double", "double", 4, "4 to 1 when the two ivory dice match (R-DE-08)"),
    ("de-triple", "Triple", "triple", 30, "30 to 1 on three of a kind (R-DE-09)"),
    ("de-match", "Match", "match", 1, "1 to 1 for each die showing your seat number (R-DE-05)"),
)


def _pays(table: Any) -> list[dict[str, Any]]:
    """A pay table as rows the client names: the case (the engine's code) and its pays to 1."""
    return [{"case": k.name, "pays": n} for k, n in table.items()]


def _dice_bonus() -> dict[str, Any]:
    shaker = " / ".join(f"{n:,}" for n in DICE_BONUS_SHAKER_PAYS)
    other = " / ".join(f"{n:,}" for n in DICE_BONUS_OTHER_PAYS)
    rows = [{"case": f"shaker-{k}", "pays": n} for k, n in enumerate(DICE_BONUS_SHAKER_PAYS, 1)]
    rows += [{"case": f"other-{k}", "pays": n} for k, n in enumerate(DICE_BONUS_OTHER_PAYS, 1)]
    return {
        "kind": "dice-bonus",
        "label": "Dice bonus",
        "pays": f"triples in a row pay {shaker} to 1 to the shaker, {other} to 1 to "
        "others (R-DE-10)",
        "table": rows,
    }


def _dragons_eye() -> list[dict[str, Any]]:
    out = [
        {"kind": kind, "label": label, "pays": text, "table": [{"case": case, "pays": n}]}
        for kind, label, case, n, text in _DE_WAGERS
    ]
    return [*out, _dice_bonus()]


def _pair_fortunes(table: str) -> dict[str, Any]:
    pays = PF_TABLES[table.upper()]
    text = ", ".join(f"{k.value} {n} to 1" for k, n in pays.items())
    return {"kind": "pair-fortunes", "label": "Pair Fortunes", "pays": text, "table": _pays(pays)}


def _supreme_bonus() -> dict[str, Any]:
    text = ", ".join(f"{k.value} {n} to 1" for k, n in BONUS_PAYTABLE.items())
    return {"kind": "supreme-bonus", "label": "Bonus", "pays": text, "table": _pays(BONUS_PAYTABLE)}


def side_kinds(engine: TableEngine) -> list[dict[str, Any]]:
    """The side wagers offered at the table: kind, label, pays in words and the pay table (each
    case paid as a code with what it pays to 1), in the client's order."""
    c = engine.config
    p = engine.profile
    out: list[dict[str, Any]] = []
    if c.pair_fortunes:
        out.append(_pair_fortunes(c.pair_fortunes))
    if c.dragons_eye:
        out += _dragons_eye()
    if p.side_bets.supreme_bonus and c.supreme_bonus:
        out.append(_supreme_bonus())
    return out


def profile_rules(p: Profile) -> dict[str, Any]:
    """A profile's rules as its rules page shows them (``GET /api/rules/{profile}``): limits,
    commission or collection, banking, the zero rules, the house way, the start and the deal,
    and every side bet the profile allows with its pay tables (Pair Fortunes: each table a
    table may use). Facts and codes only: the page words them in the reader's language."""
    t, b, c, sb = p.table, p.banking, p.commission, p.side_bets
    side: list[dict[str, Any]] = []
    if sb.pair_fortunes:
        side.append(
            {
                "kind": "pair-fortunes",
                "requires_base": sb.pair_fortunes_requires_base,
                "tables": {n: _pair_fortunes(n)["table"] for n in sb.pair_fortunes_tables},
            }
        )
    if sb.dragons_eye:
        side.append(
            {
                "kind": "dragons-eye",
                "without_paigow_wager": sb.dragons_eye_without_paigow_wager,
                "wagers": [{"kind": w["kind"], "table": w["table"]} for w in _dragons_eye()],
            }
        )
    if sb.supreme_bonus:
        side.append(
            {
                "kind": "supreme-bonus",
                "min": sb.supreme_bonus_min_cents,
                "max": sb.supreme_bonus_max_cents,
                "table": _supreme_bonus()["table"],
            }
        )
    return {
        "profile": p.name,
        "title": p.meta.title,
        "game": p.meta.game,
        "source": p.meta.source,
        "limits": {"min": t.min_wager, "max": t.max_wager},
        "table": {
            "positions": t.positions,
            "dead_hand": t.dead_hand,
            "dealer_hand": t.dealer_hand,
            "two_spots": t.allow_two_spots,
            "players_per_spot": t.max_players_per_spot,
            "surrender": t.surrender,
        },
        "commission": {
            "rate": c.rate,
            "rounding": c.rounding,
            "on_bank_surplus": c.on_bank_surplus,
            "collection": c.collection,
            "collection_cents": c.collection_cents,
            "collection_schedule": c.collection_schedule,
            "free_collection_hands": c.free_collection_hands,
        },
        "banking": {
            "house_banks": b.house_banks,
            "player_bank": b.player_bank,
            "co_bank": b.co_bank,
            "max_consecutive": b.max_consecutive,
            "house_round_between": b.house_round_between,
            "dealer_wager": b.dealer_wager,
            "bank_must_cover_all": b.bank_must_cover_all,
            "action_limited_to_stake": b.action_limited_to_stake,
        },
        "zero": {
            "player_low_zero_loses": p.ranking.player_low_zero_loses,
            "zero_zero_banker": p.ranking.zero_zero_banker,
            "zero_rule": p.ranking.zero_rule,
        },
        "setting_order": p.ranking.setting_order,
        "house_way": p.house_way.dealer,
        "start": p.start.methods,
        "dealing": {
            "styles": p.dealing.styles,
            "default_style": p.dealing.default_style,
            "chooser": p.dealing.chooser,
            "bank_may_cut": p.dealing.bank_may_cut,
        },
        "side_bets": side,
    }


def _dollars(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def table_notes(engine: TableEngine) -> list[str]:
    """How the table's game is played, in a few words each (the lobby's card): who banks,
    commission or collection, shared spots, two spots, surrender — the profile's facts."""
    p = engine.profile
    b, c, t = p.banking, p.commission, p.table
    notes = []
    if not b.house_banks:
        notes.append("a Player-Dealer banks every hand (R-LC-01)")
    elif b.player_bank:
        notes.append(
            "the house banks; players may bank in turn" + (", or co-bank" if b.co_bank else "")
        )
    if c.collection:
        free = (
            f", the first {c.free_collection_hands} hands of a game free"
            if c.free_collection_hands
            else ""
        )
        notes.append(f"{_dollars(c.collection_cents)} collection a bet{free}, no commission")
    elif c.rate not in ("0", "0.0"):
        notes.append(f"{float(c.rate) * 100:g}% commission on wins")
    if t.max_players_per_spot > 1 and not b.house_banks:
        notes.append("bets on other players' spots (kum-kum)")
    if t.allow_two_spots:
        notes.append("two spots")
    if t.surrender:
        notes.append("surrender")
    return notes


def table_info(engine: TableEngine) -> dict[str, Any]:
    """The rules and options of a table that its client needs to offer every decision."""
    c = engine.config
    p = engine.profile
    t, b, d = p.table, p.banking, p.dealing
    return {
        "table": c.id,
        "profile": p.name,
        "title": p.meta.title,
        "game": engine.game_name,
        "positions": t.positions,
        "dead_hand": t.dead_hand,
        "limits": {"min": t.min_wager, "max": t.max_wager},
        "two_spots": t.allow_two_spots,
        "players_per_spot": t.max_players_per_spot,
        "surrender": t.surrender,
        "commission": p.commission.rate,
        "collection_cents": p.commission.collection_cents if p.commission.collection else 0,
        "house_banks": b.house_banks,
        "player_bank": b.player_bank,
        "co_bank": b.co_bank,
        "dealer_wager": b.dealer_wager,
        "bank_may_cut": d.bank_may_cut,
        "styles": [{"style": s, "label": STYLES.get(s, s.replace("-", " "))} for s in d.styles],
        "default_style": d.default_style,
        "style_chooser": d.chooser,
        "setting_order": p.ranking.setting_order,
        "house_way": engine.session.house_way or p.house_way.dealer,
        "side_bets": side_kinds(engine),
        "pair_fortunes_requires_base": p.side_bets.pair_fortunes_requires_base,
        "supreme_bonus_min": p.side_bets.supreme_bonus_min_cents,
        "windows": {
            "wager": c.wager_seconds,
            "setting": c.setting_seconds,
            "decision": c.decision_seconds,
            "pause": c.pause_seconds,
        },
        "on_setting_timeout": c.on_setting_timeout,
        "advice": c.advice,
        "computer_players": c.computer_players,
        # the fee the table takes (its pages say "commission" or "collection" by it)
        "fee": table_fee(p),
        # a private table's opener, as the lobby says it: the page names the table by it
        "private": private_of(c),
    }


_TRAINERS: dict[tuple[str, str], Trainer] = {}


def _trainer(profile: Profile, way: str) -> Trainer:
    """One trainer per profile and way (its construction warms the engine's caches)."""
    key = (profile.name, way)
    if key not in _TRAINERS:
        _TRAINERS[key] = Trainer(profile, dealer=way, way=way)
    return _TRAINERS[key]


def spot_hand(engine: TableEngine, viewer: Viewer, spot: str) -> dict[str, Any]:
    """What :func:`hand_advice` needs of a table: the pieces of ``spot``'s hand (the viewer's
    to see), the profile, the round's house way, whether the table allows advice, and whether
    it is the bank's own hand (scored from the bank's side). Quick: read inside the table's
    actor.

    Raises:
        IllegalActionError: no hand of ``spot`` the viewer may see is waiting to be set.
    """
    rnd = engine.round
    if rnd is None or not rnd.dealt:
        raise IllegalActionError("no hand has been dealt at this table")
    if viewer.role != "seat" or spot not in visible_positions(rnd, viewer):
        raise IllegalActionError(f"spot {spot} is not yours to see")
    if spot in rnd.collected or spot not in rnd.dealt:
        raise IllegalActionError(f"spot {spot} holds no hand")
    # The bank's own hand is scored from the bank's side, against players who set by the
    # house way (as ``paigow advise --as-banker``).
    bank = spot == rnd.bank_spot and rnd.banker.player == viewer.player
    return {
        "table": engine.table_id,
        "spot": spot,
        "profile": engine.config.profile,
        "way": rnd.house_way.name,
        "pieces": list(rnd.dealt[spot]),
        "advice": engine.config.advice,
        "bank": bank,
    }


def hand_advice(hand: dict[str, Any]) -> dict[str, Any]:
    """The house way's setting of a hand (:func:`spot_hand`) with its rule, and the exact EV
    of every setting against the dealer's way when the table allows advice; for the bank's own
    hand, from the bank's side against players setting by the house way. The exact engine's
    work: run on the service's compute pool, not in the table's actor.

    Raises:
        IllegalActionError: the trainer cannot score the hand.
    """
    pieces = hand["pieces"]
    way = hand["way"]
    bank = bool(hand["bank"])
    trainer = _trainer(bundled_profile(hand["profile"]), way)
    try:
        problem = trainer.problem(pieces, as_banker=bank)
    except PaigowError as e:  # a way the trainer cannot score: the house way alone
        raise IllegalActionError(f"no advice for this hand: {e}") from e
    house = problem.options[problem.house].setting
    out: dict[str, Any] = {
        "table": hand["table"],
        "spot": hand["spot"],
        "pieces": [str(x) for x in pieces],
        "house_way": {"name": way, "rule": problem.rule, **setting_json(house)},
        "advice": hand["advice"],
        "role": "bank" if bank else "player",
        "dealer_way": trainer.dealer,
        # what the EVs count of the table's fee: the commission on wins at its rate, or nothing
        # (a collection is taken in advance, whatever the setting: it is not in the EVs)
        "fee": table_fee(trainer.profile),
    }
    if hand["advice"]:
        out["settings"] = [
            o.to_json() | {"high_name": o.setting.high.name, "low_name": o.setting.low.name}
            for o in problem.options
        ]
        out["best"] = problem.best
        out["house"] = problem.house
    return out


def table_fee(profile: Profile) -> str:
    """The fee a table of ``profile`` takes: ``commission`` (on wins, at the profile's rate),
    ``collection`` (a fee a bet taken in advance, R-LC-01) or ``none``."""
    if profile.commission.collection:
        return "collection"
    return "commission" if Decimal(profile.commission.rate) else "none"


def spot_advice(engine: TableEngine, viewer: Viewer, spot: str) -> dict[str, Any]:
    """:func:`hand_advice` of ``spot``'s hand at once (the service runs the two halves
    apart: the first in the table's actor, the second on its compute pool).

    Raises:
        IllegalActionError: no hand of ``spot`` the viewer may see is waiting to be set.
    """
    return hand_advice(spot_hand(engine, viewer, spot))
