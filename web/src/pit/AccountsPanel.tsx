import { useState } from "preact/hooks";
import { hrefOf } from "../app/router";
import { messageOf, useSession } from "../app/session";
import { parseDollars } from "../game/money";
import { useI18n } from "../i18n/i18n";
import type { Said } from "../i18n/said";
import { say } from "../i18n/said";
import { ApiError } from "../net/api";
import { randomKey } from "../net/tableSocket";
import { useStore } from "../state/store";
import { protectionFacts } from "../pages/Protection";
import type { Protection } from "../protocol";
import type { AccountDetail, PitApi } from "./pitApi";
import { PitForm, SelectField, TextField, useAction } from "./fields";
import { usePoll } from "./usePoll";
import { moment } from "./words";

/** The fewest characters of a reason, spaces collapsed (the server's rule: docs/service.md). */
const REASON_MIN = 8;

function Adjust({ a, pit, done }: { readonly a: AccountDetail; readonly pit: PitApi; readonly done: () => void }) {
  const session = useSession();
  const i = useI18n();
  const [amount, setAmount] = useState("");
  const [direction, setDirection] = useState<"in" | "out">("in");
  const [reason, setReason] = useState("");
  // The adjustment's idempotency key: kept until the server has answered it (a retry after a
  // lost answer or an error is the same adjustment and moves nothing again; the server refuses
  // the key with another amount or reason), then a new one for the next adjustment.
  const [key, setKey] = useState(randomKey);
  const cents = parseDollars(amount);
  const why = reason.replace(/\s+/g, " ").trim();
  const ok = cents !== null && cents > 0 && why.length >= REASON_MIN;
  const { busy, run } = useAction(
    async () => {
      if (cents === null) return;
      const r = await pit.adjust(a.name, direction === "in" ? cents : -cents, why, key);
      session.notify("info", { key: "pit.walletIs", values: { name: a.name, amount: i.money(r.wallet) } });
      setKey(randomKey());
      setAmount("");
      setReason("");
      done();
    },
    // refused as it stands (the key used for another adjustment, a wallet short): shown, and
    // the next press is a new adjustment
    (e) => {
      if (e instanceof ApiError && e.status === 409) setKey(randomKey());
    },
  );
  return (
    <PitForm class="pg-form pg-card-panel" aria-labelledby="adjust-title" submit={run}>
      <h3 id="adjust-title">{i.t("pit.adjustTitle")}</h3>
      <div class="pg-pit__row">
        <SelectField
          short
          label={i.t("pit.direction")}
          name="direction"
          value={direction}
          set={(v) => {
            setDirection(v === "out" ? "out" : "in");
          }}
        >
          <option value="in">{i.t("pit.adjustIn")}</option>
          <option value="out">{i.t("pit.adjustOut")}</option>
        </SelectField>
        <TextField
          short
          label={i.t("pit.amount")}
          name="amount"
          inputMode="decimal"
          value={amount}
          set={setAmount}
          aria-invalid={amount !== "" && cents === null}
        />
        <TextField
          label={i.t("pit.reasonRequired")}
          name="reason"
          value={reason}
          set={setReason}
          required
          minLength={REASON_MIN}
          maxLength={60}
        />
        <button type="submit" class="pg-button pg-button--primary" disabled={busy || !ok}>
          {i.t("pit.adjust")}
        </button>
      </div>
      <p class="pg-field__help">{i.t("pit.adjustHelp")}</p>
    </PitForm>
  );
}

function Account({ name, pit }: { readonly name: string; readonly pit: PitApi }) {
  const session = useSession();
  const i = useI18n();
  const me = useStore(session.store, (s) => s.me);
  const { data: a, error, refresh } = usePoll(() => pit.account(name), 3000, [pit, name]);
  if (error) return <p class="pg-form__error">{say(i, error)}</p>;
  if (!a) return <p class="pg-note">{i.t("pit.loadingAccount", { name })}</p>;
  const act = async (what: () => Promise<unknown>, said: Said) => {
    try {
      await what();
      session.notify("info", said);
    } catch (e) {
      session.notify("error", messageOf(e));
    }
    void refresh();
  };
  return (
    <section class="pg-pit__account" aria-labelledby="account-title" data-account={a.name}>
      <h2 id="account-title">
        {a.name} <span class="pg-subtitle">{i.t("pit.role", { role: a.role })}</span>
      </h2>
      <dl class="pg-pit__facts">
        <dt>{i.t("pit.wallet")}</dt>
        <dd data-testid="account-wallet">{i.money(a.wallet)}</dd>
        <dt>{i.t("pit.status")}</dt>
        <dd data-testid="account-status">
          {i.t("pit.statusValue", { suspended: a.suspended_at ? "yes" : "no", since: moment(i, a.suspended_at) })}
        </dd>
        {a.role === "operator" ? (
          <>
            <dt>{i.t("pit.surveillance")}</dt>
            <dd data-testid="account-surveillance">
              {i.t("pit.surveillanceHeld", { held: a.surveillance ? "yes" : "no" })}
            </dd>
          </>
        ) : null}
        {a.role === "player" ? <ProtectionFacts p={a.protection} /> : null}
        <dt>{i.t("pit.connected")}</dt>
        <dd>{i.t("pit.yesNo", { yes: a.connected ? "yes" : "no" })}</dd>
        <dt>{i.t("felt.seats")}</dt>
        <dd>
          {Object.entries(a.seats).length === 0
            ? i.t("pit.noneWord")
            : Object.entries(a.seats).map(([t, s]) => (
                <a key={t} href={`#/table/${encodeURIComponent(t)}`}>
                  {i.t("pit.seatAt", { table: t, seat: s })}
                  {i.t("common.space")}
                </a>
              ))}
        </dd>
      </dl>
      <div class="pg-actions">
        {a.suspended_at ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() =>
              void act(() => pit.suspend(a.name, false), { key: "pit.reinstated", values: { name: a.name } })
            }
          >
            {i.t("pit.reinstate")}
          </button>
        ) : (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() =>
              void act(() => pit.suspend(a.name, true), { key: "pit.suspended", values: { name: a.name } })
            }
          >
            {i.t("pit.suspend")}
          </button>
        )}
        {a.role === "operator" && a.name !== me?.name ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() =>
              void act(() => pit.surveillance(a.name, !a.surveillance), {
                key: "pit.surveillanceChanged",
                values: { name: a.name, granted: a.surveillance ? "no" : "yes" },
              })
            }
          >
            {i.t("pit.surveillanceButton", { held: a.surveillance ? "yes" : "no" })}
          </button>
        ) : null}
      </div>
      <Adjust a={a} pit={pit} done={() => void refresh()} />
      <h3>{i.t("pit.sessions")}</h3>
      {a.sessions.length === 0 ? (
        <p class="pg-note">{i.t("pit.noSession")}</p>
      ) : (
        <table class="pg-pit__grid" aria-label={i.t("pit.sessions")}>
          <thead>
            <tr>
              <th scope="col">{i.t("pit.session")}</th>
              <th scope="col">{i.t("pit.created")}</th>
              <th scope="col">{i.t("pit.expires")}</th>
              <th scope="col">{i.t("pit.websockets")}</th>
              <th scope="col">
                <span class="pg-visually-hidden">{i.t("pit.revoke")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {a.sessions.map((s) => (
              <tr key={s.id}>
                <td>
                  <code>{s.id.slice(0, 12) + i.t("common.ellipsis")}</code>
                </td>
                <td>{moment(i, s.created_at)}</td>
                <td>{s.expired ? i.t("pit.expired") : moment(i, s.expires_at)}</td>
                <td>{i.number(s.websockets)}</td>
                <td>
                  <button
                    type="button"
                    class="pg-button pg-button--small"
                    onClick={() => void act(() => pit.revoke(a.name, s.id), { key: "pit.revoked" })}
                  >
                    {i.t("pit.revoke")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{i.t("pit.ledger")}</h3>
      <table class="pg-pit__grid" aria-label={i.t("pit.ledgerLines")} data-testid="ledger">
        <thead>
          <tr>
            <th scope="col">{i.t("pit.idHeader")}</th>
            <th scope="col">{i.t("pit.when")}</th>
            <th scope="col">{i.t("pit.withOther")}</th>
            <th scope="col">{i.t("pit.reason")}</th>
            <th scope="col" class="pg-pit__num">
              {i.t("pit.cents")}
            </th>
          </tr>
        </thead>
        <tbody>
          {a.ledger.map((l) => (
            <tr key={l.id} data-ledger={l.id}>
              <td>{l.id}</td>
              <td>{moment(i, l.at)}</td>
              <td>{l.table ? i.t("pit.withTable", { other: l.other, table: l.table }) : l.other}</td>
              <td data-testid="ledger-reason">{l.reason}</td>
              <td class="pg-pit__num" data-testid="ledger-cents">
                {i.money(l.cents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{i.t("pit.lastRounds")}</h3>
      {a.rounds.length === 0 ? (
        <p class="pg-note">{i.t("pit.noRound")}</p>
      ) : (
        <ul class="pg-list">
          {a.rounds.map((r) => (
            <li key={`${r.table}-${r.round}`} class="pg-list__row">
              <a href={hrefOf({ page: "recall", table: r.table, round: r.round })}>
                {i.t("pit.tableRound", { table: r.table, round: String(r.round) })}
              </a>
              <span>{moment(i, r.finished_at)}</span>
              <strong>{i.signed(r.net)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Accounts: a search, and one account with its wallet, ledger, sessions and rounds. */
export function AccountsPanel({ pit, account }: { readonly pit: PitApi; readonly account: string | null }) {
  const i = useI18n();
  const [q, setQ] = useState("");
  const { data } = usePoll(() => pit.accounts(q.trim().toLowerCase()), 0, [pit, q]);
  return (
    <div class="pg-pit__accounts">
      <section class="pg-card-panel" aria-label={i.t("pit.findAccount")}>
        <TextField label={i.t("pit.findAccount")} type="search" name="q" value={q} set={setQ} maxLength={32} />
        <ul class="pg-list" data-testid="accounts">
          {(data ?? []).map((r) => (
            <li key={r.name} class="pg-list__row">
              <a href={hrefOf({ page: "pit", section: "accounts", account: r.name })}>{r.name}</a>
              <span>
                {i.t("pit.role", { role: r.role })}
                {r.suspended ? i.t("pit.suspendedMark") : ""}
              </span>
              <strong>{i.money(r.wallet)}</strong>
            </li>
          ))}
        </ul>
      </section>
      {account ? <Account key={account} name={account} pit={pit} /> : null}
    </div>
  );
}

/** A player's protection as the service states it (docs/service.md, "Player protection"). */
function ProtectionFacts({ p }: { readonly p: Protection }) {
  const i = useI18n();
  const f = protectionFacts(i, p);
  return (
    <>
      <dt>{i.t("protection.limit")}</dt>
      <dd data-testid="account-limit" data-limit={p.daily_limit ?? ""} data-spent={p.spent_today}>
        {f.limit}
      </dd>
      {f.pending ? <dd data-testid="account-pending">{f.pending}</dd> : null}
      <dt>{i.t("protection.reminder")}</dt>
      <dd>{f.reminder}</dd>
      <dt>{i.t("protection.exclude")}</dt>
      <dd data-testid="account-excluded" data-until={p.excluded_until ?? ""}>
        {f.excluded ?? i.t("protection.notExcluded")}
      </dd>
    </>
  );
}
