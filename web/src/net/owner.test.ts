import { describe, expect, it } from "vitest";
import { FakeSocket } from "./fakeSocket";
import { Owners, ownerBase, socketAt } from "./owner";
import { TableSocket } from "./tableSocket";

const PAGE = "https://casino.example/";

describe("ownerBase: only an address of the page's own origin is followed", () => {
  it("follows a path of the site and a same-origin absolute address", () => {
    expect(ownerBase("/p/b/ws", PAGE)).toBe("https://casino.example/p/b/");
    expect(ownerBase("wss://casino.example/p/b/ws", PAGE)).toBe("https://casino.example/p/b/");
    expect(ownerBase("https://casino.example:443/p/a/ws", PAGE)).toBe("https://casino.example/p/a/");
    expect(ownerBase("/ws", PAGE)).toBe("https://casino.example/");
    expect(ownerBase("ws://127.0.0.1:8080/p/a/ws", "http://127.0.0.1:8080/")).toBe("http://127.0.0.1:8080/p/a/");
    // a page served under a prefix: the path is the site's, as given
    expect(ownerBase("/casino/p/a/ws", "https://casino.example/casino/")).toBe("https://casino.example/casino/p/a/");
  });

  it("refuses another origin: host, port, scheme, a protocol-relative address", () => {
    expect(ownerBase("wss://evil.example/p/b/ws", PAGE)).toBeNull();
    expect(ownerBase("//evil.example/p/b/ws", PAGE)).toBeNull();
    expect(ownerBase("wss://casino.example:8443/p/b/ws", PAGE)).toBeNull();
    expect(ownerBase("ws://casino.example/p/b/ws", PAGE)).toBeNull(); // not TLS under a TLS page
    expect(ownerBase("ws://127.0.0.1:8001/ws", "http://127.0.0.1:8080/")).toBeNull(); // a process's own port
    expect(ownerBase("javascript:alert(1)//ws", PAGE)).toBeNull();
  });

  it("refuses what is not a socket address, credentials, a query, nothing at all", () => {
    expect(ownerBase("/p/b/", PAGE)).toBeNull();
    expect(ownerBase("/p/b/wss", PAGE)).toBeNull();
    expect(ownerBase("wss://me:pw@casino.example/p/b/ws", PAGE)).toBeNull();
    expect(ownerBase("/p/b/ws?x=1", PAGE)).toBeNull();
    expect(ownerBase("/p/b/ws#x", PAGE)).toBeNull();
    for (const junk of [null, undefined, "", 7, {}, "http://[::1"]) expect(ownerBase(junk, PAGE)).toBeNull();
  });

  it("makes the socket addresses under a base", () => {
    expect(socketAt("https://casino.example/p/b/", "ws")).toBe("wss://casino.example/p/b/ws");
    expect(socketAt("http://127.0.0.1:8080/p/a/", "ws/watch")).toBe("ws://127.0.0.1:8080/p/a/ws/watch");
  });
});

describe("Owners", () => {
  it("asks once per table, answers null when the question fails, asks again once forgotten", async () => {
    const asked: string[] = [];
    const owners = new Owners(
      (t) => {
        asked.push(t);
        return t === "down" ? Promise.reject(new Error("502")) : Promise.resolve({ server: `/p/${t}/ws` });
      },
      () => PAGE,
    );
    expect(await owners.baseOf("b")).toBe("https://casino.example/p/b/");
    expect(await owners.baseOf("b")).toBe("https://casino.example/p/b/");
    expect(await owners.baseOf("down")).toBeNull();
    expect(asked).toEqual(["b", "down"]);
    owners.forget();
    await owners.baseOf("b");
    expect(asked).toEqual(["b", "down", "b"]);
  });
});

const SITE = "wss://casino.example/ws";
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function located(where: () => Promise<string | null>) {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  let asked = 0;
  const client = new TableSocket({
    url: SITE,
    locate: () => {
      asked += 1;
      return where();
    },
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => 0.5,
    setTimer: (fn, ms) => {
      if (ms < 60_000) timers.push(fn);
      return 0;
    },
    clearTimer: () => undefined,
    heartbeatMs: 60_000,
    staleMs: 120_001,
  });
  const next = () => {
    const fn = timers.shift();
    if (!fn) throw new Error("no reconnection timer");
    fn();
  };
  const nth = (i: number) => {
    const s = sockets[i];
    if (!s) throw new Error(`no socket ${i}`);
    return s;
  };
  return { client, sockets, nth, next, asked: () => asked };
}

describe("TableSocket with locate: the table's owner, else the site's one address", () => {
  it("connects where locate says; the site's address when it says nothing or fails", async () => {
    const a = located(() => Promise.resolve("wss://casino.example/p/b/ws"));
    a.client.subscribe("t1");
    a.client.connect();
    await settle();
    expect(a.sockets.map((s) => s.url)).toEqual(["wss://casino.example/p/b/ws"]);
    a.nth(0).open();
    expect(a.nth(0).sent).toEqual([{ type: "subscribe", table: "t1" }]);
    for (const where of [() => Promise.resolve(null), () => Promise.reject(new Error("down"))]) {
      const b = located(where);
      b.client.connect();
      await settle();
      expect(b.sockets.map((s) => s.url)).toEqual([SITE]);
    }
  });

  it("falls back to the site's address when the owner is unreachable, then asks again", async () => {
    const { client, nth, next, asked } = located(() => Promise.resolve("wss://casino.example/p/b/ws"));
    client.subscribe("t1");
    client.connect();
    await settle();
    nth(0).drop(); // never opened: the owner is unreachable
    next();
    await settle();
    expect(nth(1).url).toBe(SITE);
    expect(asked()).toBe(1); // straight to the site's address
    nth(1).open();
    expect(nth(1).sent).toEqual([{ type: "subscribe", table: "t1" }]);
    nth(1).drop(); // after a connection that worked: the table may have moved, ask again
    next();
    await settle();
    expect(asked()).toBe(2);
    expect(nth(2).url).toBe("wss://casino.example/p/b/ws");
  });

  it("moves the connection to a newly watched table's owner without subscribing where it was", async () => {
    let owner: string | null = null;
    const { client, sockets, nth } = located(() => Promise.resolve(owner));
    client.connect();
    await settle();
    nth(0).open(); // signed in, no table yet: the site's address
    expect(nth(0).url).toBe(SITE);
    const sent = client.command({ table: "t1", action: "leave", args: {} });
    owner = "wss://casino.example/p/b/ws";
    client.subscribe("t1");
    await settle();
    expect(nth(0).sent.map((m) => m.type)).toEqual(["command"]);
    expect(nth(0).readyState).toBe(3);
    expect(nth(1).url).toBe(owner);
    nth(1).open();
    expect(nth(1).sent).toEqual([
      { type: "subscribe", table: "t1" },
      { type: "command", table: "t1", id: sent.id, action: "leave", args: {} },
    ]);
    client.subscribe("t2"); // run by the same process: subscribed there
    await settle();
    expect(sockets).toHaveLength(2);
    expect(nth(1).sent.at(-1)).toEqual({ type: "subscribe", table: "t2" });
  });
});
