/**
 * Side bets' pay tables in the reader's language, from the rows the server sends (each case
 * paid as the engine's code with what it pays to 1): the wager form and the rules pages.
 */

import type { I18n } from "../i18n/i18n";
import type { PayRow } from "../protocol";

/** A paid case in words ("Gee Joon Pair and Heaven Pair", "Royal flush"). */
export function caseWords(i: I18n, kind: string, c: string): string {
  if (kind === "pair-fortunes") return i.t("pays.pf", { case: c });
  if (kind === "supreme-bonus") return i.t("pays.bonus", { case: c });
  return i.t("pays.de", { case: c });
}

/** "N to 1". */
export function toOne(i: I18n, pays: number): string {
  return i.t("pays.toOne", { pays });
}

/** A side bet's pays in one line, as the wager form shows them. */
export function paysText(i: I18n, bet: { readonly kind: string; readonly table: readonly PayRow[] }): string {
  if (bet.kind === "dice-bonus") {
    const by = (who: string) =>
      bet.table
        .filter((r) => r.case.startsWith(who))
        .map((r) => i.number(r.pays))
        .join(" / ");
    return i.t("pays.diceBonus", { shaker: by("shaker-"), others: by("other-") });
  }
  return bet.table
    .map((r) =>
      i.t("pays.row", {
        case: caseWords(i, bet.kind, r.case),
        pays: r.pays,
        de: bet.kind.startsWith("de-") ? "yes" : "no",
      }),
    )
    .join(i.t("pays.separator"));
}
