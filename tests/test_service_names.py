"""Account names (docs/service.md, "Account names"; :mod:`paigow.service.kit.names`): one spelling
per name (NFKC, case-folded), the rule read whole, nothing invisible, no look-alike of an
existing account, enforced by the database (``users.skeleton`` under a unique index, migration
``0009_name_skeletons``).

The defect these guard: ``alice\\n`` and ``boss\\n`` registered (the rule's ``$`` under
``re.match`` forgave a trailing line break) and were shown as ``alice`` and ``boss`` in seats,
events and chat; ``b0ss`` or ``a1ice`` could pass for ``boss`` and ``alice``; ``Alice`` was
refused rather than read as ``alice``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from hypothesis import given
from hypothesis import strategies as st

from paigow.service.db import schema as db
from paigow.service.db.sessions_sql import register
from paigow.service.kit.names import (
    FOLDS,
    SEQUENCES,
    NameRefusedError,
    account_name,
    normal_name,
    skeleton,
)
from paigow.service.store.store import Store
from service_fixtures import BACKENDS, db_url, pg_cluster
from service_support import OPERATOR, PASSWORD, Server

__all__ = ["pg_cluster"]

RULE = re.compile(r"[a-z][a-z0-9_]{2,23}")
NAMES = st.from_regex(RULE, fullmatch=True)
#: Characters nobody sees, or sees as a space or a line break.
INVISIBLE = st.characters(categories=["Cc", "Cf", "Zs", "Zl", "Zp"])
#: Every spelling that reads as one skeleton's letter (docs: the folds and the pairs).
ALIKE: dict[str, list[str]] = {}
for _a, _b in [*FOLDS.items(), *((one, pair) for pair, one in SEQUENCES)]:
    ALIKE.setdefault(_b, [_b]).append(_a)
    ALIKE.setdefault(_a, [_a]).append(_b)


def _reference_ok(raw: str) -> bool:
    """The rule, said again plainly: the normalised name matches it whole, and is not read as
    a computer player's name (``bot-N``)."""
    name = normal_name(raw)
    bots = {skeleton(f"bot-{n}") for n in range(100)}
    return RULE.fullmatch(name) is not None and skeleton(name) not in bots


# ---------------------------------------------------------------------- the parser (properties)
#: Any text, and text near names: names in capitals, names with something after them.
TEXTS = st.one_of(
    st.text(max_size=40),
    NAMES,
    NAMES.map(str.upper),
    st.tuples(NAMES, st.text(max_size=3)).map("".join),
)


@given(TEXTS)
def test_a_name_is_accepted_exactly_when_its_normal_form_keeps_the_rule(raw: str) -> None:
    """Any text: accepted as its normal form (NFKC, case-folded), which keeps the rule read
    whole and is its own normal form; refused, with a reason in words, exactly when the
    reference refuses it."""
    try:
        name = account_name(raw)
    except NameRefusedError as e:
        assert str(e) and not _reference_ok(raw)
        return
    assert _reference_ok(raw)
    assert name == normal_name(raw) == normal_name(name)
    assert RULE.fullmatch(name)


@given(NAMES, st.data())
def test_case_and_width_do_not_make_another_name(name: str, data: st.DataObject) -> None:
    """A name typed in capitals, mixed case or full-width letters is the same name."""
    if not _reference_ok(name):
        return
    mixed = "".join(ch.upper() if data.draw(st.booleans()) else ch for ch in name)
    wide = "".join(chr(ord(ch) + 0xFEE0) if ch.isalnum() else ch for ch in name)
    assert account_name(mixed) == account_name(wide) == account_name(name.upper()) == name


@given(NAMES, INVISIBLE, st.integers(0, 30))
def test_nothing_invisible_passes(name: str, ch: str, at: int) -> None:
    """A control, format or space character anywhere in a name — a trailing line break, a
    zero-width space, a right-to-left override, a soft hyphen — refuses it, naming the
    character's code point."""
    at = min(at, len(name))
    with pytest.raises(NameRefusedError, match=r"U\+[0-9A-F]{4}"):
        account_name(name[:at] + ch + name[at:])
    for tail in ("\n", "\r\n", " ", "\u200b"):
        with pytest.raises(NameRefusedError):
            account_name(name + tail)


@given(NAMES, st.data())
def test_look_alikes_have_one_skeleton(name: str, data: st.DataObject) -> None:
    """Any character swapped for one that reads alike (0/o, 1/i/l, 2/z, 5/s, 8/b, 9/g,
    rn/m, vv/w, cl/d) and underscores added leave the skeleton as it was; the skeleton is its
    own skeleton, and holds none of the characters it folds."""
    sk = skeleton(name)
    parts, i = [], 0
    while i < len(sk):  # each pair of the skeleton as itself or its letter, each letter as any
        pair = next((p for p, _ in SEQUENCES if sk.startswith(p, i)), None)
        if pair is not None and data.draw(st.booleans()):
            parts.append(dict(SEQUENCES)[pair])
            i += 2
        else:
            parts.append(data.draw(st.sampled_from(ALIKE.get(sk[i], [sk[i]]))))
            i += 1
    twin = "".join(ch + ("_" if data.draw(st.booleans()) else "") for ch in "".join(parts))
    assert skeleton(twin) == sk
    assert skeleton(sk) == sk
    assert not set(sk) & {*FOLDS, "_", *(one for _, one in SEQUENCES)}


def test_pairs_and_their_letters_run_together_as_one_skeleton() -> None:
    """``vv`` reads as ``w`` however the letters run: ``bvw``, ``bwv`` and ``bvvv`` are one
    skeleton (replacing the pairs left to right made ``bvvv`` read ``bwv``, another skeleton
    than ``bvw``'s, so either name could be taken beside the other), and so for ``rn``/``m``
    and ``cl``/``d``."""
    assert skeleton("bvw") == skeleton("bwv") == skeleton("bvvv") != skeleton("bww")
    assert skeleton("arnm") == skeleton("amrn") == skeleton("arnrn") == skeleton("amm")
    assert skeleton("acld") == skeleton("adcl") == skeleton("aclcl") == skeleton("add")


def test_the_defect_s_names() -> None:
    """The names of the report, and a few more, as the rule reads them."""
    for raw in ("alice\n", "boss\n", "al\u200bice", "bo\u202ess", "bob\u00ad", "élan"):
        with pytest.raises(NameRefusedError):
            account_name(raw)
    assert account_name("Alice") == account_name("ＡＬＩＣＥ") == "alice"
    assert skeleton("b0ss") == skeleton("bo5s") == skeleton("boss_") == skeleton("boss")
    assert skeleton("a1ice") == skeleton("allce") == skeleton("alice")
    assert skeleton("rnary") == skeleton("mary") and skeleton("vvill") == skeleton("will")
    with pytest.raises(NameRefusedError, match="computer player"):
        account_name("bot_1")
    assert account_name("bots", new=False) == "bots"  # an existing account still signs in


# ---------------------------------------------------------------------- over HTTP
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One SQLite server for the module (its operator: ``boss``)."""
    tmp = tmp_path_factory.mktemp("names")
    srv = Server(f"sqlite:///{tmp / 'names.sqlite3'}", tmp).start()
    try:
        yield srv
    finally:
        srv.stop()


def _register(server: Server, name: str) -> tuple[int, str]:
    r = server.http("POST", "/api/register", body={"name": name, "password": PASSWORD})
    return r.status_code, str(r.json().get("name") or r.json().get("detail"))


def test_a_name_with_a_trailing_line_break_is_refused_over_http(server: Server) -> None:
    """The defect: ``alice\\n`` and ``boss\\n`` were registered (201) and shown as ``alice`` and
    ``boss``. Now each is refused (409) saying why; no such account exists."""
    for raw in ("alice\n", "boss\n", "carol\r\n", "dave\u200b"):
        status, why = _register(server, raw)
        assert status == 409 and "line breaks or invisible characters" in why, (raw, why)
    op = server.login(OPERATOR)
    found = server.http("GET", "/api/pit/accounts?q=", op).json()
    assert all(a["name"] == normal_name(a["name"]) == a["name"].strip() for a in found), found


def test_a_name_registers_and_signs_in_in_its_one_spelling(server: Server) -> None:
    """``Carol`` registers as ``carol``, and ``CAROL`` or full-width ``ｃａｒｏｌ`` sign in to
    it (before, a capital was refused); a second registration in another spelling is the same
    name, taken."""
    assert _register(server, "Carol") == (201, "carol")
    for typed in ("CAROL", "ｃａｒｏｌ", "carol"):
        r = server.http("POST", "/api/login", body={"name": typed, "password": PASSWORD})
        assert r.status_code == 200 and r.json()["name"] == "carol", (typed, r.text)
    status, why = _register(server, "cAROL")
    assert status == 409 and "taken" in why, why


def test_look_alikes_of_existing_names_are_refused(server: Server) -> None:
    """With ``boss`` (the operator) and ``alice`` registered, their look-alikes are refused
    (409, "too like an existing name"); before, each was a new account. A computer player's
    name (``bot-N``) cannot be imitated either."""
    assert _register(server, "alice")[0] == 201
    for twin in ("b0ss", "bo5s", "boss_", "B0SS", "a1ice", "allce", "al_ice", "aIice"):
        status, why = _register(server, twin)
        assert status == 409 and "too like an existing name" in why, (twin, why)
    for bot in ("bot_1", "b0t2", "bot_7"):
        status, why = _register(server, bot)
        assert status == 409 and "computer player" in why, (bot, why)
    assert _register(server, "alicia")[0] == 201  # a name merely near another is free


def test_an_operator_look_alike_is_refused_at_start_up(server: Server) -> None:
    """``paigow serve --operator NAME`` goes through the same rule: ``b0ss`` beside ``boss``
    is refused before the service starts (before, it became a second operator that reads as
    the first)."""
    env = dict(os.environ, PAIGOW_OPERATOR_PASSWORD=PASSWORD)
    argv = [sys.executable, "-m", "paigow.cli.main", "serve", "--port", "0"]
    for twin in ("b0ss", "B0SS"):  # (a server that starts runs on: the time-out fails the test)
        done = subprocess.run(
            [*argv, "--db", server.db_url, "--operator", twin],
            check=False,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode != 0 and "too like an existing name" in done.stderr, done.stderr


# ---------------------------------------------------------------------- the migration
def _upgrade(store: Store, to: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("paigow.service.db") / "migrations"))
    with store.engine.begin() as c:
        cfg.attributes["connection"] = c
        command.upgrade(cfg, to)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_migration_fills_in_skeletons_and_keeps_existing_twins(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A database of ``0008`` holding look-alikes (``alice``, ``alice\\n``, ``a1ice``) and a
    name now reserved (``bots``): the migration does not fail. The oldest of each skeleton
    holds it, each later twin ``SKELETON#ID`` (it keeps its name and money); the twins and
    the names the rule now refuses are in one warning of the event log. Afterwards the
    database itself refuses a look-alike: the unique index, whoever inserts."""
    store = Store(db_url(backend, tmp_path, request))
    try:
        _upgrade(store, "0008_protection")
        with store.engine.begin() as c:
            for name in ("alice", "alice\n", "a1ice", "bob", "bots"):
                c.execute(
                    sa.text(
                        "INSERT INTO users (name, password_hash, role, created_at) "
                        "VALUES (:n, 'x', 'player', CURRENT_TIMESTAMP)"
                    ),
                    {"n": name},
                )
        store.migrate()
        u = db.users
        with store.engine.connect() as c:
            rows = dict(c.execute(sa.select(u.c.name, u.c.skeleton).order_by(u.c.id)).all())
            ev = c.execute(sa.select(db.events).where(db.events.c.kind == "names_reviewed"))
            events = ev.mappings().all()
        assert rows == {
            "alice": "allce",
            "alice\n": "allce#2",  # (ids 1..5 in the order inserted)
            "a1ice": "allce#3",
            "bob": "bob",
            "bots": "bots",
        }
        assert len(events) == 1 and events[0]["level"] == "warning"
        detail = json.loads(events[0]["detail"])
        assert detail["look_alikes"] == [
            {"name": "alice\n", "like": "alice"},
            {"name": "a1ice", "like": "alice"},
        ]
        assert detail["refused_names"] == ["alice\n"]
        with pytest.raises(sa.exc.IntegrityError), store.engine.begin() as c:
            c.execute(
                u.insert().values(
                    name="allce",
                    password_hash="x",
                    role="player",
                    created_at=sa.func.now(),
                    skeleton="allce",
                )
            )
        with pytest.raises(NameRefusedError, match="too like an existing name"):
            register(store, "al_ice", "x", grant=0, address="192.0.2.1", period=0)
        with pytest.raises(NameRefusedError, match="taken"):
            register(store, "bob", "x", grant=0, address="192.0.2.1", period=0)
        register(store, "carol", "x", grant=0, address="192.0.2.1", period=0)
        carol = store.user_by_name("carol")
        assert carol is not None and carol["skeleton"] == "carol"
        store.migrate()  # again: nothing changes
        with store.engine.connect() as c:
            assert c.execute(sa.select(sa.func.count()).select_from(db.events)).scalar() == 1
    finally:
        store.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_second_migration_spells_each_skeleton_again(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A database of ``0012`` whose skeletons were spelled by replacing pairs left to right
    (``bvvv`` held ``bwv``, beside ``bvw``'s ``bvw``): ``0013`` spells every one again, the
    oldest of each new skeleton holds it, the later look-alike ``SKELETON#ID`` (it keeps its
    name and money), listed in one warning of the event log; then the look-alike of either is
    refused."""
    store = Store(db_url(backend, tmp_path, request))
    try:
        _upgrade(store, "0012_bindings")
        with store.engine.begin() as c:
            for name, old in (("bvw", "bvw"), ("bvvv", "bwv"), ("dora", "dora"), ("amy", "amy")):
                c.execute(
                    sa.text(
                        "INSERT INTO users (name, password_hash, role, created_at, skeleton) "
                        "VALUES (:n, 'x', 'player', CURRENT_TIMESTAMP, :s)"
                    ),
                    {"n": name, "s": old},
                )
        store.migrate()
        u = db.users
        with store.engine.connect() as c:
            rows = dict(c.execute(sa.select(u.c.name, u.c.skeleton).order_by(u.c.id)).all())
            ev = c.execute(sa.select(db.events).where(db.events.c.kind == "names_reviewed"))
            events = ev.mappings().all()
        assert rows == {"bvw": "bvvv", "bvvv": "bvvv#2", "dora": "clora", "amy": "arny"}
        assert len(events) == 1 and events[0]["instance"] == "migration 0013"
        assert json.loads(events[0]["detail"])["look_alikes"] == [{"name": "bvvv", "like": "bvw"}]
        with pytest.raises(NameRefusedError, match="too like an existing name"):
            store.create_user("bwv", "x", "player", 0)
    finally:
        store.close()
