import { describe, expect, it } from "vitest";
import type { Pip } from "./pipLayout";
import { TILE_HEIGHT, TILE_WIDTH, diePips, tilePips } from "./pipLayout";
import type { Pips } from "./tiles";
import { ALL_TILES } from "./tiles";

const upper = (pips: Pip[]) => pips.filter((p) => p.y < TILE_HEIGHT / 2);
const lower = (pips: Pip[]) => pips.filter((p) => p.y > TILE_HEIGHT / 2);
const reds = (pips: Pip[]) => pips.filter((p) => p.colour === "red").length;

describe("tile pip layouts", () => {
  it("draws as many pips as the tile has, each end in its own half", () => {
    for (const t of ALL_TILES) {
      const pips = tilePips(t.code);
      expect(pips).toHaveLength(t.lo + t.hi);
      if (t.code !== "3-3") {
        expect(upper(pips)).toHaveLength(t.hi);
        expect(lower(pips)).toHaveLength(t.lo);
      }
    }
  });

  it("colours ones and fours red, the 6-6 half red, everything else white", () => {
    const redCount = (n: number) => (n === 1 || n === 4 ? n : 0);
    for (const t of ALL_TILES) {
      const expected = t.code === "6-6" ? 6 : redCount(t.lo) + redCount(t.hi);
      expect(reds(tilePips(t.code)), t.code).toBe(expected);
    }
  });

  it("gives each six of the 6-6 one red and one white column, turned with the half", () => {
    const pips = tilePips("6-6");
    const columnColours = (half: Pip[]) => new Set(half.map((p) => `${p.x}:${p.colour}`));
    expect(columnColours(upper(pips))).toEqual(new Set(["29:red", "71:white"]));
    expect(columnColours(lower(pips))).toEqual(new Set(["71:red", "29:white"]));
  });

  it("draws every tile the same when turned end over end (180 degrees)", () => {
    for (const t of ALL_TILES) {
      if (t.lo !== t.hi) continue;
      const key = (p: Pip) => `${p.x},${p.y},${p.colour}`;
      const pips = tilePips(t.code);
      const turned = pips.map((p) => ({ ...p, x: TILE_WIDTH - p.x, y: TILE_HEIGHT - p.y }));
      expect(new Set(turned.map(key)), t.code).toEqual(new Set(pips.map(key)));
    }
  });

  it("puts twos side by side at the far end and the one pip larger", () => {
    const two = upper(tilePips("2-2"));
    expect(two[0]?.y).toBe(two[1]?.y);
    expect(two[0]?.y).toBeLessThan(TILE_HEIGHT / 4);
    const [one] = upper(tilePips("1-1"));
    const [five] = upper(tilePips("5-5"));
    expect(one?.r).toBeGreaterThan(five?.r ?? Infinity);
  });

  it("lays the 3-3 out as two across, two lengthwise, two across", () => {
    const ys = [...new Set(tilePips("3-3").map((p) => p.y))].sort((a, b) => a - b);
    expect(ys).toHaveLength(4);
    const byY = (y: number) => tilePips("3-3").filter((p) => p.y === y);
    expect(byY(ys[0] ?? 0)).toHaveLength(2);
    expect(byY(ys[1] ?? 0)).toHaveLength(1);
    expect(byY(ys[2] ?? 0)).toHaveLength(1);
    expect(byY(ys[3] ?? 0)).toHaveLength(2);
  });

  it("keeps pips on the face and apart from one another", () => {
    for (const t of ALL_TILES) {
      const pips = tilePips(t.code);
      for (const p of pips) {
        expect(p.x - p.r).toBeGreaterThan(0);
        expect(p.x + p.r).toBeLessThan(TILE_WIDTH);
        expect(p.y - p.r).toBeGreaterThan(0);
        expect(p.y + p.r).toBeLessThan(TILE_HEIGHT);
      }
      pips.forEach((a, i) => {
        pips.slice(i + 1).forEach((b) => {
          expect(Math.hypot(a.x - b.x, a.y - b.y), t.code).toBeGreaterThan(a.r + b.r + 2);
        });
      });
    }
  });
});

describe("die pip layouts", () => {
  it("shows 1..6 pips, ones and fours red", () => {
    for (const v of [1, 2, 3, 4, 5, 6] as Pips[]) {
      const pips = diePips(v);
      expect(pips).toHaveLength(v);
      expect(reds(pips)).toBe(v === 1 || v === 4 ? v : 0);
    }
  });
});
