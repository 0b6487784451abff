"""The store's side of account names (:mod:`paigow.service.kit.names`): the skeleton a new account
holds, refused when an account holds it already — the same name (taken) or a look-alike. The
unique index on ``users.skeleton`` decides between two registrations at the same moment."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ..kit.names import NameRefusedError, name_problem, skeleton
from . import schema as db
from .database import Database

__all__ = ["LOOK_ALIKE", "free_skeleton", "name_refusal", "skeleton_holder"]

#: What a look-alike of an existing name is told.
LOOK_ALIKE = (
    "is too like an existing name (0 and o, 1, i and l, 2 and z, 5 and s, 8 and b, 9 and g, "
    "rn and m, vv and w, cl and d read alike, and _ is not counted); choose another"
)


def name_refusal(name: str, holder: str) -> NameRefusedError:
    """Why ``name`` is refused when ``holder`` holds its skeleton."""
    if holder == name:
        return NameRefusedError(f"the name {name!r} is taken")
    return NameRefusedError(f"the name {name!r} {LOOK_ALIKE}")


def free_skeleton(c: Connection, name: str) -> str:
    """The skeleton a new account ``name`` will hold, inside the transaction that creates it
    (every new account's name passes here: players', operators', the web client's guests').

    Raises:
        NameRefusedError: the name is outside the rule, or an account holds its skeleton (the
            name is taken, or too like another).
    """
    why = name_problem(name)
    if why is not None:
        raise NameRefusedError(why)
    sk = skeleton(name)
    u = db.users
    holder = c.execute(sa.select(u.c.name).where(u.c.skeleton == sk)).scalar()
    if holder is not None:
        raise name_refusal(name, str(holder))
    return sk


def skeleton_holder(store: Database, name: str) -> str | None:
    """The account that holds ``name``'s skeleton (``name`` itself, or a look-alike), or None:
    asked before a registration's slow work, which :func:`free_skeleton` checks again."""
    u = db.users
    with store.engine.connect() as c:
        found = c.execute(sa.select(u.c.name).where(u.c.skeleton == skeleton(name))).scalar()
    return None if found is None else str(found)
