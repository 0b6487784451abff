import { describe, expect, it } from "vitest";
import { ALL_TILES, FULL_SET, parseTile, tileInfo, tileLabel } from "./tiles";

describe("tiles (R-EQUIP-01)", () => {
  it("has the 21 distinct tiles and the 32-tile set", () => {
    expect(ALL_TILES).toHaveLength(21);
    expect(new Set(ALL_TILES.map((t) => t.code)).size).toBe(21);
    expect(FULL_SET).toHaveLength(32);
    expect(ALL_TILES.filter((t) => t.copies === 2)).toHaveLength(11);
  });

  it("writes every tile low pip first and ranks 6-6 first, 1-2 last", () => {
    for (const t of ALL_TILES) expect(t.lo).toBeLessThanOrEqual(t.hi);
    expect(ALL_TILES[0]?.code).toBe("6-6");
    expect(ALL_TILES.at(-1)?.code).toBe("1-2");
    expect(tileInfo("2-4").naturalRank).toBe(15);
  });

  it("parses pips in either order, as the engine does", () => {
    expect(parseTile("2-1")).toBe("1-2");
    expect(parseTile("66")).toBe("6-6");
    expect(parseTile(" 5 / 4 ")).toBe("4-5");
    expect(parseTile("0-1")).toBeNull();
    expect(parseTile("7-7")).toBeNull();
    expect(parseTile("Teen")).toBeNull();
  });

  it("labels tiles for screen readers by pips and name", () => {
    expect(tileLabel("6-6")).toBe("6-6, Teen");
    expect(tileLabel("2-4")).toBe("2-4, Gee Joon Six");
    expect(tileLabel("3-6")).toBe("3-6, Chop Gow");
  });
});
