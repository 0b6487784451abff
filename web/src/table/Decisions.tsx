import type { ComponentChildren } from "preact";
import { useId, useState } from "preact/hooks";
import { useSession } from "../app/session";
import { dollarsText, parseDollars } from "../game/money";
import { cutLabel, styleWords } from "../game/record";
import { useI18n } from "../i18n/i18n";
import { buyInMost, buyInProblem } from "../pages/buyIn";
import { signInFrom } from "../pages/SignInPage";
import type { ActionArgs, TableInfo, TableState } from "../protocol";
import { useStore } from "../state/store";

/** Send an action at this table, with a busy flag for the buttons that sent it. */
export function useAct(table: string) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const act = async <A extends keyof ActionArgs>(action: A, args: ActionArgs[A]): Promise<boolean> => {
    setBusy(true);
    try {
      const r = await session.act(table, action, args);
      return r !== null && r.status !== "refused";
    } finally {
      setBusy(false);
    }
  };
  return { act, busy, session };
}

export function DecisionFrame({
  title,
  children,
  tone = "turn",
}: {
  readonly title: string;
  readonly children: ComponentChildren;
  readonly tone?: "turn" | "info";
}) {
  const id = useId();
  return (
    <section class={`pg-decision pg-decision--${tone}`} aria-labelledby={id} data-decision={title}>
      <h2 id={id} class="pg-decision__title">
        {tone === "turn" ? <span class="pg-decision__dot" aria-hidden="true" /> : null}
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SignInPrompt({ table }: { readonly table: string }) {
  const i = useI18n();
  return (
    <DecisionFrame title={i.t("join.title")} tone="info">
      <p>{i.t("join.watching")}</p>
      <a class="pg-button pg-button--primary" href={signInFrom(`#/table/${encodeURIComponent(table)}`)}>
        {i.t("join.signIn")}
      </a>
    </DecisionFrame>
  );
}

export function SitForm({
  state,
  seats,
  min,
}: {
  readonly state: TableState;
  readonly seats: readonly string[];
  readonly min: number;
}) {
  const i = useI18n();
  const { act, busy, session } = useAct(state.table);
  const me = useStore(session.store, (s) => s.me);
  // the most the service would take now (the wallet, the daily limit, an exclusion), its figure
  const bound = me?.buy_in ?? { max: 0, by: "wallet" as const, left_today: null };
  const suggested = Math.min(bound.max, Math.max(20_000, min * 40));
  const [seat, setSeat] = useState<string | null>(null);
  const [amount, setAmount] = useState(dollarsText(suggested));
  const chosen = seat !== null && seats.includes(seat) ? seat : (seats[0] ?? null);
  const cents = parseDollars(amount);
  const problem = cents === null ? i.t("sit.writeAmount") : buyInProblem(i, cents, bound, min);
  return (
    <DecisionFrame title={i.t("sit.title")} tone="info">
      {state.round_open ? (
        <p class="pg-note" data-testid="joins-next">
          {i.t("sit.underWay")}
        </p>
      ) : null}
      <form
        class="pg-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen === null || cents === null || problem) return;
          void act("sit", { seat: chosen, cents }).then((ok) => {
            if (ok) void session.refreshMe();
          });
        }}
      >
        <fieldset class="pg-choices">
          <legend>{i.t("lobby.freeSeats")}</legend>
          {seats.map((s) => (
            <label key={s} class="pg-choice">
              <input
                type="radio"
                name="seat"
                value={s}
                checked={chosen === s}
                onChange={() => {
                  setSeat(s);
                }}
              />
              <span>{i.t("seat", { seat: s })}</span>
            </label>
          ))}
        </fieldset>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">{i.t("sit.buyIn")}</span>
          <input
            inputMode="decimal"
            value={amount}
            aria-invalid={problem !== null}
            aria-describedby="buyin-note"
            data-max={bound.max}
            onInput={(e) => {
              setAmount(e.currentTarget.value);
            }}
          />
        </label>
        <p id="buyin-note" class={problem ? "pg-field__error" : "pg-field__help"}>
          {[problem ?? i.t("sit.fromWallet", { amount: i.money(me?.wallet ?? 0) }), buyInMost(i, bound)]
            .filter(Boolean)
            .join(" ")}
        </p>
        <button type="submit" class="pg-button pg-button--primary" disabled={busy || problem !== null}>
          {i.t("sit.submit", { seat: chosen ?? "" })}
        </button>
      </form>
    </DecisionFrame>
  );
}

export function TableFull() {
  const i = useI18n();
  return (
    <DecisionFrame title={i.t("full.title")} tone="info">
      <p>{i.t("full.text")}</p>
    </DecisionFrame>
  );
}

/** Seated while a round was under way: the player plays from the next one (defect fixed: the
 * table used to say only what it waited for, as if the player were skipped). */
export function NextRound({ seat, round }: { readonly seat: string; readonly round: number }) {
  const i = useI18n();
  return (
    <DecisionFrame title={i.t("nextRound.title")} tone="info">
      <p data-testid="next-round">{i.t("nextRound.text", { seat, round })}</p>
    </DecisionFrame>
  );
}

/** The table no longer waits for a player who missed their decisions; one click brings them
 * back (docs/service.md, "Absent seats"). */
export function SittingOut({ state }: { readonly state: TableState }) {
  const i = useI18n();
  const { act, busy } = useAct(state.table);
  const c = state.choices;
  // Why the player sits out, as the server's choices say: back and waiting for the next round
  // (only who chose to sit out comes back that way), sitting out by choice (they may not sit out
  // again), or sat out because their decisions ran out of time.
  const why = c?.returning ? "returning" : c !== null && !c.sit_out ? "chosen" : "timeout";
  return (
    <DecisionFrame title={i.t("sittingOut.title")}>
      <p data-testid="sitting-out" data-why={why}>
        {i.t(
          why === "returning" ? "sittingOut.backText" : why === "chosen" ? "sittingOut.chosenText" : "sittingOut.text",
        )}
      </p>
      {c?.returning ? (
        <p role="status" data-testid="returning">
          {i.t("sittingOut.returning")}
        </p>
      ) : (
        <button
          type="button"
          class="pg-button pg-button--primary"
          disabled={busy}
          onClick={() => void act("sit_in", {})}
        >
          {i.t("sittingOut.back")}
        </button>
      )}
    </DecisionFrame>
  );
}

/** A seated player sits out by choice: the table waits for them no more until they are back
 * (docs/service.md, `sit_out`). */
export function SitOutBar({ state }: { readonly state: TableState }) {
  const i = useI18n();
  const { act, busy } = useAct(state.table);
  return (
    <p class="pg-sitout">
      <button
        type="button"
        class="pg-button pg-button--ghost pg-button--small"
        disabled={busy}
        aria-describedby="sit-out-help"
        onClick={() => void act("sit_out", {})}
      >
        {i.t("sitOut.button")}
      </button>
      <span id="sit-out-help" class="pg-note">
        {i.t("sitOut.help")}
      </span>
    </p>
  );
}

export function BankOffer({
  state,
  offer,
}: {
  readonly state: TableState;
  readonly offer: { readonly kind: "player" | "player-dealer"; readonly co_bank: boolean };
}) {
  const i = useI18n();
  const { act, busy } = useAct(state.table);
  const pd = offer.kind === "player-dealer";
  const kind = pd ? "pd" : "bank";
  return (
    <DecisionFrame title={i.t("bankOffer.title", { kind })}>
      <p>{i.t("bankOffer.text", { kind })}</p>
      <div class="pg-actions">
        <button
          type="button"
          class="pg-button pg-button--primary"
          disabled={busy}
          onClick={() => void act("bank", { accept: true, co_bank: false })}
        >
          {i.t("bankOffer.accept", { kind })}
        </button>
        {offer.co_bank ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            disabled={busy}
            aria-describedby="cobank-note"
            onClick={() => void act("bank", { accept: true, co_bank: true })}
          >
            {i.t("bankOffer.coBank")}
          </button>
        ) : null}
        <button
          type="button"
          class="pg-button pg-button--secondary"
          disabled={busy}
          onClick={() => void act("bank", { accept: false, co_bank: false })}
        >
          {i.t("bankOffer.decline")}
        </button>
      </div>
      {offer.co_bank ? (
        <p id="cobank-note" class="pg-note">
          {i.t("bankOffer.coBankNote")}
        </p>
      ) : null}
    </DecisionFrame>
  );
}

export function CutForm({ state, cuts }: { readonly state: TableState; readonly cuts: readonly string[] }) {
  const i = useI18n();
  const { act, busy } = useAct(state.table);
  const cards = state.game === "cards";
  const [picked, setPicked] = useState<string | null>(null);
  const cut = picked !== null && cuts.includes(picked) ? picked : (cuts[0] ?? null);
  const moves = cuts.filter((c) => c.startsWith("a:"));
  const splits = cuts.filter((c) => c.startsWith("b:"));
  const others = cuts.filter((c) => !c.startsWith("a:") && !c.startsWith("b:"));
  return (
    <DecisionFrame title={i.t("cut.title")}>
      <p>{i.t("cut.text", { game: state.game })}</p>
      <div class="pg-inline-form">
        <label class="pg-field">
          <span class="pg-field__label">{i.t("cut.label", { game: cards ? "cards" : "tiles" })}</span>
          <select
            data-testid="cut-select"
            value={cut ?? ""}
            onChange={(e) => {
              setPicked(e.currentTarget.value);
            }}
          >
            {moves.length ? (
              <optgroup label={i.t("cut.moveGroup")}>
                {moves.map((c) => (
                  <option key={c} value={c}>
                    {cutLabel(i, c)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {splits.length ? (
              <optgroup label={i.t("cut.splitGroup")}>
                {splits.map((c) => (
                  <option key={c} value={c}>
                    {cutLabel(i, c)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {others.map((c) => (
              <option key={c} value={c}>
                {cutLabel(i, c)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="pg-actions">
        {cut !== null ? (
          <button
            type="button"
            class="pg-button pg-button--primary"
            disabled={busy}
            onClick={() => void act("cut", { cut })}
          >
            {i.t("cut.submit", { cut: cutLabel(i, cut) })}
          </button>
        ) : null}
        <button
          type="button"
          class="pg-button pg-button--secondary"
          disabled={busy}
          onClick={() => void act("cut", { cut: null })}
        >
          {i.t("cut.decline")}
        </button>
      </div>
    </DecisionFrame>
  );
}

export function StyleForm({
  state,
  info,
  styles: offered,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly styles: readonly string[];
}) {
  const i = useI18n();
  const { act, busy } = useAct(state.table);
  const styles = offered.map((s) => ({ style: s, label: styleWords(i, s) }));
  const fallback = offered.includes(info?.default_style ?? "") ? (info?.default_style ?? "") : (offered[0] ?? "");
  const [picked, setStyle] = useState(fallback);
  const style = offered.includes(picked) ? picked : fallback;
  return (
    <DecisionFrame title={i.t("style.title")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void act("style", { style });
        }}
      >
        <fieldset class="pg-choices pg-choices--list">
          <legend>{i.t("style.legend")}</legend>
          {styles.map((s) => (
            <label key={s.style} class="pg-choice">
              <input
                type="radio"
                name="style"
                value={s.style}
                checked={style === s.style}
                onChange={() => {
                  setStyle(s.style);
                }}
              />
              <span>{s.label}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" class="pg-button pg-button--primary" disabled={busy}>
          {i.t("style.submit", { style: styleWords(i, style) })}
        </button>
      </form>
    </DecisionFrame>
  );
}

export function RollForm({ state }: { readonly state: TableState }) {
  const i = useI18n();
  const { act, busy } = useAct(state.table);
  return (
    <DecisionFrame title={i.t("roll.title")}>
      <p>{i.t("roll.text")}</p>
      <button type="button" class="pg-button pg-button--primary" disabled={busy} onClick={() => void act("roll", {})}>
        {i.t("roll.submit")}
      </button>
    </DecisionFrame>
  );
}

export function SurrenderForm({
  state,
  spots,
  stand,
}: {
  readonly state: TableState;
  readonly spots: readonly string[];
  readonly stand: boolean;
}) {
  const i = useI18n();
  const { act, busy } = useAct(state.table);
  return (
    <DecisionFrame title={i.t("surrender.title")}>
      <p>{i.t("surrender.text")}</p>
      <div class="pg-actions">
        {spots.map((s) => (
          <button
            key={s}
            type="button"
            class="pg-button pg-button--secondary"
            disabled={busy}
            onClick={() => void act("surrender", { spot: s })}
          >
            {i.t("surrender.seat", { seat: s })}
          </button>
        ))}
        {stand ? (
          <button
            type="button"
            class="pg-button pg-button--primary"
            disabled={busy}
            onClick={() => void act("stand", {})}
          >
            {i.t("surrender.stand")}
          </button>
        ) : null}
      </div>
    </DecisionFrame>
  );
}
