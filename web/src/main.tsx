import { render } from "preact";
import "@fontsource-variable/inter";
import "./styles/app.css";
import "./styles/pages.css";
import "./styles/table.css";
import "./styles/pit.css";
import "./styles/tutorial.css";
import "./styles/play.css";
import { App } from "./app/App";
import { loadCatalogue, makeI18n } from "./i18n/i18n";
import { LanguageRoot } from "./i18n/LanguageSwitch";
import { initialLocale } from "./i18n/locale";

// The first render waits for the chosen language's catalogue (a Chinese one is its own chunk),
// so the page never flashes in another language.
const root = document.getElementById("app");
const locale = initialLocale();
if (root) {
  void loadCatalogue(locale).then((catalogue) => {
    render(
      <LanguageRoot initial={makeI18n(locale, catalogue)}>
        <App />
      </LanguageRoot>,
      root,
    );
  });
}
