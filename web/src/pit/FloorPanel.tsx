import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { dollarsText, parseDollars } from "../game/money";
import { piecesText } from "../i18n/cards";
import type { I18n } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import { ComputerPlayersField, OptionToggle, PayTableSelect, PitForm, TextField, useAction } from "./fields";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import { profileTitle } from "../pages/profiles";
import { useStore } from "../state/store";
import { OpenTableForm } from "./OpenTableForm";
import { usePoll } from "./usePoll";
import type { Configure, FloorTable, Look, PitApi } from "./pitApi";
import { phaseWords } from "./words";

/** Options waiting for a round's end, as the server names them ("min_wager 1000, advice false"). */
function changes(i: I18n, options: Readonly<Record<string, unknown>>): string {
  return i.list(Object.entries(options).map(([k, v]) => `${k} ${String(v)}`));
}

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
  const i = useI18n();
  const o = table.offer;
  const [min, setMin] = useState(dollarsText(table.limits.min));
  const [max, setMax] = useState(dollarsText(table.limits.max));
  const [advice, setAdvice] = useState(table.advice);
  const [pf, setPf] = useState(table.variations.pair_fortunes ?? "");
  const [de, setDe] = useState(table.variations.dragons_eye);
  const [sb, setSb] = useState(table.variations.supreme_bonus);
  const [bots, setBots] = useState(String(table.computer_players));
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
  const { busy, run } = useAction(async () => {
    const t = await pit.configure(table.id, change);
    session.notify("info", { key: t.pending ? "pit.changeWaits" : "pit.changed", values: { table: table.id } });
    done();
  });
  return (
    <PitForm class="pg-form pg-pit__options" aria-label={i.t("pit.optionsOf", { table: table.id })} submit={run}>
      <div class="pg-pit__row">
        <TextField
          short
          label={i.t("pit.minimum")}
          name="min"
          inputMode="decimal"
          value={min}
          set={setMin}
          aria-invalid={lo === null}
        />
        <TextField
          short
          label={i.t("pit.maximum")}
          name="max"
          inputMode="decimal"
          value={max}
          set={setMax}
          aria-invalid={hi === null}
        />
        <ComputerPlayersField most={o.computer_players} value={bots} set={setBots} />
        <PayTableSelect tables={o.pair_fortunes} value={pf} set={setPf} />
      </div>
      <div class="pg-pit__row">
        <OptionToggle name="advice" label={i.t("pit.advice")} checked={advice} set={setAdvice} />
        {o.dragons_eye ? <OptionToggle name="dragons_eye" label={i.t("wager.de")} checked={de} set={setDe} /> : null}
        {o.supreme_bonus ? (
          <OptionToggle name="supreme_bonus" label={i.t("pit.supremeBonus")} checked={sb} set={setSb} />
        ) : null}
        <button
          type="submit"
          class="pg-button pg-button--primary"
          disabled={busy || lo === null || hi === null || !Number.isInteger(n) || Object.keys(change).length === 0}
          aria-describedby={`${id}-help`}
        >
          {i.t("pit.change")}
        </button>
        <span id={`${id}-help`} class="pg-field__help">
          {i.t(table.round_open ? "pit.waitsForEnd" : "pit.atOnce")}
        </span>
      </div>
    </PitForm>
  );
}

function Flags({ t }: { readonly t: FloorTable }) {
  const i = useI18n();
  const v = t.variations;
  const flags = [
    v.pair_fortunes ? i.t("pit.flagPairFortunes", { table: v.pair_fortunes }) : null,
    v.dragons_eye ? i.t("wager.de") : null,
    v.supreme_bonus ? i.t("pit.flagSupreme") : null,
    i.t("pit.flagAdvice", { advice: t.advice ? "yes" : "no" }),
  ].filter((f): f is string => f !== null);
  return <span data-testid="options">{flags.join(" · ")}</span>;
}

function TableCard({ t, pit }: { readonly t: FloorTable; readonly pit: PitApi }) {
  const session = useSession();
  const i = useI18n();
  const [editing, setEditing] = useState(false);
  const [look, setLook] = useState<Look | null>(null);
  const act = async (what: () => Promise<unknown>, said: Said) => {
    try {
      await what();
      session.notify("info", said);
    } catch (e) {
      session.notify("error", messageOf(e));
    }
  };
  const seats = Object.entries(t.seats);
  return (
    <article class="pg-card-panel pg-pit__table" aria-labelledby={`floor-${t.id}`} data-table={t.id}>
      <header class="pg-pit__head">
        <h2 id={`floor-${t.id}`}>
          {t.id} <span class="pg-subtitle">{profileTitle(i, t.profile, t.title)}</span>
        </h2>
        <span class="pg-tag" data-testid="phase">
          {i.t("pit.phase", {
            state: t.held ? "held" : t.paused ? "paused" : "open",
            phase: phaseWords(i, t.phase),
          })}
        </span>
      </header>
      {t.held ? (
        <p class="pg-form__error" data-testid="held">
          {i.t("pit.held", { reason: t.held })}
        </p>
      ) : null}
      <dl class="pg-pit__facts">
        <dt>{i.t("pit.profile")}</dt>
        <dd data-testid="profile">{t.profile}</dd>
        <dt>{i.t("lobby.limits")}</dt>
        <dd data-testid="limits">{i.t("common.range", { min: i.money(t.limits.min), max: i.money(t.limits.max) })}</dd>
        <dt>{i.t("pit.rounds")}</dt>
        <dd data-testid="rounds">{i.number(t.rounds)}</dd>
        <dt>{i.t("pit.computerPlayers")}</dt>
        <dd data-testid="bots">{i.number(t.computer_players)}</dd>
        <dt>{i.t("pit.options")}</dt>
        <dd>
          <Flags t={t} />
        </dd>
      </dl>
      {t.pending ? (
        <p class="pg-note" data-testid="pending">
          {i.t("pit.pending", { changes: changes(i, t.pending.options), by: t.pending.by })}
        </p>
      ) : null}
      <ul class="pg-pit__seats" aria-label={i.t("pit.seatsOf", { table: t.id })}>
        {seats.map(([seat, who]) => (
          <li
            key={seat}
            data-seat={seat}
            class={who ? (who.startsWith("bot-") ? "pg-pit__seat--bot" : "pg-pit__seat--taken") : ""}
          >
            <span class="pg-pit__seatno">{seat}</span> {who ?? i.t("pit.free")}
          </li>
        ))}
      </ul>
      <div class="pg-actions">
        <a class="pg-button pg-button--secondary" href={`#/table/${encodeURIComponent(t.id)}`}>
          {i.t("pit.watch")}
        </a>
        <a class="pg-button pg-button--secondary" href={`#/recall/${encodeURIComponent(t.id)}`}>
          {i.t("pit.roundsLink")}
        </a>
        <a class="pg-button pg-button--secondary" href={pit.reportUrl(t.id)} download>
          {i.t("pit.report")}
        </a>
        {t.can.pause ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() => void act(() => pit.pause(t.id, true), { key: "pit.paused", values: { table: t.id } })}
          >
            {i.t("pit.pause")}
          </button>
        ) : null}
        {t.can.resume ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() => void act(() => pit.pause(t.id, false), { key: "pit.resumed", values: { table: t.id } })}
          >
            {i.t("pit.resume")}
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
            {i.t("pit.look")}
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
            {i.t("pit.optionsButton")}
          </button>
        ) : null}
        {t.can.close ? (
          <button
            type="button"
            class="pg-button pg-button--ghost"
            onClick={() => {
              if (window.confirm(i.t("pit.closeConfirm", { table: t.id }))) {
                void act(() => pit.close(t.id), { key: "pit.closed", values: { table: t.id } });
              }
            }}
          >
            {i.t("pit.close")}
          </button>
        ) : null}
      </div>
      {look?.round === t.rounds + 1 && t.round_open ? (
        <div class="pg-note" data-testid="look">
          <p>{i.t("pit.lookTitle", { round: String(look.round), event: String(look.event) })}</p>
          <ul>
            {Object.entries(look.hands).map(([pos, pieces]) => (
              <li key={pos} data-position={pos}>
                {i.t("pit.lookHand", { pos, pieces: pieces ? piecesText(i, pieces) : i.t("common.none") })}
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
          }}
        />
      ) : null}
    </article>
  );
}

/**
 * Every table live, as the server says it is, with what the operator may do to it: the floor
 * the server pushes on the operator's websocket whenever it changes (asked for once while the
 * websocket is not open yet), never asked for again and again.
 */
export function FloorPanel({ pit }: { readonly pit: PitApi }) {
  const session = useSession();
  const i = useI18n();
  const data = useStore(session.store, (s) => s.floor);
  const [error, setError] = useState<Said | null>(null);
  useEffect(
    () =>
      session.followFloor(
        () => pit.floor(),
        (e) => {
          setError(messageOf(e));
        },
      ),
    [session, pit],
  );
  return (
    <section aria-label={i.t("pit.tabFloor")}>
      <OpenTableForm pit={pit} />
      <PrivateCap pit={pit} floor={data} />
      {error && data === null ? <p class="pg-form__error">{say(i, error)}</p> : null}
      {data === null ? (
        <p class="pg-note">{i.t("pit.loadingFloor")}</p>
      ) : data.length === 0 ? (
        <p class="pg-note">{i.t("pit.noTable")}</p>
      ) : (
        <div class="pg-pit__floor" data-testid="floor">
          {data.map((t) => (
            <TableCard key={t.id} t={t} pit={pit} />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * How many private tables a player may open and their idle time (the server's options, asked
 * once), and how many are open now (those of the floor).
 */
function PrivateCap({ pit, floor }: { readonly pit: PitApi; readonly floor: readonly FloorTable[] | null }) {
  const i = useI18n();
  const { data } = usePoll(() => pit.privateTables(), 0, [pit]);
  if (data === null) return null;
  const open = floor === null ? data.tables.length : floor.filter((t) => t.private !== null).length;
  return (
    <p class="pg-note" data-testid="private-cap" data-cap={data.per_player} data-idle={data.idle_minutes}>
      {i.t("pit.privateCap", { cap: data.per_player, minutes: data.idle_minutes, open })}
    </p>
  );
}
