import { useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { useI18n } from "../i18n/i18n";
import { say } from "../i18n/said";
import { profileTitle } from "../pages/profiles";
import type { ChatReview, PitApi } from "./pitApi";
import { usePoll } from "./usePoll";
import { moment } from "./words";

/** How often the review asks the server again, ms. */
export const REVIEW_POLL = 2000;

/** The silences the page offers, minutes (null: until lifted). */
const SILENCES: readonly (number | null)[] = [60, 1440, null];

function Silence({ pit, name }: { readonly pit: PitApi; readonly name: string }) {
  const session = useSession();
  const i = useI18n();
  const [minutes, setMinutes] = useState<string>("60");
  const [busy, setBusy] = useState(false);
  const act = async (on: boolean) => {
    setBusy(true);
    try {
      const chosen = SILENCES.find((m) => String(m) === minutes) ?? null;
      await pit.silence(name, chosen, on);
      session.notify("info", { key: on ? "pit.silenced" : "pit.lifted", values: { name } });
    } catch (e) {
      session.notify("error", messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="pg-pit__row" data-testid="silence" data-author={name}>
      <label class="pg-field pg-field--short">
        <span class="pg-field__label">{i.t("pit.silence", { name })}</span>
        <select
          value={minutes}
          onChange={(e) => {
            setMinutes(e.currentTarget.value);
          }}
        >
          {SILENCES.map((m) => (
            <option key={String(m)} value={String(m)}>
              {i.t("pit.silenceFor", { minutes: String(m) })}
            </option>
          ))}
        </select>
      </label>
      <button type="button" class="pg-button" disabled={busy} onClick={() => void act(true)}>
        {i.t("pit.silence", { name })}
      </button>
      <button type="button" class="pg-button" disabled={busy} onClick={() => void act(false)}>
        {i.t("pit.lift", { name })}
      </button>
    </span>
  );
}

function Review({ pit, table }: { readonly pit: PitApi; readonly table: string }) {
  const session = useSession();
  const i = useI18n();
  const { data, error, refresh } = usePoll(() => pit.chat(table), REVIEW_POLL, [pit, table]);
  const remove = async (m: ChatReview) => {
    try {
      await pit.deleteChat(table, m.id);
      await refresh();
    } catch (e) {
      session.notify("error", messageOf(e));
    }
  };
  if (error) return <p class="pg-form__error">{say(i, error)}</p>;
  if (data === null) return <p class="pg-note">{i.t("pit.loadingChat")}</p>;
  const authors = [...new Set(data.map((m) => m.author))].sort();
  return (
    <>
      {data.length === 0 ? (
        <p class="pg-note" data-testid="review-empty">
          {i.t("pit.reviewEmpty")}
        </p>
      ) : (
        <table class="pg-table" data-testid="review">
          <caption>{i.t("pit.reviewCaption", { table })}</caption>
          <thead>
            <tr>
              <th scope="col">{i.t("pit.when")}</th>
              <th scope="col">{i.t("pit.who")}</th>
              <th scope="col">{i.t("chat.message")}</th>
              <th scope="col">{i.t("pit.state")}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((m) => (
              <tr key={m.id} data-testid="review-row" data-id={m.id} data-deleted={m.deleted_at ? "yes" : "no"}>
                <td>{moment(i, m.at)}</td>
                <td>
                  {m.author}
                  <span class="pg-note">
                    {i.t("common.parenthesised", { text: i.t("pit.role", { role: m.role }) })}
                  </span>
                </td>
                <td>
                  <bdi dir="auto" data-testid="review-text">
                    {m.text}
                  </bdi>
                </td>
                <td>
                  {m.deleted_at ? (
                    <span data-testid="review-deleted">
                      {i.t("pit.deletedBy", { by: m.deleted_by ?? "?", at: moment(i, m.deleted_at) })}
                    </span>
                  ) : (
                    <button type="button" class="pg-button" onClick={() => void remove(m)}>
                      {i.t("pit.deleteMessage", { id: String(m.id) })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {authors.length > 0 ? (
        <section class="pg-card-panel" aria-label={i.t("pit.silences")}>
          <h3>{i.t("pit.silenceAuthor")}</h3>
          <p class="pg-note">{i.t("pit.silenceNote")}</p>
          {authors.map((a) => (
            <Silence key={a} pit={pit} name={a} />
          ))}
        </section>
      ) : null}
    </>
  );
}

/** Moderation: a table's chat reviewed, a message deleted, an author silenced (operators). */
export function ModerationPanel({ pit }: { readonly pit: PitApi }) {
  const i = useI18n();
  const floor = usePoll(() => pit.floor(), 0, [pit]);
  const [table, setTable] = useState("");
  const tables = floor.data ?? [];
  return (
    <section class="pg-card-panel" aria-labelledby="moderation-title" data-testid="moderation">
      <h2 id="moderation-title">{i.t("chat.title")}</h2>
      <label class="pg-field pg-field--short">
        <span class="pg-field__label">{i.t("title.table")}</span>
        <select
          name="moderation-table"
          value={table}
          onChange={(e) => {
            setTable(e.currentTarget.value);
          }}
        >
          <option value="">{i.t("pit.chooseTable")}</option>
          {tables.map((t) => (
            <option key={t.id} value={t.id}>
              {i.t("pit.tableOption", { table: t.id, title: profileTitle(i, t.profile, t.title) })}
            </option>
          ))}
        </select>
      </label>
      {floor.error ? <p class="pg-form__error">{say(i, floor.error)}</p> : null}
      {table ? <Review pit={pit} table={table} /> : null}
    </section>
  );
}
