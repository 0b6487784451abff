"""The trainer page's API (docs/web.md): deal a hand of a drill, score the player's setting by
the exact EV it gives up and explain it, and keep each account's statistics in the service's
database (table ``trainer_stats``, migration ``0002``), one :class:`~paigow.trainer.PlayerStats`
per account and profile.

* ``GET /api/trainer/profiles`` — the profiles and drills the trainer offers;
* ``POST /api/trainer/deal`` — ``{"profile", "drill"}`` → a hand and its settings, no scores
  (``weak``: the kinds of hands this account gets wrong, from its statistics);
* ``POST /api/trainer/answer`` — ``{"profile", "pieces", "high", "low"}`` → the score, every
  setting's exact EV, the explanation, and the account's statistics after it;
* ``GET /api/trainer/stats?profile=P`` — the account's statistics.

Anyone may train; statistics are kept for signed-in players only. Dealing and scoring are the
pure core of :mod:`paigow.trainer`, run on the service's compute pool (worker processes:
:mod:`paigow.service.kit.workers`), never on the event loop; the statistics are read, updated and
written in one transaction, so two answers at once both count.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from fastapi import APIRouter, FastAPI, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from paigow.errors import PaigowError
from paigow.games.dice import Rng, default_rng
from paigow.profiles import bundled_profile, profile_names
from paigow.trainer import CATEGORIES, PlayerStats, Trainer, drill_name
from paigow.trainer.core import Problem, Score

from ..db import schema as db
from ..store.store import Store, now
from .web_api import _user

if TYPE_CHECKING:
    from ..hub import Service

__all__ = [
    "deal_hand",
    "install",
    "load_stats",
    "record_answer",
    "score_answer",
    "trainer_stats",
    "warm",
]

#: Per account and profile: the trainer's statistics (``PlayerStats.to_json``).
trainer_stats = sa.Table(
    "trainer_stats",
    db.metadata,
    sa.Column("player", sa.String(32), primary_key=True),
    sa.Column("profile", sa.String(64), primary_key=True),
    sa.Column("stats", sa.Text, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

DRILL_LABELS = {
    "all": "All hands",
    "pairs": "Pairs",
    "no-pair": "No pair",
    "gee-joon": "Gee joon hands",
    "two-pairs": "Two pairs",
    "split": "Split or not",
    "weak": "Your weak spots",
}


def load_stats(store: Store, player: str, profile: str) -> PlayerStats:
    """An account's statistics for one profile (empty when it never trained)."""
    t = trainer_stats
    q = sa.select(t.c.stats).where(t.c.player == player, t.c.profile == profile)
    with store.engine.connect() as c:
        text = c.execute(q).scalar()
    return PlayerStats() if text is None else PlayerStats.from_json(json.loads(text))


def record_answer(store: Store, player: str, profile: str, score: Score) -> PlayerStats:
    """Add one scored answer to an account's statistics, in one transaction."""
    t = trainer_stats
    where = sa.and_(t.c.player == player, t.c.profile == profile)
    with store.engine.begin() as c:
        text = c.execute(sa.select(t.c.stats).where(where).with_for_update()).scalar()
        before = PlayerStats() if text is None else PlayerStats.from_json(json.loads(text))
        after = before.record(score)
        body = json.dumps(after.to_json(), sort_keys=True, separators=(",", ":"))
        if text is None:
            c.execute(
                t.insert().values(player=player, profile=profile, stats=body, updated_at=now())
            )
        else:
            c.execute(t.update().where(where).values(stats=body, updated_at=now()))
    return after


class DealBody(BaseModel):
    """A hand to deal."""

    model_config = ConfigDict(extra="forbid")
    profile: StrictStr = Field(max_length=64)
    drill: StrictStr = Field(default="all", max_length=20)


class AnswerBody(BaseModel):
    """A setting of a dealt hand."""

    model_config = ConfigDict(extra="forbid")
    profile: StrictStr = Field(max_length=64)
    pieces: list[StrictStr] = Field(min_length=4, max_length=4)
    high: list[StrictStr] = Field(min_length=2, max_length=2)
    low: list[StrictStr] = Field(min_length=2, max_length=2)
    drill: StrictStr = Field(default="all", max_length=20)


#: The trainers of a worker process, one per profile (the profile's dealer and house ways).
_TRAINERS: dict[str, Trainer] = {}


def _trainer(name: str) -> Trainer:
    if name not in _TRAINERS:
        _TRAINERS[name] = Trainer(bundled_profile(name))
    return _TRAINERS[name]


def warm() -> None:
    """Build every profile's trainer (on a worker of the compute pool, at start-up)."""
    for name in profile_names():
        _trainer(name)


def _profile(name: str) -> str:
    if name not in profile_names():
        raise HTTPException(404, f"no profile {name!r}; profiles: {', '.join(profile_names())}")
    return name


def _seeds(request: Request) -> Rng | None:
    """The deals' seeds under ``paigow serve --seed`` (None: each deal from the system's
    source)."""
    state = request.app.state
    service: Service = state.service
    if service.options.seed is None:
        return None
    if not hasattr(state, "trainer_seeds"):
        seed = service.options.seed
        state.trainer_seeds = random.Random(seed) if seed is not None else default_rng()
    rng: Rng = state.trainer_seeds
    return rng


def deal_hand(
    profile: str, drill: str, seed: int | None, stats: dict[str, Any] | None
) -> dict[str, Any]:
    """A hand of ``drill`` with its settings (on the compute pool)."""
    t = _trainer(profile)
    rng: Rng = random.Random(seed) if seed is not None else default_rng()
    problem = t.deal(drill, rng, PlayerStats.from_json(stats) if stats else PlayerStats())
    return _problem_json(t, problem)


def score_answer(
    profile: str, pieces: list[str], high: list[str], low: list[str], drill: str
) -> tuple[dict[str, Any], Score, dict[str, Any]]:
    """A setting of a hand scored by the exact EV it gives up, and explained (on the compute
    pool): the problem, the score, the explanation."""
    t = _trainer(profile)
    problem = t.problem(t.game.parse_pieces(" ".join(pieces)), drill)
    choice = t.answer(problem, f"{' '.join(high)} / {' '.join(low)}")
    return _problem_json(t, problem), t.score(problem, choice), _explanation(t, problem, choice)


def _problem_json(t: Trainer, p: Problem) -> dict[str, Any]:
    return {
        "profile": t.profile.name,
        "game": t.game.name,
        "house_way": t.way.name,
        "dealer_way": t.dealer,
        **p.to_json(),
    }


#: The settings a comparison sets side by side, as codes the client words in each language.
_SIDES = {"the best setting": "best", "the house way": "house", "yours": "yours"}


def _explanation(t: Trainer, p: Problem, choice: int) -> dict[str, Any]:
    """The explanation in English sentences and, beside them, the same facts as codes and numbers
    (``sides``, ``gain``, ``differ``, ``high_wins``, ``low_wins``; each group's dealer hands,
    outcome moves and, for the groups summed, how many) from which the client words it in the
    reader's language (docs/i18n.md, "Messages")."""
    ex = t.explain(p, choice)
    sentences: list[str] = []
    comparisons: list[dict[str, Any]] = []
    for part in ex.parts(p.options):
        if isinstance(part, str):
            sentences.append(part)
            continue
        b, names = part
        shown, other = b.top(4)
        groups = [*shown, *([other] if other else [])]
        groups_all = b.groups()
        comparisons.append(
            {
                "better": names[0],
                "worse": names[1],
                "sides": [_SIDES[names[0]], _SIDES[names[1]]],
                "summary": b.summary(names),
                "dealer_hands": b.total,
                "gain": float(b.gain),
                "differ": b.hands,
                "high_wins": list(b.high_wins),
                "low_wins": list(b.low_wins),
                "groups": [
                    {
                        "label": g.label,
                        "hands": g.hands,
                        "share": g.hands / b.total,
                        "ev": float(g.ev),
                        "changes": g.changes,
                        "dealer_high": "" if g is other else g.dealer_high,
                        "dealer_low": g.dealer_low,
                        "others": len(groups_all) - len(shown) if g is other else 0,
                        "moves": [
                            {"before": a.value, "after": z.value, "hands": n} for a, z, n in g.moves
                        ],
                    }
                    for g in groups
                ],
            }
        )
    return ex.to_json() | {"sentences": sentences, "comparisons": comparisons}


def _summary(stats: PlayerStats) -> dict[str, Any]:
    out = stats.summary()
    out["review"] = len(stats.review)
    return out


router = APIRouter(prefix="/api/trainer")


@router.get("/profiles")
async def profiles() -> dict[str, Any]:
    """The profiles the trainer deals for, and its drills."""
    out = []
    for name in profile_names():
        p = bundled_profile(name)
        out.append(
            {"name": name, "title": p.meta.title, "game": p.meta.game, "way": p.house_way.dealer}
        )
    drills = [{"drill": d, "label": DRILL_LABELS[d]} for d in ("all", *CATEGORIES, "weak")]
    return {"profiles": out, "drills": drills}


@router.post("/deal")
async def deal(body: DealBody, request: Request) -> dict[str, Any]:
    """A hand of the drill, with its settings (no scores before the answer)."""
    profile = _profile(body.profile)
    try:
        drill = drill_name(body.drill)
    except PaigowError as e:
        raise HTTPException(422, str(e)) from None
    user = await _user(request)
    service: Service = request.app.state.service
    stats = None
    if user is not None and drill == "weak":
        stats = (await service.store.run(load_stats, service.store, user.name, profile)).to_json()
    seeds = _seeds(request)
    seed = None if seeds is None else seeds.randint(0, 2**63)
    return await service.compute.run(deal_hand, profile, drill, seed, stats)


@router.post("/answer")
async def answer(body: AnswerBody, request: Request) -> dict[str, Any]:
    """Score a setting by the exact EV it gives up, explain it, count it (signed in)."""
    profile = _profile(body.profile)
    service: Service = request.app.state.service
    try:
        problem, score, explanation = await service.compute.run(
            score_answer, profile, body.pieces, body.high, body.low, body.drill
        )
    except PaigowError as e:
        raise HTTPException(409, str(e)) from None
    user = await _user(request)
    summary = None
    if user is not None and not user.is_operator:
        stats = await service.store.run(record_answer, service.store, user.name, profile, score)
        summary = _summary(stats)
    return {
        "problem": problem,
        "score": score.to_json(),
        "explanation": explanation,
        "stats": summary,
    }


@router.get("/stats")
async def stats(profile: str, request: Request) -> dict[str, Any]:
    """The signed-in account's statistics for ``profile``."""
    name = _profile(profile)
    user = await _user(request)
    if user is None:
        raise HTTPException(401, "sign in to keep statistics")
    service: Service = request.app.state.service
    found = await service.store.run(load_stats, service.store, user.name, name)
    return {"profile": name, "stats": _summary(found)}


def install(app: FastAPI) -> None:
    """Add the trainer's routes to the service's application."""
    app.include_router(router)
