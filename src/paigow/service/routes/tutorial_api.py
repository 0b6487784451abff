"""The tutorial's practice round against the dealer (the web client's "How to play").

* ``POST /api/tutorial/deal`` — four tiles for the reader, from deal number ``deal`` (a fresh
  number from the system's source when it is null); the dealer's four stay hidden;
* ``POST /api/tutorial/play`` — the reader's setting of that deal (or the house way's), the
  dealer's hand set by the profile's house way, and the engine's comparison: each hand's winner
  and the result (R-RANK-01, R-RANK-04 copies, R-RANK-11 zero rules, R-SETTLE-05).

A deal number names the wash (the first four tiles are the reader's, the next four the
dealer's), so the round needs no state on the server and the same number always deals the same
tiles: the tutorial's guided round is deal :data:`GUIDED_DEAL`. No money moves: the practice
round is the rules shown, not a wager. Anyone may play it (signed in or not).
"""

from __future__ import annotations

import random
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from paigow.errors import PaigowError
from paigow.games.dice import Rng, default_rng
from paigow.games.tiles.dealing import shuffled_set
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, compare_settings
from paigow.games.tiles.tiles import Tile
from paigow.games.tiles.ways import get_way
from paigow.profiles import bundled_profile

__all__ = ["GUIDED_DEAL", "PROFILE", "install", "play_round", "tutorial_deal"]

#: The rules the practice round plays: the generic profile, its dealer's house way.
PROFILE = "generic"
#: The guided first round's deal: 5-6 2-5 3-4 2-4, the mixed sevens to keep together and the
#: gee joon counted as 6 beside the 5-6 (11 + 6 = 17: 7 points).
GUIDED_DEAL = 9
_MAX_DEAL = 2**31 - 1

router = APIRouter(prefix="/api/tutorial")


class DealBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deal: int | None = Field(default=None, ge=1, le=_MAX_DEAL)


class PlayBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deal: int = Field(ge=1, le=_MAX_DEAL)
    high: list[StrictStr] | None = Field(default=None, min_length=2, max_length=2)
    low: list[StrictStr] | None = Field(default=None, min_length=2, max_length=2)
    house_way: bool = False


def _wash(deal: int) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """The reader's four tiles and the dealer's four of deal number ``deal``."""
    seed: int | None = deal
    rng: Rng = random.Random(seed) if seed is not None else default_rng()
    order = shuffled_set(rng)
    return tuple(order[:4]), tuple(order[4:8])


def _sorted(tiles: tuple[Tile, ...]) -> list[str]:
    return [str(t) for t in sorted(tiles, key=lambda t: t.index)]


def _hand(h: Hand) -> dict[str, Any]:
    return {"pieces": [str(t) for t in h.tiles], "name": h.name, "value": h.value}


def tutorial_deal(deal: int | None) -> dict[str, Any]:
    """Deal number ``deal`` (a new one when None): the reader's four tiles only."""
    number = deal if deal is not None else default_rng().randint(1, _MAX_DEAL)
    mine, _ = _wash(number)
    profile = bundled_profile(PROFILE)
    return {
        "deal": number,
        "profile": PROFILE,
        "way": profile.house_way.dealer,
        "pieces": _sorted(mine),
    }


def play_round(
    deal: int, high: list[str] | None, low: list[str] | None, house_way: bool
) -> dict[str, Any]:
    """The reader's setting of deal ``deal`` (the house way's when ``house_way``) against the
    dealer's hand set by the profile's house way, compared by the engine.

    Raises:
        PaigowError: a setting of other tiles than those dealt, or one whose high hand ranks
            below its low hand (R-SET-01).
    """
    profile = bundled_profile(PROFILE)
    way = get_way(profile.house_way.dealer)
    mine, dealers = _wash(deal)
    ours = way.set(mine)
    if house_way:
        setting = ours
    else:
        if high is None or low is None:
            raise PaigowError("a setting needs a high hand and a low hand of two tiles each")
        setting = Setting.parse(f"{' '.join(high)} / {' '.join(low)}")
        if not setting.same_tiles(mine):
            raise PaigowError(
                f"set the tiles dealt ({' '.join(_sorted(mine))}), not {' '.join(high + low)}"
            )
    dealer = way.set(dealers)
    c = compare_settings(setting, dealer, profile.compare_rules)
    return {
        "deal": deal,
        "profile": PROFILE,
        "way": profile.house_way.dealer,
        "pieces": _sorted(mine),
        "player": {"high": _hand(setting.high), "low": _hand(setting.low)},
        "house_way": {"high": _hand(ours.high), "low": _hand(ours.low)},
        "dealer": {
            "pieces": _sorted(dealers),
            "high": _hand(dealer.high),
            "low": _hand(dealer.low),
        },
        **c.to_json(),
    }


@router.post("/deal")
async def deal(body: DealBody) -> dict[str, Any]:
    """Four tiles for the practice round (anyone)."""
    return tutorial_deal(body.deal)


@router.post("/play")
async def play(body: PlayBody) -> dict[str, Any]:
    """The practice round played: the dealer's hand and who takes each hand (anyone)."""
    try:
        return play_round(body.deal, body.high, body.low, body.house_way)
    except PaigowError as e:
        raise HTTPException(422, str(e)) from None


def install(app: FastAPI) -> None:
    """Add the tutorial's routes to the service's application."""
    app.include_router(router)
