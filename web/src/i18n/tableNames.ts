/**
 * A table as a player names it, never by the service's id of a private table
 * (``p-08a9kdhpd5f6mkn5``): a private table by the name its opener gave it, else as its opener's
 * ("ann's private table", from what the service says of it: the lobby's, the table's and the
 * recall's ``private``); a house table whose id is a set of rules' (the demonstration's
 * ``colorado``) by those rules' name in the reader's language; any other house table by the id
 * the operator chose for it ("Table 7").
 */

import { displayName } from "../game/record";
import type { I18n } from "./i18n";

/** What the service says of a private table (the lobby's, the table's and the recall's
 * ``private``); a name, where the service gives one. */
export interface PrivateFacts {
  readonly owner: string;
  readonly name?: unknown;
}

/** The rules whose name names a house table of the same id. */
const PROFILE_TABLES: Readonly<Record<string, string>> = {
  colorado: "colorado",
  generic: "generic",
  maryland: "maryland",
  "lucky-chances": "lucky_chances",
  "nj-supreme": "nj_supreme",
};

/** The table ``id`` in the reader's words (``priv``: what the service says of it when a player
 * opened it; null or undefined: the house's, or not known). */
export function tableName(i: I18n, id: string, priv?: PrivateFacts | null): string {
  if (priv) {
    const given = typeof priv.name === "string" ? priv.name.trim() : "";
    return given || i.t("table.name", { kind: "private", owner: displayName(i, priv.owner), id, profile: "none" });
  }
  const profile = PROFILE_TABLES[id];
  return i.t("table.name", { kind: profile ? "profile" : "house", owner: "", id, profile: profile ?? "none" });
}
