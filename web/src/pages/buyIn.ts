import type { I18n } from "../i18n/i18n";
import type { BuyIn } from "../protocol";

/**
 * What the page says of a buy-in of `cents` (null: not an amount), bounded by the service's
 * figures: the most it may be now (`bound`, from `GET /api/session` and each `wallet` message:
 * the wallet, or what the daily limit leaves, or nothing during a self-exclusion) and the
 * table's minimum. The page computes neither: it offers only what the server would accept.
 * Null when the amount may be sent.
 */
export function buyInProblem(i: I18n, cents: number | null, bound: BuyIn, min: number): string | null {
  if (cents === null) return null;
  if (bound.by === "excluded") return i.t("buyIn.excluded");
  if (cents > bound.max) {
    return bound.by === "limit"
      ? i.t("buyIn.overLimit", { amount: i.money(bound.max) })
      : i.t("money.walletHolds", { amount: i.money(bound.max) });
  }
  if (cents < min) return i.t("money.tableMinimum", { amount: i.money(min) });
  return null;
}

/** The most a buy-in may be, and why, in words ("" during a self-exclusion: none may be). */
export function buyInMost(i: I18n, bound: BuyIn): string {
  return bound.by === "excluded" ? "" : i.t("buyIn.most", { amount: i.money(bound.max), by: bound.by });
}
