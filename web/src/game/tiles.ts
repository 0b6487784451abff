/**
 * The 21 distinct Pai Gow tiles in the engine's notation (`paigow.tiles`): a tile is written by
 * its pips `lo-hi` with `lo <= hi` ("6-6", "4-5"). Order, copies, names and ranks follow
 * R-EQUIP-01 exactly as `src/paigow/tiles.py` does.
 */

export type Pips = 1 | 2 | 3 | 4 | 5 | 6;

/** A tile code in canonical notation, e.g. `"6-6"` or `"4-5"` (low pip first). */
export type TileCode = `${Pips}-${Pips}`;

export interface TileInfo {
  readonly code: TileCode;
  readonly lo: Pips;
  readonly hi: Pips;
  /** Copies of this tile in the 32-tile set (R-EQUIP-01). */
  readonly copies: 1 | 2;
  /** Natural single-tile rank, 1 = highest (R-RANK-09). */
  readonly naturalRank: number;
  /** Traditional (Cantonese) name, as the engine spells it. */
  readonly name: string;
  /** English name. */
  readonly english: string;
}

type Row = readonly [Pips, Pips, 1 | 2, number, string, string];

// (lo, hi, copies, natural rank, name, English): the table of src/paigow/tiles.py.
const ROWS: readonly Row[] = [
  [6, 6, 2, 1, "Teen", "Heaven"],
  [1, 1, 2, 2, "Day", "Earth"],
  [4, 4, 2, 3, "Yun", "Man"],
  [1, 3, 2, 4, "Gor", "Goose"],
  [5, 5, 2, 5, "Mooy", "Flower"],
  [3, 3, 2, 6, "Chong", "Long"],
  [2, 2, 2, 7, "Bon", "Board"],
  [5, 6, 2, 8, "Foo", "Hatchet"],
  [4, 6, 2, 9, "Ping", "Partition"],
  [1, 6, 2, 10, "Tit", "Long Leg Seven"],
  [1, 5, 2, 11, "Look", "Big Head Six"],
  [3, 6, 1, 12, "Chop Gow", "Mixed Nine"],
  [4, 5, 1, 12, "Chop Gow", "Mixed Nine"],
  [2, 6, 1, 13, "Chop Bot", "Mixed Eight"],
  [3, 5, 1, 13, "Chop Bot", "Mixed Eight"],
  [2, 5, 1, 14, "Chop Chit", "Mixed Seven"],
  [3, 4, 1, 14, "Chop Chit", "Mixed Seven"],
  [2, 4, 1, 15, "Gee Joon", "Gee Joon Six"],
  [1, 4, 1, 16, "Chop Ng", "Mixed Five"],
  [2, 3, 1, 16, "Chop Ng", "Mixed Five"],
  [1, 2, 1, 17, "Gee Joon", "Gee Joon Three"],
];

/** The 21 distinct tiles in R-EQUIP-01 order (6-6 first). */
export const ALL_TILES: readonly TileInfo[] = ROWS.map(([lo, hi, copies, rank, name, english]) => ({
  code: `${lo}-${hi}`,
  lo,
  hi,
  copies,
  naturalRank: rank,
  name,
  english,
}));

const BY_CODE: ReadonlyMap<string, TileInfo> = new Map(ALL_TILES.map((t) => [t.code, t]));

/** The 32 physical tiles of one set, doubled tiles listed twice. */
export const FULL_SET: readonly TileCode[] = ALL_TILES.flatMap((t) => (t.copies === 2 ? [t.code, t.code] : [t.code]));

/** True if `text` is a tile code in canonical notation. */
export function isTileCode(text: string): text is TileCode {
  return BY_CODE.has(text);
}

/**
 * Parse a tile written by its pips in either order ("2-1" is 1-2), as the engine accepts.
 * Returns `null` for anything that is not a Pai Gow tile.
 */
export function parseTile(text: string): TileCode | null {
  const m = /^\s*([1-6])\s*[-/:]?\s*([1-6])\s*$/.exec(text);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  const code = `${Math.min(a, b)}-${Math.max(a, b)}`;
  return isTileCode(code) ? code : null;
}

/** Facts about a tile. Throws on a code that is not a tile (a programming error). */
export function tileInfo(code: TileCode): TileInfo {
  const info = BY_CODE.get(code);
  if (!info) throw new Error(`not a Pai Gow tile: ${code}`);
  return info;
}

/** The spoken label of a tile, e.g. "6-6, Teen" or "2-4, Gee Joon six". */
export function tileLabel(code: TileCode): string {
  const t = tileInfo(code);
  return `${t.code}, ${t.name === "Gee Joon" ? t.english : t.name}`;
}
