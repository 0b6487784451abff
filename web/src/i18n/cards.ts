import type { CardCode } from "../game/cards";
import { cardInfo } from "../game/cards";
import type { I18n } from "./i18n";

/** A card as spoken: "ace of spades", "joker 1" (黑桃A, 鬼牌1). */
export function cardSpoken(i: I18n, code: CardCode): string {
  const c = cardInfo(code);
  if (c.joker) return i.t("card.joker", { n: c.number });
  return i.t("card.spoken", { rank: c.rank, suit: c.suit });
}
