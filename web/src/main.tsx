import { render } from "preact";
import "@fontsource-variable/inter";
import "./styles/app-base.css";
import "./styles/app-pieces.css";
import "./styles/app-setting.css";
import "./styles/pages-shell.css";
import "./styles/pages-lobby.css";
import "./styles/pages-recall.css";
import "./styles/table-layout.css";
import "./styles/table-felt.css";
import "./styles/table-decisions.css";
import "./styles/table-advice.css";
import "./styles/table-panels.css";
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
