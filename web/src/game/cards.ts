/**
 * Supreme Pai Gow cards in the engine's notation (`paigow.cards`): a natural card is rank then
 * suit, "As", "Td", "9h", "2c" (ranks 2..9, T, J, Q, K, A; suits c d h s); the two jokers are
 * "Jk1" and "Jk2". Formatting is canonical, as the engine writes cards.
 */

export type Rank = "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "T" | "J" | "Q" | "K" | "A";
export type Suit = "c" | "d" | "h" | "s";
export type JokerCode = "Jk1" | "Jk2";
export type CardCode = `${Rank}${Suit}` | JokerCode;

/** Ranks low to high, as in the engine's deck order. */
export const RANKS: readonly Rank[] = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];
/** Suits in deck order: clubs, diamonds, hearts, spades. */
export const SUITS: readonly Suit[] = ["c", "d", "h", "s"];

/** The 54 cards in the engine's deck order (`Card.code`): 2c 2d 2h 2s 3c ... As, Jk1, Jk2. */
export const DECK: readonly CardCode[] = [
  ...RANKS.flatMap((r) => SUITS.map((s): CardCode => `${r}${s}`)),
  "Jk1",
  "Jk2",
];

const CODES: ReadonlySet<string> = new Set(DECK);

export const SUIT_NAMES: Readonly<Record<Suit, string>> = {
  c: "clubs",
  d: "diamonds",
  h: "hearts",
  s: "spades",
};

export const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { c: "♣", d: "♦", h: "♥", s: "♠" };

const RANK_NAMES: Readonly<Record<Rank, string>> = {
  "2": "two",
  "3": "three",
  "4": "four",
  "5": "five",
  "6": "six",
  "7": "seven",
  "8": "eight",
  "9": "nine",
  T: "ten",
  J: "jack",
  Q: "queen",
  K: "king",
  A: "ace",
};

export interface NaturalCard {
  readonly joker: false;
  readonly rank: Rank;
  readonly suit: Suit;
}
export interface JokerCard {
  readonly joker: true;
  readonly number: 1 | 2;
}
export type CardInfo = NaturalCard | JokerCard;

export function isCardCode(text: string): text is CardCode {
  return CODES.has(text);
}

/** Split a card code into its parts. */
export function cardInfo(code: CardCode): CardInfo {
  if (code === "Jk1" || code === "Jk2") return { joker: true, number: code === "Jk1" ? 1 : 2 };
  return { joker: false, rank: code[0] as Rank, suit: code[1] as Suit };
}

const SYMBOL_SUITS: Readonly<Record<string, Suit>> = { "♣": "c", "♦": "d", "♥": "h", "♠": "s" };

/**
 * Parse one card as the engine does: case-insensitive, "10" for T, suit symbols accepted,
 * "Jk1"/"Jk2" (a bare "Jk" or "Joker" is the first joker). Returns `null` if it is no card.
 */
export function parseCard(text: string): CardCode | null {
  const s = text.trim();
  const joker = /^(?:jk|joker)([12]?)$/i.exec(s);
  if (joker) return joker[1] === "2" ? "Jk2" : "Jk1";
  const m = /^(10|[2-9tjqka])([cdhs♣♦♥♠])$/i.exec(s);
  if (!m?.[1] || !m[2]) return null;
  const rank = (m[1] === "10" ? "T" : m[1].toUpperCase()) as Rank;
  const suitText = m[2].toLowerCase();
  const suit = SYMBOL_SUITS[suitText] ?? (suitText as Suit);
  return `${rank}${suit}`;
}

/** The spoken name of a card: "ace of spades", "ten of diamonds", "joker 1". */
export function cardLabel(code: CardCode): string {
  const c = cardInfo(code);
  if (c.joker) return `joker ${c.number}`;
  return `${RANK_NAMES[c.rank]} of ${SUIT_NAMES[c.suit]}`;
}

/** The corner index of a natural card's rank: "10" for T, else the letter. */
export function rankIndex(rank: Rank): string {
  return rank === "T" ? "10" : rank;
}

/** Pip count of a number card (2..10); 0 for J, Q, K; 1 for the ace. */
export function pipCount(rank: Rank): number {
  if (rank === "A") return 1;
  if (rank === "T") return 10;
  if (rank === "J" || rank === "Q" || rank === "K") return 0;
  return Number(rank);
}
