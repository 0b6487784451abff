import { useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import type { ChatReview, PitApi } from "./pitApi";
import { usePoll } from "./usePoll";

/** How often the review asks the server again, ms. */
export const REVIEW_POLL = 2000;

/** The silences the page offers, minutes (null: until lifted). */
const SILENCES: readonly (readonly [string, number | null])[] = [
  ["for an hour", 60],
  ["for a day", 1440],
  ["until lifted", null],
];

function Silence({ pit, name }: { readonly pit: PitApi; readonly name: string }) {
  const session = useSession();
  const [minutes, setMinutes] = useState<string>("60");
  const [busy, setBusy] = useState(false);
  const act = async (on: boolean) => {
    setBusy(true);
    try {
      const chosen = SILENCES.find(([, m]) => String(m) === minutes)?.[1] ?? null;
      await pit.silence(name, chosen, on);
      session.notify("info", on ? `${name} is silenced in every table's chat.` : `${name}'s silence is lifted.`);
    } catch (e) {
      session.notify("error", messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="pg-pit__row" data-testid="silence" data-author={name}>
      <label class="pg-field pg-field--short">
        <span class="pg-field__label">Silence {name}</span>
        <select
          value={minutes}
          onChange={(e) => {
            setMinutes(e.currentTarget.value);
          }}
        >
          {SILENCES.map(([label, m]) => (
            <option key={label} value={String(m)}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" class="pg-button" disabled={busy} onClick={() => void act(true)}>
        Silence {name}
      </button>
      <button type="button" class="pg-button" disabled={busy} onClick={() => void act(false)}>
        Lift {name}'s silence
      </button>
    </span>
  );
}

function Review({ pit, table }: { readonly pit: PitApi; readonly table: string }) {
  const session = useSession();
  const { data, error, refresh } = usePoll(() => pit.chat(table), REVIEW_POLL, [pit, table]);
  const remove = async (m: ChatReview) => {
    try {
      await pit.deleteChat(table, m.id);
      await refresh();
    } catch (e) {
      session.notify("error", messageOf(e));
    }
  };
  if (error) return <p class="pg-form__error">{error}</p>;
  if (data === null) return <p class="pg-note">Loading the chat…</p>;
  const authors = [...new Set(data.map((m) => m.author))].sort();
  return (
    <>
      {data.length === 0 ? (
        <p class="pg-note" data-testid="review-empty">
          No message at this table yet.
        </p>
      ) : (
        <table class="pg-table" data-testid="review">
          <caption>Every message of table {table}, deleted ones too, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">Message</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {data.map((m) => (
              <tr key={m.id} data-testid="review-row" data-id={m.id} data-deleted={m.deleted_at ? "yes" : "no"}>
                <td>{m.at.slice(0, 19).replace("T", " ")}</td>
                <td>
                  {m.author} <span class="pg-note">({m.role})</span>
                </td>
                <td>
                  <bdi dir="auto" data-testid="review-text">
                    {m.text}
                  </bdi>
                </td>
                <td>
                  {m.deleted_at ? (
                    <span data-testid="review-deleted">
                      deleted by {m.deleted_by ?? "?"} at {m.deleted_at.slice(0, 19).replace("T", " ")}
                    </span>
                  ) : (
                    <button type="button" class="pg-button" onClick={() => void remove(m)}>
                      Delete message {m.id}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {authors.length > 0 ? (
        <section class="pg-card-panel" aria-label="Silences">
          <h3>Silence an author</h3>
          <p class="pg-note">A silenced account's messages are refused at every table until the silence ends.</p>
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
  const floor = usePoll(() => pit.floor(), 0, [pit]);
  const [table, setTable] = useState("");
  const tables = floor.data ?? [];
  return (
    <section class="pg-card-panel" aria-labelledby="moderation-title" data-testid="moderation">
      <h2 id="moderation-title">Table chat</h2>
      <label class="pg-field pg-field--short">
        <span class="pg-field__label">Table</span>
        <select
          name="moderation-table"
          value={table}
          onChange={(e) => {
            setTable(e.currentTarget.value);
          }}
        >
          <option value="">Choose a table</option>
          {tables.map((t) => (
            <option key={t.id} value={t.id}>
              {t.id} ({t.title})
            </option>
          ))}
        </select>
      </label>
      {floor.error ? <p class="pg-form__error">{floor.error}</p> : null}
      {table ? <Review pit={pit} table={table} /> : null}
    </section>
  );
}
