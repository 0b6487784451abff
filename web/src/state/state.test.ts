import { describe, expect, it } from "vitest";
import type { FloorTable, TableEvent, TableState } from "../protocol";
import { parseServerMessage } from "../protocol";
import { clientReducer, initialClientState } from "./clientState";
import { createStore } from "./store";
import { hrefOf, parseRoute } from "../app/router";

const state = (seq: number, rounds = 0) => ({ table: "t1", seq, rounds }) as unknown as TableState;
const event = (seq: number): TableEvent => ({ seq, action: "wager", round: 1 });
const BOUND = { max: 100, by: "wallet", left_today: null } as const;

describe("client state", () => {
  it("keeps the newest projection of each table and never goes back", () => {
    const store = createStore(clientReducer, initialClientState);
    const seen: number[] = [];
    store.subscribe((s) => seen.push(s.tables.t1?.state.seq ?? -1));
    store.dispatch({ type: "server", message: { type: "state", table: "t1", state: state(5, 2) } });
    store.dispatch({ type: "server", message: { type: "state", table: "t1", state: state(4, 1) } });
    expect(store.getState().tables.t1?.state.rounds).toBe(2);
    expect(seen).toEqual([5]);
  });

  it("tracks pending commands and shows a refusal in the player's terms", () => {
    let s = clientReducer(initialClientState, { type: "sent", id: "k1" });
    s = clientReducer(s, { type: "sent", id: "k1" });
    expect(s.pending).toEqual(["k1"]);
    s = clientReducer(s, {
      type: "server",
      message: { type: "result", table: "t1", id: "k1", status: "refused", error: "The table maximum is $500.00." },
    });
    expect(s.pending).toEqual([]);
    expect(s.notice?.message).toEqual({ server: "The table maximum is $500.00.", fallback: "error.refused" });
    expect(clientReducer(s, { type: "dismiss_notice" }).notice).toBeNull();
  });

  it("logs events once each, in sequence order, and takes their state", () => {
    let s = clientReducer(initialClientState, {
      type: "server",
      message: { type: "state", table: "t1", state: state(1) },
    });
    for (const seq of [3, 2, 3]) {
      s = clientReducer(s, {
        type: "server",
        message: { type: "event", table: "t1", events: [event(seq)], state: state(seq) },
      });
    }
    expect(s.tables.t1?.log.map((e) => e.seq)).toEqual([2, 3]);
    expect(s.tables.t1?.state.seq).toBe(3);
  });

  it("forgets a table and learns the account", () => {
    let s = clientReducer(initialClientState, { type: "table_state", state: state(1) });
    s = clientReducer(s, { type: "forget_table", table: "t1" });
    expect(s.tables).toEqual({});
    s = clientReducer(s, { type: "me", me: { name: "alice", role: "player", wallet: 100, buy_in: BOUND, seats: {} } });
    expect(s.meKnown && s.me?.name).toBe("alice");
  });

  it("takes the wallet another page changed, and keeps a reminder until it is acknowledged", () => {
    let s = clientReducer(initialClientState, {
      type: "me",
      me: { name: "alice", role: "player", wallet: 91_825, buy_in: BOUND, seats: {} },
    });
    const wallet = parseServerMessage(
      '{"type":"wallet","wallet":94275,"buy_in":{"max":5000,"by":"limit","left_today":5000}}',
    );
    expect(wallet?.type).toBe("wallet");
    if (wallet) s = clientReducer(s, { type: "server", message: wallet });
    expect(s.me?.wallet).toBe(94_275);
    expect(s.me?.buy_in).toEqual({ max: 5000, by: "limit", left_today: 5000 });
    const reminder = parseServerMessage('{"type":"reminder","minutes":31,"every":15,"rounds":4,"net":-2500}');
    expect(reminder?.type).toBe("reminder");
    if (reminder) s = clientReducer(s, { type: "server", message: reminder });
    expect(s.reminder).toMatchObject({ minutes: 31, every: 15, rounds: 4, net: -2500 });
    expect(s.notice).toBeNull(); // a dialog to acknowledge, not a notice that closes itself
    s = clientReducer(s, { type: "acknowledge_reminder" });
    expect(s.reminder).toBeNull();
  });
});

describe("the pit's floor", () => {
  const row = (id: string) => ({ id }) as unknown as FloorTable;

  it("takes every floor pushed, and an answer asked for only while none was", () => {
    let s = clientReducer(initialClientState, { type: "floor_asked", tables: [row("asked")] });
    expect(s.floor?.map((t) => t.id)).toEqual(["asked"]);
    const pushed = parseServerMessage('{"type":"floor","tables":[{"id":"pushed"}]}');
    expect(pushed?.type).toBe("floor");
    if (pushed) s = clientReducer(s, { type: "server", message: pushed });
    expect(s.floor?.map((t) => t.id)).toEqual(["pushed"]);
    s = clientReducer(s, { type: "floor_asked", tables: [row("late")] }); // older than the push
    expect(s.floor?.map((t) => t.id)).toEqual(["pushed"]);
    s = clientReducer(s, { type: "floor_forget" });
    expect(s.floor).toBeNull();
    expect(parseServerMessage('{"type":"floor","tables":{}}')).toBeNull();
  });
});

describe("protocol envelope", () => {
  it("accepts known message types and refuses the rest", () => {
    expect(parseServerMessage('{"type":"result","table":"t","id":"k","status":"applied"}')?.type).toBe("result");
    expect(parseServerMessage('{"type":"result","id":"k","status":"maybe"}')).toBeNull();
    expect(parseServerMessage('{"type":"state","table":"t","state":{"seq":1}}')?.type).toBe("state");
    expect(parseServerMessage('{"type":"state","table":"t","state":{"seq":"1"}}')).toBeNull();
    expect(parseServerMessage('{"type":"event","table":"t","state":{"seq":1}}')).toBeNull();
    expect(parseServerMessage('{"type":"lobby"}')).toBeNull();
    expect(parseServerMessage('{"type":"reminder","minutes":15,"every":15}')).toBeNull();
    expect(parseServerMessage('{"type":"wallet","wallet":"1"}')).toBeNull();
    expect(parseServerMessage("[]")).toBeNull();
    expect(parseServerMessage("{")).toBeNull();
  });
});

describe("routes", () => {
  it("parses every page and round-trips links", () => {
    expect(parseRoute("")).toEqual({ page: "lobby" });
    expect(parseRoute("#/table/main%201")).toEqual({ page: "table", table: "main 1" });
    expect(parseRoute("#/recall")).toEqual({ page: "recall", table: null });
    expect(parseRoute("#/recall?round=3&at=t%201")).toEqual({ page: "recall", table: null, round: 3, at: "t 1" });
    expect(hrefOf({ page: "recall", table: null, round: 3, at: "t 1" })).toBe("#/recall?round=3&at=t%201");
    expect(parseRoute("#/recall/t1?round=4")).toEqual({ page: "recall", table: "t1", round: 4 });
    expect(parseRoute("#/nowhere").page).toBe("not-found");
    expect(parseRoute("#/table").page).toBe("not-found");
    for (const h of [
      "#/lobby",
      "#/sign-in",
      "#/cashier",
      "#/trainer",
      "#/recall",
      "#/recall/t1",
      "#/recall/t1?round=2",
      "#/table/a%2Fb",
    ]) {
      expect(hrefOf(parseRoute(h))).toBe(h);
    }
  });
});
