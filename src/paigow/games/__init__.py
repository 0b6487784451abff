"""The games behind one interface: a profile names its game (``[meta] game``), and everything
above asks that game (:func:`game_for`) instead of testing which one it is.

* :mod:`.base` — the :class:`Game` protocol the round engine plays through, and what the games
  share; :mod:`.ring` — the ring of positions both games deal around;
* :mod:`.tiles` — Pai Gow Tiles; :mod:`.cards` — Supreme Pai Gow.

A new game is a folder beside these two and one line in :data:`GAMES` (tests register a test
double with :func:`register_game`).
"""

from __future__ import annotations

from collections.abc import Callable

from paigow.errors import ConfigError
from paigow.profiles import Profile

from .base import Game, hand_pieces

__all__ = ["GAMES", "Game", "game_for", "hand_pieces", "register_game"]


def _tile_game(profile: Profile | None = None) -> Game:
    from .tiles import TileGame

    return TileGame(profile)


def _card_game(profile: Profile | None = None) -> Game:
    from .cards import CardGame

    return CardGame(profile)


#: Each game's name (the value of a profile's ``[meta] game``) and how to make it, bound to a
#: profile (or to none, for what no profile changes: ``GAMES[name]().vocabulary``). A game's
#: folder is loaded when a profile first plays it (``paigow hand`` on tiles loads no cards).
GAMES: dict[str, Callable[..., Game]] = {"tiles": _tile_game, "cards": _card_game}


def register_game(name: str, factory: Callable[..., Game]) -> None:
    """Make ``factory``'s game the one of profiles whose ``[meta] game`` is ``name``."""
    GAMES[name] = factory


def game_for(profile: Profile) -> Game:
    """The game a profile plays, bound to the profile.

    Raises:
        ConfigError: a game nobody registered.
    """
    factory = GAMES.get(profile.meta.game)
    if factory is None:
        raise ConfigError(f"{profile.name} plays {profile.meta.game!r}, which is no game here")
    return factory(profile)
