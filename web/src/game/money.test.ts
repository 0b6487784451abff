import { describe, expect, it } from "vitest";
import { DENOMINATIONS, breakIntoChips, formatCents } from "./money";

/** Slow obvious reference: the fewest chips by dynamic programming over every amount. */
function fewestChips(amount: number): number {
  const unit = 25;
  const n = Math.floor(amount / unit);
  const best = new Array<number>(n + 1).fill(Infinity);
  best[0] = 0;
  for (let i = 1; i <= n; i++) {
    for (const d of DENOMINATIONS) {
      const k = d.cents / unit;
      const prev = best[i - k];
      if (k <= i && prev !== undefined && prev + 1 < (best[i] ?? Infinity)) best[i] = prev + 1;
    }
  }
  return best[n] ?? Infinity;
}

describe("money", () => {
  it("formats whole cents as dollars", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(25)).toBe("$0.25");
    expect(formatCents(123_450)).toBe("$1,234.50");
    expect(formatCents(-500)).toBe("-$5.00");
    expect(() => formatCents(1.5)).toThrow(/whole cents/);
  });

  it("breaks amounts into chips that add up exactly, fewest first-largest", () => {
    for (let amount = 0; amount <= 60_000; amount += 25 * 37) {
      const { chips, change } = breakIntoChips(amount);
      const total = chips.reduce((s, c) => s + c.count * c.denomination.cents, 0) + change;
      expect(total).toBe(amount);
      expect(change).toBe(0);
      expect(chips.reduce((s, c) => s + c.count, 0)).toBe(fewestChips(amount));
    }
  });

  it("returns cents below a quarter as change", () => {
    expect(breakIntoChips(1_010)).toMatchObject({ change: 10 });
    expect(() => breakIntoChips(-1)).toThrow();
  });

  it("prints a value on every chip and keeps colours distinct", () => {
    expect(new Set(DENOMINATIONS.map((d) => d.colour)).size).toBe(DENOMINATIONS.length);
    for (const d of DENOMINATIONS) expect(d.face.length).toBeGreaterThan(0);
  });
});
