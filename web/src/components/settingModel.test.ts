import { describe, expect, it } from "vitest";
import type { Assignment, Zone } from "./settingModel";
import { emptyAssignment, fromHigh, isComplete, move, piecesIn, swapHands, toggle } from "./settingModel";

/** A small deterministic generator (mulberry32), so the random walk is reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES: readonly Zone[] = ["unset", "high", "low"];

describe("setting model", () => {
  it("toggles: first two taps fill the high hand and the rest settle low", () => {
    let a: Assignment = emptyAssignment(4);
    a = toggle(a, 2);
    a = toggle(a, 0);
    expect(piecesIn(a, "high")).toEqual([0, 2]);
    expect(piecesIn(a, "low")).toEqual([1, 3]);
    expect(isComplete(a)).toBe(true);
    a = toggle(a, 0);
    expect(a[0]).toBe("unset");
  });

  it("swaps with the last piece of a full hand", () => {
    const a = fromHigh(4, [0, 1]);
    const b = move(a, 2, "high");
    expect(piecesIn(b, "high")).toEqual([0, 2]);
    expect(piecesIn(b, "low")).toEqual([1, 3]);
    expect(swapHands(b)).toEqual(["low", "high", "low", "high"]);
  });

  it("never holds more than two pieces in a hand, over random moves", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = rng(seed);
      let a: Assignment = emptyAssignment(4);
      for (let step = 0; step < 30; step++) {
        const index = Math.floor(r() * 4);
        a = r() < 0.3 ? toggle(a, index) : move(a, index, ZONES[Math.floor(r() * 3)] ?? "unset");
        expect(a).toHaveLength(4);
        expect(piecesIn(a, "high").length).toBeLessThanOrEqual(2);
        expect(piecesIn(a, "low").length).toBeLessThanOrEqual(2);
      }
    }
  });
});
