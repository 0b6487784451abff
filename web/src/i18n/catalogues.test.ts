import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import english from "./messages/en.json";
import simplified from "./messages/zh-Hans.json";
import traditional from "./messages/zh-Hant.json";
import { makeI18n, type Catalogue, type MessageKey } from "./i18n";
import { browserLocale, matchLocale } from "./locale";

// The catalogues arrive compiled (vite.config.ts, icuCatalogues): each message is its ICU
// syntax tree, so a message that does not parse has already failed the import.
const EN = english as unknown as Catalogue;
const OTHERS: Readonly<Record<string, Catalogue>> = {
  "zh-Hant": traditional as unknown as Catalogue,
  "zh-Hans": simplified as unknown as Catalogue,
};

// Element types of @formatjs/icu-messageformat-parser (TYPE enum).
const KIND = ["literal", "argument", "number", "date", "time", "select", "plural", "pound", "tag"] as const;

/**
 * What a message needs from its caller: each argument with its kind ("name:select",
 * "name:plural", "name:argument", ...), each tag ("<a>"), and each select's cases
 * ("name=yes|no|other"). A plural's categories are the language's own (Chinese has only
 * "other"), so they are not compared; `=n` exact cases are.
 */
function needs(elements: readonly MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of elements) {
    const kind = KIND[e.type];
    if (kind === "literal" || kind === "pound") continue;
    if (kind === "tag" && "children" in e) {
      out.add(`<${e.value}>`);
      needs(e.children, out);
      continue;
    }
    if ("value" in e && typeof e.value === "string") out.add(`${e.value}:${kind === "plural" ? "plural" : kind}`);
    if ("options" in e) {
      const cases = Object.keys(e.options);
      if (kind === "select") out.add(`${e.value}=${cases.sort().join("|")}`);
      else
        out.add(
          `${e.value}=${cases
            .filter((c) => c.startsWith("="))
            .sort()
            .join("|")}`,
        );
      for (const option of Object.values(e.options)) needs(option.value, out);
    }
  }
  return out;
}

const HAN = /[\u3400-\u9fff]/;

describe("message catalogues", () => {
  it("has every English message in every language, and no other", () => {
    for (const [locale, catalogue] of Object.entries(OTHERS)) {
      expect(Object.keys(catalogue).sort(), locale).toEqual(Object.keys(EN).sort());
    }
  });

  it("asks for exactly the same arguments, cases and tags in every language", () => {
    for (const [locale, catalogue] of Object.entries(OTHERS)) {
      for (const [key, message] of Object.entries(EN)) {
        const theirs = catalogue[key];
        expect(theirs, `${locale} ${key}`).toBeDefined();
        expect([...needs(theirs ?? [])].sort(), `${locale} ${key}`).toEqual([...needs(message)].sort());
      }
    }
  });

  it("is translated: every message with English words has Chinese words, and the scripts differ", () => {
    // The words a reader sees: the literal text of a message and of its cases.
    const literals = (elements: readonly MessageFormatElement[]): string =>
      elements
        .map((e) => {
          if (KIND[e.type] === "literal" && "value" in e) return e.value;
          if ("options" in e)
            return Object.values(e.options)
              .map((o) => literals(o.value))
              .join(" ");
          if ("children" in e) return literals(e.children);
          return "";
        })
        .join(" ");
    // Words that stay in their letters in Chinese too: the house ways' names, the delivery
    // styles' Cantonese names, the kum-kum bet, the EV of a setting is 期望值.
    const KEPT =
      /\b(taj|mahal|literal|canberra|spg|house|cup|say|jung|quat|chee|yee|pin|kum|docs|ways|md|make|run|Lucky|Chances)\b/gi;
    const worded = Object.keys(EN).filter((k) => /[a-z]{3}/i.test(literals(EN[k] ?? []).replace(KEPT, "")));
    expect(worded.length).toBeGreaterThan(600);
    for (const [locale, catalogue] of Object.entries(OTHERS)) {
      const untranslated = worded.filter((k) => !k.startsWith("lang.") && !HAN.test(literals(catalogue[k] ?? [])));
      expect(untranslated, locale).toEqual([]);
    }
    const differ = worded.filter(
      (k) => literals(OTHERS["zh-Hant"]?.[k] ?? []) !== literals(OTHERS["zh-Hans"]?.[k] ?? []),
    );
    expect(differ.length).toBeGreaterThan(300);
  });

  it("formats every message in every language with sample values and leaves no raw key", () => {
    for (const [locale, catalogue] of Object.entries({ en: EN, ...OTHERS })) {
      const i = makeI18n(locale as "en", catalogue);
      for (const key of Object.keys(EN) as MessageKey[]) {
        const values: Record<string, string | number> = {};
        for (const need of needs(EN[key] ?? [])) {
          const m = /^([^:=<]+):(\w+)$/.exec(need);
          if (m?.[1]) values[m[1]] = m[2] === "plural" || m[2] === "number" ? 2 : "x";
        }
        if (needs(EN[key] ?? []).has("<a>") || [...needs(EN[key] ?? [])].some((n) => n.startsWith("<"))) continue;
        const text = i.t(key, values);
        expect(text, `${locale} ${key}`).not.toBe(key);
      }
    }
  });
});

describe("the tiles' Chinese names", () => {
  // docs/i18n.md, "The tiles' Chinese names": the sixteen names of the 21 kinds of tile.
  const NAMES: Readonly<Record<string, readonly [string, string]>> = {
    "6-6": ["天牌", "天牌"],
    "1-1": ["地牌", "地牌"],
    "4-4": ["人牌", "人牌"],
    "1-3": ["和牌", "和牌"],
    "5-5": ["梅花", "梅花"],
    "3-3": ["長三", "长三"],
    "2-2": ["板凳", "板凳"],
    "5-6": ["斧頭", "斧头"],
    "4-6": ["紅頭十", "红头十"],
    "1-6": ["高腳七", "高脚七"],
    "1-5": ["零霖六", "零霖六"],
    "3-6": ["雜九", "杂九"],
    "4-5": ["雜九", "杂九"],
    "2-6": ["雜八", "杂八"],
    "3-5": ["雜八", "杂八"],
    "2-5": ["雜七", "杂七"],
    "3-4": ["雜七", "杂七"],
    "1-4": ["雜五", "杂五"],
    "2-3": ["雜五", "杂五"],
    "2-4": ["二四", "二四"],
    "1-2": ["丁三", "丁三"],
  };
  it("names all 21 kinds of tile in both scripts", () => {
    const hant = makeI18n("zh-Hant", OTHERS["zh-Hant"] ?? {});
    const hans = makeI18n("zh-Hans", OTHERS["zh-Hans"] ?? {});
    for (const [code, [t, s]] of Object.entries(NAMES)) {
      expect(hant.t(`tile.${code}` as MessageKey), code).toBe(t);
      expect(hans.t(`tile.${code}` as MessageKey), code).toBe(s);
    }
    expect(hant.t("tileHand.pair1")).toContain("至尊");
  });
});

describe("the language chosen from the browser", () => {
  it("matches Traditional and Simplified Chinese by script and region", () => {
    expect(matchLocale("zh-TW")).toBe("zh-Hant");
    expect(matchLocale("zh-HK")).toBe("zh-Hant");
    expect(matchLocale("zh-Hant-CN")).toBe("zh-Hant");
    expect(matchLocale("zh-CN")).toBe("zh-Hans");
    expect(matchLocale("zh")).toBe("zh-Hans");
    expect(matchLocale("en-GB")).toBe("en");
    expect(matchLocale("fr")).toBeNull();
    expect(browserLocale(["fr-FR", "zh-HK", "en"])).toBe("zh-Hant");
    expect(browserLocale(["de"])).toBe("en");
  });
});
