/**
 * The table service's websocket protocol and views, as the browser client understands them.
 *
 * Every type comes from `generated/protocol.ts`, which is generated from the service's JSON
 * schemas (`paigow.service.wire.protocol.schemas()` and `paigow.service.wire.view_schema`) and checked
 * current by tests/test_web_protocol.py: the client's types cannot drift from the server.
 * Conventions: JSON objects with a `type`; snake_case fields; money in integer cents; tiles and
 * cards in the engine's notation ("6-6", "As", "Jk1"); a piece the viewer may not see yet is
 * `null`, never sent.
 */

import type {
  ActionArgs,
  ChatDeletedMessage,
  ChatHistoryMessage,
  ChatMessage,
  ChatResultMessage,
  ErrorMessage,
  EventMessage,
  FloorMessage,
  PongMessage,
  ReminderMessage,
  ResultMessage,
  ServerMessage,
  StateMessage,
  WalletMessage,
  WelcomeMessage,
} from "./generated/protocol";

export type * from "./generated/protocol";

export type Cents = number;
/** An idempotency key: the client picks it; a retry with the same key is applied at most once. */
export type CommandId = string;
export type TableId = string;

/** A command before the client gives it its idempotency key. */
export interface CommandBody<A extends keyof ActionArgs = keyof ActionArgs> {
  readonly table: TableId;
  readonly action: A;
  readonly args: ActionArgs[A];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function hasState(data: Record<string, unknown>): boolean {
  return typeof data.table === "string" && isRecord(data.state) && typeof data.state.seq === "number";
}

function isResult(data: Record<string, unknown>): boolean {
  return typeof data.id === "string" && ["applied", "duplicate", "refused"].includes(String(data.status));
}

/**
 * The `results` of an `event` or a `delta` (a connection opened with `?results=inline`): the
 * answers to this connection's commands that the frame carries, after its change. Only those
 * that are well-formed `result` messages of the frame's own table; anything else is ignored.
 */
export function frameResults(frame: unknown): ResultMessage[] {
  if (!isRecord(frame) || !Array.isArray(frame.results)) return [];
  return frame.results.filter(
    (r: unknown): r is ResultMessage => isRecord(r) && r.type === "result" && r.table === frame.table && isResult(r),
  );
}

/**
 * Check the envelope of a message from the server: a JSON object of a known type with the
 * fields the client's routing relies on. Returns `null` (and the client ignores it) otherwise.
 */
export function parseServerMessage(text: string): ServerMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || typeof data.type !== "string") return null;
  switch (data.type) {
    case "welcome":
      return typeof data.user === "string" ? (data as unknown as WelcomeMessage) : null;
    case "state":
      return hasState(data) ? (data as unknown as StateMessage) : null;
    case "event":
      return hasState(data) && Array.isArray(data.events) ? (data as unknown as EventMessage) : null;
    case "result":
      return isResult(data) ? (data as unknown as ResultMessage) : null;
    case "error":
      return typeof data.error === "string" ? (data as unknown as ErrorMessage) : null;
    case "pong":
      return data as unknown as PongMessage;
    case "reminder": // the session reminder (docs/service.md, "Player protection")
      return typeof data.minutes === "number" && typeof data.net === "number" && typeof data.rounds === "number"
        ? (data as unknown as ReminderMessage)
        : null;
    case "wallet": // the account's wallet and buy-in bound, after a change (docs/service.md)
      return typeof data.wallet === "number" && isRecord(data.buy_in) && typeof data.buy_in.max === "number"
        ? (data as unknown as WalletMessage)
        : null;
    case "chat_history":
      return typeof data.table === "string" && Array.isArray(data.messages)
        ? (data as unknown as ChatHistoryMessage)
        : null;
    case "chat":
      return typeof data.table === "string" && isRecord(data.message) && typeof data.message.text === "string"
        ? (data as unknown as ChatMessage)
        : null;
    case "chat_deleted":
      return typeof data.table === "string" && typeof data.id === "number"
        ? (data as unknown as ChatDeletedMessage)
        : null;
    case "chat_result":
      return typeof data.table === "string" && typeof data.status === "string"
        ? (data as unknown as ChatResultMessage)
        : null;
    case "floor": // the pit's floor, to an operator who follows it (docs/service.md, "floor")
      return Array.isArray(data.tables) ? (data as unknown as FloorMessage) : null;
    default:
      return null;
  }
}
