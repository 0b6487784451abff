import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { BrandMark } from "../components/BrandMark";
import type { MessageKey } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import { LanguageSwitch } from "../i18n/LanguageSwitch";
import { CashierPage } from "../pages/CashierPage";
import { LobbyPage } from "../pages/LobbyPage";
import { NotFoundPage } from "../pages/NotFoundPage";
import { JoinPage } from "../pages/PrivateTables";
import { RulesPage } from "../pages/RulesPage";
import { SoundSwitch } from "../sound/SoundSwitch";
import { RecallPage } from "../pages/RecallPage";
import { SignInPage } from "../pages/SignInPage";
import { TrainerPage } from "../pages/TrainerPage";
import { useStore } from "../state/store";
import { PitPage } from "../pit/PitPage";
import { TablePage } from "../table/TablePage";
import type { Me } from "../protocol";
import type { Route } from "./router";
import { hrefOf, useRoute } from "./router";
import { Session, SessionContext } from "./session";
import { lazy } from "./lazy";
import { ReminderDialog } from "./ReminderDialog";
import { say, untranslated } from "../i18n/said";

const TutorialPage = lazy(() => import("../tutorial/TutorialPage").then((m) => m.TutorialPage));

const NAV: readonly { readonly route: Route; readonly label: MessageKey }[] = [
  { route: { page: "lobby" }, label: "nav.lobby" },
  { route: { page: "how-to-play" }, label: "nav.howToPlay" },
  { route: { page: "trainer" }, label: "nav.trainer" },
  { route: { page: "recall", table: null }, label: "nav.recall" },
  { route: { page: "cashier" }, label: "nav.cashier" },
];
const PIT_NAV = { route: { page: "pit", section: "floor" }, label: "nav.pit" } as const;

const TITLES: Readonly<Record<Route["page"], MessageKey>> = {
  lobby: "title.lobby",
  "sign-in": "title.signIn",
  cashier: "title.cashier",
  table: "title.table",
  recall: "title.recall",
  trainer: "title.trainer",
  pit: "title.pit",
  "how-to-play": "title.howToPlay",
  rules: "title.rules",
  "not-found": "title.notFound",
  join: "title.join",
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
      return <TablePage key={route.table} table={route.table} />;
    case "recall":
      return <RecallPage table={route.table} round={route.round ?? null} at={route.at ?? null} />;
    case "trainer":
      return <TrainerPage />;
    case "pit":
      return <PitPage section={route.section} account={route.account ?? null} />;
    case "how-to-play":
      return <TutorialPage />;
    case "rules":
      return <RulesPage profile={route.profile} />;
    case "join":
      return <JoinPage code={route.code} />;
    case "not-found":
      return <NotFoundPage path={route.path} />;
  }
}

function SignOut({ session, extra = false }: { readonly session: Session; readonly extra?: boolean }) {
  const i = useI18n();
  return (
    <button
      type="button"
      class={`pg-button pg-button--ghost${extra ? " pg-header__signout" : " pg-account__signout"}`}
      onClick={() => {
        session.signOut().catch((e: unknown) => {
          session.fail(e);
        });
        window.location.hash = "#/lobby";
      }}
    >
      {i.t("app.signOut")}
    </button>
  );
}

function Account({ session }: { readonly session: Session }) {
  const i = useI18n();
  const me = useStore(session.store, (s) => s.me);
  const known = useStore(session.store, (s) => s.meKnown);
  if (!known) return <div class="pg-account" aria-hidden="true" />;
  if (!me) {
    return (
      <div class="pg-account">
        <a class="pg-button pg-button--primary pg-account__signin" href="#/sign-in">
          {i.t("app.signIn")}
        </a>
      </div>
    );
  }
  return (
    <div class="pg-account">
      <a
        class="pg-account__wallet"
        href="#/cashier"
        aria-label={i.t("app.walletLabel", { name: me.name, amount: i.money(me.wallet) })}
      >
        <span class="pg-account__name">{me.name}</span>
        <span class="pg-account__money" data-testid="wallet-header" data-cents={me.wallet}>
          {i.money(me.wallet)}
        </span>
      </a>
      <SignOut session={session} />
    </div>
  );
}

function NoticeBar({ session }: { readonly session: Session }) {
  const i = useI18n();
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
        <div
          class={`pg-notice pg-notice--${notice.tone}`}
          key={notice.serial}
          title={untranslated(i, notice.message) ?? undefined}
        >
          <p>
            <span aria-hidden="true">{i.t(notice.tone === "error" ? "mark.warn" : "mark.ok")}</span>
            {say(i, notice.message)}
          </p>
          <button
            type="button"
            class="pg-notice__close"
            aria-label={i.t("app.dismiss")}
            onClick={() => {
              session.store.dispatch({ type: "dismiss_notice" });
            }}
          >
            {i.t("mark.close")}
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
  const i = useI18n();
  const route = useRoute();
  const me = useStore(session.store, (s) => s.me);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // Seated at the table shown: on a phone the header is one line, the rest behind a menu.
  const seated = route.page === "table" && me !== null && route.table in me.seats;
  const [menu, setMenu] = useState(false);
  useEffect(() => {
    setMenu(false);
  }, [route]);
  // Escape closes the menu: listened for from the start, not from the moment the open menu's
  // effect runs (a key pressed as the menu appeared, before that, was lost).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setMenu(false);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  useEffect(() => {
    void session.start();
  }, [session]);
  useEffect(() => {
    document.title = i.t("app.documentTitle", { page: i.t(TITLES[route.page]) });
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [route, i]);
  return (
    <SessionContext.Provider value={session}>
      <div class="pg-shell" data-page={route.page} data-seated={seated ? "yes" : undefined}>
        <a
          class="pg-skip"
          href="#main"
          onClick={(e) => {
            e.preventDefault();
            main.current?.focus();
          }}
        >
          {i.t("app.skip")}
        </a>
        <header class="pg-header">
          <a class="pg-brand" href="#/lobby" aria-label={i.t("app.brandLabel")}>
            <BrandMark />
            <span class="pg-brand__name">{i.t("app.brand")}</span>
          </a>
          <button
            type="button"
            class="pg-button pg-button--ghost pg-header__menu"
            aria-expanded={menu}
            aria-controls="header-more"
            data-testid="menu"
            onClick={() => {
              setMenu(!menu);
            }}
          >
            {i.t(menu ? "app.menuClose" : "app.menu")}
          </button>
          <div id="header-more" class="pg-header__more" data-open={menu ? "yes" : undefined}>
            <nav class="pg-nav" aria-label={i.t("app.mainNav")}>
              <ul>
                {navOf(me).map(({ route: r, label }) => (
                  <li key={label}>
                    <a href={hrefOf(r)} aria-current={r.page === route.page ? "page" : undefined}>
                      {i.t(label)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div class="pg-header__tools">
              <LanguageSwitch />
              <SoundSwitch />
            </div>
            {me ? <SignOut session={session} extra /> : null}
          </div>
          <Account session={session} />
        </header>
        <NoticeBar session={session} />
        <ReminderDialog session={session} />
        <main id="main" class="pg-main" tabIndex={-1} ref={main}>
          {page(route)}
        </main>
        <footer class="pg-footer">
          <p>{i.rich("app.footer", { rules: (c) => <a href="#/rules">{c}</a> })}</p>
          {route.page === "pit" ? (
            // the drawings of the client, for those who run it: linked from the pit alone
            <p>
              <a href="gallery.html">{i.t("app.gallery")}</a>
            </p>
          ) : null}
        </footer>
      </div>
    </SessionContext.Provider>
  );
}
