/**
 * The client's state: connection, account, lobby, the tables it watches (each the server's
 * projection for this viewer, newest sequence number wins), and its commands awaiting an
 * acknowledgement. Pure reducer over server messages and local actions.
 */

import type { ConnectionStatus } from "../net/tableSocket";
import type { Ack, CommandId, ServerMessage, TableEvent, TableId, TableSummary, TableView, Welcome } from "../protocol";

export interface TableSlot {
  readonly seq: number;
  readonly view: TableView;
  /** The newest events, oldest first, at most EVENT_LOG_SIZE. */
  readonly log: readonly TableEvent[];
}

export interface ClientState {
  readonly connection: ConnectionStatus;
  readonly account: Welcome["account"];
  readonly lobby: readonly TableSummary[];
  readonly tables: Readonly<Record<TableId, TableSlot>>;
  readonly pending: readonly CommandId[];
  /** The latest rejection or server error, to show the player. */
  readonly notice: { readonly code: string; readonly message: string } | null;
}

export type ClientAction =
  | { readonly type: "connection"; readonly status: ConnectionStatus }
  | { readonly type: "sent"; readonly id: CommandId }
  | { readonly type: "dismiss_notice" }
  | { readonly type: "server"; readonly message: ServerMessage };

export const EVENT_LOG_SIZE = 200;

export const initialClientState: ClientState = {
  connection: "idle",
  account: null,
  lobby: [],
  tables: {},
  pending: [],
  notice: null,
};

function onAck(state: ClientState, ack: Ack): ClientState {
  const pending = state.pending.filter((id) => id !== ack.id);
  const notice = ack.status === "rejected" && ack.error ? ack.error : state.notice;
  return { ...state, pending, notice };
}

function onServer(state: ClientState, m: ServerMessage): ClientState {
  switch (m.type) {
    case "welcome":
      return { ...state, account: m.account };
    case "ack":
      return onAck(state, m);
    case "lobby":
      return { ...state, lobby: m.tables };
    case "table_state": {
      const slot = state.tables[m.table.id];
      if (slot && slot.seq > m.seq) return state;
      return {
        ...state,
        tables: { ...state.tables, [m.table.id]: { seq: m.seq, view: m.table, log: slot?.log ?? [] } },
      };
    }
    case "event": {
      const slot = state.tables[m.table];
      if (!slot) return state;
      if (slot.log.some((e) => e.seq === m.seq)) return state;
      const log = [...slot.log, m].sort((a, b) => a.seq - b.seq).slice(-EVENT_LOG_SIZE);
      return { ...state, tables: { ...state.tables, [m.table]: { ...slot, log } } };
    }
    case "error":
      return { ...state, notice: { code: m.code, message: m.message } };
  }
}

export function clientReducer(state: ClientState, action: ClientAction): ClientState {
  switch (action.type) {
    case "connection":
      return action.status === state.connection ? state : { ...state, connection: action.status };
    case "sent":
      return state.pending.includes(action.id) ? state : { ...state, pending: [...state.pending, action.id] };
    case "dismiss_notice":
      return state.notice === null ? state : { ...state, notice: null };
    case "server":
      return onServer(state, action.message);
  }
}
