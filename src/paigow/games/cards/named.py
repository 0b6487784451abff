"""The Supreme Pai Gow ways by any name: the computed ``optimal[:AGAINST][@PROFILE]`` and
every other name by the registry below (:func:`paigow.games.cards.house_way.get_card_way`), which
knows no computed way. Importing this module loads no NumPy.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from paigow.errors import ConfigError
from paigow.games.cards.house_way import CardWay
from paigow.games.cards.house_way import get_card_way as registered
from paigow.games.computed import computed_spec

__all__ = ["computed_card_way", "get_card_way"]

#: This game's name: a computed card way is computed under a profile that plays it.
GAME: Final = "cards"


def get_card_way(name: str) -> CardWay:
    """A Supreme Pai Gow way by any name: those of :func:`paigow.games.cards.house_way.get_card_way`
    and the computed ``optimal[:AGAINST][@PROFILE]`` (:func:`computed_card_way`).

    Raises:
        ConfigError: an unknown way, or a computed way that cannot be computed.
    """
    return registered(name, computed_card_way)


@lru_cache(maxsize=8)
def computed_card_way(name: str) -> CardWay:
    """``optimal[:AGAINST][@PROFILE]`` for the card game: the player's EV-maximising setting
    against the dealer way ``AGAINST`` (default: the profile's) under the profile's commission
    and zero rule (default profile: ``nj-supreme``).

    Raises:
        ConfigError: not an optimal way of the card game, or a tile profile.
    """
    from paigow.exact.results import commission_of
    from paigow.games.cards.exact import spg_optimal
    from paigow.profiles import get_profile

    spec = computed_spec(name)
    if spec is None or spec[0] != "optimal":
        raise ConfigError(f"{name!r}: the card game computes 'optimal' only (a player way)")
    _, against, profile = spec
    prof = get_profile(profile or "nj-supreme")
    if prof.meta.game != GAME:
        raise ConfigError(
            f"{name!r}: {prof.name} plays tiles; optimal card ways need a card profile"
        )
    opp = against or prof.house_way.dealer
    if computed_spec(opp) is not None:
        raise ConfigError(f"optimal is computed against a fixed way, not against {opp!r}")
    named = profile if profile and profile.endswith(".toml") else prof.name
    return spg_optimal(
        opp,
        commission=commission_of(prof),
        literal_zero=prof.ranking.zero_rule == "literal",
        name=f"optimal:{opp}@{named}",
    )
