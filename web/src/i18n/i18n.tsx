/**
 * The client's words in three languages (English, Traditional and Simplified Chinese), with
 * FormatJS (`@formatjs/intl`): every message is an ICU MessageFormat string in
 * `messages/{locale}.json` (plurals, selects, numbers), compiled to its syntax tree at build
 * time (vite.config.ts), so no message parser ships. English is in the main bundle; each
 * Chinese catalogue is its own chunk, loaded when chosen. Money, numbers, percentages, lists and
 * dates are formatted by the browser's Intl for the language shown.
 *
 * How to add a message: docs/i18n.md, "Messages".
 */

import type { IntlShape } from "@formatjs/intl";
import { createIntl, createIntlCache } from "@formatjs/intl";
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Locale } from "./locale";
import english from "./messages/en.json";

/** Every message's id: the keys of the English catalogue (the other two have exactly these). */
export type MessageKey = keyof typeof english;

/** A catalogue as the build hands it over: each message compiled to its syntax tree. */
export type Catalogue = Readonly<Record<string, MessageFormatElement[]>>;

export type Value = string | number | null | undefined;
export type Values = Readonly<Record<string, Value>>;
/** Values for a message with tags (`<a>…</a>`): a tag is a function of its contents. */
export type RichValues = Readonly<
  Record<string, Value | ComponentChildren | ((chunks: ComponentChildren[]) => ComponentChildren)>
>;

const EN = english as unknown as Catalogue;

const loaders: Readonly<Record<Exclude<Locale, "en">, () => Promise<Catalogue>>> = {
  "zh-Hant": () => import("./messages/zh-Hant.json").then((m) => m.default as unknown as Catalogue),
  "zh-Hans": () => import("./messages/zh-Hans.json").then((m) => m.default as unknown as Catalogue),
};

/** A language's catalogue (the Chinese ones fetched on first use). */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return locale === "en" ? EN : loaders[locale]();
}

/** The words and formats of one language, as the pages use them. */
export interface I18n {
  readonly locale: Locale;
  /** A message, formatted with its values. */
  t(key: MessageKey, values?: Values): string;
  /** A message with tags, e.g. `"<a>Sign in</a> to play"` with `{ a: (c) => <a href=…>{c}</a> }`. */
  rich(key: MessageKey, values: RichValues): ComponentChildren;
  /** Integer cents as money: "$1,234.50" (English), "US$1,234.50" (Chinese). */
  money(cents: number): string;
  /** A net amount with its sign: "+$9.50", "−$10.00", "$0.00". */
  signed(cents: number): string;
  /** A number ("20,475"). */
  number(n: number, digits?: number): string;
  /** A share as a percentage with `digits` decimals ("45.7%"). */
  percent(x: number, digits?: number): string;
  /** A signed percentage ("+1.234%", "−0.500%"). */
  signedPercent(x: number, digits?: number): string;
  /** Names joined as the language joins them ("a, b and c", "a、b和c"). */
  list(items: readonly string[]): string;
  /** A moment in UTC, to the minute. */
  dateTime(iso: string): string;
}

const cache = createIntlCache();

function moneyFormat(locale: Locale): Intl.NumberFormat {
  return new Intl.NumberFormat(locale === "en" ? "en-US" : locale, { style: "currency", currency: "USD" });
}

/** The formatting functions of `locale` with `catalogue` (English fills any gap). */
export function makeI18n(locale: Locale, catalogue: Catalogue): I18n {
  const messages: Record<string, MessageFormatElement[]> = { ...EN, ...catalogue };
  const intl: IntlShape<ComponentChildren> = createIntl<ComponentChildren>(
    {
      locale,
      messages,
      defaultLocale: "en",
      onError: (e) => {
        console.error(e);
      },
    },
    cache,
  );
  const currency = moneyFormat(locale);
  const money = (cents: number): string => {
    if (!Number.isInteger(cents)) throw new Error(`amount must be whole cents, got ${cents}`);
    return currency.format(cents / 100);
  };
  const numbers = new Map<number, Intl.NumberFormat>();
  const number = (n: number, digits = 0): string => {
    let f = numbers.get(digits);
    if (!f) {
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      numbers.set(digits, f);
    }
    return f.format(n);
  };
  const percent = (x: number, digits = 1): string =>
    new Intl.NumberFormat(locale, {
      style: "percent",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(x);
  const lists = new Intl.ListFormat(locale, { type: "conjunction" });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return {
    locale,
    t: (key, values) => intl.formatMessage({ id: key }, values as Record<string, string | number>),
    rich: (key, values) =>
      intl.formatMessage({ id: key }, values as Record<string, ComponentChildren>) as ComponentChildren,
    money,
    signed: (cents) => (cents === 0 ? money(0) : `${cents > 0 ? "+" : "−"}${money(Math.abs(cents))}`),
    number,
    percent,
    signedPercent: (x, digits = 3) => `${x >= 0 ? "+" : "−"}${percent(Math.abs(x), digits)}`,
    list: (items) => lists.format(items),
    dateTime: (iso) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : `${dates.format(d)} UTC`;
    },
  };
}

/** English, ready at once (the catalogue is in the main bundle). */
export const ENGLISH: I18n = makeI18n("en", EN);

export interface LanguageContext {
  readonly i18n: I18n;
  /** Switch language (the catalogue loaded first); remembered in this browser. */
  readonly choose: (locale: Locale) => void;
}

export const I18nContext = createContext<LanguageContext>({ i18n: ENGLISH, choose: () => undefined });

/** The language of the page (English outside a provider: components tested alone). */
export function useI18n(): I18n {
  return useContext(I18nContext).i18n;
}

export function useLanguage(): LanguageContext {
  return useContext(I18nContext);
}
