import { useEffect, useState } from "preact/hooks";
import { messageOf, useSession } from "../app/session";
import { ChipStack } from "../components/Chip";
import { dollarsText, formatCents, parseDollars } from "../game/money";
import { useStore } from "../state/store";
import { PageFrame } from "./PageFrame";
import { signInFrom } from "./SignInPage";

/** The cashier: the wallet, the chips at each table with cash-out, and a buy-in at any table. */
export function CashierPage() {
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const known = useStore(session.store, (s) => s.meKnown);
  const lobby = useStore(session.store, (s) => s.lobby);
  const tables = useStore(session.store, (s) => s.tables);
  const [chips, setChips] = useState<Readonly<Record<string, number>>>({});
  const [target, setTarget] = useState("");
  const [amount, setAmount] = useState("200");
  const [busy, setBusy] = useState(false);
  useEffect(() => session.followLobby(), [session]);
  useEffect(() => {
    if (me) void session.refreshMe();
  }, [session]);
  const seats = me ? Object.entries(me.seats) : [];
  useEffect(() => {
    let live = true;
    for (const [table] of seats) {
      session.api
        .table(table)
        .then((st) => {
          if (live && me) setChips((c) => ({ ...c, [table]: st.chips[me.name] ?? 0 }));
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [session, me?.name, seats.map(([t]) => t).join(",")]);

  if (known && !me) {
    return (
      <PageFrame title="Cashier">
        <p class="pg-lead">
          <a href={signInFrom("#/cashier")}>Sign in</a> to see your wallet and buy in.
        </p>
      </PageFrame>
    );
  }
  if (!me) return <PageFrame title="Cashier">{null}</PageFrame>;
  const open = lobby.filter((t) => t.free.length > 0 && !(t.id in me.seats));
  const cents = parseDollars(amount);
  const chosen = open.find((t) => t.id === target) ?? open[0];
  const tooLow = chosen !== undefined && cents !== null && cents < chosen.limits.min;
  const minimum = chosen?.limits.min ?? 0;
  const tooHigh = cents !== null && cents > me.wallet;

  const cashOut = async (table: string) => {
    setBusy(true);
    try {
      const r = await session.act(table, "leave", {});
      if (r?.status === "applied") session.notify("info", `You leave table ${table}: your chips go to your wallet.`);
      await session.refreshMe();
    } catch (e) {
      session.notify("error", messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const buyIn = async () => {
    if (!chosen || cents === null) return;
    setBusy(true);
    try {
      const seat = chosen.free[0];
      if (seat === undefined) return;
      const r = await session.act(chosen.id, "sit", { seat, cents });
      if (r?.status === "applied") {
        await session.refreshMe();
        window.location.hash = `#/table/${encodeURIComponent(chosen.id)}`;
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title="Cashier">
      <div class="pg-cashier">
        <section class="pg-felt pg-cashier__wallet" aria-labelledby="wallet-title">
          <h2 id="wallet-title">Your wallet</h2>
          <p class="pg-cashier__balance" data-testid="wallet">
            {formatCents(me.wallet)}
          </p>
          {me.wallet > 0 ? <ChipStack amount={Math.min(me.wallet, 1_000_000)} chipSize={34} /> : null}
          <p class="pg-note">Play money: buy in at a table to play; leaving a table cashes your chips out.</p>
        </section>
        <section class="pg-card-panel" aria-labelledby="seats-title">
          <h2 id="seats-title">At the tables</h2>
          {seats.length === 0 ? (
            <p class="pg-note">You are not seated at any table.</p>
          ) : (
            <ul class="pg-list">
              {seats.map(([table, seat]) => (
                <li key={table} class="pg-list__row">
                  <span>
                    <a href={`#/table/${encodeURIComponent(table)}`}>Table {table}</a>, seat {seat}
                  </span>
                  <strong>
                    {tables[table]?.state.chips[me.name] !== undefined
                      ? formatCents(tables[table].state.chips[me.name] ?? 0)
                      : chips[table] !== undefined
                        ? formatCents(chips[table] ?? 0)
                        : "…"}
                  </strong>
                  <button
                    type="button"
                    class="pg-button pg-button--secondary"
                    disabled={busy}
                    onClick={() => {
                      void cashOut(table);
                    }}
                  >
                    Cash out
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section class="pg-card-panel" aria-labelledby="buyin-title">
          <h2 id="buyin-title">Buy in</h2>
          {open.length === 0 ? (
            <p class="pg-note">No table has a free seat for you now.</p>
          ) : (
            <form
              class="pg-form"
              onSubmit={(e) => {
                e.preventDefault();
                void buyIn();
              }}
            >
              <label class="pg-field">
                <span class="pg-field__label">Table</span>
                <select
                  value={chosen?.id}
                  onChange={(e) => {
                    setTarget(e.currentTarget.value);
                  }}
                >
                  {open.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.id} — {t.title} ({formatCents(t.limits.min)} minimum)
                    </option>
                  ))}
                </select>
              </label>
              <label class="pg-field">
                <span class="pg-field__label">Amount (dollars)</span>
                <input
                  inputMode="decimal"
                  value={amount}
                  aria-invalid={cents === null || tooLow || tooHigh}
                  aria-describedby="buyin-help"
                  onInput={(e) => {
                    setAmount(e.currentTarget.value);
                  }}
                />
                <span id="buyin-help" class="pg-field__help">
                  {cents === null
                    ? "Write an amount in dollars, e.g. 200 or 50.25."
                    : tooHigh
                      ? `Your wallet holds ${formatCents(me.wallet)}.`
                      : tooLow
                        ? `The table minimum is ${formatCents(minimum)}.`
                        : `You buy ${formatCents(cents)} in chips.`}
                </span>
              </label>
              <div class="pg-chipbuttons" role="group" aria-label="Quick amounts">
                {[10_000, 20_000, 50_000].map((c) => (
                  <button
                    type="button"
                    key={c}
                    class="pg-button pg-button--secondary"
                    disabled={c > me.wallet}
                    onClick={() => {
                      setAmount(dollarsText(c));
                    }}
                  >
                    {formatCents(c)}
                  </button>
                ))}
              </div>
              <button
                type="submit"
                class="pg-button pg-button--primary"
                disabled={busy || cents === null || cents <= 0 || tooLow || tooHigh}
              >
                Buy in and sit down
              </button>
            </form>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
