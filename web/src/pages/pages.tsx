import type { ComponentChildren } from "preact";
import { ChipStack } from "../components/Chip";
import { Tile } from "../components/Tile";
import { TileStack } from "../components/TileStack";

/**
 * The pages of the client. Each is a stub until the table service's protocol is final: it says
 * what the page will hold and shows the components it will use.
 */

function PageFrame({ title, children }: { readonly title: string; readonly children: ComponentChildren }) {
  return (
    <section class="pg-page" aria-labelledby="page-title">
      <h1 id="page-title" class="pg-page__title">{title}</h1>
      {children}
    </section>
  );
}

export function LobbyPage() {
  return (
    <PageFrame title="Lobby">
      <p class="pg-lead">Open tables with their profile, limits, variations and free seats, updated live.</p>
      <div class="pg-felt pg-felt--banner" aria-hidden="true">
        {(["6-6", "1-1", "4-4", "1-3"] as const).map((c) => (
          <Tile key={c} code={c} width={44} decorative />
        ))}
        <TileStack count={4} width={44} />
      </div>
      <p class="pg-empty" role="status">No tables yet: the lobby fills when the table service is running.</p>
    </PageFrame>
  );
}

export function SignInPage() {
  return (
    <PageFrame title="Sign in">
      <form class="pg-form" onSubmit={(e) => { e.preventDefault(); }} aria-describedby="signin-note">
        <label class="pg-field">
          <span class="pg-field__label">Account name</span>
          <input name="username" autoComplete="username" required />
        </label>
        <label class="pg-field">
          <span class="pg-field__label">Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" class="pg-button pg-button--primary">Sign in</button>
        <p id="signin-note" class="pg-note">Signing in needs the table service.</p>
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
