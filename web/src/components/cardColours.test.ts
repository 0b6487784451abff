import { describe, expect, it } from "vitest";
import { SUIT_COLOURS } from "./cardColours";

/** WCAG 2 relative luminance of "#rrggbb". */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const CARD_FACE = "#fffdf8";

describe("suit colours", () => {
  it("read at a contrast of at least 4.5:1 on the card face", () => {
    for (const palette of Object.values(SUIT_COLOURS)) {
      for (const colour of Object.values(palette)) expect(contrast(colour, CARD_FACE)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("give four different colours in the four-colour deck", () => {
    expect(new Set(Object.values(SUIT_COLOURS["four-colour"])).size).toBe(4);
  });
});
