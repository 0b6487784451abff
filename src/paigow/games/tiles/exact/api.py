"""High-level exact math: ways by name (including ``optimal``), edge and advice.

Way names are those of :func:`paigow.games.tiles.ways.get_way` plus two computed strategies:

* ``optimal`` — the player's EV-maximising setting of every hand against the dealer way
  given by ``against`` (default: the profile's dealer way);
* ``optimal-banker`` — the banker's EV-maximising setting against the player way ``against``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache

from paigow.errors import ConfigError
from paigow.exact.arrays import I64
from paigow.exact.hand_results import HandResults, hand_result_counts
from paigow.exact.results import commission_of
from paigow.games.tiles.settings import CompareRules
from paigow.games.tiles.tiles import Tile
from paigow.games.tiles.ways import get_way
from paigow.games.tiles.ways.base import HouseWay
from paigow.profiles import Profile

from .advise import Advice, advise
from .edge import EdgeResult, edge, edges, player_thresholds, side_counts
from .optimal import OptimalWay, optimal_arrays
from .space import HandSpace, space_for
from .strategy import WayArrays, way_arrays

__all__ = [
    "COMPUTED",
    "commission_of",
    "edge_of",
    "edges_of",
    "hand_results_of",
    "resolve",
    "setting_advice",
    "split_counts",
    "strategy_way",
]

COMPUTED = ("optimal", "optimal-banker")


def _base(name: str) -> HouseWay:
    return get_way(name)


def _computed(
    name: str, against: str, profile: Profile, commission: Fraction, space: HandSpace
) -> tuple[WayArrays, OptimalWay]:
    return _computed_cached((name, against, profile.name), profile.compare_rules, commission, space)


@lru_cache(maxsize=32)
def _computed_cached(
    names: tuple[str, str, str],
    rules: CompareRules,
    commission: Fraction,
    space: HandSpace,
) -> tuple[WayArrays, OptimalWay]:
    name, against, profile_name = names
    opp = way_arrays(_base(against), space)
    banker = name == "optimal-banker"
    label = f"{name} (vs {against})"
    arrays = optimal_arrays(opp, rules=rules, commission=commission, as_banker=banker, name=label)
    role = "banker" if banker else "player"
    way = OptimalWay(
        arrays,
        label,
        f"EV-maximising {role} setting against {against} ({profile_name}, commission {commission})",
    )
    return arrays, way


def resolve(
    names: Sequence[tuple[str, str | None]], profile: Profile, commission: Fraction
) -> list[WayArrays]:
    """Evaluate ways given as ``(name, against)`` over one common hand space."""
    symmetric = []
    for name, against in names:
        base = (against or profile.house_way.dealer) if name in COMPUTED else name
        symmetric.append(_base(base).kind_symmetric)
    space = space_for(*symmetric)
    out = []
    for name, against in names:
        if name in COMPUTED:
            out.append(
                _computed(name, against or profile.house_way.dealer, profile, commission, space)[0]
            )
        else:
            out.append(way_arrays(_base(name), space))
    return out


def strategy_way(
    name: str, against: str | None, profile: Profile, commission: Fraction
) -> HouseWay:
    """A way by name, with ``optimal``/``optimal-banker`` computed against ``against``."""
    if name not in COMPUTED:
        return _base(name)
    opp = against or profile.house_way.dealer
    space = space_for(_base(opp).kind_symmetric)
    return _computed(name, opp, profile, commission, space)[1]


def edge_of(
    player: str,
    dealer: str,
    profile: Profile,
    commission: Fraction,
    *,
    player_against: str | None = None,
    dealer_against: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> EdgeResult:
    """Exact edge of ``player`` way against ``dealer`` way under ``profile``.

    ``optimal`` as the player way defaults to optimising against ``dealer``;
    ``optimal-banker`` as the dealer way defaults to optimising against ``player``.
    """
    pa = player_against or (dealer if dealer not in COMPUTED else None)
    da = dealer_against or (player if player not in COMPUTED else None)
    pw, dw = resolve([(player, pa), (dealer, da)], profile, commission)
    return edge(
        pw,
        dw,
        rules=profile.compare_rules,
        commission=commission,
        profile=profile.name,
        progress=progress,
    )


def hand_results_of(
    player: str, dealer: str, profile: Profile, commission: Fraction
) -> HandResults:
    """The deals of ``player`` way against ``dealer`` way by the result of each hand (won,
    copied, beaten: :mod:`paigow.exact.hand_results`), the ways named as :func:`edge_of`
    names them."""
    pa = dealer if dealer not in COMPUTED else None
    da = player if player not in COMPUTED else None
    pw, dw = resolve([(player, pa), (dealer, da)], profile, commission)
    a, b = player_thresholds(pw.high, pw.low, profile.compare_rules)
    counts = hand_result_counts(dw.counter(), pw.space.weight, high=pw.high, low=pw.low, a=a, b=b)
    return HandResults(pw.name, dw.name, counts)


def edges_of(
    players: Sequence[str],
    dealer: str,
    profile: Profile,
    commission: Fraction,
    *,
    player_against: str | None = None,
) -> list[EdgeResult]:
    """Exact edge of each of ``players`` against one ``dealer`` way, sharing the dealer's work.

    ``optimal`` among the players optimises against ``dealer`` (or ``player_against``).

    Raises:
        ConfigError: ``optimal-banker`` as the dealer of several player ways (it is the best
            reply to one player way; use :func:`edge_of`).
    """
    if dealer == "optimal-banker" and len(players) > 1:
        raise ConfigError(
            "optimal-banker is the banker's best reply to one player way; "
            "give a single --player with it"
        )
    if len(players) == 1:
        return [edge_of(players[0], dealer, profile, commission, player_against=player_against)]
    pa = player_against or (dealer if dealer not in COMPUTED else None)
    ways = resolve([*((p, pa) for p in players), (dealer, None)], profile, commission)
    return edges(
        ways[:-1],
        ways[-1],
        rules=profile.compare_rules,
        commission=commission,
        profile=profile.name,
    )


def setting_advice(
    tiles: Sequence[Tile],
    profile: Profile,
    commission: Fraction,
    *,
    opponent: str,
    as_banker: bool = False,
) -> Advice:
    """Exact scores of the settings of ``tiles`` against the ``opponent`` way."""
    (opp,) = resolve([(opponent, None)], profile, commission)
    house = get_way(profile.house_way.dealer).set(tiles)
    return advise(
        tiles,
        opp,
        rules=profile.compare_rules,
        commission=commission,
        house_setting=house,
        as_banker=as_banker,
    )


def split_counts(
    opponent: str, profile: Profile, commission: Fraction, *, as_banker: bool = False
) -> tuple[WayArrays, I64, I64]:
    """The exact wins and losses of every class of hands for each of its three splits against
    every opposing hand set by ``opponent`` (from the banker's side with ``as_banker``).

    Returns the opponent's arrays (their space is the classes' space) and two integer arrays
    of shape ``(classes, 3)``, out of ``space.opposing_hands`` opposing hands each.
    """
    (opp,) = resolve([(opponent, None)], profile, commission)
    space = opp.space
    wins, losses = side_counts(
        opp, space.split_high, space.split_low, profile.compare_rules, as_banker=as_banker
    )
    return opp, wins, losses
