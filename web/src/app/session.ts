/**
 * The client's session: the HTTP API, the store, the table socket (open while signed in) and
 * the lobby feed, and the actions the pages take through them. One per page load.
 */

import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { ActionArgs, ChatResultMessage, FloorTable, ResultMessage, ServerMessage, TableId } from "../protocol";
import type { Said } from "../i18n/said";
import { Api, ApiError } from "../net/api";
import type { ChatView } from "../net/chatLog";
import { applyChat, EMPTY_CHAT } from "../net/chatLog";
import { startLobbyFeed } from "../net/lobbyFeed";
import { Owners, socketAt } from "../net/owner";
import { TableSocket } from "../net/tableSocket";
import type { ClientAction, ClientState } from "../state/clientState";
import { clientReducer, initialClientState } from "../state/clientState";
import type { Store } from "../state/store";
import { createStore } from "../state/store";

/**
 * A guest's name is `guest_` and six of these: none the service reads as another at a glance
 * (no 0 o 1 i l 2 5 8 9, no r or v to make rn or vv: docs/service.md, "Account names"), so two
 * guests' names never look alike.
 */
const GUEST_ALPHABET = "abcdefghjkmnpqstuwxyz3467";

function randomText(n: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => GUEST_ALPHABET[b % GUEST_ALPHABET.length]).join("");
}

/** What an error means to the player: the service's reason, or the client's own words. */
export function messageOf(e: unknown): Said {
  if (e instanceof ApiError) return e.said;
  return { server: e instanceof Error ? e.message : String(e), fallback: "error.unexpected" };
}

export class Session {
  readonly store: Store<ClientState, ClientAction>;
  readonly api: Api;
  private socket: TableSocket | null = null;
  /** Where each watched table is run (a cluster sends a table's clients to its owner). */
  private readonly owners: Owners;
  private socketUser: string | null = null;
  private listening = false;
  private readonly watched = new Map<TableId, number>();
  private stopLobby: (() => void) | null = null;
  private lobbyUsers = 0;
  /** The pages that follow the pit's floor (an operator's). */
  private floorUsers = 0;
  private readonly chats = new Map<TableId, ChatView>();
  private readonly chatListeners = new Set<() => void>();
  private readonly chatWaiting = new Map<string, (r: ChatResultMessage) => void>();
  private chatRefs = 0;
  /** The players this account muted (the server sends none of their messages). */
  muted: ReadonlySet<string> = new Set();

  constructor(api: Api = new Api()) {
    this.api = api;
    this.store = createStore(clientReducer, initialClientState);
    this.owners = new Owners(
      (table) => api.server(table),
      () => api.url(""),
    );
    api.routeTables((table) => this.owners.baseOf(table));
  }

  /** Learn who is signed in and connect. */
  async start(): Promise<void> {
    try {
      this.setMe(await this.api.me());
    } catch (e) {
      this.store.dispatch({ type: "me", me: null });
      this.fail(e);
    }
  }

  notify(tone: "error" | "info", message: Said): void {
    this.store.dispatch({ type: "notice", tone, message });
  }

  /** Tell the player what went wrong. */
  fail(e: unknown): void {
    this.notify("error", messageOf(e));
  }

  async refreshMe(): Promise<void> {
    const me = await this.api.me();
    this.setMe(me);
  }

  private setMe(me: ClientState["me"]): void {
    const was = this.store.getState().me?.name ?? null;
    this.store.dispatch({ type: "me", me });
    const now = me?.name ?? null;
    if (this.socket && (now !== was || this.socketUser !== now)) {
      this.socket.close();
      this.socket = null;
    }
    if (!this.socket && (now !== null || this.watched.size > 0)) this.openSocket(now);
  }

  /**
   * One websocket: the player's (`/ws`) while signed in, else the spectators' (`/ws/watch`),
   * so that a signed-out page watches a table live. It re-subscribes the watched tables after
   * each reconnection; the browser going offline drops it at once (the page says it is
   * reconnecting) and coming back online reconnects it without waiting for the back-off.
   * It connects to the process that runs the table watched last, when the service names one of
   * the page's own origin (./owner.ts), else to the site's one address; it asks again after each
   * drop, since the table may have moved.
   */
  private openSocket(user: string | null): void {
    // a player's commands are answered inside the frame that shows their change (docs/service.md)
    const path = user === null ? "ws/watch" : "ws?results=inline";
    const socket = new TableSocket({ url: this.api.socketUrl(path), locate: () => this.locate(path) });
    let opened = false;
    socket.onStatus((status) => {
      if (status === "reconnecting") this.owners.forget();
      // back after a lost connection: the wallet may have changed meanwhile (docs/web.md)
      if (status === "open" && opened && user !== null) void this.refreshMe().catch(() => undefined);
      if (status === "open") opened = true;
      this.store.dispatch({ type: "connection", status });
      if (status === "signed-out" && user !== null && socket.closeCode === 4401 && this.socket === socket) {
        this.sessionEnded();
      }
    });
    socket.onMessage((message) => {
      this.store.dispatch({ type: "server", message });
      this.onChatMessage(message);
    });
    for (const table of this.watched.keys()) socket.subscribe(table);
    if (user !== null && this.floorUsers > 0) socket.followFloor(true);
    this.socket = socket;
    this.socketUser = user;
    socket.connect();
    if (!this.listening && typeof window !== "undefined") {
      this.listening = true;
      window.addEventListener("offline", () => this.socket?.lost());
      window.addEventListener("online", () => this.socket?.retryNow());
    }
  }

  /** The socket address of the process that runs the table watched last (null: the site's). */
  private async locate(path: string): Promise<string | null> {
    const table = [...this.watched.keys()].pop();
    if (table === undefined) return null;
    const base = await this.owners.baseOf(table);
    return base === null ? null : socketAt(base, path);
  }

  /**
   * The server closed the player's websocket with 4401: the session ended (signed out in
   * another tab, the password changed, an operator). The page is signed out at once and goes
   * on watching its tables as a spectator.
   */
  private sessionEnded(): void {
    for (const table of [...this.watched.keys()]) this.store.dispatch({ type: "forget_table", table });
    this.muted = new Set();
    this.setMe(null);
    this.notify("error", { key: "app.sessionEnded" });
  }

  /** A table's chat as the page keeps it. */
  chatOf(table: TableId): ChatView {
    return this.chats.get(table) ?? EMPTY_CHAT;
  }

  /** Called whenever a chat changes. */
  onChat(listener: () => void): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  private onChatMessage(m: ServerMessage): void {
    if (m.type === "chat_result") {
      const done = m.ref === undefined ? undefined : this.chatWaiting.get(m.ref);
      if (m.ref !== undefined) this.chatWaiting.delete(m.ref);
      done?.(m);
      return;
    }
    if (m.type !== "chat_history" && m.type !== "chat" && m.type !== "chat_deleted") return;
    const before = this.chatOf(m.table);
    const after = applyChat(before, m.table, m, this.muted);
    if (after === before) return;
    this.chats.set(m.table, after);
    for (const listener of this.chatListeners) listener();
  }

  /** Send a chat message; the server's answer (posted, or refused with its reason). */
  sendChat(table: TableId, text: string): Promise<ChatResultMessage> {
    const ref = `m${++this.chatRefs}`;
    const refused = (error: string): ChatResultMessage => ({
      type: "chat_result",
      table,
      ref,
      status: "refused",
      error,
    });
    if (!this.socket || this.socketUser === null) return Promise.resolve(refused("Sign in to chat."));
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.chatWaiting.delete(ref);
        resolve(refused("No answer from the table service; try again."));
      }, 10_000);
      this.chatWaiting.set(ref, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      if (!this.socket?.chat(table, text, ref)) {
        clearTimeout(timer);
        this.chatWaiting.delete(ref);
        resolve(refused("Not connected to the table; try again in a moment."));
      }
    });
  }

  /** Mute (or unmute) a player: their messages leave this page's chats at once. */
  async mute(player: string, on: boolean): Promise<void> {
    const r = await this.api.mute(player, on);
    this.muted = new Set(r.muted);
    for (const [table, view] of this.chats) {
      this.chats.set(table, { ...view, lines: view.lines.filter((l) => !this.muted.has(l.author)) });
    }
    for (const listener of this.chatListeners) listener();
  }

  /** The players this account muted, from the server. */
  async loadMutes(): Promise<void> {
    this.muted = new Set((await this.api.mutes()).muted);
    for (const listener of this.chatListeners) listener();
  }

  async signIn(name: string, password: string): Promise<void> {
    await this.api.login(name, password);
    await this.refreshMe();
  }

  async register(name: string, password: string): Promise<void> {
    await this.api.register(name, password);
    await this.signIn(name, password);
  }

  /** A new account with a random name and password, signed in at once (a guest). */
  async guest(): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const name = `guest_${randomText(6)}`;
      try {
        await this.register(name, randomText(24));
        return name;
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 409)) throw e;
      }
    }
    throw new ApiError(409, { key: "error.noGuestName" });
  }

  async signOut(): Promise<void> {
    await this.api.logout();
    for (const table of [...this.watched.keys()]) this.store.dispatch({ type: "forget_table", table });
    this.setMe(null);
  }

  /** Watch a table (counted: the last page to stop watching unsubscribes). */
  watch(table: TableId): () => void {
    this.watched.set(table, (this.watched.get(table) ?? 0) + 1);
    if (!this.socket && this.store.getState().meKnown) this.openSocket(this.store.getState().me?.name ?? null);
    this.socket?.subscribe(table);
    return () => {
      const n = (this.watched.get(table) ?? 1) - 1;
      if (n > 0) {
        this.watched.set(table, n);
        return;
      }
      this.watched.delete(table);
      this.socket?.unsubscribe(table);
      // a spectator's socket watching nothing holds a server's slot for nothing (docs/web.md)
      if (this.socketUser === null && this.watched.size === 0 && this.socket) {
        this.socket.close();
        this.socket = null;
      }
    };
  }

  /** Take an action at a table; a refusal is shown to the player by the store. */
  async act<A extends keyof ActionArgs>(table: TableId, action: A, args: ActionArgs[A]): Promise<ResultMessage | null> {
    if (!this.socket || this.socketUser === null) {
      this.notify("error", { key: "error.signInToPlay" });
      return null;
    }
    const { id, result } = this.socket.command({ table, action, args });
    this.store.dispatch({ type: "sent", id });
    const answer = await result;
    return answer;
  }

  /**
   * The pit's floor pushed on the operator's websocket while at least one page shows it (the
   * store's `floor`, docs/service.md "floor"); it is asked for once (`GET /api/pit/floor`) when
   * the websocket is not open yet, and the pushed floor replaces that answer.
   */
  followFloor(ask: () => Promise<readonly FloorTable[]>, failed: (e: unknown) => void): () => void {
    this.floorUsers += 1;
    if (this.floorUsers === 1 && this.socketUser !== null) this.socket?.followFloor(true);
    if (this.store.getState().connection !== "open") {
      ask().then(
        (tables) => {
          if (this.floorUsers > 0) this.store.dispatch({ type: "floor_asked", tables });
        },
        (e: unknown) => {
          failed(e);
        },
      );
    }
    return () => {
      this.floorUsers -= 1;
      if (this.floorUsers > 0) return;
      this.socket?.followFloor(false);
      this.store.dispatch({ type: "floor_forget" });
    };
  }

  /** The live lobby while at least one page shows it. */
  followLobby(): () => void {
    this.lobbyUsers += 1;
    if (this.stopLobby === null) {
      this.api
        .lobby()
        .then((tables) => {
          this.store.dispatch({ type: "lobby", tables });
        })
        .catch((e: unknown) => {
          this.fail(e);
        });
      this.stopLobby = startLobbyFeed({
        url: this.api.socketUrl("ws/lobby"),
        onTables: (tables) => {
          this.store.dispatch({ type: "lobby", tables });
        },
        onLive: (live) => {
          this.store.dispatch({ type: "lobby_live", live });
        },
      });
    }
    return () => {
      this.lobbyUsers -= 1;
      if (this.lobbyUsers === 0 && this.stopLobby) {
        this.stopLobby();
        this.stopLobby = null;
      }
    };
  }
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error("no session");
  return s;
}
