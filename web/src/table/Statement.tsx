import { displayName, positionName } from "../game/record";
import { wagerLabel } from "../game/table";
import type { I18n, MessageKey } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import { classWords, reasonWords } from "../i18n/engineWords";
import { serverText } from "../i18n/serverText";
import type { Statement, StatementPlayer, StatementWager, TableInfo } from "../protocol";

/**
 * A round's settlement statement as the server sent it (the engine's, from the round's record):
 * every figure shown here is a figure of the statement; nothing is added up or worked out in the
 * browser. The results panel, the recall and the history show a round through these.
 */

const RESULT: Readonly<Record<string, MessageKey>> = {
  win: "result.won",
  lose: "result.lost",
  push: "result.pushed",
  surrender: "result.surrendered",
  void: "result.void",
  withdrawn: "result.withdrawn",
};

/** A wager's result in words ("won"), or "—" before settlement. */
function resultWords(i: I18n, result: string | null | undefined): string {
  if (!result) return i.t("common.none");
  const key = RESULT[result];
  return key ? i.t(key) : result;
}

/** The bank's kind in words: "the bank", "the co-bank", "the Player-Dealer". */
function bankWords(i: I18n, kind: string): string {
  return i.t("bank.kind", { kind: kind.replace(/-/g, "_") });
}

/**
 * What a wager's line says of the Player-Dealer's action on it (R-LC-09), from the statement's
 * ``action`` (the part of the wager the stake took or paid): nothing for a wager wholly in action,
 * pushed (a push uses none of the stake and moves nothing) or void, "no action" for a won or lost
 * one the stake no longer covered, the amount for one covered in part. The page adds nothing up.
 */
function actionWords(i: I18n, w: StatementWager): { action: string; amount: string } {
  if (w.action === undefined || w.action === w.stake || (w.result !== "win" && w.result !== "lose")) {
    return { action: "none", amount: "" };
  }
  if (w.action === 0) return { action: "no", amount: "" };
  return { action: "part", amount: i.money(w.action) };
}

/** The fee a round's rules take (its record's ``rules.commission``). */
function feeOf(rules: Readonly<Record<string, unknown>> | undefined): "collection" | "commission" {
  const c = rules?.commission as { readonly collection?: unknown } | undefined;
  return c?.collection === true ? "collection" : "commission";
}

/** The viewer's own line: "You won $28.75 after $1.25 commission." */
export function Headline({ statement, me }: { readonly statement: Statement; readonly me: string | null }) {
  const i = useI18n();
  const mine = statement.players.find((p) => p.player === me);
  if (!mine) return null;
  const bank = statement.bank?.player === me ? statement.bank : null;
  const fees = [
    mine.commission ? i.t("headline.commission", { amount: i.money(mine.commission) }) : "",
    mine.collection ? i.t("headline.collection", { amount: i.money(mine.collection) }) : "",
  ].filter(Boolean);
  const tone = mine.net > 0 ? "up" : mine.net < 0 ? "down" : "even";
  return (
    <p class={`pg-results__mine pg-results__mine--${tone}`} data-testid="headline" data-net={mine.net}>
      {i.t("headline", {
        as: bank ? bankWords(i, bank.kind) : "none",
        result: mine.net > 0 ? "won" : mine.net < 0 ? "lost" : "even",
        amount: i.money(Math.abs(mine.net)),
        fees: fees.length ? i.list(fees) : "none",
      })}
    </p>
  );
}

/** Every wager's line, the dealer's wager, then the bank's lines. */
export function StatementTable({
  statement,
  info,
  me,
  rules,
}: {
  readonly statement: Statement;
  readonly info: TableInfo | null;
  readonly me: string | null;
  /** A recalled round's rules (its record's), when there are no table facts. */
  readonly rules?: Readonly<Record<string, unknown>>;
}) {
  const i = useI18n();
  // "commission" or "collection" as the table's rules take it (the table's facts, or the
  // recalled round's own rules), never guessed from the figures (a collection's free hands
  // take none)
  const collection = (info?.fee ?? feeOf(rules)) === "collection";
  const fee = collection ? "collection" : "commission";
  const d = statement.dealer_wager;
  const bank = statement.bank;
  return (
    <div class="pg-tablewrap">
      <table class="pg-results__table" data-testid="statement">
        <caption class="pg-visually-hidden">{i.t("statement.caption", { fee })}</caption>
        <thead>
          <tr>
            <th scope="col">{i.t("statement.wager")}</th>
            <th scope="col">{i.t("statement.result")}</th>
            <th scope="col">{i.t("statement.paid")}</th>
            <th scope="col">{i.t("statement.fee", { fee })}</th>
            <th scope="col">{i.t("statement.net")}</th>
          </tr>
        </thead>
        <tbody>
          {statement.wagers.map((w) => (
            <tr key={w.ref} class={w.owner === me ? "pg-results__me" : ""} data-ref={w.ref} data-owner={w.owner}>
              <th scope="row" data-stake={w.stake}>
                {i.t("statement.line", {
                  owner: displayName(i, w.owner),
                  kind: wagerLabel(i, w.kind, info?.side_bets),
                  class: w.class ? classWords(i, w.kind, w.class) : "none",
                  spot: w.spot,
                  stake: i.money(w.stake),
                  ...actionWords(i, w),
                })}
              </th>
              <td data-result={w.result ?? ""}>
                {resultWords(i, w.result)}
                {w.reason ? i.t("common.parenthesised", { text: reasonWords(i, w.reason) }) : ""}
              </td>
              <td data-cents={w.won}>{w.won ? i.money(w.won) : i.t("common.none")}</td>
              <td data-cents={collection ? w.collection : w.commission}>
                {(collection ? w.collection : w.commission)
                  ? i.money(collection ? w.collection : w.commission)
                  : i.t("common.none")}
              </td>
              <td data-cents={w.net}>{i.signed(w.net)}</td>
            </tr>
          ))}
          {d ? (
            <tr data-ref="dealer" data-owner="dealer">
              <th scope="row" data-stake={d.stake}>
                {i.t("statement.dealerWager", { stake: i.money(d.stake) })}
              </th>
              <td data-result={d.result ?? ""}>{resultWords(i, d.result)}</td>
              <td data-cents={d.won}>{d.won ? i.money(d.won) : i.t("common.none")}</td>
              <td data-cents={0}>{i.t("common.none")}</td>
              <td data-cents={d.net}>{i.t("statement.toHouse", { net: i.signed(d.net) })}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {bank ? (
        <table class="pg-results__table pg-results__bank" data-testid="bank-lines">
          <caption>
            {i.t("statement.bankCaption", {
              player: displayName(i, bank.player),
              as: bankWords(i, bank.kind),
              seat: bank.position,
              stake: bank.stake !== undefined && bank.action_used !== undefined ? i.money(bank.stake) : "none",
              action: bank.action_used !== undefined ? i.money(bank.action_used) : "none",
            })}
          </caption>
          <tbody>
            {bank.lines.map((l) => (
              <tr key={l.what} data-line={l.what}>
                <th scope="row">{serverText(i, l.what)}</th>
                <td data-cents={l.cents}>{i.signed(l.cents)}</td>
              </tr>
            ))}
            <tr class="pg-results__total" data-line="net">
              <th scope="row">{i.t("statement.bankNet")}</th>
              <td data-cents={bank.net}>{i.signed(bank.net)}</td>
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
  const i = useI18n();
  return (
    <div class="pg-tablewrap">
      <table class="pg-results__table pg-results__chips" data-testid="chips-table">
        <caption>{i.t("chips.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{i.t("chips.player")}</th>
            <th scope="col">{i.t("chips.before")}</th>
            <th scope="col">{i.t("statement.net")}</th>
            <th scope="col">{i.t("chips.after")}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <tr key={p.player} class={p.player === me ? "pg-results__me" : ""} data-player={p.player}>
              <th scope="row">
                {i.t("chips.who", { player: displayName(i, p.player), where: positionName(i, p.seat) })}
              </th>
              <td data-cents={p.before}>{i.money(p.before)}</td>
              <td data-cents={p.net}>{i.signed(p.net)}</td>
              <td data-cents={p.after}>
                {i.money(p.after)}
                {p.kept ? i.t("chips.kept", { amount: i.money(p.kept) }) : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
