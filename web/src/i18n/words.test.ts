import { describe, expect, it } from "vitest";
import { cutLabel, cutWords, transferText } from "../game/record";
import { pieceText, piecesText } from "./cards";
import { classWords, reasonWords, transferReason } from "./engineWords";
import english from "./messages/en.json";
import traditional from "./messages/zh-Hant.json";
import { makeI18n, type Catalogue } from "./i18n";
import { tableName } from "./tableNames";

// Players' words (docs/i18n.md, "Players' words"): never the engine's notation or the
// service's ids, in English and in Chinese.
const en = makeI18n("en", english as unknown as Catalogue);
const zh = makeI18n("zh-Hant", traditional as unknown as Catalogue);

describe("players' words", () => {
  it("names a joker, never Jk1 or Jk2; a card by its corner, a tile by its pips", () => {
    expect(piecesText(en, ["6d", "Jk2"])).toBe("6♦ Joker");
    expect(piecesText(zh, ["Td", "Jk1"])).toBe("10♦ 鬼牌");
    expect(pieceText(en, "6-6")).toBe("6-6");
  });

  it("words a cut, never its notation", () => {
    expect(cutLabel(en, "a:1:left")).toBe("Stack 1 to the left end");
    expect(cutLabel(en, "a:3-4:right")).toBe("Stacks 3 to 4 to the right end");
    expect(cutLabel(en, "b:1-4:2-3>right")).toBe("Of stacks 1 to 4, stacks 2 to 3 to the right end");
    expect(cutLabel(en, "card:20")).toBe("After card 20");
    expect(cutWords(en, "b:1-4:2>left")).toBe("cut the stacks: Of stacks 1 to 4, stack 2 to the left end");
    expect(cutLabel(zh, "a:1:left")).not.toMatch(/[a-z]:/);
  });

  it("names a table: a private one by its opener, a demonstration's by its rules, any other by its id", () => {
    expect(tableName(en, "p-08a9kdhpd5f6mkn5", { owner: "ann" })).toBe("ann's private table");
    expect(tableName(zh, "p-08a9kdhpd5f6mkn5", { owner: "bot-3" })).toBe("電腦 3 的私人牌桌");
    expect(tableName(en, "p-08a9kdhpd5f6mkn5", { owner: "ann", name: "Friday" })).toBe("Friday");
    expect(tableName(zh, "colorado")).toBe("科羅拉多桌");
    expect(tableName(en, "7")).toBe("Table 7");
  });

  it("says the engine's classes and reasons in the reader's language", () => {
    expect(classWords(zh, "pair-fortunes", "No pair")).toBe("沒有對子");
    expect(classWords(zh, "supreme-bonus", "Nothing")).toBe("無彩金牌型");
    expect(classWords(en, "supreme-bonus", "Any other pair")).toBe("Any other pair");
    expect(reasonWords(zh, "dead hand")).toBe("死牌");
    expect(transferReason(zh, "surplus-vig")).toBe("盈餘的佣金");
    expect(transferReason(en, "Mixed Pair 5 to 1")).toBe("Mixed Pair, 5 to 1");
    expect(transferReason(en, "de-odd 1 to 1")).toBe("Dragon's Eye odd, 1 to 1");
    expect(transferReason(zh, "bonus: Flush")).toBe("同花");
    const t = { from: "house", to: "player:bot-2", cents: 950, reason: "win", ref: "w1" };
    expect(transferText(en, t, (why) => transferReason(en, why))).toBe("the house → Computer 2 $9.50 (win)");
  });
});
