import type { CardCode } from "../game/cards";
import { cardInfo, isCardCode, rankIndex, SUIT_SYMBOLS } from "../game/cards";
import type { I18n } from "./i18n";

/** A card as spoken: "ace of spades", "Joker" (黑桃A, 鬼牌). The two jokers are the same card
 * to a player: the engine's numbers (Jk1, Jk2) only tell them apart in its notation. */
export function cardSpoken(i: I18n, code: CardCode): string {
  const c = cardInfo(code);
  if (c.joker) return i.t("card.joker");
  return i.t("card.spoken", { rank: c.rank, suit: c.suit });
}

/** A piece as a player reads it in a line of text: a tile by its pips ("6-6"), a card by its
 * corner ("10♦", "K♠") and a joker by its name ("Joker", "鬼牌"), never the engine's "Jk1". */
export function pieceText(i: I18n, code: string): string {
  if (!isCardCode(code)) return code;
  const c = cardInfo(code);
  return c.joker ? i.t("card.joker") : `${rankIndex(c.rank)}${SUIT_SYMBOLS[c.suit]}`;
}

/** Pieces as a line of text: "6-6 4-5", "K♠ 鬼牌". */
export function piecesText(i: I18n, codes: readonly string[]): string {
  return codes.map((c) => pieceText(i, c)).join(" ");
}
