"""Deltas, not states: after its snapshot a subscriber is sent only what changed in its own
projection (:mod:`paigow.service.wire.deltas`), numbered; the projection is made once per distinct
visibility and each frame encoded once.

The properties: a patch turns any JSON object into any other (hypothesis), a malformed patch or
one out of order is refused, never applied in part; over whole rounds of every profile played
by random people (tests/service_sim.py), every viewer's state rebuilt from its deltas equals
the whole state the server would have sent it (the slow obvious reference: ``state`` made for
each subscriber alone), its events equal the events made for it alone, and the projections
made once for all equal :func:`paigow.table.observation.observe` made for each viewer.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import itertools
import json
import zlib
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.service.accounts.auth import User
from paigow.service.tables.config import TableConfig
from paigow.service.tables.projection import Kept
from paigow.service.tables.views import INLINE
from paigow.service.wire.deltas import Differ, PatchError, apply_patch, diff
from paigow.table.observation import (
    SPECTATOR,
    Observer,
    observe,
    observe_all,
    observe_op,
    observe_ops,
)
from service_client import Feed
from service_sim import PROFILES, Sim, Sub

scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.floats(-2, 2) | st.sampled_from("ab")
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("abcd"), inner),
    max_leaves=12,
)
objects = st.dictionaries(st.sampled_from("abcdef"), values, max_size=5)


#: orjson writes and reads these values as the standard library does (the integers here are
#: far inside 64 bits; a key that is not a string is written as one), at a fraction of the cost.
NON_STR = orjson.OPT_NON_STR_KEYS
SORTED = NON_STR | orjson.OPT_SORT_KEYS


def plain(value: Any) -> Any:
    """``value`` as a client receives it (JSON text parsed)."""
    return orjson.loads(orjson.dumps(value, option=NON_STR))


def same(a: Any, b: Any) -> bool:
    """Equal as JSON text (types too: ``1`` is not ``True``)."""
    return orjson.dumps(a, option=SORTED) == orjson.dumps(b, option=SORTED)


def encode(value: Any) -> str:
    """``value`` as a frame carries it: JSON text, the keys in their order."""
    return json.dumps(value, separators=(",", ":"))


@settings(max_examples=400, deadline=None)
@given(st.lists(objects, min_size=2, max_size=6))
def test_deltas_rebuild_every_state_of_a_sequence(states: list[dict[str, Any]]) -> None:
    """Applying each difference to the state before gives exactly the next state, through
    JSON as the wire carries it, and neither state is changed by it."""
    have = plain(states[0])
    for old, new in itertools.pairwise(states):
        kept = (copy.deepcopy(old), copy.deepcopy(new))
        patch = plain(diff(old, new))
        assert (old, new) == kept
        before = copy.deepcopy(have)
        have = apply_patch(have, patch)
        assert same(have, new), (old, new, patch)
        assert same(before, old)


@settings(max_examples=300, deadline=None)
@given(objects, objects, st.lists(st.tuples(values, values), min_size=3, max_size=5))
def test_one_differ_for_many_viewers_gives_each_its_own_patch(
    shared_old: dict[str, Any], shared_new: dict[str, Any], own: list[tuple[Any, Any]]
) -> None:
    """Viewers whose states hold the same part (as a broadcast's projections share the public
    ones), their differences found by one :class:`Differ`, every state alive until the last
    patch (as in a broadcast): each viewer's patch is the one a differ of its own finds, and
    applying it gives its new state. The first viewer's state also holds the part at a second
    path; the viewers after the second get the very entries the second got (the part's changes
    written out once for all, at the same path)."""
    differ = Differ()
    alive: list[Any] = []
    shared: list[list[Any]] = []
    for n, (mine_old, mine_new) in enumerate(own):
        old: dict[str, Any] = {"round": {"public": shared_old, "mine": mine_old}}
        new: dict[str, Any] = {"round": {"public": shared_new, "mine": mine_new}}
        if n == 0:
            old["head"], new["head"] = shared_old, shared_new
        alive += [old, new]
        patch = differ.patch(old, new)
        assert patch == diff(copy.deepcopy(old), copy.deepcopy(new))
        assert same(apply_patch(plain(old), plain(patch)), new)
        shared.append([e for e in patch if e[0][:2] == ["round", "public"]])
    for entries in shared[2:]:
        assert len(entries) == len(shared[1])
        assert all(a is b for a, b in zip(entries, shared[1], strict=True))


@settings(max_examples=300, deadline=None)
@given(objects, st.lists(st.lists(values, max_size=3) | values, max_size=4))
def test_a_malformed_patch_is_refused_whole(doc: dict[str, Any], patch: Any) -> None:
    """Junk as a patch: refused (PatchError), or applied to a copy; the state the client
    holds is never changed in place, and nothing else is raised."""
    kept = copy.deepcopy(doc)
    with contextlib.suppress(PatchError):
        apply_patch(doc, patch)
    assert doc == kept


def test_a_feed_asks_again_after_a_gap_or_a_patch_that_does_not_fit() -> None:
    """A client's feed: a delta out of order, a repeated one, or one whose path is not in
    its state leaves it without a state (it subscribes again) until the next snapshot."""
    feed = Feed()
    assert feed.take({"type": "state", "table": "t", "n": 3, "state": {"a": 1}}) is not None
    got = feed.take({"type": "delta", "table": "t", "n": 4, "events": [], "patch": [[["a"], 2]]})
    assert got is not None and got["state"] == {"a": 2} and got["type"] == "event"
    assert feed.take({"type": "delta", "table": "t", "n": 4, "events": [], "patch": []}) is None
    assert feed.state is None and feed.lost == 1
    assert feed.take({"type": "delta", "table": "t", "n": 5, "events": [], "patch": []}) is None
    feed.take({"type": "state", "table": "t", "n": 9, "state": {"a": 1}})
    bad = [[["b", "c"], 1]]
    assert feed.take({"type": "delta", "table": "t", "n": 10, "events": [], "patch": bad}) is None
    feed.take({"type": "state", "table": "t", "n": 11, "state": {"a": 1}})
    assert feed.take({"type": "delta", "table": "t", "n": 13, "events": [], "patch": []}) is None
    for junk in ("x", [["a"]], [[[], 1]], [[["a", 0], 1]], [[[1], 1]], None):
        feed.take({"type": "state", "table": "t", "n": 1, "state": {"a": 1}})
        assert feed.take({"type": "delta", "table": "t", "n": 2, "patch": junk}) is None, junk


def _config(profile: str, options: dict[str, Any]) -> TableConfig:
    return TableConfig(
        id="deltas",
        profile=profile,
        computer_players=0,
        pause_seconds=0,
        **options,
    )


@pytest.mark.parametrize(("profile", "options"), PROFILES, ids=[p for p, _ in PROFILES])
def test_every_viewer_rebuilds_the_state_it_would_have_been_sent(
    profile: str, options: dict[str, Any]
) -> None:
    """60 rounds per profile with four random players, an operator, a signed-in spectator, an
    anonymous one and a second connection of a player: at every frame each subscriber's state
    rebuilt from its deltas equals the state made for it alone (the code before deltas), and
    its events the events made for it alone; every delta of one broadcast to subscribers who
    see the same is one encoded text."""
    seed = zlib.crc32(profile.encode())
    sim = Sim(_config(profile, options), players=4, seed=seed)
    extra = [Sub(User(0, "", "spectator"), sim._check), Sub(sim.users[0], sim._check)]
    sim.subs += extra
    actor = sim.actor
    applied_now: list[Any] = []
    push = actor._push

    def recording(applied: list[Any], inline: Any = None) -> None:
        applied_now[:] = applied
        push(applied, inline)

    actor._push = recording  # type: ignore[method-assign]
    checked = {"deltas": 0, "events": 0, "states": 0}

    def check(s: Sim, sub: Sub, msg: dict[str, Any]) -> None:
        viewer = actor.viewer(sub.user)
        whole = plain(actor.state(viewer, sub.user))
        assert same(msg["state"], whole), (sub.user.name, msg.get("patch"))
        if msg["type"] == "event":
            assert same(msg["events"], plain(actor._events(applied_now, viewer)))
            checked["deltas" if "patch" in msg else "events"] += 1
        else:
            checked["states"] += 1

    sim.run(60, check)
    assert actor.engine.session.rounds >= 60
    # almost everything went as deltas: whole states only to new subscribers and to viewers
    # whose visibility changed (a player who sat down)
    assert checked["deltas"] > 20 * checked["events"], checked


def test_inline_results_come_once_in_the_senders_frame_after_the_change() -> None:
    """Two players' commands answered inside their frames (``/ws?results=inline``), the others
    apart, for 15 rounds: each answer marked :data:`~paigow.service.tables.views.INLINE` was carried
    by exactly one frame of the sender's own subscriber, whole (type, table, id and the
    result), and by no one else's; an answer not so marked by none; a frame's results follow
    the change they answer (an applied command's number is at most the frame's ``seq``)."""
    sim = Sim(_config("generic", {}), players=4, seed=11)
    by_name = {s.user.name: s for s in sim.subs if s.user in sim.users}
    sim.inline = {n: by_name[n] for n in ("p1", "p2")}
    sim.run(15, lambda *_a: None)  # (Sub.push: a frame's results follow its change)
    carried = {s.user.name: {r["id"]: r for r in s.results} for s in sim.subs}
    for s in sim.subs:
        ids = [r["id"] for r in s.results]
        assert len(ids) == len(set(ids)), s.user.name
    told = apart = 0
    for user, key, r in sim.answers:
        mine = carried.get(user.name, {})
        others = [n for n, got in carried.items() if key in got and n != user.name]
        assert not others, (key, others)
        if r.get(INLINE):
            told += 1
            assert user.name in sim.inline
            plain_r = {k: v for k, v in r.items() if k != INLINE}
            assert mine[key] == {
                "type": "result",
                "table": sim.actor.table_id,
                "id": key,
                **plain_r,
            }
        else:
            apart += 1
            assert key not in mine
    assert told > 100 and apart > 100, (told, apart)


def test_one_frame_for_all_who_see_the_same() -> None:
    """Two connections of one player, and two anonymous spectators, are sent the very same
    text object for each delta (encoded once) once they share a base; a player and the
    spectators differ."""
    sim = Sim(_config("generic", {}), players=2, seed=5)
    texts: dict[str, list[str]] = {}

    class Raw(Sub):
        def __init__(self, user: User, tag: str) -> None:
            super().__init__(user, sim._check)
            self.tag = tag

        def push(self, message: dict[str, Any] | str) -> None:
            if isinstance(message, str):
                texts.setdefault(self.tag, []).append(message)
            super().push(message)

    anon = User(0, "", "spectator")
    sim.subs += [Raw(sim.users[0], "p1a"), Raw(sim.users[0], "p1b")]
    sim.subs += [Raw(anon, "s1"), Raw(anon, "s2")]
    sim.run(3, lambda *_a: None)
    assert texts["p1a"] and len(texts["p1a"]) == len(texts["p1b"])
    assert all(a is b for a, b in zip(texts["p1a"], texts["p1b"], strict=True))
    # (each spectator's first delta is made from its own snapshot; from then on they share)
    assert all(a is b for a, b in zip(texts["s1"][1:], texts["s2"][1:], strict=True))
    assert any(a != b for a, b in zip(texts["p1a"], texts["s1"], strict=False))


@pytest.mark.parametrize("full_states", [False, True])
def test_commands_waiting_together_are_told_in_one_frame_before_their_answers(
    full_states: bool,
) -> None:
    """Three players who sit down at once: their commands are applied and committed in one
    batch and every subscriber is told all of them in one frame (PAIGOW_FULL_STATES=1, the
    code before: a batch and a frame each), and each sender is answered only after the frame
    with its command reached its own connection."""
    sim = Sim(_config("generic", {}), players=3, seed=11)
    sim.actor.full_states = full_states
    told: dict[str, list[list[tuple[int, str]]]] = {}

    def check(_s: Sim, sub: Sub, msg: dict[str, Any]) -> None:
        if msg["type"] == "event":
            steps = [(e["seq"], e["action"]) for e in msg["events"]]
            told.setdefault(sub.user.name, []).append(steps)

    sim.checker = check
    seen: dict[str, set[int]] = {}

    async def sit(u: User, seat: str) -> dict[str, Any]:
        r = await sim.actor.command(u, f"k-{u.name}", "sit", {"seat": seat, "cents": 200_000})
        seen[u.name] = {seq for frame in told.get(u.name, []) for seq, _a in frame}
        return r

    async def main() -> list[dict[str, Any]]:
        sim.actor.start()
        for sub in sim.subs:
            await sim.actor.subscribe(sub)
        found = await asyncio.gather(*(sit(u, str(i + 1)) for i, u in enumerate(sim.users)))
        await sim.actor.stop()
        return list(found)

    results = asyncio.run(main())
    assert [r["status"] for r in results] == ["applied"] * 3
    assert len(sim.store.batches) == (3 if full_states else 1)
    sits = [f for f in told["watcher"] if any(a == "sit" for _s, a in f)]
    assert len(sits) == (3 if full_states else 1), told["watcher"]
    for u, r in zip(sim.users, results, strict=True):
        assert r["seq"] in seen[u.name], (u.name, r, told.get(u.name))


def test_a_resubscription_is_a_fresh_base() -> None:
    """Subscribing again (what a client that missed a frame does) sends the state again, and
    the deltas that follow are made from it and apply."""
    sim = Sim(_config("generic", {}), players=2, seed=7)
    kinds: list[str] = []
    sub = sim.subs[0]

    def record(_s: Sim, s: Sub, m: dict[str, Any]) -> None:
        if s is sub:
            kinds.append("delta" if "patch" in m else m["type"])

    async def main() -> None:
        sim.checker = record
        await sim.start()
        for _ in range(60):
            await sim.step()
        kinds.clear()
        n = sub.feed.n
        await sim.actor.subscribe(sub)
        assert kinds == ["state"] and sub.feed.n == n
        for _ in range(60):
            await sim.step()
        await sim.actor.stop()

    asyncio.run(main())
    assert kinds.count("delta") > 10


@pytest.mark.parametrize(("profile", "options"), PROFILES, ids=[p for p, _ in PROFILES])
def test_projections_made_once_equal_each_viewers_own(
    profile: str, options: dict[str, Any]
) -> None:
    """``observe_all`` and ``observe_ops`` (one pass for every viewer) give each viewer exactly
    what ``observe`` and ``observe_op`` give it alone, at every step of 20 rounds; and so does
    an :class:`Observer` that keeps the parts it made from one step to the next (as JSON text,
    the keys in their order: what a frame carries)."""
    sim = Sim(_config(profile, options), players=4, seed=zlib.crc32(profile.encode()) + 1)
    seen = {"steps": 0}
    observer = Observer()

    def check(s: Sim, sub: Sub, _msg: dict[str, Any]) -> None:
        if sub is not s.subs[0]:
            return
        e = s.actor.engine
        rnd = e.round or e.last_round
        if rnd is None:
            return
        viewers = {s.actor.viewer(u.user) for u in s.subs} | {SPECTATOR}
        stmt = e.statement(rnd) if rnd.phase == "done" else None
        for v, got in observe_all(rnd, viewers, stmt).items():
            assert same(got, observe(rnd, v, stmt)), v
        # kept from one step to the next, some viewers one step and all the next
        some = set(itertools.islice(viewers, seen["steps"] % (len(viewers) + 1)))
        for v, got in observer.observe_all(rnd, some or viewers, stmt).items():
            assert encode(got) == encode(observe(rnd, v, stmt)), v
        idx = list(range(max(0, len(rnd.log) - 6), len(rnd.log)))
        for v, ops in observe_ops(rnd, idx, viewers).items():
            assert same(ops, [observe_op(rnd, i, v) for i in idx]), v
        seen["steps"] += 1

    sim.run(20, check)
    assert seen["steps"] > 100


JUNK: list[Any] = ["x", None, [[]], [[[], 1]], [[["zz", "q"], 1]], [[["zz"]]], [[["a"], 1, 2]]]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(objects, min_size=3, max_size=8),
    st.lists(
        st.tuples(st.sampled_from(["drop", "swap", "repeat", "junk"]), st.integers(0, 7)),
        max_size=4,
    ),
    st.integers(0, len(JUNK) - 1),
)
def test_a_client_fed_lost_reordered_or_junk_deltas_never_holds_a_wrong_state(
    states: list[dict[str, Any]], faults: list[tuple[str, int]], junk: int
) -> None:
    """The websocket's deltas dropped, swapped, repeated or replaced by malformed patches: the
    client's feed either holds exactly the state of the frame it says it has, or no state (it
    asked for a snapshot, which the server answers with the state of the frame then)."""
    frames: list[dict[str, Any]] = [
        {"type": "delta", "table": "t", "n": i, "events": [], "patch": plain(diff(a, b))}
        for i, (a, b) in enumerate(itertools.pairwise(states), start=1)
    ]
    for fault, at in faults:
        i = at % len(frames)
        if fault == "drop":
            frames.pop(i)
        elif fault == "swap" and i + 1 < len(frames):
            frames[i], frames[i + 1] = frames[i + 1], frames[i]
        elif fault == "repeat":
            frames.insert(i, frames[i])
        elif fault == "junk":
            frames[i] = {**frames[i], "patch": JUNK[junk]}
        if not frames:
            return
    feed = Feed()
    feed.take({"type": "state", "table": "t", "n": 0, "state": plain(states[0])})
    for frame in frames:
        if feed.state is None:  # the snapshot asked for arrives in place of this frame
            n = frame["n"]
            feed.take({"type": "state", "table": "t", "n": n, "state": plain(states[n])})
            continue
        feed.take(frame)
        if feed.state is not None:
            assert feed.n is not None and same(feed.state, states[feed.n])


@pytest.mark.parametrize(("profile", "options"), PROFILES, ids=[p for p, _ in PROFILES])
def test_the_frames_are_those_of_the_code_that_keeps_nothing(
    profile: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same table played twice by the same random people (20 rounds per profile, every
    kind of viewer): once as the service runs it, the parts of the states kept from one
    broadcast to the next (:class:`Kept`); once keeping nothing between broadcasts (the code
    before it). Every subscriber is sent the very same text, frame by frame."""
    monkeypatch.setattr("time.time", lambda: 1_800_000_000.0)  # the windows' deadlines
    runs = [_frames(profile, options, keep=True), _frames(profile, options, keep=False)]
    kept, afresh = runs
    assert kept.keys() == afresh.keys()
    for name, texts in kept.items():
        assert len(texts) == len(afresh[name]), name
        for i, (a, b) in enumerate(zip(texts, afresh[name], strict=True)):
            assert a == b, (name, i)
    assert sum(len(t) for t in kept.values()) > 1000


def _frames(profile: str, options: dict[str, Any], *, keep: bool) -> dict[str, list[str]]:
    sim = Sim(_config(profile, options), players=4, seed=zlib.crc32(profile.encode()) + 2)
    texts: dict[str, list[str]] = {}

    class Recording(Sub):
        def __init__(self, user: User, tag: str) -> None:
            super().__init__(user, sim._check)
            self.tag = tag

        def push(self, message: dict[str, Any] | str) -> None:
            text = message if isinstance(message, str) else encode(message)
            texts.setdefault(self.tag, []).append(text)
            super().push(message)

    users = [*sim.users, sim.operator, sim.spectator, User(0, "", "spectator"), sim.users[0]]
    sim.subs = [Recording(u, f"{i}:{u.name}") for i, u in enumerate(users)]
    actor = sim.actor
    if not keep:
        push = actor._push

        def afresh(applied: list[Any], inline: Any = None) -> None:
            actor.kept = Kept()
            push(applied, inline)

        actor._push = afresh  # type: ignore[method-assign]
    sim.run(20, lambda *_a: None)
    return texts
