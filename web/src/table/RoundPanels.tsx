import { useState } from "preact/hooks";
import { PieceRow } from "../components/Piece";
import { describeOp, displayName, positionName } from "../game/record";
import type { I18n } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import { piecesText } from "../i18n/cards";
import { handWords } from "../i18n/hands";
import { serverText } from "../i18n/serverText";
import type { RecalledRound, RoundView, TableEvent, TableInfo } from "../protocol";
import { ChipsTable, Headline, StatementTable } from "./Statement";

/** The round's results: the viewer's net, the dealer's and the bank's hands, the order of
 * exposure, then the settlement statement the server sent (every wager, the bank's lines, every
 * player's chips). They stay until the player closes them (`onClose`) or wagers again: the
 * table page keeps the last settled round (`round`, number `number`) into the next one. */
export function ResultsPanel({
  round,
  number,
  info,
  me,
  onClose,
}: {
  readonly round: RoundView;
  readonly number: number;
  readonly info: TableInfo | null;
  readonly me: string | null;
  readonly onClose?: () => void;
}) {
  const i = useI18n();
  const statement = round.statement;
  if (!statement) return null;
  const close = onClose ? (
    <button
      type="button"
      class="pg-button pg-button--ghost pg-results__close"
      onClick={onClose}
      aria-label={i.t("results.closeLabel", { round: number })}
    >
      {i.t("results.close")}
    </button>
  ) : null;
  if (round.void) {
    return (
      <section class="pg-results" aria-labelledby="results-title" data-testid="results" data-round={number}>
        <div class="pg-results__head">
          <h2 id="results-title" class="pg-results__title">
            {i.t("results.voidTitle", { round: number })}
          </h2>
          {close}
        </div>
        <p>{i.t("results.void", { reason: serverText(i, round.void) })}</p>
        <Headline statement={statement} me={me} />
        <StatementTable statement={statement} info={info} me={me} />
      </section>
    );
  }
  const order = round.exposure;
  const dealer = round.positions.dealer?.setting;
  const bank = round.banker.position ? round.positions[round.banker.position]?.setting : null;
  const hand = (h: { readonly high: readonly string[]; readonly low: readonly string[] }) =>
    i.t("results.hand", {
      high: piecesText(i, h.high),
      highName: handWords(i, round.game, h.high) ?? i.t("hand.high"),
      low: piecesText(i, h.low),
      lowName: handWords(i, round.game, h.low) ?? i.t("hand.low"),
    });
  return (
    <section class="pg-results" aria-labelledby="results-title" data-testid="results" data-round={number}>
      <div class="pg-results__head">
        <h2 id="results-title" class="pg-results__title">
          {i.t("results.title", { round: number })}
        </h2>
        {close}
      </div>
      <Headline statement={statement} me={me} />
      {bank && round.banker.player ? (
        <p class="pg-results__dealer" data-testid="bank-hand">
          {i.t("results.bankHand", {
            kind: round.banker.kind === "player-dealer" ? "pd" : "bank",
            player: displayName(i, round.banker.player),
            seat: round.banker.position,
            hand: hand(bank),
          })}
        </p>
      ) : null}
      {dealer ? (
        <p class="pg-results__dealer">
          {i.t("results.dealerHand", { house: round.banker.kind === "house" ? "yes" : "no", hand: hand(dealer) })}
        </p>
      ) : null}
      <p class="pg-note">
        {i.t("results.exposed", { order: order.length ? i.list(order.map((p) => positionName(i, p))) : "none" })}
      </p>
      <StatementTable statement={statement} info={info} me={me} />
      <ChipsTable players={statement.players} me={me} />
    </section>
  );
}

function eventText(
  i: I18n,
  ev: TableEvent,
  game: "tiles" | "cards",
): { who: string; text: string; pieces: string[][] }[] {
  const n = ev.notice as { kind?: string; player?: string; seat?: string; round?: number } | undefined;
  const out: { who: string; text: string; pieces: string[][] }[] = [];
  const player = displayName(i, n?.player ?? "");
  if (n?.kind === "sit") out.push({ who: player, text: i.t("log.sat", { seat: n.seat ?? "" }), pieces: [] });
  if (n?.kind === "left") out.push({ who: player, text: i.t("log.left"), pieces: [] });
  if (n?.kind === "leaving") out.push({ who: player, text: i.t("log.leaving"), pieces: [] });
  if (n?.kind === "begin")
    out.push({ who: i.t("name.dealer"), text: i.t("log.begin", { round: n.round ?? 0 }), pieces: [] });
  if (n?.kind === "new_game") out.push({ who: i.t("name.dealer"), text: i.t("log.newGame"), pieces: [] });
  for (const op of ev.ops ?? []) {
    const s = describeOp(i, op, game, (p) => displayName(i, p));
    out.push({ who: s.who, text: s.text, pieces: s.pieces.map((p) => [...p]) });
  }
  return out;
}

/** The table's log: every step seen while watching, newest first. */
export function LogPanel({ log, game }: { readonly log: readonly TableEvent[]; readonly game: "tiles" | "cards" }) {
  const i = useI18n();
  const lines = log.flatMap((ev) => eventText(i, ev, game).map((l, i) => ({ ...l, key: `${ev.seq}-${i}` }))).slice(-40);
  return (
    <section class="pg-sidepanel" aria-labelledby="log-title">
      <h2 id="log-title" class="pg-sidepanel__title">
        {i.t("log.title")}
      </h2>
      {lines.length === 0 ? (
        <p class="pg-note">{i.t("log.empty")}</p>
      ) : (
        <ol class="pg-log" reversed>
          {lines.reverse().map((l) => (
            <li key={l.key} class="pg-log__line">
              <strong>{l.who}</strong> {l.text}
              {l.pieces.length ? (
                <span class="pg-log__pieces">
                  {l.pieces.map((p, i) => (
                    <PieceRow key={i} game={game} codes={p} width={14} decorative />
                  ))}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One round of the history: its number (the link to its recall), the dealer's hand, your net
 * (the statement's figure). */
function HistoryRow({
  r,
  me,
  mine,
}: {
  readonly r: RecalledRound;
  readonly me: string | null;
  /** Your rounds (at any table): the table is named, and the recall is of your rounds. */
  readonly mine: boolean;
}) {
  const i = useI18n();
  const dealer = r.record.positions.dealer?.setting;
  const net = r.statement.players.find((p) => p.player === me)?.net;
  const game = r.record.rules.profile.game;
  const href = mine
    ? `#/recall?round=${r.round}&at=${encodeURIComponent(r.table)}`
    : `#/recall/${encodeURIComponent(r.table)}?round=${r.round}`;
  return (
    <li class="pg-history__row" data-round={r.round} data-table={r.table} data-net={net ?? ""}>
      <a
        href={href}
        aria-label={i.t("history.recallAt", { round: r.round, table: r.table, mine: mine ? "yes" : "no" })}
      >
        {mine ? i.t("history.roundAt", { round: r.round, table: r.table }) : i.t("history.round", { round: r.round })}
      </a>
      <span class="pg-history__dealer">
        {r.void ? (
          i.t("result.void")
        ) : dealer ? (
          <PieceRow game={game} codes={[...dealer.high, ...dealer.low]} width={13} label={i.t("history.dealerHand")} />
        ) : (
          i.t("common.none")
        )}
      </span>
      <span class={`pg-history__net${net === undefined ? "" : net > 0 ? " pg-up" : net < 0 ? " pg-down" : ""}`}>
        {net === undefined ? i.t("history.notPlayed") : i.signed(net)}
      </span>
    </li>
  );
}

/** The hand history beside the table: this table's last rounds, or yours at every table (from
 * the service, redacted for this viewer), each opening its recall. */
export function HistoryPanel({
  me,
  rounds,
  mine,
  onShow,
}: {
  readonly me: string | null;
  /** This table's last rounds (null: not read yet). */
  readonly rounds: readonly RecalledRound[] | null;
  /** Your last rounds (null: not read yet; undefined: signed out). */
  readonly mine?: readonly RecalledRound[] | null;
  /** Asked when the player shows their own rounds (they are read then). */
  readonly onShow?: (which: "table" | "mine") => void;
}) {
  const i = useI18n();
  const [which, setWhich] = useState<"table" | "mine">("table");
  const shown = which === "mine" ? mine : rounds;
  const tab = (w: "table" | "mine") => (
    <button
      type="button"
      role="tab"
      id={`history-tab-${w}`}
      aria-selected={which === w}
      aria-controls="history-rows"
      class="pg-history__tab"
      onClick={() => {
        setWhich(w);
        onShow?.(w);
      }}
    >
      {i.t(w === "mine" ? "history.mine" : "history.table")}
    </button>
  );
  return (
    <section class="pg-sidepanel pg-history" aria-labelledby="history-title" data-testid="history" data-shows={which}>
      <h2 id="history-title" class="pg-sidepanel__title">
        {i.t("history.title")}
      </h2>
      {mine !== undefined ? (
        <div class="pg-history__tabs" role="tablist" aria-label={i.t("history.title")}>
          {tab("table")}
          {tab("mine")}
        </div>
      ) : null}
      <div
        id="history-rows"
        role={mine !== undefined ? "tabpanel" : undefined}
        aria-labelledby={`history-tab-${which}`}
      >
        {shown === null || shown === undefined ? (
          <p class="pg-note">{i.t("app.loading")}</p>
        ) : shown.length === 0 ? (
          <p class="pg-note">{i.t(which === "mine" ? "history.emptyMine" : "history.empty")}</p>
        ) : (
          <ul class="pg-history__rows">
            {shown.map((r) => (
              <HistoryRow key={`${r.table}-${r.round}`} r={r} me={me} mine={which === "mine"} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
