import { useEffect, useState } from "preact/hooks";
import { useSession } from "../app/session";
import { ChipStack } from "../components/Chip";
import { dollarsText, parseDollars } from "../game/money";
import { useI18n } from "../i18n/i18n";
import type { PrivateFacts } from "../i18n/tableNames";
import { tableName } from "../i18n/tableNames";
import { profileTitle } from "./profiles";
import { useStore } from "../state/store";
import { PageFrame } from "./PageFrame";
import { buyInMost, buyInProblem } from "./buyIn";
import { ProtectionPanel } from "./Protection";
import { signInFrom } from "./SignInPage";

/** The cashier: the wallet, the chips at each table with cash-out, and a buy-in at any table. */
export function CashierPage() {
  const i = useI18n();
  const session = useSession();
  const me = useStore(session.store, (s) => s.me);
  const known = useStore(session.store, (s) => s.meKnown);
  const lobby = useStore(session.store, (s) => s.lobby);
  const tables = useStore(session.store, (s) => s.tables);
  const [chips, setChips] = useState<Readonly<Record<string, number>>>({});
  // what the service says of each table seated at that the lobby does not list (a private
  // table by invitation only): the page names it by its opener, not by its id
  const [privates, setPrivates] = useState<Readonly<Record<string, PrivateFacts | null>>>({});
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
      if (lobby.some((t) => t.id === table)) continue;
      session.api
        .info(table)
        .then((inf) => {
          if (live) setPrivates((p) => ({ ...p, [table]: inf.private }));
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [session, me?.name, seats.map(([t]) => t).join(",")]);

  if (known && !me) {
    return (
      <PageFrame title={i.t("cashier.title")}>
        <p class="pg-lead">{i.rich("cashier.signIn", { a: (c) => <a href={signInFrom("#/cashier")}>{c}</a> })}</p>
      </PageFrame>
    );
  }
  if (!me) return <PageFrame title={i.t("cashier.title")}>{null}</PageFrame>;
  const open = lobby.filter((t) => t.free.length > 0 && !(t.id in me.seats));
  const nameOf = (table: string) => tableName(i, table, lobby.find((t) => t.id === table)?.private ?? privates[table]);
  const cents = parseDollars(amount);
  const chosen = open.find((t) => t.id === target) ?? open[0];
  // the service's bound (the wallet, what the daily limit leaves, an exclusion) and minimum
  const bound = me.buy_in;
  const problem = buyInProblem(i, cents, bound, chosen?.limits.min ?? 0);

  const cashOut = async (table: string) => {
    setBusy(true);
    try {
      const r = await session.act(table, "leave", {});
      if (r?.status === "applied") session.notify("info", { key: "cashier.left", values: { table: nameOf(table) } });
      await session.refreshMe();
    } catch (e) {
      session.fail(e);
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
    <PageFrame title={i.t("cashier.title")}>
      <div class="pg-cashier">
        <section class="pg-felt pg-cashier__wallet" aria-labelledby="wallet-title">
          <h2 id="wallet-title">{i.t("cashier.wallet")}</h2>
          <p class="pg-cashier__balance" data-testid="wallet">
            {i.money(me.wallet)}
          </p>
          {me.wallet > 0 ? <ChipStack amount={Math.min(me.wallet, 1_000_000)} chipSize={34} /> : null}
          <p class="pg-note">{i.t("cashier.walletNote")}</p>
        </section>
        <section class="pg-card-panel" aria-labelledby="seats-title">
          <h2 id="seats-title">{i.t("cashier.atTables")}</h2>
          {seats.length === 0 ? (
            <p class="pg-note">{i.t("cashier.notSeated")}</p>
          ) : (
            <ul class="pg-list">
              {seats.map(([table, seat]) => (
                <li key={table} class="pg-list__row">
                  <span>
                    {i.rich("cashier.seatAt", {
                      table: nameOf(table),
                      seat,
                      a: (c) => <a href={`#/table/${encodeURIComponent(table)}`}>{c}</a>,
                    })}
                  </span>
                  <strong>
                    {tables[table]?.state.chips[me.name] !== undefined
                      ? i.money(tables[table].state.chips[me.name] ?? 0)
                      : chips[table] !== undefined
                        ? i.money(chips[table] ?? 0)
                        : i.t("common.ellipsis")}
                  </strong>
                  <button
                    type="button"
                    class="pg-button pg-button--secondary"
                    disabled={busy}
                    onClick={() => {
                      void cashOut(table);
                    }}
                  >
                    {i.t("cashier.cashOut")}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section class="pg-card-panel" aria-labelledby="buyin-title">
          <h2 id="buyin-title">{i.t("cashier.buyIn")}</h2>
          {open.length === 0 ? (
            <p class="pg-note">{i.t("cashier.noFreeSeat")}</p>
          ) : (
            <form
              class="pg-form"
              onSubmit={(e) => {
                e.preventDefault();
                void buyIn();
              }}
            >
              <label class="pg-field">
                <span class="pg-field__label">{i.t("cashier.table")}</span>
                <select
                  value={chosen?.id}
                  onChange={(e) => {
                    setTarget(e.currentTarget.value);
                  }}
                >
                  {open.map((t) => (
                    <option key={t.id} value={t.id}>
                      {i.t("cashier.tableOption", {
                        table: tableName(i, t.id, t.private),
                        title: profileTitle(i, t.profile, t.title),
                        minimum: i.money(t.limits.min),
                      })}
                    </option>
                  ))}
                </select>
              </label>
              <label class="pg-field">
                <span class="pg-field__label">{i.t("cashier.amount")}</span>
                <input
                  inputMode="decimal"
                  value={amount}
                  aria-invalid={cents === null || problem !== null}
                  aria-describedby="buyin-help"
                  data-max={bound.max}
                  onInput={(e) => {
                    setAmount(e.currentTarget.value);
                  }}
                />
                <span id="buyin-help" class={problem ? "pg-field__error" : "pg-field__help"}>
                  {[
                    cents === null
                      ? i.t("cashier.writeAmount")
                      : (problem ?? i.t("cashier.youBuy", { amount: i.money(cents) })),
                    buyInMost(i, bound),
                  ]
                    .filter(Boolean)
                    .join(" ")}
                </span>
              </label>
              <div class="pg-chipbuttons" role="group" aria-label={i.t("money.quick")}>
                {[10_000, 20_000, 50_000].map((c) => (
                  <button
                    type="button"
                    key={c}
                    class="pg-button pg-button--secondary"
                    disabled={c > bound.max}
                    onClick={() => {
                      setAmount(dollarsText(c));
                    }}
                  >
                    {i.money(c)}
                  </button>
                ))}
                {bound.max > 0 ? (
                  <button
                    type="button"
                    class="pg-button pg-button--secondary"
                    onClick={() => {
                      setAmount(dollarsText(bound.max));
                    }}
                  >
                    {i.t("buyIn.all", { amount: i.money(bound.max) })}
                  </button>
                ) : null}
              </div>
              <button
                type="submit"
                class="pg-button pg-button--primary"
                disabled={busy || cents === null || cents <= 0 || problem !== null}
              >
                {i.t("cashier.buyInAndSit")}
              </button>
            </form>
          )}
        </section>
        <ProtectionPanel />
      </div>
    </PageFrame>
  );
}
