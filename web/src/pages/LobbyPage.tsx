import { useEffect } from "preact/hooks";
import { useSession } from "../app/session";
import { Die } from "../components/Die";
import { Tile } from "../components/Tile";
import type { I18n, MessageKey } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import { serverText } from "../i18n/serverText";
import type { LobbyTable } from "../protocol";
import { profileTitle } from "./profiles";
import { useStore } from "../state/store";
import { PageFrame } from "./PageFrame";
import { PrivateTables } from "./PrivateTables";
import { tableName } from "../i18n/tableNames";

/** The phases of a round in words (the lobby, the pit's floor). */
export const PHASES: Readonly<Record<string, MessageKey>> = {
  "between rounds": "phase.between",
  shuffle: "phase.shuffle",
  cut: "phase.cut",
  wagers: "phase.wagers",
  style: "phase.style",
  shake: "phase.shake",
  deal: "phase.deal",
  setting: "phase.setting",
  bank: "phase.bank",
  surrender: "phase.surrender",
  done: "phase.done",
};

function variations(i: I18n, t: LobbyTable): string[] {
  const out: string[] = [];
  if (t.variations.pair_fortunes) out.push(i.t("lobby.pairFortunes", { table: t.variations.pair_fortunes }));
  if (t.variations.dragons_eye) out.push(i.t("wager.de"));
  if (t.variations.supreme_bonus) out.push(i.t("lobby.bonusWager"));
  return out;
}

function SeatRing({ table, me }: { readonly table: LobbyTable; readonly me: string | null }) {
  const i = useI18n();
  const seats = Object.entries(table.seats).sort((a, b) => Number(a[0]) - Number(b[0]));
  const free = table.free.length;
  const people = seats.filter(([, n]) => n !== null && !n.startsWith("bot-")).length;
  const label = i.t("lobby.seatRing", { seats: seats.length, free, people, bots: seats.length - free - people });
  return (
    <ol class="pg-seatring" aria-label={label}>
      {seats.map(([seat, name]) => {
        const kind = name === null ? "free" : name.startsWith("bot-") ? "bot" : name === me ? "you" : "taken";
        const text =
          name === null
            ? i.t("lobby.seatFree")
            : name.startsWith("bot-")
              ? i.t("lobby.seatBot")
              : name === me
                ? i.t("lobby.seatYou")
                : name;
        const said = i.t("lobby.seatIs", { seat, who: text });
        return (
          <li key={seat} class={`pg-seatring__seat pg-seatring__seat--${kind}`} title={said}>
            <span aria-hidden="true">
              {kind === "bot" ? i.t("mark.bot") : kind === "free" ? seat : (name?.charAt(0).toUpperCase() ?? "")}
            </span>
            <span class="pg-visually-hidden">{said}</span>
          </li>
        );
      })}
    </ol>
  );
}

function TableCard({ table, me }: { readonly table: LobbyTable; readonly me: string | null }) {
  const i = useI18n();
  const id = `t-${table.id}`;
  const mine = me !== null && Object.values(table.seats).includes(me);
  const full = table.free.length === 0;
  const name = tableName(i, table.id, table.private);
  return (
    <li class="pg-tablecard" data-table={table.id} data-free={table.free.length}>
      <article aria-labelledby={id}>
        <div class="pg-tablecard__head">
          <span class={`pg-tablecard__icon pg-tablecard__icon--${table.game}`} aria-hidden="true">
            {i.t("lobby.icon", { game: table.game })}
          </span>
          <div>
            <h3 id={id} class="pg-tablecard__title">
              {profileTitle(i, table.profile, table.title)}
            </h3>
            <p class="pg-tablecard__sub">
              {i.rich("lobby.tableSub", {
                table: <strong data-testid="table-name">{name}</strong>,
                game: table.game,
              })}
            </p>
          </div>
        </div>
        <dl class="pg-tablecard__facts">
          <div>
            <dt>{i.t("lobby.limits")}</dt>
            <dd>{i.t("common.range", { min: i.money(table.limits.min), max: i.money(table.limits.max) })}</dd>
          </div>
          <div>
            <dt>{i.t("lobby.now")}</dt>
            <dd data-testid="phase">
              {i.t("lobby.phase", {
                phase: table.held
                  ? i.t("lobby.held")
                  : table.phase === null
                    ? i.t("phase.elsewhere")
                    : PHASES[table.phase]
                      ? i.t(PHASES[table.phase] ?? "phase.between")
                      : table.phase,
                round: table.rounds ? table.rounds + (table.phase === "between rounds" ? 0 : 1) : 0,
              })}
            </dd>
          </div>
          <div>
            <dt>{i.t("lobby.freeSeats")}</dt>
            <dd data-testid="free-seats">{table.free.length ? i.list(table.free) : i.t("lobby.noneFree")}</dd>
          </div>
        </dl>
        {variations(i, table).length ? (
          <ul class="pg-badges" aria-label={i.t("lobby.variations")}>
            {variations(i, table).map((v) => (
              <li key={v} class="pg-badge">
                {v}
              </li>
            ))}
          </ul>
        ) : (
          <p class="pg-tablecard__plain">{i.t("lobby.noSideBets")}</p>
        )}
        {table.private ? (
          <p class="pg-tablecard__plain" data-testid="private-badge">
            {i.t("private.badge", {
              invitation: table.private.invitation_only ? "yes" : "no",
              owner: table.private.owner,
            })}
          </p>
        ) : null}
        {table.notes.length ? (
          <p class="pg-tablecard__plain" data-testid="table-notes">
            {i.t("lobby.notes", { notes: table.notes.map((n) => serverText(i, n)).join(i.t("common.semicolon")) })}
          </p>
        ) : null}
        <SeatRing table={table} me={me} />
        <a
          class={`pg-button ${mine || !full ? "pg-button--primary" : "pg-button--secondary"} pg-tablecard__go`}
          href={`#/table/${encodeURIComponent(table.id)}`}
          aria-label={i.t("lobby.goLabel", { action: mine ? "back" : full ? "watch" : "sit", table: name })}
        >
          {i.t("lobby.go", { action: mine ? "back" : full ? "watch" : "sit" })}
        </a>
        <a class="pg-tablecard__rules" href={`#/rules/${encodeURIComponent(table.profile)}`}>
          {i.t("lobby.rulesLink")}
        </a>
      </article>
    </li>
  );
}

export function LobbyPage() {
  const i = useI18n();
  const session = useSession();
  useEffect(() => session.followLobby(), [session]);
  const tables = useStore(session.store, (s) => s.lobby);
  const live = useStore(session.store, (s) => s.lobbyLive);
  const me = useStore(session.store, (s) => s.me);
  return (
    <PageFrame title={i.t("lobby.title")} wide>
      <div class="pg-felt pg-hero">
        <div class="pg-hero__text">
          <p class="pg-hero__kicker">{i.t("lobby.kicker")}</p>
          <p class="pg-hero__title">{i.t("lobby.heroTitle")}</p>
          <p class="pg-hero__lead">{i.t("lobby.heroLead")}</p>
          <p class="pg-hero__cta">
            {me ? null : (
              <a class="pg-button pg-button--primary" href="#/sign-in">
                {i.t("lobby.playNow")}
              </a>
            )}
            <a class="pg-button pg-button--secondary" href="#/how-to-play" data-testid="how-to-play">
              {i.t("lobby.howToPlay")}
            </a>
          </p>
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
      <PrivateTables />
      <div class="pg-section-head">
        <h2 class="pg-section-title">{i.t("lobby.openTables")}</h2>
        <p class={`pg-live${live ? " pg-live--on" : ""}`} role="status">
          <span class="pg-live__dot" aria-hidden="true" />
          {i.t(live ? "lobby.live" : "lobby.connecting")}
        </p>
      </div>
      {tables.length === 0 ? (
        <p class="pg-empty">{i.t("lobby.empty")}</p>
      ) : (
        <ul class="pg-tablegrid" aria-label={i.t("lobby.openTables")}>
          {tables.map((t) => (
            <TableCard key={t.id} table={t} me={me?.name ?? null} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
