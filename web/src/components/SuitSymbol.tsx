import type { Suit } from "../game/cards";

/**
 * Suit shapes as SVG paths in a 100 x 100 box (drawn, not taken from a font, so every
 * platform shows the same shapes with no font download).
 */
const PATHS: Readonly<Record<Suit, string>> = {
  h: "M50 92 C40 80 4 58 4 32 C4 16 16 5 30 5 C40 5 47 11 50 20 C53 11 60 5 70 5 C84 5 96 16 96 32 C96 58 60 80 50 92 Z",
  d: "M50 3 C60 20 74 36 90 50 C74 64 60 80 50 97 C40 80 26 64 10 50 C26 36 40 20 50 3 Z",
  s: "M50 4 C60 20 96 40 96 62 C96 76 85 85 73 85 C64 85 57 80 54 74 C55 84 60 91 68 96 L32 96 C40 91 45 84 46 74 C43 80 36 85 27 85 C15 85 4 76 4 62 C4 40 40 20 50 4 Z",
  c: "M50 4 C63 4 72 14 72 26 C72 33 69 39 64 43 C67 42 70 41 74 41 C86 41 96 51 96 63 C96 75 86 85 74 85 C65 85 58 80 54 73 C55 84 60 91 68 96 L32 96 C40 91 45 84 46 73 C42 80 35 85 26 85 C14 85 4 75 4 63 C4 51 14 41 26 41 C30 41 33 42 36 43 C31 39 28 33 28 26 C28 14 37 4 50 4 Z",
};

export interface SuitSymbolProps {
  readonly suit: Suit;
  /** Centre and size (the symbol's height) in the parent's units. */
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly fill: string;
  /** Draw upside down, as the lower pips of a card. */
  readonly inverted?: boolean;
}

export function SuitSymbol({ suit, x, y, size, fill, inverted = false }: SuitSymbolProps) {
  const s = size / 100;
  const turn = inverted ? " rotate(180 50 50)" : "";
  return (
    <path
      d={PATHS[suit]}
      fill={fill}
      transform={`translate(${x - size / 2} ${y - size / 2}) scale(${s})${turn}`}
      data-suit={suit}
    />
  );
}

export { PATHS as SUIT_PATHS };
