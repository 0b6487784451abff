import { formatCents } from "../game/money";
import { positionName } from "../game/record";
import { wagerLabel } from "../game/table";
import type { Statement, StatementPlayer, TableInfo } from "../protocol";
import { displayName } from "../game/record";

/**
 * A round's settlement statement as the server sent it (the engine's, from the round's record):
 * every figure shown here is a figure of the statement; nothing is added up or worked out in the
 * browser. The results panel, the recall and the history show a round through these.
 */

const RESULT: Readonly<Record<string, string>> = {
  win: "won",
  lose: "lost",
  push: "pushed",
  surrender: "surrendered",
  void: "void",
  withdrawn: "taken back",
};

/** "+$9.50", "−$10.00", "$0.00". */
export function signed(cents: number): string {
  return cents === 0 ? formatCents(0) : `${cents > 0 ? "+" : "−"}${formatCents(Math.abs(cents))}`;
}

const BANK_WORDS: Readonly<Record<string, string>> = {
  player: "the bank",
  "co-bank": "the co-bank",
  "player-dealer": "the Player-Dealer",
};

/** The viewer's own line: "You won $28.75 after $1.25 commission." */
export function Headline({ statement, me }: { readonly statement: Statement; readonly me: string | null }) {
  const mine = statement.players.find((p) => p.player === me);
  if (!mine) return null;
  const bank = statement.bank?.player === me ? statement.bank : null;
  const lead = bank ? `As ${BANK_WORDS[bank.kind] ?? "the bank"}, you ` : "You ";
  const what = mine.net === 0 ? "broke even" : `${mine.net > 0 ? "won" : "lost"} ${formatCents(Math.abs(mine.net))}`;
  const fees = [
    mine.commission ? `${formatCents(mine.commission)} commission` : "",
    mine.collection ? `${formatCents(mine.collection)} collection` : "",
  ].filter(Boolean);
  const tone = mine.net > 0 ? "up" : mine.net < 0 ? "down" : "even";
  return (
    <p class={`pg-results__mine pg-results__mine--${tone}`} data-testid="headline" data-net={mine.net}>
      {lead}
      {what}
      {fees.length ? ` after ${fees.join(" and ")}` : ""}.
    </p>
  );
}

/** Every wager's line, the dealer's wager, then the bank's lines. */
export function StatementTable({
  statement,
  info,
  me,
}: {
  readonly statement: Statement;
  readonly info: TableInfo | null;
  readonly me: string | null;
}) {
  const collection = statement.wagers.some((w) => w.collection > 0);
  const fee = collection ? "Collection" : "Commission";
  const d = statement.dealer_wager;
  const bank = statement.bank;
  return (
    <div class="pg-tablewrap">
      <table class="pg-results__table" data-testid="statement">
        <caption class="pg-visually-hidden">
          Every wager of the round with its result, what it was paid, the {fee.toLowerCase()} and its net
        </caption>
        <thead>
          <tr>
            <th scope="col">Wager</th>
            <th scope="col">Result</th>
            <th scope="col">Paid</th>
            <th scope="col">{fee}</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {statement.wagers.map((w) => (
            <tr key={w.ref} class={w.owner === me ? "pg-results__me" : ""} data-ref={w.ref} data-owner={w.owner}>
              <th scope="row" data-stake={w.stake}>
                {displayName(w.owner)}, {wagerLabel(w.kind, info?.side_bets)}
                {w.class ? ` (${w.class})` : ""} on seat {w.spot} ({formatCents(w.stake)})
                {w.action !== undefined && w.action !== w.stake ? `, ${formatCents(w.action)} in action` : ""}
              </th>
              <td data-result={w.result ?? ""}>
                {w.result ? (RESULT[w.result] ?? w.result) : "—"}
                {w.reason ? ` (${w.reason})` : ""}
              </td>
              <td data-cents={w.won}>{w.won ? formatCents(w.won) : "—"}</td>
              <td data-cents={collection ? w.collection : w.commission}>
                {(collection ? w.collection : w.commission)
                  ? formatCents(collection ? w.collection : w.commission)
                  : "—"}
              </td>
              <td data-cents={w.net}>{signed(w.net)}</td>
            </tr>
          ))}
          {d ? (
            <tr data-ref="dealer" data-owner="dealer">
              <th scope="row" data-stake={d.stake}>
                The dealer&apos;s wager against the bank ({formatCents(d.stake)})
              </th>
              <td data-result={d.result ?? ""}>{d.result ? (RESULT[d.result] ?? d.result) : "—"}</td>
              <td data-cents={d.won}>{d.won ? formatCents(d.won) : "—"}</td>
              <td data-cents={0}>—</td>
              <td data-cents={d.net}>{signed(d.net)} to the house</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {bank ? (
        <table class="pg-results__table pg-results__bank" data-testid="bank-lines">
          <caption>
            {displayName(bank.player)} as {BANK_WORDS[bank.kind] ?? "the bank"} (seat {bank.position})
            {bank.stake !== undefined && bank.action_used !== undefined
              ? `: stake ${formatCents(bank.stake)}, ${formatCents(bank.action_used)} in action`
              : ""}
          </caption>
          <tbody>
            {bank.lines.map((l) => (
              <tr key={l.what} data-line={l.what}>
                <th scope="row">{l.what}</th>
                <td data-cents={l.cents}>{signed(l.cents)}</td>
              </tr>
            ))}
            <tr class="pg-results__total" data-line="net">
              <th scope="row">The bank&apos;s net</th>
              <td data-cents={bank.net}>{signed(bank.net)}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** Every player's chips before and after the round. */
export function ChipsTable({
  players,
  me,
}: {
  readonly players: readonly StatementPlayer[];
  readonly me: string | null;
}) {
  return (
    <div class="pg-tablewrap">
      <table class="pg-results__table pg-results__chips" data-testid="chips-table">
        <caption>Chips</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Before</th>
            <th scope="col">Net</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <tr key={p.player} class={p.player === me ? "pg-results__me" : ""} data-player={p.player}>
              <th scope="row">
                {displayName(p.player)} ({positionName(p.seat)})
              </th>
              <td data-cents={p.before}>{formatCents(p.before)}</td>
              <td data-cents={p.net}>{signed(p.net)}</td>
              <td data-cents={p.after}>
                {formatCents(p.after)}
                {p.kept ? `, ${formatCents(p.kept)} of it kept on the layout as a dice bonus` : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
