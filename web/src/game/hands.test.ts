import { describe, expect, it } from "vitest";
import { CARD_HAND_RANKS, TILE_HAND_RANKS, cardEvaluator, cardHand, tileEvaluator, tileHand } from "./hands";

describe("hands from the engine's tables", () => {
  it("names and ranks tile hands as the engine does (README examples, R-RANK-03)", () => {
    expect(TILE_HAND_RANKS).toBe(106);
    expect(tileHand("6-6", "4-5")).toMatchObject({ name: "High wong (Teen + nine)", rank: 17 });
    expect(tileHand("4-5", "6-6")).toEqual(tileHand("6-6", "4-5"));
    expect(tileHand("1-2", "2-4").rank).toBe(1);
    expect(tileHand("1-2", "3-3").name).toBe("9 (high tile 3-3)");
    expect(() => tileHand("1-2", "1-2")).toThrow(/no such hand/);
  });

  it("ranks card hands by rank type only (R-SPG-02..04)", () => {
    expect(cardHand("Jk1", "Jk2")).toMatchObject({ name: "Pair of jokers", rank: 1 });
    expect(cardHand("Kh", "Qs").name).toBe("K-Q");
    expect(cardHand("Kh", "Qs")).toEqual(cardHand("Kd", "Qc"));
    expect(CARD_HAND_RANKS).toBeGreaterThan(50);
    expect(() => cardHand("As", "As")).toThrow(/same card twice/);
  });

  it("explains a setting whose high hand ranks below its low hand (R-SET-01, AMB-27)", () => {
    const evaluate = tileEvaluator();
    const good = evaluate(["6-6", "4-5"], ["1-2", "3-3"]);
    expect(good.valid).toBe(true);
    const bad = evaluate(["1-2", "3-3"], ["6-6", "4-5"]);
    expect(bad.valid).toBe(false);
    expect(bad.problem).toBe("reversed");
    expect([bad.high.name, bad.low.name]).toEqual(["9 (high tile 3-3)", "High wong (Teen + nine)"]);
    expect(tileEvaluator(true)(["1-2", "3-3"], ["6-6", "4-5"]).valid).toBe(true);
  });

  it("accepts equal hands either way and fouls a reversed card setting (R-SPG-21.2, AMB-41)", () => {
    expect(cardEvaluator(["7s", "7h"], ["7d", "7c"]).valid).toBe(true);
    const foul = cardEvaluator(["2s", "3h"], ["As", "Ah"]);
    expect(foul.valid).toBe(false);
    expect(foul.problem).toBe("reversed");
  });
});
