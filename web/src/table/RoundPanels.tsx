import { PieceRow } from "../components/Piece";
import { handName } from "../game/hands";
import { formatCents } from "../game/money";
import { describeOp, positionName } from "../game/record";
import type { Payout } from "../game/table";
import { netByPlayer, wagerLabel } from "../game/table";
import type { RecalledRound, RoundRecord, TableEvent, TableInfo, TableState } from "../protocol";
import { displayName } from "./Felt";

const RESULT: Readonly<Record<string, string>> = { win: "won", lose: "lost", push: "pushed", surrender: "surrendered" };

function signed(cents: number): string {
  return cents === 0 ? formatCents(0) : `${cents > 0 ? "+" : "−"}${formatCents(Math.abs(cents))}`;
}

/** The round's results: every wager in order of exposure, what it paid and the commission. */
export function ResultsPanel({
  state,
  info,
  pays,
  me,
  record,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly pays: readonly Payout[] | null;
  readonly me: string | null;
  /** The finished round's record (every player's net, the bank's too), once it is stored. */
  readonly record: RoundRecord | null;
}) {
  const round = state.round;
  if (round?.phase !== "done" || pays === null) return null;
  if (round.void) {
    return (
      <section class="pg-results" aria-labelledby="results-title">
        <h2 id="results-title" class="pg-results__title">
          Round {state.rounds} is void
        </h2>
        <p>{round.void}: every wager is returned.</p>
      </section>
    );
  }
  const order = round.exposure;
  const sorted = [...pays].sort(
    (a, b) => order.indexOf(a.wager.spot) - order.indexOf(b.wager.spot) || a.wager.ref.localeCompare(b.wager.ref),
  );
  const nets = netByPlayer(pays);
  const account = `player:${me ?? ""}`;
  const fromRecord = me !== null && record ? record.net[account] : undefined;
  const mine = fromRecord ?? (me !== null ? nets.get(me) : undefined);
  const commission = record
    ? record.transfers
        .filter((t) => t.from === account && ["vig", "collection"].includes(t.reason))
        .reduce((s, t) => s + t.cents, 0)
    : pays.filter((p) => p.wager.player === me).reduce((s, p) => s + p.commission, 0);
  const banked = me !== null && round.banker.player === me;
  const dealer = round.positions.dealer?.setting;
  return (
    <section class="pg-results" aria-labelledby="results-title" data-testid="results">
      <h2 id="results-title" class="pg-results__title">
        Round {state.rounds} results
      </h2>
      {mine !== undefined ? (
        <p
          class={`pg-results__mine pg-results__mine--${mine === null ? "unknown" : mine > 0 ? "up" : mine < 0 ? "down" : "even"}`}
        >
          {banked ? "As the bank, you " : "You "}
          {mine === null
            ? "played: the results are below."
            : mine === 0
              ? "broke even."
              : `${mine > 0 ? "won" : "lost"} ${formatCents(Math.abs(mine))}`}
          {commission > 0 ? ` after ${formatCents(commission)} commission` : ""}
          {mine !== null && mine !== 0 ? "." : ""}
        </p>
      ) : null}
      {dealer ? (
        <p class="pg-results__dealer">
          Dealer: {dealer.high.join(" ")} ({handName(round.game, dealer.high) ?? "high"}) / {dealer.low.join(" ")} (
          {handName(round.game, dealer.low) ?? "low"})
        </p>
      ) : null}
      <p class="pg-note">Exposed in order: {order.map(positionName).join(", ") || "no hand"}.</p>
      <table class="pg-results__table">
        <caption class="pg-visually-hidden">Every wager of the round with its result, payout and commission</caption>
        <thead>
          <tr>
            <th scope="col">Wager</th>
            <th scope="col">Result</th>
            <th scope="col">Paid</th>
            <th scope="col">Commission</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((p) => (
            <tr key={p.wager.ref} class={p.wager.player === me ? "pg-results__me" : ""}>
              <th scope="row">
                {displayName(p.wager.player)}, {wagerLabel(p.wager.kind, info?.side_bets)} on seat {p.wager.spot} (
                {formatCents(p.wager.cents)})
              </th>
              <td data-result={p.result ?? ""}>{p.result ? (RESULT[p.result] ?? p.result) : "—"}</td>
              <td>{p.won ? formatCents(p.won) : "—"}</td>
              <td>{p.commission ? formatCents(p.commission) : "—"}</td>
              <td>{p.net === null ? "—" : signed(p.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function eventText(ev: TableEvent, game: "tiles" | "cards"): { who: string; text: string; pieces: string[][] }[] {
  const n = ev.notice as { kind?: string; player?: string; seat?: string; round?: number } | undefined;
  const out: { who: string; text: string; pieces: string[][] }[] = [];
  if (n?.kind === "sit")
    out.push({ who: displayName(n.player ?? ""), text: `sat down at seat ${n.seat ?? ""}.`, pieces: [] });
  if (n?.kind === "left") out.push({ who: displayName(n.player ?? ""), text: "left the table.", pieces: [] });
  if (n?.kind === "leaving")
    out.push({ who: displayName(n.player ?? ""), text: "leaves after this round.", pieces: [] });
  if (n?.kind === "begin") out.push({ who: "Dealer", text: `Round ${n.round ?? ""} begins.`, pieces: [] });
  if (n?.kind === "new_game") out.push({ who: "Dealer", text: "A new game begins.", pieces: [] });
  for (const op of ev.ops ?? []) {
    const s = describeOp(op, game, displayName);
    out.push({ who: s.who, text: s.text, pieces: s.pieces.map((p) => [...p]) });
  }
  return out;
}

/** The table's log: every step seen while watching, newest first. */
export function LogPanel({ log, game }: { readonly log: readonly TableEvent[]; readonly game: "tiles" | "cards" }) {
  const lines = log.flatMap((ev) => eventText(ev, game).map((l, i) => ({ ...l, key: `${ev.seq}-${i}` }))).slice(-40);
  return (
    <section class="pg-sidepanel" aria-labelledby="log-title">
      <h2 id="log-title" class="pg-sidepanel__title">
        At the table
      </h2>
      {lines.length === 0 ? (
        <p class="pg-note">The steps of the round appear here as they happen.</p>
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

/** This table's last rounds (from the service, redacted for this viewer), with the recall link. */
export function HistoryPanel({
  state,
  me,
  rounds,
}: {
  readonly state: TableState;
  readonly me: string | null;
  readonly rounds: readonly RecalledRound[] | null;
}) {
  return (
    <section class="pg-sidepanel" aria-labelledby="history-title">
      <h2 id="history-title" class="pg-sidepanel__title">
        This table&apos;s last rounds
      </h2>
      {rounds === null ? (
        <p class="pg-note">Loading…</p>
      ) : rounds.length === 0 ? (
        <p class="pg-note">No round has finished here yet.</p>
      ) : (
        <ul class="pg-history">
          {rounds.map((r) => {
            const dealer = r.record.positions.dealer?.setting;
            const net = me !== null ? r.record.net[`player:${me}`] : undefined;
            return (
              <li key={r.round} class="pg-history__row">
                <a
                  href={`#/recall/${encodeURIComponent(r.table)}?round=${r.round}`}
                  aria-label={`Round ${r.round}: recall every step`}
                >
                  Round {r.round}
                </a>
                <span class="pg-history__dealer">
                  {r.void ? (
                    "void"
                  ) : dealer ? (
                    <PieceRow
                      game={state.game}
                      codes={[...dealer.high, ...dealer.low]}
                      width={13}
                      label="Dealer's hand"
                    />
                  ) : (
                    "—"
                  )}
                </span>
                <span
                  class={`pg-history__net${net === undefined ? "" : net > 0 ? " pg-up" : net < 0 ? " pg-down" : ""}`}
                >
                  {net === undefined ? "" : signed(net)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
