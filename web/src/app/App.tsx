import { useEffect, useMemo, useRef } from "preact/hooks";
import { BrandMark } from "../components/BrandMark";
import { formatCents } from "../game/money";
import { CashierPage } from "../pages/CashierPage";
import { LobbyPage } from "../pages/LobbyPage";
import { NotFoundPage } from "../pages/NotFoundPage";
import { RecallPage } from "../pages/RecallPage";
import { SignInPage } from "../pages/SignInPage";
import { TrainerPage } from "../pages/TrainerPage";
import { useStore } from "../state/store";
import { PitPage } from "../pit/PitPage";
import { TablePage } from "../table/TablePage";
import type { Me } from "../protocol";
import type { Route } from "./router";
import { hrefOf, useRoute } from "./router";
import { Session, SessionContext, messageOf } from "./session";

const NAV: readonly { readonly route: Route; readonly label: string }[] = [
  { route: { page: "lobby" }, label: "Lobby" },
  { route: { page: "trainer" }, label: "Trainer" },
  { route: { page: "recall", table: null }, label: "Recall" },
  { route: { page: "cashier" }, label: "Cashier" },
];
const PIT_NAV = { route: { page: "pit", section: "floor" }, label: "Pit" } as const;

const TITLES: Readonly<Record<Route["page"], string>> = {
  lobby: "Lobby",
  "sign-in": "Sign in",
  cashier: "Cashier",
  table: "Table",
  recall: "Game recall",
  trainer: "Trainer",
  pit: "The pit",
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
      return <RecallPage table={route.table} round={route.round ?? null} />;
    case "trainer":
      return <TrainerPage />;
    case "pit":
      return <PitPage section={route.section} account={route.account ?? null} />;
    case "not-found":
      return <NotFoundPage path={route.path} />;
  }
}

function Account({ session }: { readonly session: Session }) {
  const me = useStore(session.store, (s) => s.me);
  const known = useStore(session.store, (s) => s.meKnown);
  if (!known) return <div class="pg-account" aria-hidden="true" />;
  if (!me) {
    return (
      <div class="pg-account">
        <a class="pg-button pg-button--primary pg-account__signin" href="#/sign-in">
          Sign in
        </a>
      </div>
    );
  }
  return (
    <div class="pg-account">
      <a
        class="pg-account__wallet"
        href="#/cashier"
        aria-label={`${me.name}: wallet ${formatCents(me.wallet)}, cashier`}
      >
        <span class="pg-account__name">{me.name}</span>
        <span class="pg-account__money">{formatCents(me.wallet)}</span>
      </a>
      <button
        type="button"
        class="pg-button pg-button--ghost"
        onClick={() => {
          session.signOut().catch((e: unknown) => {
            session.notify("error", messageOf(e));
          });
          window.location.hash = "#/lobby";
        }}
      >
        Sign out
      </button>
    </div>
  );
}

function NoticeBar({ session }: { readonly session: Session }) {
  const notice = useStore(session.store, (s) => s.notice);
  useEffect(() => {
    if (!notice || notice.tone === "error") return;
    const id = setTimeout(() => {
      session.store.dispatch({ type: "dismiss_notice" });
    }, 6000);
    return () => {
      clearTimeout(id);
    };
  }, [notice, session]);
  return (
    <div class="pg-notices" aria-live="assertive" aria-atomic="true">
      {notice ? (
        <div class={`pg-notice pg-notice--${notice.tone}`} key={notice.serial}>
          <p>
            <span aria-hidden="true">{notice.tone === "error" ? "⚠ " : "✓ "}</span>
            {notice.message}
          </p>
          <button
            type="button"
            class="pg-notice__close"
            aria-label="Dismiss"
            onClick={() => {
              session.store.dispatch({ type: "dismiss_notice" });
            }}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The main navigation: the pit for operators only. */
function navOf(me: Me | null) {
  return me?.role === "operator" ? [...NAV, PIT_NAV] : NAV;
}

/** The app shell: skip link, header with navigation and account, the routed page, footer. */
export function App({ session: given }: { readonly session?: Session }) {
  const session = useMemo(() => given ?? new Session(), [given]);
  const route = useRoute();
  const me = useStore(session.store, (s) => s.me);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    void session.start();
  }, [session]);
  useEffect(() => {
    document.title = `${TITLES[route.page]} · Pai Gow`;
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [route]);
  return (
    <SessionContext.Provider value={session}>
      <div class="pg-shell" data-page={route.page}>
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
              {navOf(me).map(({ route: r, label }) => (
                <li key={label}>
                  <a href={hrefOf(r)} aria-current={r.page === route.page ? "page" : undefined}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <Account session={session} />
        </header>
        <NoticeBar session={session} />
        <main id="main" class="pg-main" tabIndex={-1} ref={main}>
          {page(route)}
        </main>
        <footer class="pg-footer">
          <p>
            Rules-exact Pai Gow Tiles and Supreme Pai Gow, played for play money. Every setting scored by its exact EV.{" "}
            <a href="gallery.html">Component gallery</a>
          </p>
        </footer>
      </div>
    </SessionContext.Provider>
  );
}
