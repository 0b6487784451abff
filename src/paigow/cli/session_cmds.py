"""``paigow session``: what a session costs, exactly (see :mod:`paigow.bankroll`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from paigow.errors import ConfigError, ParseError

from .amounts import dollars, parse_dollars, signed_dollars
from .options import count, rate

__all__ = ["ASSUMPTION", "add_arguments", "run"]

#: What the first view of a session assumes, said with its figures (text and JSON).
ASSUMPTION = (
    "mean_cents, quantiles_cents, prob_losing and distribution: every round played as if the "
    "bankroll never ran out, so they put some probability on losing more than the bankroll; "
    "stopping_at_ruin: play stops when the money left cannot cover the next round's wager"
)


def _risk(text: str) -> float:
    try:
        r = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a probability like 0.05, got {text!r}"
        ) from None
    if not 0 < r < 1:
        raise argparse.ArgumentTypeError(f"expected a probability between 0 and 1, got {text!r}")
    return r


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``paigow session``."""
    p.add_argument("--profile", default="generic", help="profile (default: generic)")
    p.add_argument("--bankroll", required=True, help="dollars brought to the table, e.g. 1000")
    p.add_argument("--bet", required=True, help="the main bet every round, in dollars")
    p.add_argument("--rounds", type=count(1), required=True, help="rounds in the session")
    p.add_argument(
        "--bank-every", type=count(0), default=0, help="bank every K-th round (0: never)"
    )
    p.add_argument(
        "--way", help="the player's way, e.g. strategy:card.toml (default: the house way)"
    )
    p.add_argument("--dealer", help="the dealer's way (default: the profile's)")
    p.add_argument("--banker-way", help="when banking, your way (default: the dealer's way)")
    p.add_argument("--players-way", help="when banking, the player's way (default: the house way)")
    p.add_argument(
        "--side-bets",
        metavar="BETS",
        help="each player round: pair-fortunes:TABLE:DOLLARS, dragons-eye:WAGER:DOLLARS, ...",
    )
    p.add_argument("--risk", type=_risk, default=0.05, help="the bankroll for this risk of ruin")
    p.add_argument("--commission", type=rate, help="commission rate (default: the profile's)")
    p.add_argument("--plot", metavar="FILE.png", help="draw the result and the risk of ruin")
    p.add_argument("--json", action="store_true", help="print JSON")


def _side_bets(text: str | None) -> tuple[Any, ...]:
    from paigow.bankroll.laws import SideBet

    if not text:
        return ()
    out = []
    for item in text.split(","):
        parts = item.strip().split(":")
        if len(parts) != 3 or parts[0] not in ("pair-fortunes", "dragons-eye"):
            raise ParseError(
                "a side bet is pair-fortunes:TABLE:DOLLARS or dragons-eye:WAGER:DOLLARS, "
                f"got {item!r}"
            )
        out.append(SideBet(parts[0], parts[1], parse_dollars(parts[2], what="side bet")))
    return tuple(out)


def session_data(args: argparse.Namespace) -> dict[str, Any]:
    """Compute the session's costs for the parsed arguments."""
    from fractions import Fraction

    from paigow.bankroll.laws import round_law
    from paigow.bankroll.session import session
    from paigow.bankroll.stopping import stopped
    from paigow.exact.results import commission_of
    from paigow.profiles import get_profile

    prof = get_profile(args.profile)
    c = commission_of(prof, args.commission)
    bankroll = parse_dollars(args.bankroll, what="bankroll")
    bet = parse_dollars(args.bet, what="bet")
    if bet <= 0:
        raise ParseError("the bet must be more than $0.00")
    sides = _side_bets(args.side_bets)
    house = prof.house_way.dealer
    dealer = args.dealer or house
    way = args.way or house
    law = round_law(prof, bet=bet, way=way, dealer=dealer, side_bets=sides, commission=c)
    stake = bet + sum(b.cents for b in sides)
    banker = None
    if args.bank_every:
        banker = round_law(
            prof,
            bet=bet,
            way=args.players_way or house,
            dealer=args.banker_way or dealer,
            banker=True,
            commission=c,
        )
    shape: dict[str, Any] = {
        "rounds": args.rounds,
        "bankroll": bankroll,
        "bank_every": args.bank_every,
        "banker": banker,
        "stake": stake,
        "banker_stake": bet,
    }
    s = session(law, **shape)
    st = stopped(law, **shape)
    need = s.bankroll_for(args.risk)
    steps = max(1, len(s.risk) // 40)
    var = float(sum(x * x * p for x, p in law.items()) - sum(x * p for x, p in law.items()) ** 2)
    quantiles = ("0.05", "0.25", "0.5", "0.75", "0.95")
    return {
        "profile": prof.name,
        "way": way,
        "dealer": dealer,
        "bankroll_cents": bankroll,
        "bet_cents": bet,
        "rounds": args.rounds,
        "bank_every": args.bank_every,
        "side_bets": [{"kind": b.kind, "option": b.option, "cents": b.cents} for b in sides],
        "round_law": [[k, float(v), str(v)] for k, v in law.items()],
        "banker_law": None
        if banker is None
        else [[k, float(v), str(v)] for k, v in banker.items()],
        "mean_cents": float(s.mean),
        "mean_exact": str(s.mean),
        "per_round_sd_cents": var**0.5,
        "assumption": ASSUMPTION,
        "quantiles_cents": {q: s.quantile(float(q)) for q in quantiles},
        "prob_losing": s.prob_below(0),
        "prob_losing_more_than_bankroll": s.prob_below(-bankroll),
        "stopping_at_ruin": {
            "ruin": st.ruin,
            "mean_cents": st.mean,
            "quantiles_cents": {q: st.quantile(float(q)) for q in quantiles},
            "prob_losing": st.prob_below(0),
            "expected_rounds": st.rounds_expected,
            "ruin_by_round": [float(r) for r in st.ruin_by_round],
            "distribution": [
                [st.low + i * st.unit, float(p)] for i, p in enumerate(st.pmf) if p > 1e-9
            ],
        },
        "ruin": s.ruin,
        "risk": args.risk,
        "bankroll_for_risk_cents": need,
        "distribution": [[s.low + i * s.unit, float(p)] for i, p in enumerate(s.pmf) if p > 1e-9],
        "ruin_by_bankroll": [
            {"bankroll_cents": s.stake + i * s.unit, "ruin": float(s.risk[i])}
            for i in range(0, len(s.risk), steps)
        ],
        "unit_cents": s.unit,
        "commission": str(Fraction(c)),
    }


def run(args: argparse.Namespace) -> int:
    """``paigow session``."""
    data = session_data(args)
    if args.plot:
        from .strategy_plot import plot_session

        plot_session(data, args.plot)
        data["plot"] = args.plot
    if args.json:
        print(json.dumps(data))
        return 0
    q, st = data["quantiles_cents"], data["stopping_at_ruin"]
    sq = st["quantiles_cents"]
    bank = f", banking every {args.bank_every} rounds" if args.bank_every else ""
    money = f"{dollars(data['bet_cents'])} with {dollars(data['bankroll_cents'])}"
    rounds = data["rounds"]
    print(
        f"{rounds} rounds of {money}"
        f" ({data['profile']}; {data['way']} against {data['dealer']}{bank})"
    )

    def show(label: str, value: str) -> None:
        print(f"  {label:<30}{value}")

    def spread(qs: dict[str, int]) -> str:
        return f"{signed_dollars(qs['0.05'])} .. {signed_dollars(qs['0.95'])}"

    print("As if the bankroll never ran out (every round played, whatever the money left):")
    show("expected result", signed_dollars(round(data["mean_cents"])))
    show("median result", signed_dollars(q["0.5"]))
    show("5% .. 95%", spread(q))
    show("chance of losing", f"{100 * data['prob_losing']:.2f}%")
    show("losing more than the bankroll", f"{100 * data['prob_losing_more_than_bankroll']:.2f}%")
    print("When play stops at ruin (the money left cannot cover the next round's wager):")
    show("risk of ruin", f"{100 * st['ruin']:.3f}% within the {rounds} rounds")
    show("expected result", signed_dollars(round(st["mean_cents"])))
    show("median result", signed_dollars(sq["0.5"]))
    show("5% .. 95%", spread(sq))
    show("chance of losing", f"{100 * st['prob_losing']:.2f}%")
    show("rounds played (expected)", f"{st['expected_rounds']:.1f} of {rounds}")
    need = data["bankroll_for_risk_cents"]
    shown = "more than the grid computed" if need is None else dollars(need)
    print(f"bankroll for a {100 * data['risk']:g}% risk of ruin: {shown}")
    if args.plot:
        print(f"wrote {args.plot}")
    if need is None and data["ruin"] >= 1:
        raise ConfigError("the bankroll does not cover one round")
    return 0
