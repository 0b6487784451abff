/**
 * The client's state: connection, account, lobby, the tables it watches (each the server's
 * projection for this viewer — the newest sequence number wins — and the events seen while
 * watching), the pit's floor while an operator's page follows it, its commands awaiting a
 * result, and the latest notice for the player. A pure reducer over server messages and local
 * actions.
 */

import type { Said } from "../i18n/said";
import type { ConnectionStatus } from "../net/tableSocket";
import type {
  CommandId,
  FloorTable,
  LobbyTable,
  Me,
  ReminderMessage,
  ServerMessage,
  TableEvent,
  TableId,
  TableState,
} from "../protocol";

export interface TableSlot {
  readonly state: TableState;
  /** The events seen while watching, oldest first, at most EVENT_LOG_SIZE. */
  readonly log: readonly TableEvent[];
}

export interface Notice {
  readonly tone: "error" | "info";
  readonly message: Said;
  /** Increases with every notice, so that the same words said twice are announced twice. */
  readonly serial: number;
}

/** A session reminder the player has not acknowledged yet (the server's figures). */
export interface Reminder {
  readonly minutes: number;
  readonly every: number;
  readonly rounds: number;
  readonly net: number;
  /** Increases with every reminder, so that a new one is shown again. */
  readonly serial: number;
}

export interface ClientState {
  readonly connection: ConnectionStatus;
  /** The signed-in account (null when signed out); `meKnown` once the service answered. */
  readonly me: Me | null;
  readonly meKnown: boolean;
  readonly lobby: readonly LobbyTable[];
  readonly lobbyLive: boolean;
  readonly tables: Readonly<Record<TableId, TableSlot>>;
  readonly pending: readonly CommandId[];
  readonly notice: Notice | null;
  /** The session reminder waiting for the player to acknowledge it (null: none). */
  readonly reminder: Reminder | null;
  /** The pit's floor as the server last pushed it (null: not followed, or not yet known). */
  readonly floor: readonly FloorTable[] | null;
}

export type ClientAction =
  | { readonly type: "connection"; readonly status: ConnectionStatus }
  | { readonly type: "me"; readonly me: Me | null }
  | { readonly type: "lobby"; readonly tables: readonly LobbyTable[] }
  | { readonly type: "lobby_live"; readonly live: boolean }
  | { readonly type: "sent"; readonly id: CommandId }
  | { readonly type: "notice"; readonly tone: Notice["tone"]; readonly message: Said }
  | { readonly type: "dismiss_notice" }
  | { readonly type: "acknowledge_reminder" }
  | { readonly type: "table_state"; readonly state: TableState }
  | { readonly type: "forget_table"; readonly table: TableId }
  /** The floor asked for once (`GET /api/pit/floor`): taken only while none was pushed. */
  | { readonly type: "floor_asked"; readonly tables: readonly FloorTable[] }
  /** The page no longer follows the floor. */
  | { readonly type: "floor_forget" }
  | { readonly type: "server"; readonly message: ServerMessage };

export const EVENT_LOG_SIZE = 200;

export const initialClientState: ClientState = {
  connection: "idle",
  me: null,
  meKnown: false,
  lobby: [],
  lobbyLive: false,
  tables: {},
  pending: [],
  notice: null,
  reminder: null,
  floor: null,
};

function notice(state: ClientState, tone: Notice["tone"], message: Said): ClientState {
  return { ...state, notice: { tone, message, serial: (state.notice?.serial ?? 0) + 1 } };
}

/** A newer projection replaces an older one; an older one never replaces a newer one. */
function withState(state: ClientState, table: TableId, next: TableState, events: readonly TableEvent[]): ClientState {
  const slot = state.tables[table];
  const newer = !slot || next.seq >= slot.state.seq;
  const seen = new Set(slot?.log.map((e) => e.seq));
  const fresh = events.filter((e) => !seen.has(e.seq));
  if (!newer && fresh.length === 0) return state;
  const log = fresh.length
    ? [...(slot?.log ?? []), ...fresh].sort((a, b) => a.seq - b.seq).slice(-EVENT_LOG_SIZE)
    : (slot?.log ?? []);
  return {
    ...state,
    tables: { ...state.tables, [table]: { state: slot && !newer ? slot.state : next, log } },
  };
}

function reminderOf(m: ReminderMessage, serial: number): Reminder {
  return { minutes: m.minutes, every: m.every, rounds: m.rounds, net: m.net, serial };
}

function onServer(state: ClientState, m: ServerMessage): ClientState {
  switch (m.type) {
    case "welcome":
    case "pong":
    case "log": // the operators' event log: not shown by the player's client
    case "chat_history": // the chat keeps its own log (net/chatLog.ts)
    case "chat":
    case "chat_deleted":
    case "chat_result":
      return state;
    case "state":
      return withState(state, m.table, m.state, m.events ?? []);
    case "event":
      return withState(state, m.table, m.state, m.events);
    case "delta": // applied by the socket (net/deltas.ts), which passes on the whole state
      return state;
    case "result": {
      const pending = state.pending.filter((id) => id !== m.id);
      const next = pending.length === state.pending.length ? state : { ...state, pending };
      return m.status === "refused"
        ? notice(next, "error", m.error ? { server: m.error, fallback: "error.refused" } : { key: "error.refused" })
        : next;
    }
    case "error":
      return notice(state, "error", { server: m.error, fallback: "error.server" });
    case "reminder": // the session reminder the player chose (docs/service.md, "Player protection")
      return { ...state, reminder: reminderOf(m, (state.reminder?.serial ?? 0) + 1) };
    case "wallet": // the wallet changed (any page, any device of the account): the server's figures
      return state.me === null ? state : { ...state, me: { ...state.me, wallet: m.wallet, buy_in: m.buy_in } };
    case "floor": // the pit's floor, pushed when it changes (an operator's page follows it)
      return { ...state, floor: m.tables };
  }
}

export function clientReducer(state: ClientState, action: ClientAction): ClientState {
  switch (action.type) {
    case "connection":
      return action.status === state.connection ? state : { ...state, connection: action.status };
    case "me":
      return { ...state, me: action.me, meKnown: true };
    case "lobby":
      return { ...state, lobby: action.tables };
    case "lobby_live":
      return action.live === state.lobbyLive ? state : { ...state, lobbyLive: action.live };
    case "sent":
      return state.pending.includes(action.id) ? state : { ...state, pending: [...state.pending, action.id] };
    case "notice":
      return notice(state, action.tone, action.message);
    case "dismiss_notice":
      return state.notice === null ? state : { ...state, notice: null };
    case "acknowledge_reminder":
      return state.reminder === null ? state : { ...state, reminder: null };
    case "table_state":
      return withState(state, action.state.table, action.state, []);
    case "forget_table": {
      if (!(action.table in state.tables)) return state;
      const tables = { ...state.tables };
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
      delete tables[action.table];
      return { ...state, tables };
    }
    case "floor_asked":
      return state.floor === null ? { ...state, floor: action.tables } : state;
    case "floor_forget":
      return state.floor === null ? state : { ...state, floor: null };
    case "server":
      return onServer(state, action.message);
  }
}
