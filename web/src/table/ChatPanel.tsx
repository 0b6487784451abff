import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { CHAT_MAX, chatBlocked, chatLength } from "../net/chatLog";
import type { Me } from "../protocol";

const ROLE_MARK: Readonly<Record<string, string>> = { operator: "operator", spectator: "watching" };

function timeOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/**
 * The table's chat: the messages (plain text, each isolated with `dir="auto"`; never markup),
 * a line to write when this account may, a mute beside another player's message and, for an
 * operator, a delete. What the server refuses is said under the line.
 */
export function ChatPanel({
  table,
  me,
  seated,
}: {
  readonly table: string;
  readonly me: Me | null;
  readonly seated: boolean;
}) {
  const session = useSession();
  const [, setTick] = useState(0);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      session.onChat(() => {
        setTick((n) => n + 1);
      }),
    [session],
  );
  useEffect(() => {
    if (me) void session.loadMutes().catch(() => undefined);
  }, [session, me?.name]);

  const view = session.chatOf(table);
  const blocked = chatBlocked(view, me, seated);
  const length = chatLength(draft);
  const operator = me?.role === "operator";
  const muted = [...session.muted].sort();

  const send = async () => {
    const text = draft.trim();
    if (!text) return;
    setBusy(true);
    setError(null);
    const r = await session.sendChat(table, text);
    setBusy(false);
    if (r.status === "posted") setDraft("");
    else setError(r.error ?? "The message was not sent.");
  };

  return (
    <section class="pg-card-panel pg-chat" aria-labelledby="chat-title" data-testid="chat">
      <h2 id="chat-title">Table chat</h2>
      <ol class="pg-chat__lines" aria-live="polite" aria-relevant="additions">
        {view.lines.length === 0 ? <li class="pg-chat__empty">No messages yet.</li> : null}
        {view.lines.map((l) => (
          <li key={l.id} class="pg-chat__line" data-testid="chat-line" data-id={l.id}>
            <span class="pg-chat__meta">
              <time dateTime={l.at}>{timeOf(l.at)}</time> <strong class="pg-chat__author">{l.author}</strong>
              {ROLE_MARK[l.role] ? <span class="pg-chat__role"> ({ROLE_MARK[l.role]})</span> : null}
            </span>{" "}
            <bdi class="pg-chat__text" dir="auto" data-testid="chat-text">
              {l.text}
            </bdi>
            {me && l.author !== me.name && !operator ? (
              <button
                type="button"
                class="pg-chat__act"
                aria-label={`Mute ${l.author}`}
                onClick={() => {
                  void session.mute(l.author, true).catch((e: unknown) => {
                    setError(messageOf(e));
                  });
                }}
              >
                Mute
              </button>
            ) : null}
            {operator ? (
              <button
                type="button"
                class="pg-chat__act"
                aria-label={`Delete the message of ${l.author}`}
                onClick={() => {
                  void session.api.deleteChat(table, l.id).catch((e: unknown) => {
                    setError(messageOf(e));
                  });
                }}
              >
                Delete
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {blocked ? (
        <p class="pg-note" data-testid="chat-blocked">
          {blocked}
        </p>
      ) : (
        <form
          class="pg-chat__form"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label class="pg-field">
            <span class="pg-field__label">Message</span>
            <input
              name="chat"
              autoComplete="off"
              maxLength={CHAT_MAX * 2}
              value={draft}
              aria-describedby="chat-count"
              aria-invalid={length > CHAT_MAX}
              onInput={(e) => {
                setDraft(e.currentTarget.value);
              }}
            />
            <span id="chat-count" class="pg-field__help">
              {length} / {CHAT_MAX}
            </span>
          </label>
          <button type="submit" class="pg-button" disabled={busy || length === 0 || length > CHAT_MAX}>
            Send
          </button>
        </form>
      )}
      {error ? (
        <p class="pg-form__error" role="alert" data-testid="chat-error">
          {error}
        </p>
      ) : null}
      {me && muted.length ? (
        <p class="pg-note pg-chat__muted">
          Muted:{" "}
          {muted.map((name) => (
            <button
              key={name}
              type="button"
              class="pg-chat__act"
              aria-label={`Unmute ${name}`}
              onClick={() => {
                void session.mute(name, false).catch((e: unknown) => {
                  setError(messageOf(e));
                });
              }}
            >
              {name} ✕
            </button>
          ))}
        </p>
      ) : null}
    </section>
  );
}
