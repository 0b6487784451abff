import { describe, expect, it } from "vitest";
import { DECK, cardInfo, cardLabel, isCardCode, parseCard, pipCount } from "./cards";

describe("cards (R-EQUIP-08, paigow.cards notation)", () => {
  it("has 54 distinct cards in the engine's deck order", () => {
    expect(DECK).toHaveLength(54);
    expect(new Set(DECK).size).toBe(54);
    expect(DECK.slice(0, 5)).toEqual(["2c", "2d", "2h", "2s", "3c"]);
    expect(DECK.slice(-3)).toEqual(["As", "Jk1", "Jk2"]);
  });

  it("parses as the engine does and formats canonically", () => {
    expect(parseCard("as")).toBe("As");
    expect(parseCard("10d")).toBe("Td");
    expect(parseCard("K♠")).toBe("Ks");
    expect(parseCard("Jk")).toBe("Jk1");
    expect(parseCard("joker2")).toBe("Jk2");
    expect(parseCard("1s")).toBeNull();
    expect(parseCard("Ax")).toBeNull();
    for (const c of DECK) expect(parseCard(c)).toBe(c);
    expect(isCardCode("Td")).toBe(true);
    expect(isCardCode("10d")).toBe(false);
  });

  it("names cards for screen readers", () => {
    expect(cardLabel("As")).toBe("ace of spades");
    expect(cardLabel("Td")).toBe("ten of diamonds");
    expect(cardLabel("Jk2")).toBe("joker 2");
    expect(cardInfo("Qh")).toEqual({ joker: false, rank: "Q", suit: "h" });
  });

  it("counts centre pips like a standard deck", () => {
    expect(pipCount("A")).toBe(1);
    expect(pipCount("T")).toBe(10);
    expect(pipCount("7")).toBe(7);
    expect(pipCount("K")).toBe(0);
  });
});
