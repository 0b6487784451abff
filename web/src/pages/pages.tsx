import type { ComponentChildren } from "preact";
import { ChipStack } from "../components/Chip";
import { Die } from "../components/Die";
import { Tile } from "../components/Tile";
import { TileStack } from "../components/TileStack";

/**
 * The pages of the client. Each is a stub until the table service's protocol is final: it says
 * what the page will hold and shows the components it will use.
 */

function PageFrame({ title, children }: { readonly title: string; readonly children: ComponentChildren }) {
  return (
    <section class="pg-page" aria-labelledby="page-title">
      <h1 id="page-title" class="pg-page__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

export function LobbyPage() {
  return (
    <PageFrame title="Lobby">
      <div class="pg-felt pg-hero">
        <div class="pg-hero__text">
          <p class="pg-hero__kicker">Pai Gow Tiles · Supreme Pai Gow</p>
          <p class="pg-hero__title">Take a seat at the table</p>
          <p class="pg-hero__lead">
            Every rule exact, every setting scored: Colorado, Maryland, Lucky Chances, generic rules and New
            Jersey&apos;s Supreme Pai Gow.
          </p>
        </div>
        <div class="pg-hero__pieces" aria-hidden="true">
          <div class="pg-hero__hand">
            <Tile code="6-6" width={46} decorative />
            <Tile code="4-5" width={46} decorative />
          </div>
          <div class="pg-hero__hand">
            <Tile code="1-2" width={46} decorative />
            <Tile code="2-4" width={46} decorative />
          </div>
          <div class="pg-hero__dice">
            <Die value={4} size={30} decorative />
            <Die value={6} size={30} decorative />
            <Die value={1} size={30} decorative />
          </div>
          <TileStack count={4} width={46} />
        </div>
      </div>
      <h2 class="pg-section-title">Open tables</h2>
      <p class="pg-empty" role="status">
        No tables yet: the lobby lists every open table, with its profile, limits, variations and free seats, as soon as
        the table service is running.
      </p>
      <div class="pg-felt pg-felt--banner pg-lobby__chips" aria-hidden="true">
        <ChipStack amount={262_500} chipSize={36} />
        <ChipStack amount={13_750} chipSize={36} />
      </div>
    </PageFrame>
  );
}

export function SignInPage() {
  return (
    <PageFrame title="Sign in">
      <form
        class="pg-form"
        onSubmit={(e) => {
          e.preventDefault();
        }}
        aria-describedby="signin-note"
      >
        <label class="pg-field">
          <span class="pg-field__label">Account name</span>
          <input name="username" autoComplete="username" required />
        </label>
        <label class="pg-field">
          <span class="pg-field__label">Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" class="pg-button pg-button--primary">
          Sign in
        </button>
        <p id="signin-note" class="pg-note">
          Signing in needs the table service.
        </p>
      </form>
    </PageFrame>
  );
}

export function CashierPage() {
  return (
    <PageFrame title="Cashier">
      <p class="pg-lead">Your wallet, buy-ins and cash-outs, in dollars and cents.</p>
      <div class="pg-felt pg-felt--banner">
        <ChipStack amount={123_475} chipSize={40} />
      </div>
    </PageFrame>
  );
}

export function TablePage({ table }: { readonly table: string }) {
  return (
    <PageFrame title={`Table ${table}`}>
      <p class="pg-lead">Seats, the dealer, the dice, the deal, your setting and the results.</p>
    </PageFrame>
  );
}

export function RecallPage({ table }: { readonly table: string | null }) {
  return (
    <PageFrame title="Game recall">
      <p class="pg-lead">
        {table === null ? "Your last 10 rounds, every step in order." : `The last 10 rounds of table ${table}.`}
      </p>
    </PageFrame>
  );
}

export function TrainerPage() {
  return (
    <PageFrame title="Trainer">
      <p class="pg-lead">Set dealt hands and see the exact EV each setting gives up.</p>
    </PageFrame>
  );
}

export function NotFoundPage({ path }: { readonly path: string }) {
  return (
    <PageFrame title="Page not found">
      <p class="pg-lead">
        There is no page at <code>{path}</code>. <a href="#/lobby">Go to the lobby</a>.
      </p>
    </PageFrame>
  );
}
