import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import type { I18n, MessageKey } from "./i18n";
import { I18nContext, loadCatalogue, makeI18n, useLanguage } from "./i18n";
import type { Locale } from "./locale";
import { LOCALES, isLocale, rememberLocale } from "./locale";

const NAMES: Readonly<Record<Locale, MessageKey>> = {
  en: "lang.en",
  "zh-Hant": "lang.zhHant",
  "zh-Hans": "lang.zhHans",
};

/** The language switch of the header: each language named in itself, the choice remembered. */
export function LanguageSwitch() {
  const { i18n: i, choose } = useLanguage();
  return (
    <label class="pg-langswitch">
      <span class="pg-visually-hidden">{i.t("lang.label")}</span>
      <span class="pg-langswitch__icon" aria-hidden="true">
        {i.t("lang.icon")}
      </span>
      <select
        value={i.locale}
        data-testid="language"
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (isLocale(v)) choose(v);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {i.t(NAMES[l])}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The page's language for everything inside: starts with `initial` (its catalogue already
 * loaded), switches when the player chooses, and marks the document's `lang`.
 */
export function LanguageRoot({ initial, children }: { readonly initial: I18n; readonly children: ComponentChildren }) {
  const [i18n, setI18n] = useState(initial);
  useEffect(() => {
    document.documentElement.lang = i18n.locale;
  }, [i18n]);
  const value = useMemo(
    () => ({
      i18n,
      choose: (locale: Locale) => {
        rememberLocale(locale);
        void loadCatalogue(locale).then((c) => {
          setI18n(makeI18n(locale, c));
        });
      },
    }),
    [i18n],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
