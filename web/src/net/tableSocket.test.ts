import { describe, expect, it } from "vitest";
import type { Ack, ClientMessage } from "../protocol";
import type { SocketLike } from "./tableSocket";
import { DEFAULT_BACKOFF, TableSocket, backoffDelay, randomKey } from "./tableSocket";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: ClientMessage[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close"));
  }
  deliver(message: object): void {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(message) }));
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
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
      timers.push({ fn, ms });
      return timers.length;
    },
    clearTimer: () => undefined,
  });
  const latest = () => {
    const s = sockets.at(-1);
    if (!s) throw new Error("no socket");
    return s;
  };
  return { client, sockets, timers, latest };
}

describe("TableSocket", () => {
  it("says hello, sends commands with idempotency keys, and resolves them on ack", async () => {
    const { client, latest } = harness();
    const statuses: string[] = [];
    client.onStatus((s) => statuses.push(s));
    client.connect();
    latest().open();
    expect(latest().sent[0]).toEqual({ type: "hello", protocol: 1 });
    const { id, ack } = client.send({ type: "sit", table: "t1", position: 3, buy_in_cents: 50_000 });
    expect(id).toBe("k1");
    expect(latest().sent[1]).toEqual({ type: "sit", table: "t1", position: 3, buy_in_cents: 50_000, id: "k1" });
    latest().deliver({ type: "ack", id: "k1", status: "applied" });
    await expect(ack).resolves.toMatchObject({ status: "applied" });
    expect(client.unacknowledged).toBe(0);
    expect(statuses).toEqual(["connecting", "open"]);
  });

  it("re-sends an unacknowledged command with the same key after reconnecting (at most once)", async () => {
    const { client, latest, sockets, timers } = harness();
    client.connect();
    latest().open();
    latest().deliver({ type: "table_state", seq: 7, table: { id: "t1" } });
    const { ack } = client.send({ type: "surrender", table: "t1" });
    latest().drop();
    expect(client.status).toBe("reconnecting");
    expect(timers[0]?.ms).toBe(backoffDelay(DEFAULT_BACKOFF, 0, () => 0.5));
    timers[0]?.fn();
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([
      { type: "hello", protocol: 1, resume: { t1: 7 } },
      { type: "surrender", table: "t1", id: "k1" },
    ]);
    latest().deliver({ type: "ack", id: "k1", status: "duplicate" });
    const result: Ack = await ack;
    expect(result.status).toBe("duplicate");
  });

  it("queues commands sent while disconnected", () => {
    const { client, latest } = harness();
    client.connect();
    client.send({ type: "leave", table: "t1" });
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(latest().sent.map((m) => m.type)).toEqual(["hello", "leave"]);
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

  it("ignores malformed and stale messages, and stops for good on close", () => {
    const { client, latest, timers } = harness();
    const seen: string[] = [];
    client.onMessage((m) => seen.push(m.type));
    client.connect();
    latest().open();
    latest().onmessage?.(new MessageEvent("message", { data: "not json" }));
    latest().deliver({ type: "mystery" });
    latest().deliver({ type: "event", table: "t1", seq: 3, op: "dice", text: "", at: "" });
    latest().deliver({ type: "event", table: "t1", seq: 3, op: "dice", text: "", at: "" });
    expect(seen).toEqual(["event"]);
    client.close();
    expect(client.status).toBe("closed");
    expect(timers).toHaveLength(0);
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
