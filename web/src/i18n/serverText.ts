/**
 * Words the service sends in English — a refusal's reason, an HTTP error's detail, a bank's
 * line, a table's notes — in the player's language. The service speaks English (the engine's
 * errors, the CLI and the logs share them); the client recognises the messages it can meet by
 * the patterns of `server-text.json` (each with an example that tests/test_web_i18n.py finds in
 * the service's source, so a reworded message fails a test instead of going untranslated) and
 * formats the matching catalogue message with the pattern's named groups as values.
 *
 * A message no pattern knows is shown in English to an English reader; in Chinese, an error
 * shows the catalogue's general words for its kind (its English original kept in the page as
 * the notice's `title`), so no refusal is ever shown in raw English.
 */

import type { I18n, MessageKey } from "./i18n";
import table from "./server-text.json";

interface Entry {
  readonly key: MessageKey;
  readonly pattern: RegExp;
}

const ENTRIES: readonly Entry[] = (table as readonly { key: string; pattern: string }[]).map((e) => ({
  key: e.key as MessageKey,
  pattern: new RegExp(e.pattern),
}));

/** The catalogue message for a server text, with its values, or null when none matches. */
export function recognise(text: string): { readonly key: MessageKey; readonly values: Record<string, string> } | null {
  const t = text.trim();
  for (const e of ENTRIES) {
    const m = e.pattern.exec(t);
    if (m) {
      const values: Record<string, string> = {};
      // An optional group that did not match is "none" (a select in the message tells it apart).
      const groups = Object.entries(m.groups ?? {}) as [string, string | undefined][];
      for (const [k, v] of groups) values[k] = v ?? "none";
      return { key: e.key, values };
    }
  }
  return null;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A server text in the reader's language. `fallback` is what a Chinese reader sees for text no
 * pattern knows (an error's kind); with none, the text itself is shown.
 */
export function serverText(i: I18n, text: string, fallback?: MessageKey): string {
  const found = recognise(text);
  if (found) return i.t(found.key, found.values);
  if (i.locale === "en" || fallback === undefined) return capitalised(text);
  return i.t(fallback);
}
