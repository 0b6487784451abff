/**
 * The languages of the client and how one is chosen: the player's own choice (the switch in the
 * header, kept in localStorage), else the first of the browser's languages (navigator.languages)
 * that the client speaks, else English.
 */

export const LOCALES = ["en", "zh-Hant", "zh-Hans"] as const;
export type Locale = (typeof LOCALES)[number];

/** Where the player's choice is kept. */
export const LOCALE_KEY = "pg-locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The client's language for one BCP 47 tag, or null: `zh-Hant`, `zh-TW`, `zh-HK` and `zh-MO` are
 * Traditional Chinese; `zh`, `zh-Hans`, `zh-CN` and `zh-SG` Simplified; `en-*` English.
 */
export function matchLocale(tag: string): Locale | null {
  const parts = tag.toLowerCase().replace(/_/g, "-").split("-");
  const [language, ...rest] = parts;
  if (language === "en") return "en";
  if (language !== "zh") return null;
  if (rest.includes("hant")) return "zh-Hant";
  if (rest.includes("hans")) return "zh-Hans";
  return rest.some((r) => r === "tw" || r === "hk" || r === "mo") ? "zh-Hant" : "zh-Hans";
}

/** The first of the browser's languages the client speaks, else English. */
export function browserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return "en";
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The player's remembered choice, else the browser's language. */
export function initialLocale(): Locale {
  const kept = storage()?.getItem(LOCALE_KEY);
  if (isLocale(kept)) return kept;
  const langs = typeof navigator === "undefined" ? [] : navigator.languages;
  return browserLocale(langs.length ? langs : [navigator.language]);
}

export function rememberLocale(locale: Locale): void {
  try {
    storage()?.setItem(LOCALE_KEY, locale);
  } catch {
    // A browser that keeps nothing still switches for this visit.
  }
}
