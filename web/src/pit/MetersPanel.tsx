import { useState } from "preact/hooks";
import { formatCents } from "../game/money";
import type { Figures, MeterGroup, Meters, PitApi } from "./pitApi";
import { usePoll } from "./usePoll";

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function pct(h: number | null): string {
  return h === null ? "—" : `${h.toFixed(2)}%`;
}

const COLUMNS: readonly { key: keyof Figures; label: string; money: boolean }[] = [
  { key: "rounds", label: "Rounds", money: false },
  { key: "voids", label: "Voids", money: false },
  { key: "handle", label: "Handle", money: true },
  { key: "side_handle", label: "Side handle", money: true },
  { key: "win", label: "Win", money: true },
  { key: "side_win", label: "Side win", money: true },
  { key: "commission", label: "Commission", money: true },
  { key: "collection", label: "Collection", money: true },
  { key: "computer_net", label: "Computer players", money: true },
];

function cell(f: Figures, key: keyof Figures, money: boolean): string {
  const v = f[key];
  if (key === "hold") return pct(v);
  return money && typeof v === "number" ? formatCents(v) : String(v);
}

function Table({
  title,
  rows,
  first,
}: {
  readonly title: string;
  readonly rows: readonly (Figures & { name: string })[];
  readonly first: string;
}) {
  return (
    <table class="pg-pit__grid" aria-label={title} data-testid={`meters-${first.toLowerCase()}`}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {COLUMNS.map((c) => (
            <th key={c.key} scope="col" class="pg-pit__num">
              {c.label}
            </th>
          ))}
          <th scope="col" class="pg-pit__num">
            Hold
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name} data-row={r.name}>
            <th scope="row">{r.name}</th>
            {COLUMNS.map((c) => (
              <td key={c.key} class="pg-pit__num" data-figure={c.key}>
                {cell(r, c.key, c.money)}
              </td>
            ))}
            <td class="pg-pit__num" data-figure="hold">
              {pct(r.hold)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Win per hour, as bars (above the line: the house won; below: it lost). */
function Chart({ m }: { readonly m: Meters }) {
  const hours = m.hours;
  if (hours.length === 0) return null;
  const w = 640;
  const h = 160;
  const most = Math.max(1, ...hours.map((x) => Math.abs(x.win)));
  const bar = Math.min(48, w / hours.length);
  const mid = h / 2;
  return (
    <figure class="pg-pit__chart">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={`Win per hour, ${m.first} to ${m.last}`}>
        <line x1={0} x2={w} y1={mid} y2={mid} stroke="currentColor" stroke-opacity={0.4} />
        {hours.map((x, i) => {
          const len = (Math.abs(x.win) / most) * (mid - 4);
          return (
            <rect
              key={x.hour}
              x={i * bar + 1}
              width={Math.max(1, bar - 2)}
              y={x.win >= 0 ? mid - len : mid}
              height={len}
              class={x.win >= 0 ? "pg-pit__bar--up" : "pg-pit__bar--down"}
            >
              <title>{`${x.hour.slice(0, 13)}:00 UTC: win ${formatCents(x.win)}, ${x.rounds} rounds`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption>Win per hour (UTC)</figcaption>
    </figure>
  );
}

function Sides({ g }: { readonly g: MeterGroup }) {
  const kinds = Object.entries(g.sides);
  if (kinds.length === 0) return <p class="pg-note">No side wager in this period.</p>;
  return (
    <table class="pg-pit__grid" aria-label="Side bets" data-testid="meters-sides">
      <thead>
        <tr>
          <th scope="col">Side bet</th>
          <th scope="col" class="pg-pit__num">
            Wagers
          </th>
          <th scope="col" class="pg-pit__num">
            Handle
          </th>
          <th scope="col" class="pg-pit__num">
            Win
          </th>
          <th scope="col" class="pg-pit__num">
            Hold
          </th>
        </tr>
      </thead>
      <tbody>
        {kinds.map(([k, s]) => (
          <tr key={k} data-row={k}>
            <th scope="row">{k}</th>
            <td class="pg-pit__num" data-figure="wagers">
              {s.wagers}
            </td>
            <td class="pg-pit__num" data-figure="handle">
              {formatCents(s.handle)}
            </td>
            <td class="pg-pit__num" data-figure="win">
              {formatCents(s.win)}
            </td>
            <td class="pg-pit__num" data-figure="hold">
              {pct(s.hold)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The pit's meters of a period of UTC days: total, per table, per profile, side bets, a chart, CSV. */
export function MetersPanel({ pit }: { readonly pit: PitApi }) {
  const [first, setFirst] = useState(today());
  const [last, setLast] = useState(today());
  const { data: m, error } = usePoll(() => pit.meters(first, last), 5000, [pit, first, last]);
  return (
    <section aria-label="Meters">
      <form
        class="pg-form pg-pit__row"
        aria-label="Period"
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">From (UTC day)</span>
          <input
            type="date"
            name="first"
            value={first}
            onInput={(e) => {
              setFirst(e.currentTarget.value);
            }}
          />
        </label>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">To (UTC day)</span>
          <input
            type="date"
            name="last"
            value={last}
            onInput={(e) => {
              setLast(e.currentTarget.value);
            }}
          />
        </label>
        <a class="pg-button pg-button--secondary" href={pit.metersCsv(first, last)} download>
          Export CSV
        </a>
      </form>
      {error ? <p class="pg-form__error">{error}</p> : null}
      {m ? (
        <>
          <Table title="Total" first="Period" rows={[{ ...m.total, name: `${m.first} – ${m.last}` }]} />
          <Chart m={m} />
          <h3>Per table</h3>
          <Table title="Per table" first="Table" rows={m.tables.map((t) => ({ ...t, name: t.table }))} />
          <h3>Per profile</h3>
          <Table title="Per profile" first="Profile" rows={m.profiles.map((p) => ({ ...p, name: p.profile }))} />
          <h3>Side bets</h3>
          <Sides g={m.total} />
        </>
      ) : null}
    </section>
  );
}
