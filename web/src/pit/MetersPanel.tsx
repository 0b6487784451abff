import { useState } from "preact/hooks";
import { kindWords } from "../game/record";
import type { I18n, MessageKey } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import { say } from "../i18n/said";
import type { Figures, MeterGroup, Meters, PitApi } from "./pitApi";
import { PitForm, TextField } from "./fields";
import { usePoll } from "./usePoll";

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A hold, in percent as the server gives it (2 decimals), in the reader's language. */
function pct(i: I18n, h: number | null): string {
  return h === null ? i.t("common.none") : i.percent(h / 100, 2);
}

const COLUMNS: readonly { key: keyof Figures; label: MessageKey; money: boolean }[] = [
  { key: "rounds", label: "pit.rounds", money: false },
  { key: "voids", label: "pit.voids", money: false },
  { key: "handle", label: "pit.handle", money: true },
  { key: "side_handle", label: "pit.sideHandle", money: true },
  { key: "win", label: "pit.win", money: true },
  { key: "side_win", label: "pit.sideWin", money: true },
  { key: "commission", label: "rules.commissionTitle", money: true },
  { key: "collection", label: "rules.collectionTitle", money: true },
  { key: "computer_net", label: "pit.computerPlayers", money: true },
];

function cell(i: I18n, f: Figures, key: keyof Figures, money: boolean): string {
  const v = f[key];
  if (key === "hold") return pct(i, v);
  if (typeof v !== "number") return String(v);
  return money ? i.money(v) : i.number(v);
}

function Table({
  title,
  rows,
  first,
  testId,
}: {
  readonly title: string;
  readonly rows: readonly (Figures & { name: string })[];
  readonly first: string;
  readonly testId: string;
}) {
  const i = useI18n();
  return (
    <table class="pg-pit__grid" aria-label={title} data-testid={`meters-${testId}`}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {COLUMNS.map((c) => (
            <th key={c.key} scope="col" class="pg-pit__num">
              {i.t(c.label)}
            </th>
          ))}
          <th scope="col" class="pg-pit__num">
            {i.t("pit.hold")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name} data-row={r.name}>
            <th scope="row">{r.name}</th>
            {COLUMNS.map((c) => (
              <td key={c.key} class="pg-pit__num" data-figure={c.key}>
                {cell(i, r, c.key, c.money)}
              </td>
            ))}
            <td class="pg-pit__num" data-figure="hold">
              {pct(i, r.hold)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const HOUR_MS = 3_600_000;

/** The period's hours (UTC), each with the server's figures of that hour (none: no round). */
function periodHours(m: Meters): { readonly at: Date; readonly figures: Meters["hours"][number] | undefined }[] {
  const start = Date.parse(`${m.first}T00:00:00Z`);
  const end = Date.parse(`${m.last}T00:00:00Z`) + 24 * HOUR_MS;
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return [];
  const byHour = new Map(m.hours.map((x) => [Math.round((Date.parse(x.hour) - start) / HOUR_MS), x]));
  return Array.from({ length: Math.round((end - start) / HOUR_MS) }, (_, k) => ({
    at: new Date(start + k * HOUR_MS),
    figures: byHour.get(k),
  }));
}

/** Win per hour of the period, one bar per hour (above the line: the house won; below: it lost;
 * none: no round that hour), every figure the server's meters; under it the hours (UTC), and
 * the day where one begins. */
function Chart({ m }: { readonly m: Meters }) {
  const i = useI18n();
  const hours = periodHours(m);
  if (m.hours.length === 0 || hours.length === 0) return null;
  const w = 640;
  const h = 160;
  const axis = 30;
  const most = Math.max(1, ...m.hours.map((x) => Math.abs(x.win)));
  const slot = w / hours.length;
  const mid = h / 2;
  // a label every hour on one day, every 3 or 6 hours over longer periods (readable at 640 px)
  const every = hours.length <= 24 ? 1 : hours.length <= 72 ? 3 : hours.length <= 168 ? 6 : 24;
  const two = (n: number) => String(n).padStart(2, "0");
  return (
    <figure class="pg-pit__chart" data-testid="meters-chart">
      <svg viewBox={`0 0 ${w} ${h + axis}`} role="img" aria-label={i.t("pit.chart", { first: m.first, last: m.last })}>
        <line x1={0} x2={w} y1={mid} y2={mid} stroke="currentColor" stroke-opacity={0.4} />
        {hours.map(({ at, figures }, n) => {
          const hour = at.getUTCHours();
          const win = figures?.win ?? 0;
          const len = (Math.abs(win) / most) * (mid - 4);
          return (
            <g key={n} data-hour={at.toISOString()} data-win={figures ? win : undefined} data-rounds={figures?.rounds}>
              {figures ? (
                <rect
                  x={n * slot + slot * 0.1}
                  width={Math.max(1, slot * 0.8)}
                  y={win >= 0 ? mid - len : mid}
                  height={Math.max(len, 1)}
                  class={win >= 0 ? "pg-pit__bar--up" : "pg-pit__bar--down"}
                >
                  <title>
                    {i.t("pit.chartBar", {
                      hour: `${at.toISOString().slice(0, 10)} ${two(hour)}`,
                      win: i.money(win),
                      rounds: figures.rounds,
                    })}
                  </title>
                </rect>
              ) : null}
              {hour % every === 0 ? (
                <text
                  class="pg-pit__hour"
                  data-label={two(hour)}
                  x={n * slot + slot / 2}
                  y={h + 12}
                  text-anchor="middle"
                  font-size={10}
                  fill="currentColor"
                >
                  {two(hour)}
                </text>
              ) : null}
              {hour === 0 && hours.length > 24 ? (
                <text x={n * slot + 1} y={h + 26} font-size={10} fill="currentColor" fill-opacity={0.7}>
                  {at.toISOString().slice(5, 10)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>{i.t("pit.chartCaption")}</figcaption>
    </figure>
  );
}

function Sides({ g }: { readonly g: MeterGroup }) {
  const i = useI18n();
  const kinds = Object.entries(g.sides);
  if (kinds.length === 0) return <p class="pg-note">{i.t("pit.noSides")}</p>;
  return (
    <table class="pg-pit__grid" aria-label={i.t("pit.sideBets")} data-testid="meters-sides">
      <thead>
        <tr>
          <th scope="col">{i.t("pit.sideBet")}</th>
          <th scope="col" class="pg-pit__num">
            {i.t("pit.wagers")}
          </th>
          <th scope="col" class="pg-pit__num">
            {i.t("pit.handle")}
          </th>
          <th scope="col" class="pg-pit__num">
            {i.t("pit.win")}
          </th>
          <th scope="col" class="pg-pit__num">
            {i.t("pit.hold")}
          </th>
        </tr>
      </thead>
      <tbody>
        {kinds.map(([k, s]) => (
          <tr key={k} data-row={k}>
            <th scope="row">{kindWords(i, k)}</th>
            <td class="pg-pit__num" data-figure="wagers">
              {i.number(s.wagers)}
            </td>
            <td class="pg-pit__num" data-figure="handle">
              {i.money(s.handle)}
            </td>
            <td class="pg-pit__num" data-figure="win">
              {i.money(s.win)}
            </td>
            <td class="pg-pit__num" data-figure="hold">
              {pct(i, s.hold)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The pit's meters of a period of UTC days: total, per table, per profile, side bets, a chart, CSV. */
export function MetersPanel({ pit }: { readonly pit: PitApi }) {
  const i = useI18n();
  const [first, setFirst] = useState(today());
  const [last, setLast] = useState(today());
  const { data: m, error } = usePoll(() => pit.meters(first, last), 5000, [pit, first, last]);
  return (
    <section aria-label={i.t("pit.meters")}>
      <PitForm class="pg-form pg-pit__row" aria-label={i.t("pit.period")}>
        <TextField short label={i.t("pit.from")} type="date" name="first" value={first} set={setFirst} />
        <TextField short label={i.t("pit.to")} type="date" name="last" value={last} set={setLast} />
        <a class="pg-button pg-button--secondary" href={pit.metersCsv(first, last)} download>
          {i.t("pit.exportCsv")}
        </a>
      </PitForm>
      {error ? <p class="pg-form__error">{say(i, error)}</p> : null}
      {m ? (
        <>
          <Table
            title={i.t("pit.total")}
            first={i.t("pit.period")}
            testId="period"
            rows={[{ ...m.total, name: i.t("common.range", { min: m.first, max: m.last }) }]}
          />
          <Chart m={m} />
          <h3>{i.t("pit.perTable")}</h3>
          <Table
            title={i.t("pit.perTable")}
            first={i.t("title.table")}
            testId="table"
            rows={m.tables.map((t) => ({ ...t, name: t.table }))}
          />
          <h3>{i.t("pit.perProfile")}</h3>
          <Table
            title={i.t("pit.perProfile")}
            first={i.t("pit.profile")}
            testId="profile"
            rows={m.profiles.map((p) => ({ ...p, name: p.profile }))}
          />
          <h3>{i.t("pit.sideBets")}</h3>
          <Sides g={m.total} />
        </>
      ) : null}
    </section>
  );
}
