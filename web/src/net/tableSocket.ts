/**
 * The websocket client: one connection to the table service (`/ws`), with reconnection
 * (exponential back-off with jitter), re-subscription to every watched table after a
 * reconnection, and idempotency keys, so that a command re-sent after a lost connection is
 * applied at most once and its sender learns the outcome (`applied`, `duplicate` or `refused`).
 * A table's `delta` messages are applied here to its last state (./deltas.ts) and passed on as
 * the `event` with the whole state they amount to; a delta missed or out of order makes the
 * client subscribe again, for a snapshot.
 *
 * With `locate` (a cluster, docs/scaling.md) each connection first asks where to connect — the
 * process that runs the table the page watches (./owner.ts) — and a table newly watched may move
 * the connection there; a connection to that address that fails before it opens makes the next
 * attempt use the site's one address (`url`), and every reconnection asks again (the table may
 * have moved).
 *
 * Everything that touches the world (the WebSocket constructor, timers, randomness, key
 * generation) is injected, so the behaviour is tested deterministically.
 */

import type {
  ActionArgs,
  CommandBody,
  CommandId,
  DeltaMessage,
  ResultMessage,
  ServerMessage,
  TableId,
} from "../protocol";
import { frameResults, parseServerMessage } from "../protocol";
import { TableFeeds } from "./deltas";

export type ConnectionStatus = "idle" | "connecting" | "open" | "reconnecting" | "signed-out" | "closed";

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
}

export interface Backoff {
  readonly initialMs: number;
  readonly maxMs: number;
  readonly factor: number;
  /** 0..1: the share of each delay that is randomised. */
  readonly jitter: number;
}

export interface TableSocketOptions {
  /** The site's one address. */
  readonly url: string;
  /** Where to connect now (null: `url`); asked before each connection. */
  readonly locate?: () => Promise<string | null>;
  readonly createSocket?: (url: string) => SocketLike;
  readonly backoff?: Backoff;
  readonly random?: () => number;
  readonly newKey?: () => CommandId;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
  /** Milliseconds between two pings while the connection is open. */
  readonly heartbeatMs?: number;
  /** Nothing heard for this long (no message, no pong): the connection is lost. */
  readonly staleMs?: number;
  readonly now?: () => number;
}

/**
 * A random idempotency key: 128 random bits as hex. `crypto.getRandomValues` works on plain
 * http too, where `crypto.randomUUID` (secure contexts only) does not.
 */
export function randomKey(): CommandId {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 15_000, factor: 2, jitter: 0.3 };
/** A ping every 2.5 s; 6 s without a word from the server and the connection counts as lost. */
export const HEARTBEAT_MS = 2_500;
export const STALE_MS = 6_000;

const OPEN = 1;
/** The server's close codes for a missing session and a refused origin: reconnecting cannot help. */
const FINAL_CLOSE = new Set([4401, 4403]);

/** The delay before reconnection attempt `attempt` (0-based). */
export function backoffDelay(b: Backoff, attempt: number, random: () => number): number {
  const base = Math.min(b.maxMs, b.initialMs * b.factor ** attempt);
  return Math.round(base * (1 - b.jitter + b.jitter * random()));
}

interface Pending {
  readonly text: string;
  readonly resolve: (result: ResultMessage) => void;
}

export type MessageListener = (message: ServerMessage) => void;
export type StatusListener = (status: ConnectionStatus) => void;

export class TableSocket {
  private readonly opts: Required<Omit<TableSocketOptions, "url" | "locate">> & {
    url: string;
    locate: (() => Promise<string | null>) | null;
  };
  private socket: SocketLike | null = null;
  private statusValue: ConnectionStatus = "idle";
  private attempt = 0;
  private timer: unknown = null;
  private stopped = true;
  /** Commands sent but not answered, by key, in sending order. */
  private readonly outbox = new Map<CommandId, Pending>();
  private readonly watched = new Set<TableId>();
  private readonly messageListeners = new Set<MessageListener>();
  private readonly statusListeners = new Set<StatusListener>();
  private beat: unknown = null;
  private heard = 0;
  /** The code of the close that ended the connection for good (4401: the session ended). */
  closeCode: number | null = null;
  private readonly feeds = new TableFeeds();
  /** Snapshots asked for after a delta that could not be applied. */
  private resyncs = 0;
  /** The address of the connection open or opening. */
  private current = "";
  /** Bumped by each connection started and each relocation: a late answer of `locate` is dropped. */
  private ticket = 0;
  /** A connection to a located address failed before it opened: the next goes to `url`. */
  private fallback = false;
  /** The tables subscribed on the current connection. */
  private readonly here = new Set<TableId>();
  /** The pit's floor is followed (an operator's page: asked for again on each connection). */
  private floorFollowed = false;

  constructor(options: TableSocketOptions) {
    this.opts = {
      url: options.url,
      locate: options.locate ?? null,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      random: options.random ?? Math.random,
      newKey: options.newKey ?? randomKey,
      setTimer: options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer:
        options.clearTimer ??
        ((h) => {
          clearTimeout(h as ReturnType<typeof setTimeout>);
        }),
      heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
      staleMs: options.staleMs ?? STALE_MS,
      now: options.now ?? (() => Date.now()),
    };
  }

  get status(): ConnectionStatus {
    return this.statusValue;
  }

  /** Commands still waiting for their result. */
  get unanswered(): number {
    return this.outbox.size;
  }

  /** How many times a table's deltas could not be applied and a snapshot was asked for. */
  get resnapshots(): number {
    return this.resyncs;
  }

  onMessage(listener: MessageListener): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  connect(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.open();
  }

  /** Close for good: no reconnection. Unanswered commands stay unresolved. */
  close(): void {
    this.stopped = true;
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
    this.stopBeat();
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close(1000, "client closed");
    }
    this.setStatus("closed");
  }

  /** Watch a table: its state now and every change (again after each reconnection). */
  subscribe(table: TableId): void {
    if (this.watched.has(table)) return;
    this.watched.add(table);
    if (this.opts.locate !== null) this.relocate();
    else this.subscribeHere(table);
  }

  /**
   * Ask again where to connect (a table newly watched may be run elsewhere): stay when it is
   * where the connection is (the new tables subscribed there), else move the connection there
   * (its tables subscribed again and its unanswered commands sent again, as after a reconnection).
   */
  relocate(): void {
    const locate = this.opts.locate;
    if (locate === null || this.stopped) return;
    const s = this.socket;
    if (s === null) {
      if (this.timer === null) this.open(); // a connection on its way: start it again, asking anew
      return;
    }
    const ticket = ++this.ticket;
    void this.where(locate).then((url) => {
      if (this.stopped || ticket !== this.ticket || this.socket !== s) return;
      if (url === this.current) {
        for (const table of this.watched) if (!this.here.has(table)) this.subscribeHere(table);
        return;
      }
      this.socket = null;
      s.onclose = null;
      s.onmessage = null;
      try {
        s.close(1000, "moving to the table's server");
      } catch {
        /* already closed */
      }
      this.stopBeat();
      this.attempt = 0;
      this.setStatus("connecting");
      this.openAt(url);
    });
  }

  /**
   * Follow the pit's floor (an operator's): the server pushes it now and whenever it changes,
   * on this connection and on each one after it; `false` stops.
   */
  followFloor(on: boolean): void {
    if (on === this.floorFollowed) return;
    this.floorFollowed = on;
    this.transmit(JSON.stringify(on ? { type: "floor" } : { type: "floor", watch: false }));
  }

  unsubscribe(table: TableId): void {
    if (!this.watched.delete(table)) return;
    this.here.delete(table);
    this.feeds.forget(table);
    this.transmit(JSON.stringify({ type: "unsubscribe", table }));
  }

  /**
   * Send a command with a fresh idempotency key. The promise resolves with the server's result
   * (applied, duplicate or refused), however many reconnections it takes.
   */
  command<A extends keyof ActionArgs>(
    body: CommandBody<A>,
  ): { readonly id: CommandId; readonly result: Promise<ResultMessage> } {
    const id = this.opts.newKey();
    const text = JSON.stringify({ type: "command", table: body.table, id, action: body.action, args: body.args });
    const result = new Promise<ResultMessage>((resolve) => {
      this.outbox.set(id, { text, resolve });
    });
    this.transmit(text);
    return { id, result };
  }

  /** Send a chat message to a watched table (only while open: a chat line is not queued). */
  chat(table: TableId, text: string, ref: string): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify({ type: "chat", table, text, ref }));
    return true;
  }

  /**
   * The connection is known to be lost (the browser went offline, or the server fell silent):
   * drop it now and reconnect with back-off, instead of waiting for the network to say so.
   */
  lost(): void {
    const s = this.socket;
    if (this.stopped || s === null) return;
    this.socket = null;
    s.onclose = null;
    s.onmessage = null;
    try {
      s.close(4000, "connection lost");
    } catch {
      /* already closed */
    }
    this.dropped();
  }

  /** Try again at once (the browser is back online). */
  retryNow(): void {
    if (this.stopped || this.socket !== null) return;
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
    this.open();
  }

  private startBeat(): void {
    this.stopBeat();
    this.heard = this.opts.now();
    const tick = () => {
      this.beat = null;
      if (this.stopped || this.socket === null) return;
      if (this.opts.now() - this.heard > this.opts.staleMs) {
        this.lost();
        return;
      }
      this.transmit(JSON.stringify({ type: "ping" }));
      this.beat = this.opts.setTimer(tick, this.opts.heartbeatMs);
    };
    this.beat = this.opts.setTimer(tick, this.opts.heartbeatMs);
  }

  private stopBeat(): void {
    if (this.beat !== null) this.opts.clearTimer(this.beat);
    this.beat = null;
  }

  private dropped(): void {
    this.stopBeat();
    const delay = backoffDelay(this.opts.backoff, this.attempt, this.opts.random);
    this.attempt += 1;
    this.setStatus("reconnecting");
    this.timer = this.opts.setTimer(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private open(): void {
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    const locate = this.opts.locate;
    if (locate === null || this.fallback) {
      this.fallback = false;
      this.openAt(this.opts.url);
      return;
    }
    const ticket = ++this.ticket;
    void this.where(locate).then((url) => {
      if (!this.stopped && ticket === this.ticket && this.socket === null) this.openAt(url);
    });
  }

  /** Where `locate` says to connect; the site's one address when it says nothing or fails. */
  private where(locate: () => Promise<string | null>): Promise<string> {
    return Promise.resolve()
      .then(locate)
      .then(
        (url) => url ?? this.opts.url,
        () => this.opts.url,
      );
  }

  private openAt(url: string): void {
    const s = this.opts.createSocket(url);
    this.socket = s;
    this.current = url;
    this.here.clear();
    let opened = false;
    s.onopen = () => {
      opened = true;
      this.attempt = 0;
      this.feeds.forget();
      this.setStatus("open");
      this.startBeat();
      for (const table of this.watched) this.subscribeHere(table);
      if (this.floorFollowed) this.transmit(JSON.stringify({ type: "floor" }));
      for (const pending of this.outbox.values()) this.transmit(pending.text);
    };
    s.onmessage = (ev: MessageEvent) => {
      this.heard = this.opts.now();
      if (typeof ev.data === "string") this.receive(ev.data);
    };
    s.onerror = () => undefined;
    s.onclose = (ev: CloseEvent) => {
      this.socket = null;
      this.stopBeat();
      if (!opened && url !== this.opts.url) this.fallback = true; // the owner is unreachable
      if (this.stopped) return;
      if (FINAL_CLOSE.has(ev.code)) {
        this.stopped = true;
        this.closeCode = ev.code;
        this.setStatus("signed-out");
        return;
      }
      this.dropped();
    };
  }

  private transmit(text: string): void {
    if (this.socket?.readyState === OPEN) this.socket.send(text);
  }

  private subscribeHere(table: TableId): void {
    if (this.socket?.readyState !== OPEN) return;
    this.socket.send(JSON.stringify({ type: "subscribe", table }));
    this.here.add(table);
  }

  private receive(text: string): void {
    const parsed = parseServerMessage(text) ?? this.delta(text);
    if (!parsed) return;
    // the answers a frame carries (`?results=inline`) are taken after its change, and even when
    // the change could not be applied (the table is asked for again; the commands were answered)
    const results = parsed.type === "delta" || parsed.type === "event" ? frameResults(parsed) : [];
    const message = parsed.type === "delta" ? this.applyDelta(parsed) : parsed;
    if (message) {
      if (message.type === "state" || (message.type === "event" && parsed.type === "event")) {
        this.feeds.base(message.table, message.n, message.state);
      }
      this.take(message);
    }
    for (const result of results) this.take(result);
  }

  /** Hand a message to the listeners (a `result` first to the command waiting for it). */
  private take(message: ServerMessage): void {
    if (message.type === "result") {
      const pending = this.outbox.get(message.id);
      this.outbox.delete(message.id);
      pending?.resolve(message);
    }
    for (const listener of this.messageListeners) listener(message);
  }

  /** A `delta` message's envelope, checked (null when it is not one). */
  private delta(text: string): DeltaMessage | null {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    if (typeof data !== "object" || data === null) return null;
    const d = data as Record<string, unknown>;
    if (d.type !== "delta" || typeof d.table !== "string" || typeof d.n !== "number") return null;
    return data as DeltaMessage;
  }

  private applyDelta(m: DeltaMessage): ServerMessage | null {
    const event = this.feeds.apply(m);
    if (event) return event;
    if (this.watched.has(m.table) && this.feeds.lost(m.table)) {
      this.resyncs += 1;
      this.transmit(JSON.stringify({ type: "subscribe", table: m.table }));
    }
    return null;
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
