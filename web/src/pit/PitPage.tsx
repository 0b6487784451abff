import { useMemo } from "preact/hooks";
import type { PitSection } from "../app/router";
import { PIT_SECTIONS, hrefOf } from "../app/router";
import { useSession } from "../app/session";
import { PageFrame } from "../pages/PageFrame";
import { signInFrom } from "../pages/SignInPage";
import { useStore } from "../state/store";
import { AccountsPanel } from "./AccountsPanel";
import { EventsPanel } from "./EventsPanel";
import { FloorPanel } from "./FloorPanel";
import { MetersPanel } from "./MetersPanel";
import { ModerationPanel } from "./ModerationPanel";
import { PitApi } from "./pitApi";

const LABELS: Readonly<Record<PitSection, string>> = {
  floor: "Floor",
  accounts: "Accounts",
  meters: "Meters",
  events: "Integrity",
  moderation: "Moderation",
};

/** The operator's console: the floor, accounts, meters and the integrity views (operators only). */
export function PitPage({ section, account }: { readonly section: PitSection; readonly account: string | null }) {
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const known = useStore(session.store, (s) => s.meKnown);
  const pit = useMemo(() => new PitApi(session.api), [session]);
  if (!known) return <PageFrame title="The pit">{null}</PageFrame>;
  if (!me) {
    return (
      <PageFrame title="The pit">
        <p class="pg-lead">
          <a href={signInFrom(hrefOf({ page: "pit", section }))}>Sign in</a> with an operator account.
        </p>
      </PageFrame>
    );
  }
  if (me.role !== "operator") {
    return (
      <PageFrame title="The pit">
        <p class="pg-lead" data-testid="pit-refused">
          The pit is for operators only.
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="The pit" wide>
      <nav class="pg-tabs pg-pit__tabs" aria-label="The pit">
        {PIT_SECTIONS.map((s) => (
          <a
            key={s}
            class="pg-tab"
            href={hrefOf({ page: "pit", section: s })}
            aria-current={s === section ? "page" : undefined}
          >
            {LABELS[s]}
          </a>
        ))}
      </nav>
      {section === "floor" ? <FloorPanel pit={pit} /> : null}
      {section === "accounts" ? <AccountsPanel pit={pit} account={account} /> : null}
      {section === "meters" ? <MetersPanel pit={pit} /> : null}
      {section === "events" ? <EventsPanel pit={pit} /> : null}
      {section === "moderation" ? <ModerationPanel pit={pit} /> : null}
    </PageFrame>
  );
}
