"""``/ws?results=inline``: a command's ``result`` inside the sender's frame of the broadcast
that shows its change (docs/service.md, "The websocket protocol"), on a real ``paigow serve``
and real websocket clients. What is checked, frame by frame as sent:

* the sender's frame carries the answer after the change it answers (its ``events`` hold the
  command's sequence number), and no ``result`` message of its own follows;
* nobody else's frame carries it, and a connection that did not ask (``/ws``) is answered
  apart, as before;
* a command answered without a frame for the sender (refused with nothing changed; a table it
  does not watch) is answered apart on an ``inline`` connection too;
* a ``results`` query other than ``inline`` or ``apart`` is closed with 4400.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from service_support import OPERATOR, Client, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``paigow serve`` on SQLite (what is tested here is the same on either store)."""
    tmp: Path = tmp_path_factory.mktemp("inline")
    srv = Server(f"sqlite:///{tmp / 'service.sqlite3'}", tmp).start()
    try:
        yield srv
    finally:
        srv.stop()


def inline(server: Server, name: str) -> Client:
    return Client(server.ws_url + "?results=inline", server.player(name))


def flush(c: Client) -> None:
    """Read until the server answers a ping: every frame sent before it has come."""
    c.send({"type": "ping"})
    c.until(lambda m: m.get("type") == "pong", "pong")


def apart(c: Client, key: str) -> list[dict[str, Any]]:
    """The ``result`` messages of their own for the command ``key``."""
    return [f for f in c.frames if f.get("type") == "result" and f.get("id") == key]


def carrying(c: Client, key: str) -> list[dict[str, Any]]:
    """The frames whose ``results`` hold the answer to the command ``key``."""
    return [f for f in c.frames if any(r.get("id") == key for r in f.get("results", ()))]


def test_the_answer_comes_inside_the_senders_frame_after_its_change(server: Server) -> None:
    op = server.login(OPERATOR)
    server.open_table(op, id="inl1", profile="generic", pause_seconds=0)
    bob = server.client(server.player("inl_bob"))  # /ws: answered apart
    bob.subscribe("inl1")
    alice = inline(server, "inl_alice")
    alice.subscribe("inl1")
    r = alice.command("inl1", "sit", key="a-sit", seat="1", cents=50_000)
    assert r["status"] == "applied" and isinstance(r["seq"], int)
    flush(alice)
    [frame] = carrying(alice, "a-sit")
    assert frame["type"] in ("delta", "event") and frame["table"] == "inl1"
    assert frame["results"] == [r]  # the whole result message, as apart
    want = {"type": "result", "table": "inl1", "id": "a-sit", "status": "applied"}
    assert r == {**want, "seq": r["seq"]}
    assert r["seq"] in [ev["seq"] for ev in frame["events"]]  # after the change it answers
    assert apart(alice, "a-sit") == []  # and not again on its own
    assert alice.state["inl1"]["seats"]["inl_alice"] == "1"
    # bob saw the change, without alice's answer; his own command is answered apart
    flush(bob)
    assert all("results" not in f for f in bob.frames)
    assert any(r["seq"] in [ev["seq"] for ev in f.get("events", ())] for f in bob.frames)
    rb = bob.command("inl1", "sit", key="b-sit", seat="2", cents=50_000)
    assert rb["status"] == "applied"
    assert len(apart(bob, "b-sit")) == 1 and carrying(bob, "b-sit") == []
    for c in (alice, bob):
        c.close()


def test_an_answer_without_a_frame_for_the_sender_comes_apart(server: Server) -> None:
    op = server.login(OPERATOR)
    server.open_table(op, id="inl2", profile="generic", pause_seconds=0)
    server.open_table(op, id="inl3", profile="generic", pause_seconds=0)
    carol = inline(server, "inl_carol")
    carol.subscribe("inl2")
    carol.ok("inl2", "sit", seat="3", cents=50_000)
    # refused, nothing changed: no broadcast, so its own message
    r = carol.command("inl2", "sit", key="c-again", seat="4", cents=50_000)
    assert r["status"] == "refused"
    flush(carol)
    assert len(apart(carol, "c-again")) == 1 and carrying(carol, "c-again") == []
    # applied at a table it does not watch: no frame of that table is sent to it
    r = carol.command("inl3", "sit", key="c-other", seat="1", cents=50_000)
    assert r["status"] == "applied"
    flush(carol)
    assert len(apart(carol, "c-other")) == 1 and carrying(carol, "c-other") == []
    # a retry of an applied command with its key, sent again: duplicate, apart (nothing new)
    r = carol.command("inl3", "sit", key="c-other", seat="1", cents=50_000)
    assert r["status"] == "duplicate"
    carol.close()


def test_a_results_query_other_than_inline_or_apart_is_closed_4400(server: Server) -> None:
    token = server.player("inl_dave")
    with pytest.raises(ConnectionClosed) as e:
        Client(server.ws_url + "?results=maybe", token)
    assert e.value.rcvd is not None and e.value.rcvd.code == 4400
    c = Client(server.ws_url + "?results=apart", token)
    assert c.welcome["type"] == "welcome"
    c.close()
