/**
 * Tiles and two-piece hands named in the reader's language, from what the engine's exported
 * hand tables say each hand is (web/src/generated/*-hands.json: a pair rank, or points and the
 * highest piece). English follows the engine's names exactly; the traditional Chinese names of
 * the tiles and of the pairs, wongs and gongs are those of docs/i18n.md, "The tiles' Chinese
 * names" (with their published sources).
 */

import type { HandFacts } from "../game/hands";
import { handFacts } from "../game/hands";
import type { TileCode } from "../game/tiles";
import { tileInfo } from "../game/tiles";
import type { I18n, MessageKey } from "./i18n";

/** The 21 tiles' names (R-EQUIP-01 order). */
export const TILE_NAME_KEYS: Readonly<Partial<Record<TileCode, MessageKey>>> = {
  "6-6": "tile.6-6",
  "1-1": "tile.1-1",
  "4-4": "tile.4-4",
  "1-3": "tile.1-3",
  "5-5": "tile.5-5",
  "3-3": "tile.3-3",
  "2-2": "tile.2-2",
  "5-6": "tile.5-6",
  "4-6": "tile.4-6",
  "1-6": "tile.1-6",
  "1-5": "tile.1-5",
  "3-6": "tile.3-6",
  "4-5": "tile.4-5",
  "2-6": "tile.2-6",
  "3-5": "tile.3-5",
  "2-5": "tile.2-5",
  "3-4": "tile.3-4",
  "2-4": "tile.2-4",
  "1-4": "tile.1-4",
  "2-3": "tile.2-3",
  "1-2": "tile.1-2",
};

/** R-RANK-03's twenty pairs, wongs and gongs, by rank (1 = the supreme pair). */
export const PAIR_KEYS: readonly MessageKey[] = [
  "tileHand.pair1",
  "tileHand.pair2",
  "tileHand.pair3",
  "tileHand.pair4",
  "tileHand.pair5",
  "tileHand.pair6",
  "tileHand.pair7",
  "tileHand.pair8",
  "tileHand.pair9",
  "tileHand.pair10",
  "tileHand.pair11",
  "tileHand.pair12",
  "tileHand.pair13",
  "tileHand.pair14",
  "tileHand.pair15",
  "tileHand.pair16",
  "tileHand.pair17",
  "tileHand.pair18",
  "tileHand.pair19",
  "tileHand.pair20",
];

/** A tile's traditional name ("Teen"; "天牌"). */
export function tileName(i: I18n, code: TileCode): string {
  const t = tileInfo(code);
  const key = TILE_NAME_KEYS[t.code];
  return key ? i.t(key) : t.name;
}

/** A tile as spoken: "6-6, Teen". */
export function tileSpoken(i: I18n, code: TileCode): string {
  return i.t("tile.spoken", { code, name: tileName(i, code) });
}

/** A two-piece hand's name from the engine's facts ("High wong (Teen + nine)", "天王"). */
export function factsWords(i: I18n, game: "tiles" | "cards", facts: HandFacts): string {
  if (game === "tiles") {
    if (typeof facts.pair === "number") {
      const key = PAIR_KEYS[facts.pair - 1];
      return key ? i.t(key) : facts.name;
    }
    if (facts.points === undefined || facts.top === undefined) return facts.name;
    return i.t("tileHand.points", { points: facts.points, tile: facts.top, name: tileName(i, facts.top as TileCode) });
  }
  if (typeof facts.pair === "string") return i.t("cardHand.pair", { rank: facts.pair });
  if (facts.face !== undefined) return facts.face;
  if (facts.points === undefined) return facts.name;
  return i.t("cardHand.points", { points: facts.points, high: facts.high ?? "" });
}

/** The name of the hand of two pieces in notation, or null when they are not a hand. */
export function handWords(i: I18n, game: "tiles" | "cards", pieces: readonly string[]): string | null {
  const facts = handFacts(game, pieces);
  return facts ? factsWords(i, game, facts) : null;
}

/** A house way's name ("regulation"; "規定牌例"); a way the catalogue does not know, its own name. */
export function wayName(i: I18n, way: string): string {
  return i.t("way", { way: way.replace(/-/g, "_"), name: way });
}
