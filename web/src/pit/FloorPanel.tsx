import { useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { dollarsText, formatCents, parseDollars } from "../game/money";
import { OpenTableForm } from "./OpenTableForm";
import { usePoll } from "./usePoll";
import type { Configure, FloorTable, Look, PitApi } from "./pitApi";

/** How often the floor asks the server again, ms. */
export const FLOOR_POLL = 1500;

function OptionsForm({
  table,
  pit,
  done,
}: {
  readonly table: FloorTable;
  readonly pit: PitApi;
  readonly done: () => void;
}) {
  const session = useSession();
  const o = table.offer;
  const [min, setMin] = useState(dollarsText(table.limits.min));
  const [max, setMax] = useState(dollarsText(table.limits.max));
  const [advice, setAdvice] = useState(table.advice);
  const [pf, setPf] = useState(table.variations.pair_fortunes ?? "");
  const [de, setDe] = useState(table.variations.dragons_eye);
  const [sb, setSb] = useState(table.variations.supreme_bonus);
  const [bots, setBots] = useState(String(table.computer_players));
  const [busy, setBusy] = useState(false);
  const lo = parseDollars(min);
  const hi = parseDollars(max);
  const n = Number(bots);
  const change: Configure = {};
  if (lo !== null && lo !== table.limits.min) change.min_wager = lo;
  if (hi !== null && hi !== table.limits.max) change.max_wager = hi;
  if (advice !== table.advice) change.advice = advice;
  if (pf !== (table.variations.pair_fortunes ?? "")) change.pair_fortunes = pf;
  if (de !== table.variations.dragons_eye) change.dragons_eye = de;
  if (sb !== table.variations.supreme_bonus) change.supreme_bonus = sb;
  if (Number.isInteger(n) && n !== table.computer_players) change.computer_players = n;
  const id = `opts-${table.id}`;
  const submit = async () => {
    setBusy(true);
    try {
      const t = await pit.configure(table.id, change);
      session.notify(
        "info",
        t.pending ? `Table ${table.id}: the change waits for the round's end.` : `Table ${table.id}: options changed.`,
      );
      done();
    } catch (e) {
      session.notify("error", messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      class="pg-form pg-pit__options"
      aria-label={`Options of table ${table.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div class="pg-pit__row">
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Minimum ($)</span>
          <input
            name="min"
            inputMode="decimal"
            value={min}
            onInput={(e) => {
              setMin(e.currentTarget.value);
            }}
            aria-invalid={lo === null}
          />
        </label>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Maximum ($)</span>
          <input
            name="max"
            inputMode="decimal"
            value={max}
            onInput={(e) => {
              setMax(e.currentTarget.value);
            }}
            aria-invalid={hi === null}
          />
        </label>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Computer players</span>
          <input
            name="bots"
            type="number"
            min={0}
            max={o.computer_players}
            value={bots}
            onInput={(e) => {
              setBots(e.currentTarget.value);
            }}
          />
        </label>
        {o.pair_fortunes.length > 0 ? (
          <label class="pg-field pg-field--short">
            <span class="pg-field__label">Pair Fortunes</span>
            <select
              name="pair_fortunes"
              value={pf}
              onChange={(e) => {
                setPf(e.currentTarget.value);
              }}
            >
              <option value="">not offered</option>
              {o.pair_fortunes.map((p) => (
                <option key={p} value={p}>
                  pay table {p}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div class="pg-pit__row">
        <label class="pg-toggle">
          <input
            type="checkbox"
            name="advice"
            checked={advice}
            onChange={(e) => {
              setAdvice(e.currentTarget.checked);
            }}
          />
          Setting advice
        </label>
        {o.dragons_eye ? (
          <label class="pg-toggle">
            <input
              type="checkbox"
              name="dragons_eye"
              checked={de}
              onChange={(e) => {
                setDe(e.currentTarget.checked);
              }}
            />
            Dragon's Eye
          </label>
        ) : null}
        {o.supreme_bonus ? (
          <label class="pg-toggle">
            <input
              type="checkbox"
              name="supreme_bonus"
              checked={sb}
              onChange={(e) => {
                setSb(e.currentTarget.checked);
              }}
            />
            Supreme Pai Gow bonus
          </label>
        ) : null}
        <button
          type="submit"
          class="pg-button pg-button--primary"
          disabled={busy || lo === null || hi === null || !Number.isInteger(n) || Object.keys(change).length === 0}
          aria-describedby={`${id}-help`}
        >
          Change options
        </button>
        <span id={`${id}-help`} class="pg-field__help">
          {table.round_open ? "A round is open: the change waits for its end." : "Between rounds: applied at once."}
        </span>
      </div>
    </form>
  );
}

function Flags({ t }: { readonly t: FloorTable }) {
  const v = t.variations;
  const flags = [
    v.pair_fortunes ? `Pair Fortunes ${v.pair_fortunes}` : null,
    v.dragons_eye ? "Dragon's Eye" : null,
    v.supreme_bonus ? "Supreme bonus" : null,
    t.advice ? "advice" : "no advice",
  ].filter((f): f is string => f !== null);
  return <span data-testid="options">{flags.join(" · ")}</span>;
}

function TableCard({
  t,
  pit,
  refresh,
}: {
  readonly t: FloorTable;
  readonly pit: PitApi;
  readonly refresh: () => void;
}) {
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const [look, setLook] = useState<Look | null>(null);
  const act = async (what: () => Promise<unknown>, said: string) => {
    try {
      await what();
      session.notify("info", said);
    } catch (e) {
      session.notify("error", messageOf(e));
    }
    refresh();
  };
  const seats = Object.entries(t.seats);
  return (
    <article class="pg-card-panel pg-pit__table" aria-labelledby={`floor-${t.id}`} data-table={t.id}>
      <header class="pg-pit__head">
        <h2 id={`floor-${t.id}`}>
          {t.id} <span class="pg-subtitle">{t.title}</span>
        </h2>
        <span class="pg-tag" data-testid="phase">
          {t.held ? "held" : t.paused ? `paused · ${t.phase}` : t.phase}
        </span>
      </header>
      {t.held ? (
        <p class="pg-form__error" data-testid="held">
          Held: {t.held}
        </p>
      ) : null}
      <dl class="pg-pit__facts">
        <dt>Profile</dt>
        <dd data-testid="profile">{t.profile}</dd>
        <dt>Limits</dt>
        <dd data-testid="limits">
          {formatCents(t.limits.min)} – {formatCents(t.limits.max)}
        </dd>
        <dt>Rounds</dt>
        <dd data-testid="rounds">{t.rounds}</dd>
        <dt>Computer players</dt>
        <dd data-testid="bots">{t.computer_players}</dd>
        <dt>Options</dt>
        <dd>
          <Flags t={t} />
        </dd>
      </dl>
      {t.pending ? (
        <p class="pg-note" data-testid="pending">
          Waiting for the round's end:{" "}
          {Object.entries(t.pending.options)
            .map(([k, v]) => `${k} ${String(v)}`)
            .join(", ")}{" "}
          (by {t.pending.by})
        </p>
      ) : null}
      <ul class="pg-pit__seats" aria-label={`Seats of table ${t.id}`}>
        {seats.map(([seat, who]) => (
          <li
            key={seat}
            data-seat={seat}
            class={who ? (who.startsWith("bot-") ? "pg-pit__seat--bot" : "pg-pit__seat--taken") : ""}
          >
            <span class="pg-pit__seatno">{seat}</span> {who ?? "free"}
          </li>
        ))}
      </ul>
      <div class="pg-actions">
        <a class="pg-button pg-button--secondary" href={`#/table/${encodeURIComponent(t.id)}`}>
          Watch
        </a>
        <a class="pg-button pg-button--secondary" href={`#/recall/${encodeURIComponent(t.id)}`}>
          Rounds
        </a>
        {t.can.pause ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() => void act(() => pit.pause(t.id, true), `Table ${t.id} paused.`)}
          >
            Pause
          </button>
        ) : null}
        {t.can.resume ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() => void act(() => pit.pause(t.id, false), `Table ${t.id} resumed.`)}
          >
            Resume
          </button>
        ) : null}
        {t.can.look ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() =>
              void pit.look(t.id).then(setLook, (e: unknown) => {
                session.notify("error", messageOf(e));
              })
            }
          >
            Surveillance look
          </button>
        ) : null}
        {t.can.configure ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            aria-expanded={editing}
            onClick={() => {
              setEditing(!editing);
            }}
          >
            Options…
          </button>
        ) : null}
        {t.can.close ? (
          <button
            type="button"
            class="pg-button pg-button--ghost"
            onClick={() => {
              if (window.confirm(`Close table ${t.id}? A round in progress is void and every seat is cashed out.`)) {
                void act(() => pit.close(t.id), `Table ${t.id} closed.`);
              }
            }}
          >
            Close
          </button>
        ) : null}
      </div>
      {look?.round === t.rounds + 1 && t.round_open ? (
        <div class="pg-note" data-testid="look">
          <p>
            Round {look.round}, every dealt hand (this look is in the event log, #{look.event}):
          </p>
          <ul>
            {Object.entries(look.hands).map(([pos, pieces]) => (
              <li key={pos} data-position={pos}>
                {pos}: {pieces ? pieces.join(" ") : "—"}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {editing && t.can.configure ? (
        <OptionsForm
          table={t}
          pit={pit}
          done={() => {
            setEditing(false);
            refresh();
          }}
        />
      ) : null}
    </article>
  );
}

/** Every table live, as the server says it is, with what the operator may do to it. */
export function FloorPanel({ pit }: { readonly pit: PitApi }) {
  const { data, error, refresh } = usePoll(() => pit.floor(), FLOOR_POLL, [pit]);
  return (
    <section aria-label="Floor">
      <OpenTableForm pit={pit} opened={() => void refresh()} />
      {error ? <p class="pg-form__error">{error}</p> : null}
      {data === null ? (
        <p class="pg-note">Loading the floor…</p>
      ) : data.length === 0 ? (
        <p class="pg-note">No table is open.</p>
      ) : (
        <div class="pg-pit__floor" data-testid="floor">
          {data.map((t) => (
            <TableCard key={t.id} t={t} pit={pit} refresh={() => void refresh()} />
          ))}
        </div>
      )}
    </section>
  );
}
