import { describe, expect, it } from "vitest";
import type { TableView } from "../protocol";
import { parseServerMessage } from "../protocol";
import { clientReducer, initialClientState } from "./clientState";
import { createStore } from "./store";
import { hrefOf, parseRoute } from "../app/router";

const view = (round: number) => ({ id: "t1", round }) as unknown as TableView;

describe("client state", () => {
  it("keeps the newest projection of each table and never goes back", () => {
    const store = createStore(clientReducer, initialClientState);
    const seen: number[] = [];
    store.subscribe((s) => seen.push(s.tables.t1?.seq ?? -1));
    store.dispatch({ type: "server", message: { type: "table_state", seq: 5, table: view(2) } });
    store.dispatch({ type: "server", message: { type: "table_state", seq: 4, table: view(1) } });
    expect(store.getState().tables.t1?.view.round).toBe(2);
    expect(seen).toEqual([5]);
  });

  it("tracks pending commands and shows a rejection in the player's terms", () => {
    let s = clientReducer(initialClientState, { type: "sent", id: "k1" });
    s = clientReducer(s, { type: "sent", id: "k1" });
    expect(s.pending).toEqual(["k1"]);
    s = clientReducer(s, {
      type: "server",
      message: {
        type: "ack",
        id: "k1",
        status: "rejected",
        error: { code: "limit", message: "The table maximum is $500.00." },
      },
    });
    expect(s.pending).toEqual([]);
    expect(s.notice?.message).toBe("The table maximum is $500.00.");
    expect(clientReducer(s, { type: "dismiss_notice" }).notice).toBeNull();
  });

  it("logs events once each, in sequence order", () => {
    let s = clientReducer(initialClientState, {
      type: "server",
      message: { type: "table_state", seq: 1, table: view(1) },
    });
    const ev = (seq: number) => ({ type: "event" as const, table: "t1", seq, op: "op", text: `e${seq}`, at: "" });
    for (const seq of [3, 2, 3]) s = clientReducer(s, { type: "server", message: ev(seq) });
    expect(s.tables.t1?.log.map((e) => e.seq)).toEqual([2, 3]);
  });
});

describe("protocol envelope", () => {
  it("accepts known message types and refuses the rest", () => {
    expect(parseServerMessage('{"type":"ack","id":"k","status":"applied"}')?.type).toBe("ack");
    expect(parseServerMessage('{"type":"ack","id":"k","status":"maybe"}')).toBeNull();
    expect(parseServerMessage('{"type":"lobby","tables":[]}')?.type).toBe("lobby");
    expect(parseServerMessage('{"type":"table_state","seq":"1","table":{"id":"t"}}')).toBeNull();
    expect(parseServerMessage("[]")).toBeNull();
    expect(parseServerMessage("{")).toBeNull();
  });
});

describe("routes", () => {
  it("parses every page and round-trips links", () => {
    expect(parseRoute("")).toEqual({ page: "lobby" });
    expect(parseRoute("#/table/main%201")).toEqual({ page: "table", table: "main 1" });
    expect(parseRoute("#/recall")).toEqual({ page: "recall", table: null });
    expect(parseRoute("#/nowhere").page).toBe("not-found");
    expect(parseRoute("#/table").page).toBe("not-found");
    for (const h of ["#/lobby", "#/sign-in", "#/cashier", "#/trainer", "#/recall", "#/recall/t1", "#/table/a%2Fb"]) {
      expect(hrefOf(parseRoute(h))).toBe(h);
    }
  });
});
