import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { useI18n } from "../i18n/i18n";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import { useStore } from "../state/store";
import { PageFrame } from "./PageFrame";

/** Where to go after signing in: the page that sent the player here, else the lobby. */
export function afterSignIn(): void {
  const next = sessionStorage.getItem("pg-next");
  sessionStorage.removeItem("pg-next");
  window.location.hash = next && next.startsWith("#/") && !next.startsWith("#/sign-in") ? next : "#/lobby";
}

/** Remember the page to come back to, then go to the sign-in page. */
export function signInFrom(hash: string): string {
  sessionStorage.setItem("pg-next", hash);
  return "#/sign-in";
}

type Mode = "sign-in" | "register";

export function SignInPage() {
  const i = useI18n();
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const [mode, setMode] = useState<Mode>("register");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  // What the service says a new account from here would get: the sign-up grant is given once
  // per address per period, so the page promises only what the server's answer says.
  const [grant, setGrant] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    session.api
      .signupGrant()
      .then((g) => {
        if (live) setGrant(g);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [session]);
  const wallet =
    grant === null ? null : grant > 0 ? i.t("signIn.newWallet", { amount: i.money(grant) }) : i.t("signIn.emptyWallet");

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      afterSignIn();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  if (me) {
    return (
      <PageFrame title={i.t("signIn.signedIn")}>
        <p class="pg-lead">
          {i.rich("signIn.signedInAs", {
            name: <strong>{me.name}</strong>,
            lobby: (c) => <a href="#/lobby">{c}</a>,
          })}
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={i.t(mode === "register" ? "signIn.joinTitle" : "signIn.title")}>
      <div class="pg-signin">
        <div class="pg-card-panel pg-signin__guest">
          <h2>{i.t("signIn.guestTitle")}</h2>
          <p class="pg-note" data-testid="guest-note">
            {i.t("signIn.guestNote")} {wallet}
          </p>
          <button
            type="button"
            class="pg-button pg-button--primary"
            disabled={busy}
            onClick={() => {
              void run(() => session.guest());
            }}
          >
            {i.t("signIn.guest")}
          </button>
        </div>
        <div class="pg-card-panel">
          <div class="pg-tabs" role="tablist" aria-label={i.t("signIn.account")}>
            {(["register", "sign-in"] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                id={`tab-${m}`}
                aria-selected={mode === m}
                aria-controls="account-form"
                class="pg-tab"
                onClick={() => {
                  setMode(m);
                  setError(null);
                }}
              >
                {i.t(m === "register" ? "signIn.createTab" : "signIn.title")}
              </button>
            ))}
          </div>
          <div id="account-form" role="tabpanel" aria-labelledby={`tab-${mode}`}>
            <form
              class="pg-form"
              onSubmit={(e) => {
                e.preventDefault();
                void run(() =>
                  mode === "register" ? session.register(name, password) : session.signIn(name, password),
                );
              }}
            >
              <label class="pg-field">
                <span class="pg-field__label">{i.t("signIn.name")}</span>
                <input
                  name="username"
                  autoComplete="username"
                  required
                  minLength={3}
                  maxLength={24}
                  pattern="[a-z][a-z0-9_]{2,23}"
                  aria-describedby="name-help"
                  value={name}
                  onInput={(e) => {
                    setName(e.currentTarget.value.trim().toLowerCase());
                  }}
                />
                <span id="name-help" class="pg-field__help">
                  {i.t("signIn.nameHelp")}
                </span>
              </label>
              <label class="pg-field">
                <span class="pg-field__label">{i.t("signIn.password")}</span>
                <input
                  name="password"
                  type="password"
                  autoComplete={mode === "register" ? "new-password" : "current-password"}
                  required
                  minLength={8}
                  maxLength={200}
                  aria-describedby="password-help"
                  value={password}
                  onInput={(e) => {
                    setPassword(e.currentTarget.value);
                  }}
                />
                <span id="password-help" class="pg-field__help">
                  {i.t("signIn.passwordHelp")}
                </span>
              </label>
              {error ? (
                <p class="pg-form__error" role="alert">
                  {say(i, error)}
                </p>
              ) : null}
              <button type="submit" class="pg-button pg-button--primary" disabled={busy}>
                {i.t(mode === "register" ? "signIn.create" : "signIn.title")}
              </button>
              {mode === "register" && wallet ? (
                <p class="pg-note" data-testid="grant-note">
                  {wallet}
                </p>
              ) : null}
            </form>
          </div>
        </div>
      </div>
    </PageFrame>
  );
}
