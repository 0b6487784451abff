"""The games behind one interface: a profile names its game (``[meta] game``), and everything
above asks that game (:func:`game_for`) instead of testing which one it is.

* :mod:`.base` — the :class:`Game` protocol the round engine plays through, and what the games
  share; :mod:`.ring` — the ring of positions both games deal around;
* :mod:`.tiles` — Pai Gow Tiles; :mod:`.cards` — Supreme Pai Gow: each folder holds its whole
  game, its pieces and rules at the bottom layer, its object and math above the profiles;
* what both games' pieces and rules share, at the bottom layer with them: :mod:`.outcomes`
  (sides, outcomes, the comparison rules), :mod:`.dice` (the random source, the dice, the
  count), :mod:`.ring`, :mod:`.computed` (the names of computed ways), :mod:`.rulebook` and
  :mod:`.rule_play` (strategies as lists of rules, and playing them).

Importing this package loads nothing of a game: :class:`Game` and :func:`hand_pieces` are
read from :mod:`.base` on first use, and a game's folder when a profile first plays it.

A new game is a folder beside these two and one line in :data:`GAMES` (tests register a test
double with :func:`register_game`).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from paigow.errors import ConfigError

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing` (mypy reads the name).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from paigow.profiles import Profile

    from .base import Game, hand_pieces

__all__ = ["GAMES", "Game", "game_for", "hand_pieces", "register_game"]

#: The names imported from :mod:`.base` on first use: the pieces and rules of a game's folder
#: (``paigow.games.tiles.settings``, which the profiles import) load without the profiles or the
#: game objects, which sit layers above them.
_LAZY: dict[str, str] = {"Game": ".base", "hand_pieces": ".base"}

if not TYPE_CHECKING:  # hidden from mypy, which sees the imports above instead

    def __getattr__(name: str) -> object:
        """:class:`Game` or :func:`hand_pieces`, imported from :mod:`.base` on first use."""
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'paigow.games' has no attribute {name!r}")
        value = getattr(import_module(module, __name__), name)
        globals()[name] = value
        return value


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
