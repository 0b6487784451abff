import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import type { I18n } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import { CHAT_MAX, chatBlocked, chatLength } from "../net/chatLog";
import type { Me } from "../protocol";

/** The roles a message's author is marked with (a seated player is not marked). */
const MARKED: ReadonlySet<string> = new Set(["operator", "spectator"]);

/** The hour and minute of `iso` in the reader's language and time zone (seconds from `full`). */
function timeOf(i: I18n, iso: string, full = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleTimeString(i.locale, full ? undefined : { hour: "2-digit", minute: "2-digit" });
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
  const i = useI18n();
  const [, setTick] = useState(0);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<Said | null>(null);
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
    else setError(r.error ? { server: r.error, fallback: "chat.notSent" } : { key: "chat.notSent" });
  };

  return (
    <section class="pg-card-panel pg-chat" aria-labelledby="chat-title" data-testid="chat">
      <h2 id="chat-title">{i.t("chat.title")}</h2>
      <ol class="pg-chat__lines" aria-live="polite" aria-relevant="additions">
        {view.lines.length === 0 ? <li class="pg-chat__empty">{i.t("chat.empty")}</li> : null}
        {view.lines.map((l) => (
          <li key={l.id} class="pg-chat__line" data-testid="chat-line" data-id={l.id}>
            <span class="pg-chat__meta">
              <time dateTime={l.at}>{timeOf(i, l.at)}</time> <strong class="pg-chat__author">{l.author}</strong>
              {MARKED.has(l.role) ? (
                <span class="pg-chat__role">
                  {i.t("common.parenthesised", { text: i.t("chat.role", { role: l.role }) })}
                </span>
              ) : null}
            </span>
            {i.t("common.space")}
            <bdi class="pg-chat__text" dir="auto" data-testid="chat-text">
              {l.text}
            </bdi>
            {me && l.author !== me.name && !operator ? (
              <button
                type="button"
                class="pg-chat__act"
                aria-label={i.t("chat.muteLabel", { name: l.author })}
                onClick={() => {
                  void session.mute(l.author, true).catch((e: unknown) => {
                    setError(messageOf(e));
                  });
                }}
              >
                {i.t("chat.mute")}
              </button>
            ) : null}
            {operator ? (
              <button
                type="button"
                class="pg-chat__act"
                aria-label={i.t("chat.deleteLabel", { name: l.author })}
                onClick={() => {
                  void session.api.deleteChat(table, l.id).catch((e: unknown) => {
                    setError(messageOf(e));
                  });
                }}
              >
                {i.t("chat.delete")}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {blocked ? (
        <p class="pg-note" data-testid="chat-blocked">
          {blocked.until === undefined
            ? say(i, blocked)
            : i.t("chat.silencedUntil", { until: timeOf(i, blocked.until, true) })}
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
            <span class="pg-field__label">{i.t("chat.message")}</span>
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
              {i.t("chat.count", { length, max: CHAT_MAX })}
            </span>
          </label>
          <button type="submit" class="pg-button" disabled={busy || length === 0 || length > CHAT_MAX}>
            {i.t("chat.send")}
          </button>
        </form>
      )}
      {error ? (
        <p class="pg-form__error" role="alert" data-testid="chat-error">
          {say(i, error)}
        </p>
      ) : null}
      {me && muted.length ? (
        <p class="pg-note pg-chat__muted">
          {i.t("chat.muted")}
          {i.t("common.space")}
          {muted.map((name) => (
            <button
              key={name}
              type="button"
              class="pg-chat__act"
              aria-label={i.t("chat.unmuteLabel", { name })}
              onClick={() => {
                void session.mute(name, false).catch((e: unknown) => {
                  setError(messageOf(e));
                });
              }}
            >
              {i.t("chat.unmute", { name })}
            </button>
          ))}
        </p>
      ) : null}
    </section>
  );
}
