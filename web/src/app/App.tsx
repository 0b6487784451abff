import { useEffect, useRef } from "preact/hooks";
import { BrandMark } from "../components/BrandMark";
import type { Route } from "./router";
import { hrefOf, useRoute } from "./router";
import { CashierPage, LobbyPage, NotFoundPage, RecallPage, SignInPage, TablePage, TrainerPage } from "../pages/pages";

const NAV: readonly { readonly route: Route; readonly label: string }[] = [
  { route: { page: "lobby" }, label: "Lobby" },
  { route: { page: "trainer" }, label: "Trainer" },
  { route: { page: "recall", table: null }, label: "Recall" },
  { route: { page: "cashier" }, label: "Cashier" },
  { route: { page: "sign-in" }, label: "Sign in" },
];

const TITLES: Readonly<Record<Route["page"], string>> = {
  lobby: "Lobby",
  "sign-in": "Sign in",
  cashier: "Cashier",
  table: "Table",
  recall: "Game recall",
  trainer: "Trainer",
  "not-found": "Page not found",
};

function page(route: Route) {
  switch (route.page) {
    case "lobby":
      return <LobbyPage />;
    case "sign-in":
      return <SignInPage />;
    case "cashier":
      return <CashierPage />;
    case "table":
      return <TablePage table={route.table} />;
    case "recall":
      return <RecallPage table={route.table} />;
    case "trainer":
      return <TrainerPage />;
    case "not-found":
      return <NotFoundPage path={route.path} />;
  }
}

/** The app shell: skip link, header with navigation, the routed page, footer. */
export function App() {
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    document.title = `${TITLES[route.page]} · Pai Gow`;
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [route]);
  return (
    <div class="pg-shell">
      <a
        class="pg-skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="pg-header">
        <a class="pg-brand" href="#/lobby" aria-label="Pai Gow, lobby">
          <BrandMark />
          <span class="pg-brand__name">Pai Gow</span>
        </a>
        <nav class="pg-nav" aria-label="Main">
          <ul>
            {NAV.map(({ route: r, label }) => (
              <li key={label}>
                <a href={hrefOf(r)} aria-current={r.page === route.page ? "page" : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" class="pg-main" tabIndex={-1} ref={main}>
        {page(route)}
      </main>
      <footer class="pg-footer">
        <p>
          Rules-exact Pai Gow Tiles and Supreme Pai Gow. <a href="gallery.html">Component gallery</a>
        </p>
      </footer>
    </div>
  );
}
