import type { I18n, MessageKey } from "../i18n/i18n";

/** The shipped profiles' titles in the catalogue; an operator's own profile keeps its title. */
const TITLES: Readonly<Record<string, MessageKey>> = {
  colorado: "profile.colorado",
  generic: "profile.generic",
  "lucky-chances": "profile.luckyChances",
  maryland: "profile.maryland",
  "nj-supreme": "profile.njSupreme",
};

/** A profile's title in the reader's language (the profile's own title when it has none). */
export function profileTitle(i: I18n, profile: string, title: string): string {
  const key = TITLES[profile];
  return key ? i.t(key) : title;
}
