/** Words the pit's views share: a moment of the logs and a round's phase, in the reader's language. */

import type { I18n } from "../i18n/i18n";
import { PHASES } from "../pages/LobbyPage";

const moments = new Map<string, Intl.DateTimeFormat>();

/** A stored moment in UTC, to the second, as the reader's language writes it ("" for none). */
export function moment(i: I18n, iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let f = moments.get(i.locale);
  if (!f) {
    f = new Intl.DateTimeFormat(i.locale, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
    moments.set(i.locale, f);
  }
  return f.format(d);
}

/** A table's phase in words (the server's word itself when the catalogue has none). */
export function phaseWords(i: I18n, phase: string): string {
  const key = PHASES[phase];
  return key ? i.t(key) : phase;
}
