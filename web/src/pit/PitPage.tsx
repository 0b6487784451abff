import { useMemo } from "preact/hooks";
import type { PitSection } from "../app/router";
import { PIT_SECTIONS, hrefOf } from "../app/router";
import { useSession } from "../app/session";
import type { MessageKey } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import { PageFrame } from "../pages/PageFrame";
import { signInFrom } from "../pages/SignInPage";
import { useStore } from "../state/store";
import { AccountsPanel } from "./AccountsPanel";
import { EventsPanel } from "./EventsPanel";
import { FloorPanel } from "./FloorPanel";
import { MetersPanel } from "./MetersPanel";
import { ModerationPanel } from "./ModerationPanel";
import { PitApi } from "./pitApi";

const LABELS: Readonly<Record<PitSection, MessageKey>> = {
  floor: "pit.tabFloor",
  accounts: "pit.tabAccounts",
  meters: "pit.meters",
  events: "pit.tabEvents",
  moderation: "pit.moderation",
};

/** The operator's console: the floor, accounts, meters and the integrity views (operators only). */
export function PitPage({ section, account }: { readonly section: PitSection; readonly account: string | null }) {
  const session = useSession();
  const i = useI18n();
  const title = i.t("title.pit");
  const me = useStore(session.store, (s) => s.me);
  const known = useStore(session.store, (s) => s.meKnown);
  const pit = useMemo(() => new PitApi(session.api), [session]);
  if (!known) return <PageFrame title={title}>{null}</PageFrame>;
  if (!me) {
    return (
      <PageFrame title={title}>
        <p class="pg-lead">
          {i.rich("pit.signIn", {
            a: (c) => <a href={signInFrom(hrefOf({ page: "pit", section }))}>{c}</a>,
          })}
        </p>
      </PageFrame>
    );
  }
  if (me.role !== "operator") {
    return (
      <PageFrame title={title}>
        <p class="pg-lead" data-testid="pit-refused">
          {i.t("pit.refused")}
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={title} wide>
      <nav class="pg-tabs pg-pit__tabs" aria-label={title}>
        {PIT_SECTIONS.map((s) => (
          <a
            key={s}
            class="pg-tab"
            href={hrefOf({ page: "pit", section: s })}
            aria-current={s === section ? "page" : undefined}
          >
            {i.t(LABELS[s])}
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
