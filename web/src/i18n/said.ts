/**
 * Something the client says to the player, kept as what it means rather than as words, so that
 * a notice already shown changes language with the page: a catalogue message with its values,
 * or a server's text with the catalogue message to show when the text is not recognised.
 */

import type { I18n, MessageKey, Values } from "./i18n";
import { recognise, serverText } from "./serverText";

export type Said =
  { readonly key: MessageKey; readonly values?: Values } | { readonly server: string; readonly fallback: MessageKey };

/** The words of `said` in `i`'s language. */
export function say(i: I18n, said: Said): string {
  return "key" in said ? i.t(said.key, said.values) : serverText(i, said.server, said.fallback);
}

/** The original English of a server text no pattern knows (kept for the curious), else null. */
export function untranslated(i: I18n, said: Said): string | null {
  if ("key" in said || i.locale === "en") return null;
  return recognise(said.server) ? null : said.server;
}
