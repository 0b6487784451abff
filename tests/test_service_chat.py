"""Table chat against a real ``paigow serve`` (SQLite and PostgreSQL), websocket clients on
loopback: who writes and who reads (seated players; spectators read, or write where the table
allows it; a signed-out spectator reads), what everyone receives compared with what the store
keeps for the operators' review, mutes, an operator's deletion and silence, and the refusals
(not watching, too long, malformed). docs/service.md, "Chat"."""

from __future__ import annotations

from typing import Any

import pytest

from service_fixtures import operator_token, pg_cluster, server
from service_support import OPERATOR, Client, Server

__all__ = ["operator_token", "pg_cluster", "server"]

MARKUP = '<img src=x onerror="alert(1)"> & <b>bold</b>'


def chat(c: Client, table: str, text: str, ref: str = "r1") -> dict[str, Any]:
    """Post and wait for the answer."""
    c.send({"type": "chat", "table": table, "text": text, "ref": ref})
    return c.until(lambda m: m.get("type") == "chat_result" and m.get("ref") == ref, "result")


def heard(c: Client, table: str, text: str) -> dict[str, Any]:
    """The chat message ``c`` got (or gets) with ``text`` (each test's texts are its own)."""

    def it(m: dict[str, Any]) -> bool:
        return m.get("type") == "chat" and m["table"] == table and m["message"]["text"] == text

    got = [m for m in c.messages if it(m)]
    return dict((got[-1] if got else c.until(it, f"chat {text!r}"))["message"])


def history(c: Client, table: str) -> dict[str, Any]:
    """Subscribe; the ``chat_history`` that follows the state."""
    c.send({"type": "subscribe", "table": table})
    return c.until(lambda m: m.get("type") == "chat_history" and m["table"] == table, "history")


@pytest.fixture(scope="module")
def room(server: Server, operator_token: str) -> dict[str, Client]:
    """Table ``talk``: anna and bert seated, cyra (signed in) and a signed-out page watching."""
    server.open_table(operator_token, id="talk", profile="generic", wager_seconds=3600)
    anna, bert = server.seat("talk", ["anna", "bert"], ["1", "2"])
    cyra = server.client(server.player("cyra"))
    history(cyra, "talk")
    page = server.watcher()
    history(page, "talk")
    op = server.client(operator_token)
    history(op, "talk")
    return {"anna": anna, "bert": bert, "cyra": cyra, "page": page, "op": op}


def review(server: Server, table: str) -> list[dict[str, Any]]:
    r = server.http("GET", f"/api/tables/{table}/chat", server.login(OPERATOR))
    assert r.status_code == 200, r.text
    return list(r.json())


def test_a_message_reaches_everyone_watching_as_stored(
    server: Server, room: dict[str, Client]
) -> None:
    """A seated player's message: posted, and every watcher — the other player, a signed-in
    and a signed-out spectator, the operator — receives exactly the stored message, markup
    as plain text (no client is asked to interpret it)."""
    r = chat(room["anna"], "talk", f"  {MARKUP}\n")
    assert r["status"] == "posted", r
    got = {who: heard(c, "talk", MARKUP) for who, c in room.items()}
    stored = [m for m in review(server, "talk") if m["id"] == r["id"]]
    assert len(stored) == 1 and stored[0]["text"] == MARKUP and stored[0]["deleted_at"] is None
    want = {k: stored[0][k] for k in ("id", "author", "role", "text", "at")}
    assert want["author"] == "anna" and want["role"] == "player"
    for who, m in got.items():
        assert m == want, who


def test_spectators_read_where_the_table_says_so(server: Server, room: dict[str, Client]) -> None:
    """At a table without ``spectator_chat`` a signed-in spectator is refused, the signed-out
    page too; the history a new watcher gets says spectators read. At one with it, the
    spectator's message is posted with the role ``spectator``."""
    r = chat(room["cyra"], "talk", "may I?")
    assert r["status"] == "refused" and "spectators read" in r["error"], r
    r = chat(room["page"], "talk", "me too?")
    assert r["status"] == "refused" and "sign in" in r["error"], r
    late = server.client(server.player("dora"))
    h = history(late, "talk")
    assert h["spectators"] == "read" and h["silenced_until"] is None
    assert any(m["text"] == MARKUP for m in h["messages"])
    server.open_table(
        server.login(OPERATOR), id="open-talk", profile="generic", spectator_chat=True
    )
    assert history(late, "open-talk")["spectators"] == "write"
    r = chat(late, "open-talk", "hello from the rail")
    assert r["status"] == "posted"
    assert heard(late, "open-talk", "hello from the rail")["role"] == "spectator"
    late.close()


def test_refusals_name_the_reason(server: Server, room: dict[str, Client]) -> None:
    """Not watching the table, nothing to send, too long, an unknown table, a malformed
    message: each refused with its reason, nothing stored."""
    before = len(review(server, "talk"))
    anna = room["anna"]
    fresh = server.client(server.login("anna"))
    r = chat(fresh, "talk", "hi")
    assert r["status"] == "refused" and "subscribe" in r["error"]
    fresh.close()
    assert "nothing to send" in chat(anna, "talk", " \u200b ")["error"]
    assert "at most 300" in chat(anna, "talk", "x" * 301)["error"]
    assert "no open table" in chat(anna, "nowhere", "hi")["error"]
    anna.send({"type": "chat", "table": "talk", "text": "hi", "colour": "red"})
    err = anna.until(lambda m: m.get("type") == "error", "error")
    assert "colour" in err["error"]
    assert len(review(server, "talk")) == before


def test_a_player_mutes_another(server: Server, room: dict[str, Client]) -> None:
    """bert mutes anna: the server sends bert none of anna's messages (live or in the
    history), the others still get them; unmuted, bert hears anna again."""
    bert_token = server.login("bert")
    r = server.http("POST", "/api/me/mutes", bert_token, {"player": "anna", "mute": True})
    assert r.status_code == 200 and r.json() == {"muted": ["anna"]}, r.text
    assert server.http("GET", "/api/me/mutes", bert_token).json() == {"muted": ["anna"]}
    start = len(room["bert"].messages)
    assert chat(room["anna"], "talk", "can bert hear me?")["status"] == "posted"
    assert chat(room["bert"], "talk", "quiet here")["status"] == "posted"
    heard(room["cyra"], "talk", "can bert hear me?")
    heard(room["bert"], "talk", "quiet here")  # in order: anna's would have come before it
    seen = [m for m in room["bert"].messages[start:] if m.get("type") == "chat"]
    assert [m["message"]["author"] for m in seen] == ["bert"], seen
    again = server.client(bert_token)
    assert all(m["author"] != "anna" for m in history(again, "talk")["messages"])
    again.close()
    r = server.http("POST", "/api/me/mutes", bert_token, {"player": "anna", "mute": False})
    assert r.json() == {"muted": []}
    assert chat(room["anna"], "talk", "and now?")["status"] == "posted"
    heard(room["bert"], "talk", "and now?")
    assert server.http("POST", "/api/me/mutes", bert_token, {"player": "bert"}).status_code == 422


def test_an_operator_deletes_a_message(server: Server, room: dict[str, Client]) -> None:
    """Deleted: every watcher is told to remove it, a new watcher's history lacks it, the
    review keeps it with who deleted it, and the event log has the deletion."""
    r = chat(room["bert"], "talk", "something rude")
    mid = r["id"]
    op = server.login(OPERATOR)
    d = server.http("POST", f"/api/tables/talk/chat/{mid}/delete", op)
    assert d.status_code == 200 and d.json()["author"] == "bert", d.text
    for who, c in room.items():
        c.until(lambda m: m.get("type") == "chat_deleted" and m["id"] == mid, f"{who}: deleted")
    row = next(m for m in review(server, "talk") if m["id"] == mid)
    assert row["deleted_by"] == OPERATOR and row["deleted_at"]
    late = server.watcher()
    assert all(m["id"] != mid for m in history(late, "talk")["messages"])
    late.close()
    events = server.http("GET", "/api/events?table=talk&limit=1000", op).json()
    assert any(e["kind"] == "chat_deleted" and e["detail"]["message"] == mid for e in events)
    assert server.http("POST", "/api/tables/talk/chat/999999/delete", op).status_code == 404


def test_an_operator_silences_an_account(server: Server, room: dict[str, Client]) -> None:
    """Silenced: the account's messages are refused (saying until when), its history says so;
    lifted, it writes again. Both are in the event log."""
    op = server.login(OPERATOR)
    r = server.http("POST", "/api/accounts/anna/silence", op, {"minutes": 30})
    assert r.status_code == 200 and r.json()["silenced"] and r.json()["until"], r.text
    refused = chat(room["anna"], "talk", "let me speak")
    assert refused["status"] == "refused" and "silenced" in refused["error"], refused
    again = server.client(server.login("anna"))
    assert history(again, "talk")["silenced_until"] == r.json()["until"]
    again.close()
    r = server.http("POST", "/api/accounts/anna/unsilence", op)
    assert r.json() == {"name": "anna", "silenced": False, "lifted": True}
    assert chat(room["anna"], "talk", "thank you")["status"] == "posted"
    kinds = {e["kind"] for e in server.http("GET", "/api/events?limit=1000", op).json()}
    assert {"chat_silenced", "chat_unsilenced"} <= kinds
    bad = server.http("POST", "/api/accounts/nobody-here/silence", op, {"minutes": 5})
    assert bad.status_code == 404
