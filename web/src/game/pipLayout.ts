/**
 * Pip layouts of Chinese domino tiles and of dice, as pure data (rendered by components).
 *
 * Convention (documented in docs/web.md with its references):
 * - A tile stands upright, 100 units wide and 220 tall; each end is a 100 x 110 half and the
 *   lower half is the upper half turned 180 degrees, as on a real tile.
 * - Ones and fours are red, the one drawn as a larger pip; twos, threes and fives are white.
 * - Twos sit side by side at the far end of their half; threes run on the diagonal.
 * - Sixes are two columns of three white pips, except on the 6-6 (Teen), where each six has one
 *   column red and one white: the red column on the left of the upper half and, turned with
 *   the half, on the right of the lower half.
 * - The 3-3 (Chong) is laid out along the tile as two across, two lengthwise, two across.
 */

import type { Pips, TileCode } from "./tiles";
import { tileInfo } from "./tiles";

export type PipColour = "red" | "white";

export interface Pip {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly colour: PipColour;
}

export const TILE_WIDTH = 100;
export const TILE_HEIGHT = 220;
const HALF = TILE_HEIGHT / 2;

const R = 10.5; // a regular pip
const R_ONE = 14.5; // the larger one pip
const COL_L = 29;
const COL_R = 71;

type Spot = readonly [number, number];

/** Positions of n pips in the upper half (y = 0 is the tile's outer edge). */
function upperSpots(n: Pips): readonly Spot[] {
  switch (n) {
    case 1:
      return [[50, 57]];
    case 2:
      return [
        [COL_L, 30],
        [COL_R, 30],
      ];
    case 3:
      return [
        [COL_L, 27],
        [50, 57],
        [COL_R, 87],
      ];
    case 4:
      return [
        [COL_L, 35],
        [COL_R, 35],
        [COL_L, 79],
        [COL_R, 79],
      ];
    case 5:
      return [
        [COL_L, 27],
        [COL_R, 27],
        [50, 57],
        [COL_L, 87],
        [COL_R, 87],
      ];
    case 6:
      return [
        [COL_L, 24],
        [COL_L, 57],
        [COL_L, 90],
        [COL_R, 24],
        [COL_R, 57],
        [COL_R, 90],
      ];
  }
}

/** The colour of a pip of an n-pip half; `teen` marks the halves of the 6-6 tile. */
function colourOf(n: Pips, x: number, teen: boolean): PipColour {
  if (n === 1 || n === 4) return "red";
  if (n === 6 && teen) return x < 50 ? "red" : "white";
  return "white";
}

function upperHalf(n: Pips, teen: boolean): Pip[] {
  return upperSpots(n).map(([x, y]) => ({
    x,
    y,
    r: n === 1 ? R_ONE : R,
    colour: colourOf(n, x, teen),
  }));
}

/** Turn a pip of the upper half into the lower half (180 degrees about the tile's centre). */
function turned(p: Pip): Pip {
  return { ...p, x: TILE_WIDTH - p.x, y: TILE_HEIGHT - p.y };
}

/**
 * Every pip of a tile, upper half first. The upper half shows the higher number, as tiles
 * are conventionally drawn ("6-6", "4-5" reads low-high, the picture puts the high end up).
 */
export function tilePips(code: TileCode): Pip[] {
  const { lo, hi } = tileInfo(code);
  if (lo === 3 && hi === 3) {
    const across = (y: number): Pip[] => [
      { x: COL_L, y, r: R, colour: "white" },
      { x: COL_R, y, r: R, colour: "white" },
    ];
    return [
      ...across(32),
      { x: 50, y: HALF - 24, r: R, colour: "white" },
      { x: 50, y: HALF + 24, r: R, colour: "white" },
      ...across(TILE_HEIGHT - 32),
    ];
  }
  const teen = lo === 6 && hi === 6;
  return [...upperHalf(hi, teen), ...upperHalf(lo, teen).map(turned)];
}

/** Pips of a die face (1..6) in a 100 x 100 box; ones and fours red as on Chinese dice. */
export function diePips(value: Pips): Pip[] {
  const spots: Record<Pips, readonly Spot[]> = {
    1: [[50, 50]],
    2: [
      [28, 28],
      [72, 72],
    ],
    3: [
      [26, 26],
      [50, 50],
      [74, 74],
    ],
    4: [
      [28, 28],
      [72, 28],
      [28, 72],
      [72, 72],
    ],
    5: [
      [26, 26],
      [74, 26],
      [50, 50],
      [26, 74],
      [74, 74],
    ],
    6: [
      [28, 24],
      [28, 50],
      [28, 76],
      [72, 24],
      [72, 50],
      [72, 76],
    ],
  };
  const red = value === 1 || value === 4;
  return spots[value].map(([x, y]) => ({
    x,
    y,
    r: value === 1 ? 17 : 9.5,
    colour: red ? "red" : "white",
  }));
}
