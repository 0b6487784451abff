import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { styleWords } from "../game/record";
import { wayName } from "../i18n/hands";
import type { I18n } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import type { PayRow, ProfileRules, ProfileSideBet, ProfileSummary } from "../protocol";
import { caseWords, toOne } from "../table/pays";
import { PageFrame } from "./PageFrame";
import { profileTitle } from "./profiles";

/** The shipped profiles, whose rule documents the catalogue names in each language (an
 * operator's own profile is shown with its source as written, in English). */
const SOURCES: ReadonlySet<string> = new Set(["colorado", "generic", "lucky-chances", "maryland", "nj-supreme"]);

/** One fact of the rules: a term and what the profile says. */
function Fact({ term, children }: { readonly term: string; readonly children: ComponentChildren }) {
  return (
    <div class="pg-rules__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PayTable({
  kind,
  rows,
  caption,
  name,
}: {
  readonly kind: string;
  readonly rows: readonly PayRow[];
  readonly caption: string;
  /** The pay table's name where the profile offers several (Pair Fortunes' "1".."4"). */
  readonly name?: string;
}) {
  const i = useI18n();
  return (
    <table class="pg-results__table pg-rules__pays" data-kind={kind} data-table={name}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{i.t("rules.case")}</th>
          <th scope="col">{i.t("rules.pays")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.case} data-case={r.case} data-pays={r.pays}>
            <th scope="row">{caseWords(i, kind, r.case)}</th>
            <td>{toOne(i, r.pays)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function diceBonusCase(i: I18n, c: string): string {
  const [who, n] = c.split("-");
  return i.t("rules.diceBonusCase", { who: who ?? "", n: Number(n) });
}

function SideBet({ bet }: { readonly bet: ProfileSideBet }) {
  const i = useI18n();
  if (bet.kind === "pair-fortunes") {
    return (
      <section class="pg-rules__side" aria-labelledby="rules-pf">
        <h3 id="rules-pf">{i.t("wager.pairFortunes")}</h3>
        <p>{i.t("rules.pfText", { base: bet.requires_base ? "yes" : "no" })}</p>
        <div class="pg-rules__paygrid">
          {Object.entries(bet.tables ?? {}).map(([name, rows]) => (
            <PayTable
              key={name}
              kind="pair-fortunes"
              name={name}
              rows={rows}
              caption={i.t("rules.pfTable", { name })}
            />
          ))}
        </div>
      </section>
    );
  }
  if (bet.kind === "dragons-eye") {
    const wagers = bet.wagers ?? [];
    const bonus = wagers.find((w) => w.kind === "dice-bonus");
    return (
      <section class="pg-rules__side" aria-labelledby="rules-de">
        <h3 id="rules-de">{i.t("wager.de")}</h3>
        <p>{i.t("rules.deText", { alone: bet.without_paigow_wager ? "yes" : "no" })}</p>
        <table class="pg-results__table pg-rules__pays" data-kind="dragons-eye">
          <caption>{i.t("rules.deTable")}</caption>
          <tbody>
            {wagers
              .filter((w) => w.kind !== "dice-bonus")
              .flatMap((w) => w.table.map((r) => ({ w, r })))
              .map(({ w, r }) => (
                <tr key={w.kind} data-case={r.case} data-pays={r.pays}>
                  <th scope="row">{i.t("rules.deWager", { kind: r.case, text: caseWords(i, w.kind, r.case) })}</th>
                  <td>{toOne(i, r.pays)}</td>
                </tr>
              ))}
            {bonus?.table.map((r) => (
              <tr key={r.case} data-case={r.case} data-pays={r.pays}>
                <th scope="row">{diceBonusCase(i, r.case)}</th>
                <td>{toOne(i, r.pays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  }
  return (
    <section class="pg-rules__side" aria-labelledby="rules-bonus">
      <h3 id="rules-bonus">{i.t("lobby.bonusWager")}</h3>
      <p>{i.t("rules.bonusText", { min: i.money(bet.min ?? 0), max: i.money(bet.max ?? 0) })}</p>
      <PayTable kind="supreme-bonus" rows={bet.table ?? []} caption={i.t("rules.bonusTable")} />
    </section>
  );
}

function yesNo(i: I18n, v: boolean): string {
  return i.t(v ? "rules.yes" : "rules.no");
}

/** One profile's rules, every fact from the profile (the service's `GET /api/rules/{profile}`). */
function Rules({ r }: { readonly r: ProfileRules }) {
  const i = useI18n();
  const c = r.commission;
  const b = r.banking;
  return (
    <div class="pg-rules" data-testid="rules" data-profile={r.profile}>
      <p class="pg-lead">
        {i.t("rules.game", { game: r.game })}
        <span class="pg-rules__source" lang={SOURCES.has(r.profile) ? undefined : "en"}>
          {i.t("rules.source", { profile: r.profile.replace(/-/g, "_"), source: r.source })}
        </span>
      </p>
      <section class="pg-card-panel" aria-labelledby="rules-table">
        <h2 id="rules-table">{i.t("rules.tableTitle")}</h2>
        <dl class="pg-rules__facts">
          <Fact term={i.t("lobby.limits")}>
            {i.t("rules.limits", { min: i.money(r.limits.min), max: i.money(r.limits.max) })}
          </Fact>
          <Fact term={i.t("rules.positions")}>
            {i.t("rules.positionsText", {
              n: r.table.positions,
              dead: r.table.dead_hand ? "yes" : "no",
              dealer: r.table.dealer_hand ? "yes" : "no",
            })}
          </Fact>
          <Fact term={i.t("rules.twoSpots")}>{yesNo(i, r.table.two_spots)}</Fact>
          <Fact term={i.t("rules.perSpot")}>{i.number(r.table.players_per_spot)}</Fact>
          <Fact term={i.t("rules.surrender")}>{yesNo(i, r.table.surrender)}</Fact>
        </dl>
      </section>
      <section class="pg-card-panel" aria-labelledby="rules-commission">
        <h2 id="rules-commission">{i.t(c.collection ? "rules.collectionTitle" : "rules.commissionTitle")}</h2>
        <dl class="pg-rules__facts">
          {c.collection ? (
            <>
              {c.collection_cents ? (
                <Fact term={i.t("rules.collection")}>
                  {i.t("rules.collectionText", { amount: i.money(c.collection_cents) })}
                </Fact>
              ) : null}
              {c.collection_schedule.length ? (
                <Fact term={i.t("rules.schedule")}>
                  <ul class="pg-rules__list">
                    {c.collection_schedule.map(([upTo = 0, fee = 0]) => (
                      <li key={upTo}>{i.t("rules.scheduleRow", { upTo: i.money(upTo), fee: i.money(fee) })}</li>
                    ))}
                  </ul>
                </Fact>
              ) : null}
              <Fact term={i.t("rules.freeHands")}>{i.number(c.free_collection_hands)}</Fact>
            </>
          ) : (
            <>
              <Fact term={i.t("rules.rate")}>{i.t("rules.rateText", { rate: Number(c.rate) })}</Fact>
              <Fact term={i.t("rules.rounding")}>
                {i.t("rules.roundingText", { rounding: c.rounding.replace(/-/g, "_") })}
              </Fact>
              <Fact term={i.t("rules.onSurplus")}>{yesNo(i, c.on_bank_surplus)}</Fact>
            </>
          )}
        </dl>
      </section>
      <section class="pg-card-panel" aria-labelledby="rules-banking">
        <h2 id="rules-banking">{i.t("rules.bankingTitle")}</h2>
        <dl class="pg-rules__facts">
          <Fact term={i.t("rules.whoBanks")}>{i.t("rules.whoBanksText", { house: b.house_banks ? "yes" : "no" })}</Fact>
          <Fact term={i.t("rules.playerBank")}>
            {b.player_bank
              ? i.t("rules.playerBankText", { n: b.max_consecutive, between: b.house_round_between ? "yes" : "no" })
              : yesNo(i, false)}
          </Fact>
          <Fact term={i.t("rules.coBank")}>{yesNo(i, b.co_bank)}</Fact>
          <Fact term={i.t("rules.dealerWager")}>{yesNo(i, b.dealer_wager)}</Fact>
          <Fact term={i.t("rules.coverAll")}>{yesNo(i, b.bank_must_cover_all)}</Fact>
          <Fact term={i.t("rules.stakeLimits")}>{yesNo(i, b.action_limited_to_stake)}</Fact>
        </dl>
      </section>
      <section class="pg-card-panel" aria-labelledby="rules-hands">
        <h2 id="rules-hands">{i.t("rules.handsTitle")}</h2>
        <dl class="pg-rules__facts">
          <Fact term={i.t("rules.lowZero")}>
            {r.zero.player_low_zero_loses
              ? i.t("rules.lowZeroText", { game: r.game, rule: r.zero.zero_rule })
              : yesNo(i, false)}
          </Fact>
          <Fact term={i.t("rules.zeroZero")}>
            {i.t("rules.zeroZeroText", { bank: r.zero.zero_zero_banker ? "yes" : "no" })}
          </Fact>
          <Fact term={i.t("rules.copies")}>{i.t("rules.copiesText")}</Fact>
          <Fact term={i.t("rules.settingOrder")}>
            {i.t("rules.settingOrderText", { order: r.setting_order.replace(/-/g, "_") })}
          </Fact>
          <Fact term={i.t("rules.houseWay")}>
            <a href="#/how-to-play">{wayName(i, r.house_way)}</a>
          </Fact>
        </dl>
      </section>
      <section class="pg-card-panel" aria-labelledby="rules-deal">
        <h2 id="rules-deal">{i.t("rules.dealTitle")}</h2>
        <dl class="pg-rules__facts">
          <Fact term={i.t("rules.start")}>
            {i.list(r.start.map((m) => i.t("rules.startMethod", { m: m.replace(/-/g, "_") })))}
          </Fact>
          <Fact term={i.t("rules.styles")}>
            <ul class="pg-rules__list">
              {r.dealing.styles.map((s) => (
                <li key={s}>
                  {styleWords(i, s)}
                  {s === r.dealing.default_style ? i.t("rules.default") : ""}
                </li>
              ))}
            </ul>
          </Fact>
          <Fact term={i.t("rules.chooser")}>
            {i.t("rules.chooserText", { who: r.dealing.chooser.replace(/-/g, "_") })}
          </Fact>
          <Fact term={i.t("rules.bankCuts")}>{yesNo(i, r.dealing.bank_may_cut)}</Fact>
        </dl>
      </section>
      <section class="pg-card-panel" aria-labelledby="rules-side">
        <h2 id="rules-side">{i.t("wagerForm.sideBets")}</h2>
        {r.side_bets.length === 0 ? <p class="pg-note">{i.t("lobby.noSideBets")}</p> : null}
        {r.side_bets.map((bet) => (
          <SideBet key={bet.kind} bet={bet} />
        ))}
      </section>
    </div>
  );
}

/** The rules pages: every profile (`#/rules`), and one profile's rules (`#/rules/NAME`). */
export function RulesPage({ profile }: { readonly profile: string | null }) {
  const i = useI18n();
  const session = useSession();
  const [list, setList] = useState<readonly ProfileSummary[] | null>(null);
  const [rules, setRules] = useState<ProfileRules | null>(null);
  const [error, setError] = useState<Said | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    setRules(null);
    const fail = (e: unknown) => {
      if (live) setError(messageOf(e));
    };
    if (profile === null) {
      session.api
        .rules()
        .then((l) => {
          if (live) setList(l);
        })
        .catch(fail);
    } else {
      session.api
        .profileRules(profile)
        .then((r) => {
          if (live) setRules(r);
        })
        .catch(fail);
    }
    return () => {
      live = false;
    };
  }, [session, profile]);
  if (profile === null) {
    return (
      <PageFrame title={i.t("rules.indexTitle")} lead={i.t("rules.indexLead")}>
        {error ? <p class="pg-form__error">{say(i, error)}</p> : null}
        {list === null ? (
          <p role="status">{i.t("app.loading")}</p>
        ) : (
          <ul class="pg-rules__index" data-testid="rules-index">
            {list.map((p) => (
              <li key={p.profile}>
                <a href={`#/rules/${encodeURIComponent(p.profile)}`}>{profileTitle(i, p.profile, p.title)}</a>
                <span class="pg-note">{i.t("rules.gameShort", { game: p.game })}</span>
              </li>
            ))}
          </ul>
        )}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={rules ? profileTitle(i, rules.profile, rules.title) : i.t("title.rules")} wide>
      {error ? <p class="pg-form__error">{say(i, error)}</p> : null}
      {rules ? <Rules r={rules} /> : error ? null : <p role="status">{i.t("app.loading")}</p>}
      <p>
        <a href="#/rules">{i.t("rules.all")}</a>
      </p>
    </PageFrame>
  );
}
