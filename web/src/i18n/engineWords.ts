/**
 * Words of the engine's record that a round's page shows: a side wager's class ("No pair",
 * "Any other pair"), why a wager lost whatever the hands ("dead hand"), and why a transfer moved
 * ("surplus-vig", "bonus: Flush", "Mixed Pair 5 to 1"), each named in the reader's language from
 * the engine's own words (web/src/i18n/engine-words.json, which tests/test_web_i18n.py holds
 * equal to the engine's).
 */

import { kindWords } from "../game/record";
import { caseWords } from "../table/pays";
import words from "./engine-words.json";
import type { I18n } from "./i18n";
import { serverText } from "./serverText";

const CLASSES: Readonly<Record<string, Readonly<Record<string, string>>>> = words.classes;
const REASONS: Readonly<Record<string, string>> = words.reasons;
const TRANSFERS: Readonly<Record<string, string>> = words.transfers;

/** A side wager's class in words ("No pair" → 没有对子); an unknown class as the engine says it. */
export function classWords(i: I18n, kind: string, cls: string): string {
  const code = CLASSES[kind]?.[cls];
  return code ? caseWords(i, kind, code) : cls;
}

/** Why a wager lost whatever the hands, in words. */
export function reasonWords(i: I18n, reason: string): string {
  const code = REASONS[reason];
  return code ? i.t("statement.reason", { reason: code }) : serverText(i, reason);
}

/** Why a transfer of the round moved, in words. */
export function transferReason(i: I18n, reason: string): string {
  const code = TRANSFERS[reason];
  if (code) return i.t("transfer.reason", { reason: code });
  const bonus = /^bonus: (.+)$/.exec(reason);
  if (bonus?.[1]) return classWords(i, "supreme-bonus", bonus[1]);
  const pays = /^(.+) (\d+) to 1$/.exec(reason);
  if (pays?.[1] && pays[2]) {
    const what = CLASSES["pair-fortunes"]?.[pays[1]] ? classWords(i, "pair-fortunes", pays[1]) : kindWords(i, pays[1]);
    return i.t("transfer.pays", { what, pays: Number(pays[2]) });
  }
  return reason;
}
