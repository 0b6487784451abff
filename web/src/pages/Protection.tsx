import { useEffect, useState } from "preact/hooks";
import { useSession } from "../app/session";
import { parseDollars } from "../game/money";
import type { I18n } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import type { Protection } from "../protocol";
import { useStore } from "../state/store";

/** The intervals a player may choose for the session reminder (minutes). */
const REMINDERS = [15, 30, 60, 120] as const;
/** The periods of self-exclusion offered (days). */
const BREAKS = [1, 7, 30, 90, 365] as const;

/** What the service says of the player's protection, in words (every figure is the service's). */
export function protectionFacts(i: I18n, p: Protection) {
  return {
    limit:
      p.daily_limit === null
        ? i.t("protection.limitNone")
        : i.t("protection.limitNow", {
            limit: i.money(p.daily_limit),
            spent: i.money(p.spent_today),
            left: i.money(p.left_today ?? 0),
          }),
    pending:
      p.pending === null
        ? null
        : p.pending.limit === null
          ? i.t("protection.pendingNone", { from: i.dateTime(p.pending.from) })
          : i.t("protection.pending", { limit: i.money(p.pending.limit), from: i.dateTime(p.pending.from) }),
    reminder:
      p.reminder_minutes === null
        ? i.t("protection.reminderOff")
        : i.t("protection.reminderEvery", { minutes: p.reminder_minutes }),
    excluded:
      p.excluded_until === null ? null : i.t("protection.excludedUntil", { until: i.dateTime(p.excluded_until) }),
    bound: boundFacts(i, p),
  };
}

/** What the accounts bound to the player's (a browser or a payment identity in common) hold
 * them to, in words; null when none is (docs/service.md, "What protection binds"). */
function boundFacts(i: I18n, p: Protection): string | null {
  const b = p.bound ?? null;
  if (b === null) return null;
  const parts = [i.t("protection.bound", { accounts: b.accounts })];
  if (b.excluded_until !== null) {
    parts.push(i.t("protection.boundExcluded", { until: i.dateTime(b.excluded_until) }));
  }
  if (b.daily_limit !== null) {
    parts.push(
      i.t("protection.boundLimit", {
        limit: i.money(b.daily_limit),
        spent: i.money(b.spent_today),
        left: i.money(b.left_today ?? 0),
      }),
    );
  }
  return parts.join(" ");
}

/** The cashier's part for playing safely: the daily buy-in limit, the session reminder and
 * self-exclusion (docs/service.md, "Player protection"). The service enforces each. */
export function ProtectionPanel() {
  const i = useI18n();
  const session = useSession();
  const [p, setP] = useState<Protection | null>(null);
  const [limit, setLimit] = useState("");
  const [days, setDays] = useState<number>(7);
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  // read again whenever the service says the wallet or the buy-in bound changed (any page)
  const bound = useStore(session.store, (s) => s.me?.buy_in);
  useEffect(() => {
    session.api
      .protection()
      .then(setP)
      .catch(() => undefined);
  }, [session, bound]);
  if (p === null) return null;
  const facts = protectionFacts(i, p);
  const cents = limit.trim() ? parseDollars(limit) : null;
  const change = async (fn: () => Promise<Protection>) => {
    setBusy(true);
    try {
      setP(await fn());
      setLimit("");
      setSure(false);
    } catch (e) {
      session.fail(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="pg-card-panel pg-protection" aria-labelledby="protection-title" data-testid="protection">
      <h2 id="protection-title">{i.t("protection.title")}</h2>
      {facts.bound ? (
        <p
          class="pg-note"
          data-testid="protection-bound"
          data-accounts={p.bound?.accounts}
          data-until={p.bound?.excluded_until ?? ""}
        >
          {facts.bound}
        </p>
      ) : null}
      <h3>{i.t("protection.limit")}</h3>
      <p data-testid="protection-limit" data-limit={p.daily_limit ?? ""} data-spent={p.spent_today}>
        {facts.limit}
      </p>
      {facts.pending ? (
        <p class="pg-note" data-testid="protection-pending">
          {facts.pending}
        </p>
      ) : null}
      <form
        class="pg-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (cents !== null) void change(() => session.api.setLimit(cents));
        }}
      >
        <label class="pg-field">
          <span class="pg-field__label">{i.t("protection.newLimit")}</span>
          <input
            name="limit"
            inputMode="decimal"
            value={limit}
            aria-describedby="protection-limit-help"
            onInput={(e) => {
              setLimit(e.currentTarget.value);
            }}
          />
          <span id="protection-limit-help" class="pg-field__help">
            {i.t("protection.limitHelp", { hours: p.cooling_hours ?? 24 })}
          </span>
        </label>
        <button type="submit" class="pg-button pg-button--primary" disabled={busy || cents === null || cents <= 0}>
          {i.t("protection.setLimit")}
        </button>
        {p.daily_limit !== null ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            disabled={busy}
            onClick={() => void change(() => session.api.setLimit(null))}
          >
            {i.t("protection.removeLimit")}
          </button>
        ) : null}
      </form>
      <h3>{i.t("protection.reminder")}</h3>
      <label class="pg-field">
        <span class="pg-field__label">{i.t("protection.reminderLabel")}</span>
        <select
          name="reminder"
          value={p.reminder_minutes === null ? "" : String(p.reminder_minutes)}
          disabled={busy}
          onChange={(e) => {
            const v = e.currentTarget.value;
            void change(() => session.api.setReminder(v ? Number(v) : null));
          }}
        >
          <option value="">{i.t("protection.reminderOff")}</option>
          {REMINDERS.map((m) => (
            <option key={m} value={String(m)}>
              {i.t("protection.reminderEvery", { minutes: m })}
            </option>
          ))}
          {p.reminder_minutes !== null && !(REMINDERS as readonly number[]).includes(p.reminder_minutes) ? (
            <option value={String(p.reminder_minutes)}>{facts.reminder}</option>
          ) : null}
        </select>
      </label>
      <h3>{i.t("protection.exclude")}</h3>
      {facts.excluded ? (
        <p data-testid="protection-excluded" data-until={p.excluded_until ?? ""}>
          {facts.excluded}
        </p>
      ) : null}
      <p class="pg-note">{i.t("protection.excludeHelp")}</p>
      <form
        class="pg-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (sure) void change(() => session.api.exclude(days));
        }}
      >
        <label class="pg-field">
          <span class="pg-field__label">{i.t("protection.excludeFor")}</span>
          <select
            name="days"
            value={String(days)}
            onChange={(e) => {
              setDays(Number(e.currentTarget.value));
            }}
          >
            {BREAKS.map((d) => (
              <option key={d} value={String(d)}>
                {i.t("protection.days", { days: d })}
              </option>
            ))}
          </select>
        </label>
        <label class="pg-toggle">
          <input
            type="checkbox"
            name="sure"
            checked={sure}
            onChange={(e) => {
              setSure(e.currentTarget.checked);
            }}
          />
          <span>{i.t("protection.excludeConfirm")}</span>
        </label>
        <button type="submit" class="pg-button pg-button--secondary" disabled={busy || !sure}>
          {i.t("protection.excludeButton")}
        </button>
      </form>
    </section>
  );
}
