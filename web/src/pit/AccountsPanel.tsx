import { useState } from "preact/hooks";
import { hrefOf } from "../app/router";
import { messageOf, useSession } from "../app/session";
import { formatCents, parseDollars } from "../game/money";
import { useStore } from "../state/store";
import type { AccountDetail, PitApi } from "./pitApi";
import { usePoll } from "./usePoll";

function when(iso: string | null): string {
  return iso ? iso.replace("T", " ").slice(0, 19) : "";
}

function Adjust({ a, pit, done }: { readonly a: AccountDetail; readonly pit: PitApi; readonly done: () => void }) {
  const session = useSession();
  const [amount, setAmount] = useState("");
  const [direction, setDirection] = useState<"in" | "out">("in");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const cents = parseDollars(amount);
  const why = reason.trim();
  const ok = cents !== null && cents > 0 && why.length >= 3;
  const submit = async () => {
    if (cents === null) return;
    setBusy(true);
    try {
      const r = await pit.adjust(a.name, direction === "in" ? cents : -cents, why);
      session.notify("info", `${a.name}'s wallet: ${formatCents(r.wallet)}.`);
      setAmount("");
      setReason("");
      done();
    } catch (e) {
      session.notify("error", messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      class="pg-form pg-card-panel"
      aria-labelledby="adjust-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id="adjust-title">Adjust the wallet</h3>
      <div class="pg-pit__row">
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Direction</span>
          <select
            name="direction"
            value={direction}
            onChange={(e) => {
              setDirection(e.currentTarget.value === "out" ? "out" : "in");
            }}
          >
            <option value="in">into the wallet</option>
            <option value="out">out of the wallet</option>
          </select>
        </label>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Amount ($)</span>
          <input
            name="amount"
            inputMode="decimal"
            value={amount}
            aria-invalid={amount !== "" && cents === null}
            onInput={(e) => {
              setAmount(e.currentTarget.value);
            }}
          />
        </label>
        <label class="pg-field">
          <span class="pg-field__label">Reason (required)</span>
          <input
            name="reason"
            value={reason}
            required
            minLength={3}
            maxLength={60}
            onInput={(e) => {
              setReason(e.currentTarget.value);
            }}
          />
        </label>
        <button type="submit" class="pg-button pg-button--primary" disabled={busy || !ok}>
          Adjust
        </button>
      </div>
      <p class="pg-field__help">
        A movement with the cashier, written in the ledger and the event log with your reason.
      </p>
    </form>
  );
}

function Account({ name, pit }: { readonly name: string; readonly pit: PitApi }) {
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const { data: a, error, refresh } = usePoll(() => pit.account(name), 3000, [pit, name]);
  if (error) return <p class="pg-form__error">{error}</p>;
  if (!a) return <p class="pg-note">Loading {name}…</p>;
  const act = async (what: () => Promise<unknown>, said: string) => {
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
        {a.name} <span class="pg-subtitle">{a.role}</span>
      </h2>
      <dl class="pg-pit__facts">
        <dt>Wallet</dt>
        <dd data-testid="account-wallet">{formatCents(a.wallet)}</dd>
        <dt>Status</dt>
        <dd data-testid="account-status">{a.suspended_at ? `suspended since ${when(a.suspended_at)}` : "active"}</dd>
        {a.role === "operator" ? (
          <>
            <dt>Surveillance right</dt>
            <dd data-testid="account-surveillance">{a.surveillance ? "held" : "not held"}</dd>
          </>
        ) : null}
        <dt>Connected</dt>
        <dd>{a.connected ? "yes" : "no"}</dd>
        <dt>Seats</dt>
        <dd>
          {Object.entries(a.seats).length === 0
            ? "none"
            : Object.entries(a.seats).map(([t, s]) => (
                <a key={t} href={`#/table/${encodeURIComponent(t)}`}>
                  {t} seat {s}{" "}
                </a>
              ))}
        </dd>
      </dl>
      <div class="pg-actions">
        {a.suspended_at ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() => void act(() => pit.suspend(a.name, false), `${a.name} reinstated.`)}
          >
            Reinstate
          </button>
        ) : (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() => void act(() => pit.suspend(a.name, true), `${a.name} suspended.`)}
          >
            Suspend
          </button>
        )}
        {a.role === "operator" && a.name !== me?.name ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            onClick={() =>
              void act(
                () => pit.surveillance(a.name, !a.surveillance),
                a.surveillance ? `${a.name}: surveillance right withdrawn.` : `${a.name}: surveillance right granted.`,
              )
            }
          >
            {a.surveillance ? "Withdraw the surveillance right" : "Grant the surveillance right"}
          </button>
        ) : null}
      </div>
      <Adjust a={a} pit={pit} done={() => void refresh()} />
      <h3>Sessions</h3>
      {a.sessions.length === 0 ? (
        <p class="pg-note">No session.</p>
      ) : (
        <table class="pg-pit__grid" aria-label="Sessions">
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Websockets</th>
              <th scope="col">
                <span class="pg-visually-hidden">Revoke</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {a.sessions.map((s) => (
              <tr key={s.id}>
                <td>
                  <code>{s.id.slice(0, 12)}…</code>
                </td>
                <td>{when(s.created_at)}</td>
                <td>{s.expired ? "expired" : when(s.expires_at)}</td>
                <td>{s.websockets}</td>
                <td>
                  <button
                    type="button"
                    class="pg-button pg-button--small"
                    onClick={() => void act(() => pit.revoke(a.name, s.id), "Session revoked.")}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Ledger</h3>
      <table class="pg-pit__grid" aria-label="Ledger lines" data-testid="ledger">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">When (UTC)</th>
            <th scope="col">With</th>
            <th scope="col">Reason</th>
            <th scope="col" class="pg-pit__num">
              Cents
            </th>
          </tr>
        </thead>
        <tbody>
          {a.ledger.map((l) => (
            <tr key={l.id} data-ledger={l.id}>
              <td>{l.id}</td>
              <td>{when(l.at)}</td>
              <td>{l.table ? `${l.other} (${l.table})` : l.other}</td>
              <td data-testid="ledger-reason">{l.reason}</td>
              <td class="pg-pit__num" data-testid="ledger-cents">
                {formatCents(l.cents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Last rounds</h3>
      {a.rounds.length === 0 ? (
        <p class="pg-note">No round played.</p>
      ) : (
        <ul class="pg-list">
          {a.rounds.map((r) => (
            <li key={`${r.table}-${r.round}`} class="pg-list__row">
              <a href={hrefOf({ page: "recall", table: r.table, round: r.round })}>
                {r.table} round {r.round}
              </a>
              <span>{when(r.finished_at)}</span>
              <strong>{formatCents(r.net)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Accounts: a search, and one account with its wallet, ledger, sessions and rounds. */
export function AccountsPanel({ pit, account }: { readonly pit: PitApi; readonly account: string | null }) {
  const [q, setQ] = useState("");
  const { data } = usePoll(() => pit.accounts(q.trim().toLowerCase()), 0, [pit, q]);
  return (
    <div class="pg-pit__accounts">
      <section class="pg-card-panel" aria-label="Find an account">
        <label class="pg-field">
          <span class="pg-field__label">Find an account</span>
          <input
            type="search"
            name="q"
            value={q}
            maxLength={32}
            onInput={(e) => {
              setQ(e.currentTarget.value);
            }}
          />
        </label>
        <ul class="pg-list" data-testid="accounts">
          {(data ?? []).map((r) => (
            <li key={r.name} class="pg-list__row">
              <a href={hrefOf({ page: "pit", section: "accounts", account: r.name })}>{r.name}</a>
              <span>
                {r.role}
                {r.suspended ? " · suspended" : ""}
              </span>
              <strong>{formatCents(r.wallet)}</strong>
            </li>
          ))}
        </ul>
      </section>
      {account ? <Account key={account} name={account} pit={pit} /> : null}
    </div>
  );
}
