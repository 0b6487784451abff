import { describe, expect, it } from "vitest";
import type { ResultMessage, ServerMessage } from "../protocol";
import { FakeSocket } from "./fakeSocket";
import { DEFAULT_BACKOFF, TableSocket, backoffDelay, randomKey } from "./tableSocket";

const BEAT = 60_000;

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  /** The heartbeat's timers, apart from the reconnection timers. */
  const beats: { fn: () => void; ms: number; live: boolean }[] = [];
  const clock = { now: 0 };
  let key = 0;
  const client = new TableSocket({
    url: "ws://127.0.0.1/ws",
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    random: () => 0.5,
    newKey: () => `k${++key}`,
    setTimer: (fn, ms) => {
      if (ms === BEAT) {
        beats.push({ fn, ms, live: true });
        return `beat${beats.length - 1}`;
      }
      timers.push({ fn, ms });
      return timers.length;
    },
    clearTimer: (h) => {
      if (typeof h === "string") {
        const b = beats[Number(h.slice(4))];
        if (b) b.live = false;
      }
    },
    heartbeatMs: BEAT,
    staleMs: 2 * BEAT + 1,
    now: () => clock.now,
  });
  const latest = () => {
    const s = sockets.at(-1);
    if (!s) throw new Error("no socket");
    return s;
  };
  /** Let the next heartbeat fire, ``ms`` later. */
  const beat = (ms = BEAT) => {
    clock.now += ms;
    const b = beats.filter((x) => x.live).at(-1);
    if (b) {
      b.live = false;
      b.fn();
    }
  };
  return { client, sockets, timers, latest, beat, beats, clock };
}

/** A client connected and subscribed to t1, with its snapshot (frame 7) and every message kept. */
function watching() {
  const h = harness();
  const got: ServerMessage[] = [];
  h.client.onMessage((m) => got.push(m));
  h.client.connect();
  h.latest().open();
  h.client.subscribe("t1");
  const state = { table: "t1", seq: 3, chips: { ann: 500 }, waiting: null };
  h.latest().deliver({ type: "state", table: "t1", n: 7, state, events: [] });
  return { ...h, got, state };
}

describe("TableSocket", () => {
  it("applies a table's deltas to its last state and asks for a snapshot after a gap or junk", () => {
    const { client, latest, got, state } = watching();
    const ev = { seq: 4, action: "wager", round: 1 };
    const patch = [
      [["seq"], 4],
      [["chips", "ann"], 400],
    ];
    latest().deliver({ type: "delta", table: "t1", n: 8, events: [ev], patch });
    expect(got.at(-1)).toEqual({
      type: "event",
      table: "t1",
      n: 8,
      events: [ev],
      state: { table: "t1", seq: 4, chips: { ann: 400 }, waiting: null },
    });
    expect(state.chips.ann).toBe(500); // the snapshot itself is never changed
    const sent = () => latest().sent.filter((m) => m.type === "subscribe").length;
    expect(sent()).toBe(1);
    // a frame missed (9): not applied, one snapshot asked for, later deltas ignored until it comes
    latest().deliver({ type: "delta", table: "t1", n: 10, events: [], patch: [[["seq"], 6]] });
    latest().deliver({ type: "delta", table: "t1", n: 11, events: [], patch: [[["seq"], 7]] });
    expect(got).toHaveLength(2);
    expect(sent()).toBe(2);
    expect(client.resnapshots).toBe(1);
    latest().deliver({ type: "state", table: "t1", n: 11, state: { ...state, seq: 7 } });
    expect(got).toHaveLength(3);
    // junk in a patch: a path that is not there, a malformed change, a replayed frame
    for (const junk of [[[["nope", "x"], 1]], [["seq"]], "x", [[[], 1]], [[["chips", 0], 1]]]) {
      latest().deliver({ type: "delta", table: "t1", n: 12, events: [], patch: junk });
      latest().deliver({ type: "state", table: "t1", n: 11, state: { ...state, seq: 7 } });
    }
    latest().deliver({ type: "delta", table: "t1", n: 11, events: [], patch: [] });
    expect(got.filter((m) => m.type === "event")).toHaveLength(1);
    expect(client.resnapshots).toBe(7);
    expect(sent()).toBe(8);
  });

  it("sends commands with idempotency keys and resolves them on their result", async () => {
    const { client, latest } = harness();
    const statuses: string[] = [];
    client.onStatus((s) => statuses.push(s));
    client.connect();
    latest().open();
    client.subscribe("t1");
    expect(latest().sent[0]).toEqual({ type: "subscribe", table: "t1" });
    const { id, result } = client.command({ table: "t1", action: "sit", args: { seat: "3", cents: 50_000 } });
    expect(id).toBe("k1");
    expect(latest().sent[1]).toEqual({
      type: "command",
      table: "t1",
      id: "k1",
      action: "sit",
      args: { seat: "3", cents: 50_000 },
    });
    latest().deliver({ type: "result", table: "t1", id: "k1", status: "applied", seq: 4 });
    await expect(result).resolves.toMatchObject({ status: "applied", seq: 4 });
    expect(client.unanswered).toBe(0);
    expect(statuses).toEqual(["connecting", "open"]);
  });

  it("takes the results a frame carries (?results=inline) after its change, even when the change is not applied", async () => {
    const { client, latest, got, state } = watching();
    const first = client.command({ table: "t1", action: "wager", args: { spot: "1", cents: 100 } });
    const second = client.command({ table: "t1", action: "ready", args: {} });
    const third = client.command({ table: "t1", action: "ready", args: {} });
    const applied = { type: "result", table: "t1", id: "k1", status: "applied", seq: 4 };
    latest().deliver({
      type: "delta",
      table: "t1",
      n: 8,
      events: [{ seq: 4, action: "wager", round: 1 }],
      patch: [[["seq"], 4]],
      // junk is ignored: another table's, a malformed status, not an object
      results: [applied, { ...applied, id: "k2", table: "t9" }, { ...applied, id: "k2", status: "nope" }, 7],
    });
    await expect(first.result).resolves.toEqual(applied);
    expect(got.map((m) => m.type)).toEqual(["state", "event", "result"]); // the change, then its answer
    expect(client.unanswered).toBe(2);
    // a frame that does not apply (n skips): its results are still the commands' answers
    const refused = { type: "result", table: "t1", id: "k2", status: "refused", error: "no" };
    latest().deliver({ type: "delta", table: "t1", n: 10, events: [], patch: [], results: [refused] });
    await expect(second.result).resolves.toEqual(refused);
    expect(client.resnapshots).toBe(1);
    // a whole state (event) carries them too; a result of its own still answers
    latest().deliver({ type: "event", table: "t1", n: 11, events: [], state, results: [] });
    latest().deliver({ type: "result", table: "t1", id: "k3", status: "duplicate", seq: 4 });
    await expect(third.result).resolves.toMatchObject({ status: "duplicate" });
    expect(client.unanswered).toBe(0);
  });

  it("re-subscribes and re-sends an unanswered command with the same key after reconnecting", async () => {
    const { client, latest, sockets, timers } = harness();
    client.connect();
    latest().open();
    client.subscribe("t1");
    const { result } = client.command({ table: "t1", action: "surrender", args: { spot: "3" } });
    latest().drop();
    expect(client.status).toBe("reconnecting");
    expect(timers[0]?.ms).toBe(backoffDelay(DEFAULT_BACKOFF, 0, () => 0.5));
    timers[0]?.fn();
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([
      { type: "subscribe", table: "t1" },
      { type: "command", table: "t1", id: "k1", action: "surrender", args: { spot: "3" } },
    ]);
    latest().deliver({ type: "result", table: "t1", id: "k1", status: "duplicate", seq: 9 });
    const answer: ResultMessage = await result;
    expect(answer.status).toBe("duplicate");
  });

  it("follows the pit's floor on every connection until told to stop", () => {
    const { client, latest, timers } = harness();
    client.connect();
    client.followFloor(true); // before the connection opens: asked for once it does
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(latest().sent).toEqual([{ type: "floor" }]);
    client.followFloor(true); // once is enough
    latest().drop();
    timers[0]?.fn();
    latest().open();
    expect(latest().sent).toEqual([{ type: "floor" }]); // asked for again after reconnecting
    client.followFloor(false);
    expect(latest().sent).toEqual([{ type: "floor" }, { type: "floor", watch: false }]);
    latest().drop();
    timers[1]?.fn();
    latest().open();
    expect(latest().sent).toEqual([]);
  });

  it("queues commands sent while disconnected", () => {
    const { client, latest } = harness();
    client.connect();
    client.command({ table: "t1", action: "leave", args: {} });
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(latest().sent.map((m) => m.type)).toEqual(["command"]);
  });

  it("stops for good when the server refuses the session", () => {
    const { client, latest, timers } = harness();
    client.connect();
    latest().onclose?.(new CloseEvent("close", { code: 4401 }));
    expect(client.status).toBe("signed-out");
    expect(client.closeCode).toBe(4401);
    expect(timers).toHaveLength(0);
  });

  it("sends a chat line only while open, never queued for later", () => {
    const { client, latest } = harness();
    client.connect();
    expect(client.chat("t1", "hello", "m1")).toBe(false);
    latest().open();
    expect(client.chat("t1", "hello", "m1")).toBe(true);
    expect(latest().sent.filter((m) => m.type !== "ping")).toEqual([
      { type: "chat", table: "t1", text: "hello", ref: "m1" },
    ]);
  });

  it("backs off exponentially up to a ceiling, and resets after a good connection", () => {
    const { client, latest, timers } = harness();
    client.connect();
    for (let i = 0; i < 8; i++) {
      latest().drop();
      timers.at(-1)?.fn();
    }
    const delays = timers.map((t) => t.ms);
    expect(delays.slice(0, 4)).toEqual([425, 850, 1700, 3400]);
    expect(Math.max(...delays)).toBe(Math.round(DEFAULT_BACKOFF.maxMs * 0.85));
    latest().open();
    latest().drop();
    expect(timers.at(-1)?.ms).toBe(425);
  });

  it("ignores malformed messages, and stops for good on close", () => {
    const { client, latest, timers } = harness();
    const seen: string[] = [];
    client.onMessage((m) => seen.push(m.type));
    client.connect();
    latest().open();
    latest().onmessage?.(new MessageEvent("message", { data: "not json" }));
    latest().deliver({ type: "mystery" });
    latest().deliver({ type: "event", table: "t1", events: [] });
    latest().deliver({ type: "event", table: "t1", events: [], state: { seq: 3 } });
    expect(seen).toEqual(["event"]);
    client.close();
    expect(client.status).toBe("closed");
    expect(timers).toHaveLength(0);
  });

  it("pings while open and counts a silent server as a lost connection", () => {
    const { client, latest, beat, timers, sockets } = harness();
    client.connect();
    latest().open();
    beat();
    expect(latest().sent).toEqual([{ type: "ping" }]);
    latest().deliver({ type: "pong" });
    beat();
    beat();
    expect(client.status).toBe("open");
    beat(); // nothing heard for three beats: lost
    expect(client.status).toBe("reconnecting");
    expect(timers).toHaveLength(1);
    timers[0]?.fn();
    expect(sockets).toHaveLength(2);
  });

  it("drops the connection at once when the browser goes offline, and retries when back", () => {
    const { client, latest, sockets, timers } = harness();
    const statuses: string[] = [];
    client.onStatus((st) => statuses.push(st));
    client.connect();
    latest().open();
    client.lost();
    expect(client.status).toBe("reconnecting");
    expect(timers).toHaveLength(1);
    client.retryNow();
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(statuses).toEqual(["connecting", "open", "reconnecting", "open"]);
  });

  it("keeps delays within the jitter band", () => {
    for (const r of [0, 0.25, 0.999]) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const d = backoffDelay(DEFAULT_BACKOFF, attempt, () => r);
        const base = Math.min(DEFAULT_BACKOFF.maxMs, DEFAULT_BACKOFF.initialMs * 2 ** attempt);
        expect(d).toBeGreaterThanOrEqual(Math.floor(base * (1 - DEFAULT_BACKOFF.jitter)));
        expect(d).toBeLessThanOrEqual(base);
      }
    }
  });

  it("makes 128-bit random keys", () => {
    const keys = new Set(Array.from({ length: 100 }, randomKey));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{32}$/);
  });
});
