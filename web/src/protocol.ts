/**
 * The table service's websocket protocol, as the browser client understands it.
 *
 * DRAFT written from the service's specification (issue 10); it will be reconciled with the
 * service's published schema (docs/service.md), and is kept in this one file so that the
 * reconciliation touches nothing else. Conventions: JSON objects with a `type`; snake_case
 * fields; money in integer cents (`*_cents`); tiles and cards in the engine's notation
 * ("6-6", "As", "Jk1"); a tile or card the viewer may not yet see is `null`, never sent.
 */

import type { CardCode } from "./game/cards";
import type { TileCode } from "./game/tiles";

export const PROTOCOL_VERSION = 1;

export type Cents = number;
/** An idempotency key: the client picks it; a retry with the same key is applied at most once. */
export type CommandId = string;
export type TableId = string;
/** Positions are numbered 1..n counterclockwise from the dealer's right (RULES.md §0.3). */
export type Position = number;
export type Piece = TileCode | CardCode;
/** A piece as a viewer sees it: `null` while it is face down for that viewer. */
export type Seen<T> = T | null;

export type Role = "player" | "operator";
export type ViewerKind = "seat" | "spectator" | "operator";
export type Game = "tiles" | "cards";

/** The procedure's phases, in order (R-START, R-DEAL, R-SETTLE, R-BANK). */
export type Phase =
  "idle" | "bank_offer" | "wagers" | "cut" | "dice" | "deal" | "setting" | "exposure" | "settlement" | "closed";

export type DeliveryStyle = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j";
export type BankReply = "accept" | "decline" | "co_bank";
export type SideBet =
  | { readonly kind: "pair_fortunes"; readonly amount_cents: Cents }
  | { readonly kind: "supreme_bonus"; readonly amount_cents: Cents }
  | {
      readonly kind: "dragons_eye";
      readonly bet: "odd" | "even" | "double" | "match" | "triple" | "dice_bonus";
      readonly amount_cents: Cents;
    };

// ---- Client -> server ------------------------------------------------------------------------

interface CommandBase {
  /** Idempotency key (see CommandId). */
  readonly id: CommandId;
}
interface TableCommand extends CommandBase {
  readonly table: TableId;
}

export type ClientCommand =
  | (CommandBase & { readonly type: "subscribe_lobby" })
  | (TableCommand & { readonly type: "watch" })
  | (TableCommand & { readonly type: "sit"; readonly position: Position; readonly buy_in_cents: Cents })
  | (TableCommand & { readonly type: "leave" })
  | (TableCommand & {
      readonly type: "wager";
      readonly amount_cents: Cents;
      readonly spot?: Position;
      readonly side_bets?: readonly SideBet[];
    })
  | (TableCommand & { readonly type: "bank_reply"; readonly reply: BankReply })
  | (TableCommand & { readonly type: "dealer_wager"; readonly accept: boolean })
  | (TableCommand & { readonly type: "cut"; readonly at: number })
  | (TableCommand & { readonly type: "delivery_style"; readonly style: DeliveryStyle })
  | (TableCommand & {
      readonly type: "set_hands";
      readonly high: readonly [Piece, Piece];
      readonly low: readonly [Piece, Piece];
    })
  | (TableCommand & { readonly type: "house_way" })
  | (TableCommand & { readonly type: "surrender" })
  | (TableCommand & { readonly type: "player_dealer_reply"; readonly accept: boolean });

export type ClientCommandType = ClientCommand["type"];
/** A command before the client gives it its idempotency key. */
export type CommandBody = ClientCommand extends infer C ? (C extends CommandBase ? Omit<C, "id"> : never) : never;

/** First message on every (re)connection. */
export interface Hello {
  readonly type: "hello";
  readonly protocol: number;
  /** Resume: the last sequence number seen per table, so the server sends only what is newer. */
  readonly resume?: Readonly<Record<TableId, number>>;
}

export type ClientMessage = Hello | ClientCommand;

// ---- Server -> client ------------------------------------------------------------------------

export interface Welcome {
  readonly type: "welcome";
  readonly protocol: number;
  readonly account: { readonly id: string; readonly name: string; readonly role: Role } | null;
  readonly server_time: string;
}

/** The outcome of a command, once committed. `duplicate`: the key was already applied. */
export interface Ack {
  readonly type: "ack";
  readonly id: CommandId;
  readonly status: "applied" | "duplicate" | "rejected";
  /** Why a command was rejected, in the player's terms (dollars, tiles). */
  readonly error?: { readonly code: string; readonly message: string };
}

export interface Limits {
  readonly min_cents: Cents;
  readonly max_cents: Cents;
}

export interface TableSummary {
  readonly id: TableId;
  readonly name: string;
  readonly profile: string;
  readonly game: Game;
  readonly limits: Limits;
  readonly variations: readonly ("pair_fortunes" | "dragons_eye" | "supreme_bonus")[];
  readonly seats_taken: number;
  readonly seats_free: number;
  readonly phase: Phase;
}

export interface Lobby {
  readonly type: "lobby";
  readonly tables: readonly TableSummary[];
}

export interface Timer {
  readonly phase: Phase;
  /** ISO time at which the phase ends (the wager window, the setting timer). */
  readonly deadline: string;
}

export type WagerResult = "win" | "push" | "lose" | "surrendered" | "void";

export interface SpotView {
  readonly position: Position;
  readonly player: { readonly id: string; readonly name: string; readonly chips_cents: Cents } | null;
  readonly wager_cents: Cents;
  readonly side_bets: readonly SideBet[];
  /** As dealt: `null` for each piece this viewer may not see yet. */
  readonly dealt: readonly Seen<Piece>[];
  /** The setting once exposed (or the viewer's own). */
  readonly setting: { readonly high: readonly Piece[]; readonly low: readonly Piece[] } | null;
  readonly result: WagerResult | null;
  readonly paid_cents: Cents | null;
  readonly commission_cents: Cents | null;
  readonly is_bank: boolean;
}

export interface TableView {
  readonly id: TableId;
  readonly name: string;
  readonly profile: string;
  readonly game: Game;
  readonly limits: Limits;
  readonly phase: Phase;
  readonly round: number;
  readonly viewer: { readonly kind: ViewerKind; readonly position: Position | null };
  readonly spots: readonly SpotView[];
  readonly dealer: { readonly dealt: readonly Seen<Piece>[]; readonly setting: SpotView["setting"] };
  /** The dead hand's pieces are never sent before the round ends; only how many there are. */
  readonly dead_hand: { readonly count: number };
  readonly dice: readonly number[] | null;
  readonly dragons_eye: number | null;
  readonly timer: Timer | null;
  /** What this viewer may do now (the server decides; the client only offers it). */
  readonly allowed: readonly ClientCommandType[];
  readonly advice_enabled: boolean;
}

/** A full projection of one table for this viewer, with the sequence number it reflects. */
export interface TableState {
  readonly type: "table_state";
  readonly seq: number;
  readonly table: TableView;
}

/** One engine operation as this viewer may see it, for the log and animations. */
export interface TableEvent {
  readonly type: "event";
  readonly table: TableId;
  readonly seq: number;
  readonly op: string;
  readonly text: string;
  readonly at: string;
}

export interface ServerError {
  readonly type: "error";
  readonly code: string;
  readonly message: string;
}

export type ServerMessage = Welcome | Ack | Lobby | TableState | TableEvent | ServerError;
export type ServerMessageType = ServerMessage["type"];

const SERVER_TYPES: ReadonlySet<string> = new Set<ServerMessageType>([
  "welcome",
  "ack",
  "lobby",
  "table_state",
  "event",
  "error",
]);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
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
  if (!isRecord(data) || typeof data.type !== "string" || !SERVER_TYPES.has(data.type)) return null;
  switch (data.type) {
    case "ack":
      if (typeof data.id !== "string" || !["applied", "duplicate", "rejected"].includes(String(data.status)))
        return null;
      break;
    case "table_state":
      if (typeof data.seq !== "number" || !isRecord(data.table) || typeof data.table.id !== "string") return null;
      break;
    case "event":
      if (typeof data.seq !== "number" || typeof data.table !== "string") return null;
      break;
    case "lobby":
      if (!Array.isArray(data.tables)) return null;
      break;
    default:
      break;
  }
  return data as unknown as ServerMessage;
}
