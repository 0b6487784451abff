import { useEffect, useState } from "preact/hooks";
import { useSession } from "../app/session";
import { parseDollars } from "../game/money";
import { useI18n } from "../i18n/i18n";
import { OptionToggle, PayTableSelect } from "../pit/fields";
import type { MyPrivateTables, PrivateOpened, ProfileRules, ProfileSummary } from "../protocol";
import { PageFrame } from "./PageFrame";
import { useStore } from "../state/store";
import { profileTitle } from "./profiles";

/** The page's own address of a share link the service gives (`/#/join/CODE`). */
function linkOf(link: string): string {
  return new URL(link, document.baseURI).toString();
}

/** The share code as it is read aloud: two groups of four. */
export function codeText(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** What a private table of profile `rules` may offer: its Pair Fortunes pay tables, Dragon's Eye,
 * the Supreme Pai Gow bonus, and the computer players (the service's most, fewer than the
 * profile's positions). */
function offerOf(rules: ProfileRules | null, most: number) {
  const kinds = new Map((rules?.side_bets ?? []).map((b) => [b.kind, b]));
  return {
    payTables: Object.keys(kinds.get("pair-fortunes")?.tables ?? {}),
    dragonsEye: kinds.has("dragons-eye"),
    supremeBonus: kinds.has("supreme-bonus"),
    bots: rules ? Math.max(0, Math.min(most, rules.table.positions - 1)) : 0,
  };
}

/** The lobby's door to a table of one's own: open a private table (signed in), and join one by
 * its code (anyone). The service checks every figure again (docs/service.md, "Private tables"). */
export function PrivateTables() {
  const i = useI18n();
  const session = useSession();
  const me = useStore(session.store, (st) => st.me);
  const [profiles, setProfiles] = useState<readonly ProfileSummary[]>([]);
  const [profile, setProfile] = useState("");
  const [rules, setRules] = useState<ProfileRules | null>(null);
  const [name, setName] = useState("");
  const [pf, setPf] = useState("");
  const [de, setDe] = useState(false);
  const [sb, setSb] = useState(true);
  const [bots, setBots] = useState("0");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [invitation, setInvitation] = useState(true);
  const [opened, setOpened] = useState<PrivateOpened | null>(null);
  const [mine, setMine] = useState<MyPrivateTables | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    session.api
      .rules()
      .then(setProfiles)
      .catch(() => undefined);
  }, [session]);
  useEffect(() => {
    if (!me) return;
    session.api
      .myPrivateTables()
      .then(setMine)
      .catch(() => undefined);
  }, [session, me, opened]);
  const chosen = profile === "" ? (profiles[0]?.profile ?? "") : profile;
  useEffect(() => {
    if (!chosen) return;
    let live = true;
    setRules(null);
    session.api
      .profileRules(chosen)
      .then((r) => {
        if (live) setRules(r);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [session, chosen]);
  const offer = offerOf(rules, mine?.computer_players ?? 0);
  const lo = min.trim() ? parseDollars(min) : null;
  const hi = max.trim() ? parseDollars(max) : null;
  const badAmount = (min.trim() !== "" && lo === null) || (max.trim() !== "" && hi === null);

  const open = async () => {
    setBusy(true);
    try {
      const made = await session.api.openPrivate({
        profile: chosen,
        name: name.trim(),
        ...(lo === null ? {} : { min_wager: lo }),
        ...(hi === null ? {} : { max_wager: hi }),
        invitation_only: invitation,
        ...(pf && offer.payTables.includes(pf) ? { pair_fortunes: pf } : {}),
        ...(offer.dragonsEye ? { dragons_eye: de } : {}),
        ...(offer.supremeBonus ? { supreme_bonus: sb } : {}),
        computer_players: Math.min(Number(bots) || 0, offer.bots),
      });
      setOpened(made);
    } catch (e) {
      session.fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="pg-card-panel pg-private" aria-labelledby="private-title" data-testid="private-tables">
      <h2 id="private-title">{i.t("private.title")}</h2>
      <div class="pg-private__columns">
        <form
          class="pg-form"
          aria-labelledby="private-join"
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim()) window.location.hash = `#/join/${encodeURIComponent(code.trim())}`;
          }}
        >
          <h3 id="private-join">{i.t("private.joinTitle")}</h3>
          <label class="pg-field">
            <span class="pg-field__label">{i.t("private.joinLabel")}</span>
            <input
              name="code"
              autocomplete="off"
              spellcheck={false}
              value={code}
              aria-describedby="private-join-help"
              onInput={(e) => {
                setCode(e.currentTarget.value);
              }}
            />
            <span id="private-join-help" class="pg-field__help">
              {i.t("private.joinHelp")}
            </span>
          </label>
          <button type="submit" class="pg-button pg-button--secondary" disabled={!code.trim()}>
            {i.t("private.joinGo")}
          </button>
        </form>
        {me ? (
          <form
            class="pg-form"
            aria-labelledby="private-open"
            onSubmit={(e) => {
              e.preventDefault();
              void open();
            }}
          >
            <h3 id="private-open">{i.t("private.openTitle")}</h3>
            <p class="pg-note">{i.t("private.lead")}</p>
            <label class="pg-field">
              <span class="pg-field__label">{i.t("private.name")}</span>
              <input
                name="name"
                autocomplete="off"
                spellcheck={false}
                required
                maxLength={24}
                value={name}
                aria-describedby="private-name-help"
                onInput={(e) => {
                  setName(e.currentTarget.value);
                }}
              />
              <span id="private-name-help" class="pg-field__help">
                {i.t("private.nameHelp")}
              </span>
            </label>
            <label class="pg-field">
              <span class="pg-field__label">{i.t("private.profile")}</span>
              <select
                name="profile"
                value={chosen}
                onChange={(e) => {
                  setProfile(e.currentTarget.value);
                  setPf("");
                  setBots("0");
                }}
              >
                {profiles.map((p) => (
                  <option key={p.profile} value={p.profile}>
                    {profileTitle(i, p.profile, p.title)}
                  </option>
                ))}
              </select>
            </label>
            <label class="pg-field">
              <span class="pg-field__label">{i.t("private.min")}</span>
              <input
                name="min"
                inputMode="decimal"
                value={min}
                onInput={(e) => {
                  setMin(e.currentTarget.value);
                }}
              />
            </label>
            <label class="pg-field">
              <span class="pg-field__label">{i.t("private.max")}</span>
              <input
                name="max"
                inputMode="decimal"
                value={max}
                aria-describedby="private-limits-help"
                onInput={(e) => {
                  setMax(e.currentTarget.value);
                }}
              />
              <span id="private-limits-help" class="pg-field__help">
                {i.t(badAmount ? "cashier.writeAmount" : "private.limitsHelp")}
              </span>
            </label>
            <label class="pg-toggle">
              <input
                type="checkbox"
                name="invitation"
                checked={invitation}
                onChange={(e) => {
                  setInvitation(e.currentTarget.checked);
                }}
              />
              <span>{i.t("private.invitationOnly")}</span>
            </label>
            {offer.payTables.length || offer.dragonsEye || offer.supremeBonus ? (
              <fieldset class="pg-choices pg-choices--list" data-testid="private-side-bets">
                <legend>{i.t("private.sideBets")}</legend>
                <PayTableSelect tables={offer.payTables} value={pf} set={setPf} />
                {offer.dragonsEye ? (
                  <OptionToggle name="dragons_eye" label={i.t("wager.de")} checked={de} set={setDe} />
                ) : null}
                {offer.supremeBonus ? (
                  <OptionToggle name="supreme_bonus" label={i.t("pit.supremeBonus")} checked={sb} set={setSb} />
                ) : null}
              </fieldset>
            ) : null}
            {offer.bots > 0 ? (
              <label class="pg-field pg-field--short">
                <span class="pg-field__label">{i.t("private.computerPlayers")}</span>
                <input
                  name="bots"
                  type="number"
                  min={0}
                  max={offer.bots}
                  value={bots}
                  aria-describedby="private-bots-help"
                  onInput={(e) => {
                    setBots(e.currentTarget.value);
                  }}
                />
                <span id="private-bots-help" class="pg-field__help">
                  {i.t("private.computerHelp", { most: offer.bots })}
                </span>
              </label>
            ) : null}
            <button
              type="submit"
              class="pg-button pg-button--primary"
              disabled={busy || !chosen || badAmount || !name.trim()}
            >
              {i.t("private.open")}
            </button>
          </form>
        ) : (
          <p class="pg-note">{i.t("private.signIn")}</p>
        )}
      </div>
      {opened ? <Share code={opened.code} link={opened.link} table={opened.table} name={opened.name} /> : null}
      {mine?.tables.length ? (
        <div>
          <h3>{i.t("private.mine", { count: mine.tables.length, cap: mine.per_player })}</h3>
          <ul class="pg-list" data-testid="my-private-tables">
            {mine.tables.map((t) => (
              <li key={t.table} class="pg-list__row">
                <a href={`#/table/${encodeURIComponent(t.table)}`}>{t.name ?? profileTitle(i, t.profile, t.profile)}</a>
                <code>{codeText(t.code)}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The code and link of a private table, to give to friends. */
export function Share({
  code,
  link,
  table,
  name,
}: {
  readonly code: string;
  readonly link: string;
  readonly table: string;
  readonly name: string | null;
}) {
  const i = useI18n();
  return (
    <div class="pg-private__share" role="status" data-testid="share" data-code={code} data-table={table}>
      <p>{i.t("private.opened")}</p>
      <dl class="pg-pit__facts">
        {name !== null ? (
          <>
            <dt>{i.t("private.name")}</dt>
            <dd data-testid="share-name">{name}</dd>
          </>
        ) : null}
        <dt>{i.t("private.code")}</dt>
        <dd>
          <code data-testid="share-code">{codeText(code)}</code>
        </dd>
        <dt>{i.t("private.link")}</dt>
        <dd>
          <input readOnly value={linkOf(link)} aria-label={i.t("private.link")} data-testid="share-link" />
        </dd>
      </dl>
      <a class="pg-button pg-button--primary" href={`#/table/${encodeURIComponent(table)}`}>
        {i.t("private.goTo")}
      </a>
    </div>
  );
}

/** The table page's share box: shown to the owner of a private table (their codes are theirs). */
export function ShareCode({ table }: { readonly table: string }) {
  const session = useSession();
  const me = useStore(session.store, (st) => st.me);
  const [mine, setMine] = useState<MyPrivateTables | null>(null);
  useEffect(() => {
    if (!me) return;
    session.api
      .myPrivateTables()
      .then(setMine)
      .catch(() => undefined);
  }, [session, me, table]);
  const found = mine?.tables.find((t) => t.table === table);
  return found ? <Share code={found.code} link={found.link} table={table} name={found.name} /> : null;
}

/** `#/join/CODE`: the code looked up, then the table it names (watch it, or sit). */
export function JoinPage({ code }: { readonly code: string }) {
  const i = useI18n();
  const session = useSession();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    session.api
      .findPrivate(code)
      .then((found) => {
        if (live) window.location.replace(`#/table/${encodeURIComponent(found.table)}`);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setFailed(true);
        session.fail(e);
      });
    return () => {
      live = false;
    };
  }, [session, code]);
  return (
    <PageFrame title={i.t("title.join")}>
      <p class="pg-lead" role="status" data-testid="join-status">
        {i.t(failed ? "private.joinFailed" : "private.joinLooking", { code: codeText(code) })}
      </p>
      {failed ? <a href="#/lobby">{i.t("private.backToLobby")}</a> : null}
    </PageFrame>
  );
}
