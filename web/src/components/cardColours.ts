import type { Suit } from "../game/cards";

export type CardPalette = "two-colour" | "four-colour";

/**
 * Suit colours. The four-colour deck uses colours of the Okabe-Ito palette, chosen to stay
 * apart for the common forms of colour blindness (spades black, hearts vermilion, diamonds
 * blue, clubs bluish green); the suit shapes differ in any case.
 */
export const SUIT_COLOURS: Readonly<Record<CardPalette, Readonly<Record<Suit, string>>>> = {
  "two-colour": { s: "#161616", c: "#161616", h: "#c8102e", d: "#c8102e" },
  "four-colour": { s: "#161616", h: "#c0431a", d: "#0067a8", c: "#00805c" },
};
