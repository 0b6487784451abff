/**
 * The live lobby: a read-only websocket (`/ws/lobby`) on which the service sends every open
 * table whenever one changes (a seat taken, a round started). Reconnects with the same back-off
 * as the table socket.
 */

import type { LobbyFeed as LobbyMessage, LobbyTable } from "../protocol";
import type { Backoff, SocketLike } from "./tableSocket";
import { DEFAULT_BACKOFF, backoffDelay } from "./tableSocket";

export interface LobbyFeedOptions {
  readonly url: string;
  readonly onTables: (tables: readonly LobbyTable[]) => void;
  readonly onLive?: (live: boolean) => void;
  readonly createSocket?: (url: string) => SocketLike;
  readonly backoff?: Backoff;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

export function parseLobby(text: string): readonly LobbyTable[] | null {
  try {
    const data = JSON.parse(text) as Partial<LobbyMessage> | null;
    return data?.type === "lobby" && Array.isArray(data.tables) ? data.tables : null;
  } catch {
    return null;
  }
}

/** Start the feed; the function returned stops it. */
export function startLobbyFeed(options: LobbyFeedOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ??
    ((h: unknown) => {
      clearTimeout(h as ReturnType<typeof setTimeout>);
    });
  let stopped = false;
  let attempt = 0;
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  const open = () => {
    const s = create(options.url);
    socket = s;
    s.onopen = () => {
      attempt = 0;
      options.onLive?.(true);
    };
    s.onmessage = (ev: MessageEvent) => {
      const tables = typeof ev.data === "string" ? parseLobby(ev.data) : null;
      if (tables) options.onTables(tables);
    };
    s.onerror = () => undefined;
    s.onclose = () => {
      socket = null;
      options.onLive?.(false);
      if (stopped) return;
      timer = setTimer(open, backoffDelay(options.backoff ?? DEFAULT_BACKOFF, attempt++, Math.random));
    };
  };
  open();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    const s = socket;
    socket = null;
    if (s) {
      s.onclose = null;
      s.close(1000, "left the lobby");
    }
  };
}
