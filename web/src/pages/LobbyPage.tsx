import { useEffect } from "preact/hooks";
import { useSession } from "../app/session";
import { Die } from "../components/Die";
import { Tile } from "../components/Tile";
import { formatCents } from "../game/money";
import type { LobbyTable } from "../protocol";
import { useStore } from "../state/store";
import { PageFrame } from "./PageFrame";

const PHASES: Readonly<Record<string, string>> = {
  "between rounds": "Between rounds",
  shuffle: "Shuffling",
  cut: "The bank cuts",
  wagers: "Taking wagers",
  style: "Choosing the deal",
  shake: "Shaking the dice",
  deal: "Dealing",
  setting: "Setting hands",
  bank: "The bank sets",
  surrender: "Surrender",
  done: "Paying out",
};

function variations(t: LobbyTable): string[] {
  const out: string[] = [];
  if (t.variations.pair_fortunes) out.push(`Pair Fortunes (table ${t.variations.pair_fortunes})`);
  if (t.variations.dragons_eye) out.push("Dragon's Eye");
  if (t.variations.supreme_bonus) out.push("Bonus wager");
  return out;
}

function SeatRing({ table, me }: { readonly table: LobbyTable; readonly me: string | null }) {
  const seats = Object.entries(table.seats).sort((a, b) => Number(a[0]) - Number(b[0]));
  const free = table.free.length;
  const people = seats.filter(([, n]) => n !== null && !n.startsWith("bot-")).length;
  const label = `${seats.length} seats: ${free} free, ${people} taken by players, ${seats.length - free - people} by computer players`;
  return (
    <ol class="pg-seatring" aria-label={label}>
      {seats.map(([seat, name]) => {
        const kind = name === null ? "free" : name.startsWith("bot-") ? "bot" : name === me ? "you" : "taken";
        const text = name === null ? "free" : name.startsWith("bot-") ? "computer player" : name === me ? "you" : name;
        return (
          <li key={seat} class={`pg-seatring__seat pg-seatring__seat--${kind}`} title={`Seat ${seat}: ${text}`}>
            <span aria-hidden="true">
              {kind === "bot" ? "◆" : kind === "free" ? seat : (name?.charAt(0).toUpperCase() ?? "")}
            </span>
            <span class="pg-visually-hidden">
              Seat {seat}: {text}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function TableCard({ table, me }: { readonly table: LobbyTable; readonly me: string | null }) {
  const id = `t-${table.id}`;
  const mine = me !== null && Object.values(table.seats).includes(me);
  const full = table.free.length === 0;
  return (
    <li class="pg-tablecard" data-table={table.id} data-free={table.free.length}>
      <article aria-labelledby={id}>
        <div class="pg-tablecard__head">
          <span class={`pg-tablecard__icon pg-tablecard__icon--${table.game}`} aria-hidden="true">
            {table.game === "tiles" ? "▮▮" : "♠♥"}
          </span>
          <div>
            <h3 id={id} class="pg-tablecard__title">
              {table.title}
            </h3>
            <p class="pg-tablecard__sub">
              Table <strong>{table.id}</strong> · {table.game === "tiles" ? "Pai Gow Tiles" : "Supreme Pai Gow (cards)"}
            </p>
          </div>
        </div>
        <dl class="pg-tablecard__facts">
          <div>
            <dt>Limits</dt>
            <dd>
              {formatCents(table.limits.min)} – {formatCents(table.limits.max)}
            </dd>
          </div>
          <div>
            <dt>Now</dt>
            <dd data-testid="phase">
              {table.held ? "Held by the floor" : (PHASES[table.phase] ?? table.phase)}
              {table.rounds ? ` · round ${table.rounds + (table.phase === "between rounds" ? 0 : 1)}` : ""}
            </dd>
          </div>
          <div>
            <dt>Free seats</dt>
            <dd data-testid="free-seats">{table.free.length ? table.free.join(", ") : "none"}</dd>
          </div>
        </dl>
        {variations(table).length ? (
          <ul class="pg-badges" aria-label="Variations">
            {variations(table).map((v) => (
              <li key={v} class="pg-badge">
                {v}
              </li>
            ))}
          </ul>
        ) : (
          <p class="pg-tablecard__plain">No side bets.</p>
        )}
        {table.notes.length ? (
          <p class="pg-tablecard__plain" data-testid="table-notes">
            {table.notes.join("; ").replace(/^./, (c) => c.toUpperCase())}.
          </p>
        ) : null}
        <SeatRing table={table} me={me} />
        <a
          class={`pg-button ${mine || !full ? "pg-button--primary" : "pg-button--secondary"} pg-tablecard__go`}
          href={`#/table/${encodeURIComponent(table.id)}`}
          aria-label={`${mine ? "Back to" : full ? "Watch" : "Sit at"} table ${table.id}`}
        >
          {mine ? "Back to your seat" : full ? "Watch" : "Take a seat"}
        </a>
      </article>
    </li>
  );
}

export function LobbyPage() {
  const session = useSession();
  useEffect(() => session.followLobby(), [session]);
  const tables = useStore(session.store, (s) => s.lobby);
  const live = useStore(session.store, (s) => s.lobbyLive);
  const me = useStore(session.store, (s) => s.me);
  return (
    <PageFrame title="Lobby" wide>
      <div class="pg-felt pg-hero">
        <div class="pg-hero__text">
          <p class="pg-hero__kicker">Pai Gow Tiles · Supreme Pai Gow</p>
          <p class="pg-hero__title">Take a seat at the table</p>
          <p class="pg-hero__lead">
            Every rule exact and every setting scored: Colorado, Maryland, Lucky Chances, generic rules and New
            Jersey&apos;s Supreme Pai Gow, with people and computer players.
          </p>
          {me ? null : (
            <p class="pg-hero__cta">
              <a class="pg-button pg-button--primary" href="#/sign-in">
                Play now — it takes ten seconds
              </a>
            </p>
          )}
        </div>
        <div class="pg-hero__pieces" aria-hidden="true">
          <div class="pg-hero__hand">
            <Tile code="6-6" width={44} decorative />
            <Tile code="4-5" width={44} decorative />
          </div>
          <div class="pg-hero__hand">
            <Tile code="1-2" width={44} decorative />
            <Tile code="2-4" width={44} decorative />
          </div>
          <div class="pg-hero__dice">
            <Die value={4} size={28} decorative />
            <Die value={6} size={28} decorative />
            <Die value={1} size={28} dragon decorative />
          </div>
        </div>
      </div>
      <div class="pg-section-head">
        <h2 class="pg-section-title">Open tables</h2>
        <p class={`pg-live${live ? " pg-live--on" : ""}`} role="status">
          <span class="pg-live__dot" aria-hidden="true" />
          {live ? "Live" : "Connecting…"}
        </p>
      </div>
      {tables.length === 0 ? (
        <p class="pg-empty">No table is open yet. An operator opens tables; `make run` opens one for every profile.</p>
      ) : (
        <ul class="pg-tablegrid" aria-label="Open tables">
          {tables.map((t) => (
            <TableCard key={t.id} table={t} me={me?.name ?? null} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
