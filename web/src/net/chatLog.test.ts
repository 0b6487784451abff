import { describe, expect, it } from "vitest";
import type { ServerMessage } from "../protocol";
import { parseServerMessage } from "../protocol";
import type { ChatLine } from "./chatLog";
import { CHAT_KEEP, EMPTY_CHAT, applyChat, chatBlocked, chatLength } from "./chatLog";

const line = (id: number, author = "ann", text = `line ${id}`): ChatLine => ({
  id,
  author,
  role: "player",
  text,
  at: "2026-11-25T16:40:00+00:00",
});
const none = new Set<string>();

describe("a table's chat", () => {
  it("starts from the history, adds each message once, removes a deleted one", () => {
    let v = applyChat(
      EMPTY_CHAT,
      "t1",
      {
        type: "chat_history",
        table: "t1",
        messages: [line(1), line(2, "bob")],
        spectators: "write",
        silenced_until: null,
      },
      none,
    );
    expect(v.lines.map((l) => l.id)).toEqual([1, 2]);
    expect(v.spectators).toBe("write");
    const three: ServerMessage = { type: "chat", table: "t1", message: line(3) };
    v = applyChat(v, "t1", three, none);
    expect(applyChat(v, "t1", three, none)).toBe(v); // the same message twice: once
    expect(applyChat(v, "t1", { type: "chat", table: "t2", message: line(4) }, none)).toBe(v);
    v = applyChat(v, "t1", { type: "chat_deleted", table: "t1", id: 2 }, none);
    expect(v.lines.map((l) => l.id)).toEqual([1, 3]);
  });

  it("keeps nothing of a muted player and at most CHAT_KEEP lines", () => {
    const muted = new Set(["bob"]);
    let v = EMPTY_CHAT;
    for (let i = 1; i <= CHAT_KEEP + 20; i++) {
      v = applyChat(v, "t1", { type: "chat", table: "t1", message: line(i, i % 2 ? "ann" : "bob") }, muted);
    }
    expect(v.lines.every((l) => l.author === "ann")).toBe(true);
    v = EMPTY_CHAT;
    for (let i = 1; i <= CHAT_KEEP + 20; i++)
      v = applyChat(v, "t1", { type: "chat", table: "t1", message: line(i) }, none);
    expect(v.lines).toHaveLength(CHAT_KEEP);
    expect(v.lines[0]?.id).toBe(21);
  });

  it("says who may write", () => {
    const player = { name: "ann", role: "player" };
    expect(chatBlocked(EMPTY_CHAT, null, false)).toEqual({ key: "chat.signIn" });
    expect(chatBlocked(EMPTY_CHAT, player, false)).toEqual({ key: "chat.seatedOnly" });
    expect(chatBlocked(EMPTY_CHAT, player, true)).toBeNull();
    expect(chatBlocked({ ...EMPTY_CHAT, spectators: "write" }, player, false)).toBeNull();
    expect(chatBlocked(EMPTY_CHAT, { name: "boss", role: "operator" }, false)).toBeNull();
    expect(chatBlocked({ ...EMPTY_CHAT, silencedUntil: "" }, player, true)).toEqual({ key: "chat.silenced" });
    const until = "2026-01-02T03:04:05Z";
    expect(chatBlocked({ ...EMPTY_CHAT, silencedUntil: until }, player, true)).toEqual({
      key: "chat.silencedUntil",
      until,
    });
  });

  it("counts code points as the server does", () => {
    expect(chatLength("天地")).toBe(2);
    expect(chatLength("👍")).toBe(1);
  });

  it("accepts the chat messages and refuses malformed ones", () => {
    expect(parseServerMessage(JSON.stringify({ type: "chat", table: "t1", message: line(1) }))?.type).toBe("chat");
    expect(parseServerMessage(JSON.stringify({ type: "chat", table: "t1", message: { text: 5 } }))).toBeNull();
    expect(parseServerMessage(JSON.stringify({ type: "chat_deleted", table: "t1", id: "x" }))).toBeNull();
    expect(parseServerMessage(JSON.stringify({ type: "chat_history", table: "t1", messages: [] }))?.type).toBe(
      "chat_history",
    );
  });
});
