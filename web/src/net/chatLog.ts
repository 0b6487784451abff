/**
 * A table's chat as the page keeps it: the messages the server sent (its `chat_history` when
 * the table is watched, then each `chat`), without those an operator deleted or whose author
 * this player muted; whether spectators write at this table; until when this account is
 * silenced. Bounded: the last {@link CHAT_KEEP} messages. The text is shown as text, never as
 * markup (docs/web.md, "Chat").
 */

import type { Said } from "../i18n/said";
import type { ChatMessage, ServerMessage, TableId } from "../protocol";

export type ChatLine = ChatMessage["message"];

/** Messages kept per table. */
export const CHAT_KEEP = 100;
/** The longest message (code points), as the server counts it after normalising it. */
export const CHAT_MAX = 300;

export interface ChatView {
  readonly lines: readonly ChatLine[];
  /** "read": spectators read only; "write": signed-in spectators write too. */
  readonly spectators: "read" | "write";
  /** null: not silenced; "": until an operator lifts it; else an ISO time. */
  readonly silencedUntil: string | null;
}

export const EMPTY_CHAT: ChatView = { lines: [], spectators: "read", silencedUntil: null };

/** The chat of `table` after one server message (the same object when it does not change it). */
export function applyChat(view: ChatView, table: TableId, m: ServerMessage, muted: ReadonlySet<string>): ChatView {
  switch (m.type) {
    case "chat_history":
      if (m.table !== table) return view;
      return {
        lines: m.messages.filter((l) => !muted.has(l.author)).slice(-CHAT_KEEP),
        spectators: m.spectators,
        silencedUntil: m.silenced_until,
      };
    case "chat":
      if (m.table !== table || muted.has(m.message.author)) return view;
      if (view.lines.some((l) => l.id === m.message.id)) return view;
      return { ...view, lines: [...view.lines, m.message].slice(-CHAT_KEEP) };
    case "chat_deleted":
      if (m.table !== table || !view.lines.some((l) => l.id === m.id)) return view;
      return { ...view, lines: view.lines.filter((l) => l.id !== m.id) };
    default:
      return view;
  }
}

/** Code points in `text` (what the server's limit counts). */
export function chatLength(text: string): number {
  return Array.from(text).length;
}

/**
 * Who may write here, or why not: signed out, a spectator where spectators read, silenced. A
 * silence with an end says it as `until`, an ISO time the page words in its language.
 */
export function chatBlocked(
  view: ChatView,
  me: { readonly name: string; readonly role: string } | null,
  seated: boolean,
): (Said & { readonly until?: string }) | null {
  if (!me) return { key: "chat.signIn" };
  if (view.silencedUntil !== null) {
    return view.silencedUntil === ""
      ? { key: "chat.silenced" }
      : { key: "chat.silencedUntil", until: view.silencedUntil };
  }
  if (me.role !== "operator" && !seated && view.spectators === "read") return { key: "chat.seatedOnly" };
  return null;
}
