import type { ComponentChildren } from "preact";
import { useId, useState } from "preact/hooks";
import { useSession } from "../app/session";
import { dollarsText, formatCents, parseDollars } from "../game/money";
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
  return (
    <DecisionFrame title="Join the game" tone="info">
      <p>You are watching. Sign in or play as a guest to take a seat.</p>
      <a class="pg-button pg-button--primary" href={signInFrom(`#/table/${encodeURIComponent(table)}`)}>
        Sign in to play
      </a>
    </DecisionFrame>
  );
}

export function SitForm({ state, info }: { readonly state: TableState; readonly info: TableInfo | null }) {
  const { act, busy, session } = useAct(state.table);
  const me = useStore(session.store, (s) => s.me);
  const n = info?.positions ?? 0;
  const taken = new Set(Object.values(state.seats));
  const free = Array.from({ length: n }, (_, i) => String(i + 1)).filter((s) => !taken.has(s));
  const wallet = me?.wallet ?? 0;
  const suggested = Math.min(wallet, Math.max(20_000, (info?.limits.min ?? 500) * 40));
  const [seat, setSeat] = useState<string | null>(null);
  const [amount, setAmount] = useState(dollarsText(suggested));
  const chosen = seat !== null && free.includes(seat) ? seat : (free[0] ?? null);
  const cents = parseDollars(amount);
  const min = info?.limits.min ?? 1;
  const problem =
    cents === null
      ? "Write the buy-in in dollars, e.g. 200."
      : cents > wallet
        ? `Your wallet holds ${formatCents(wallet)}.`
        : cents < min
          ? `The table minimum is ${formatCents(min)}.`
          : null;
  if (!free.length) {
    return (
      <DecisionFrame title="The table is full" tone="info">
        <p>Every seat is taken: you are watching. A seat frees when a player leaves.</p>
      </DecisionFrame>
    );
  }
  return (
    <DecisionFrame title="Take a seat" tone="info">
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
          <legend>Free seats</legend>
          {free.map((s) => (
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
              <span>Seat {s}</span>
            </label>
          ))}
        </fieldset>
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">Buy-in (dollars)</span>
          <input
            inputMode="decimal"
            value={amount}
            aria-invalid={problem !== null}
            aria-describedby="buyin-note"
            onInput={(e) => {
              setAmount(e.currentTarget.value);
            }}
          />
        </label>
        <p id="buyin-note" class={problem ? "pg-field__error" : "pg-field__help"}>
          {problem ?? `From your wallet (${formatCents(wallet)}) to chips at this table.`}
        </p>
        <button type="submit" class="pg-button pg-button--primary" disabled={busy || problem !== null}>
          Sit down at seat {chosen}
        </button>
      </form>
    </DecisionFrame>
  );
}

export function BankOffer({ state, info }: { readonly state: TableState; readonly info: TableInfo | null }) {
  const { act, busy } = useAct(state.table);
  const pd = info !== null && !info.house_banks;
  return (
    <DecisionFrame title={pd ? "Be the Player-Dealer?" : "The bank is offered to you"}>
      <p>
        {pd
          ? "As Player-Dealer your hand plays against every wager, up to the stake you put up (R-LC-03..09)."
          : "Banking, your hand plays against every player's: you pay the winners and take the losers' wagers, less commission on your net win, and your chips must cover the wagers (R-BANK-03..06)."}
      </p>
      <div class="pg-actions">
        <button
          type="button"
          class="pg-button pg-button--primary"
          disabled={busy}
          onClick={() => void act("bank", { accept: true, co_bank: false })}
        >
          {pd ? "Be the Player-Dealer" : "Bank this round"}
        </button>
        {info?.co_bank ? (
          <button
            type="button"
            class="pg-button pg-button--secondary"
            disabled={busy}
            aria-describedby="cobank-note"
            onClick={() => void act("bank", { accept: true, co_bank: true })}
          >
            Co-bank with the house
          </button>
        ) : null}
        <button
          type="button"
          class="pg-button pg-button--secondary"
          disabled={busy}
          onClick={() => void act("bank", { accept: false, co_bank: false })}
        >
          Decline
        </button>
      </div>
      {info?.co_bank ? (
        <p id="cobank-note" class="pg-note">
          Co-banking: the house covers half of the bank and takes half of its result (R-BANK-09).
        </p>
      ) : null}
    </DecisionFrame>
  );
}

const STACKS = [1, 2, 3, 4, 5, 6, 7, 8];

function StackSelect({
  label,
  value,
  onChange,
}: {
  readonly label: string;
  readonly value: number;
  readonly onChange: (stack: number) => void;
}) {
  return (
    <label class="pg-field pg-field--short">
      <span class="pg-field__label">{label}</span>
      <select
        value={value}
        onChange={(e) => {
          onChange(Number(e.currentTarget.value));
        }}
      >
        {STACKS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CutForm({ state, info }: { readonly state: TableState; readonly info: TableInfo | null }) {
  const { act, busy } = useAct(state.table);
  const cards = (info?.game ?? state.game) === "cards";
  const [first, setFirst] = useState(3);
  const [last, setLast] = useState(4);
  const [end, setEnd] = useState<"right" | "left">("right");
  const [at, setAt] = useState(20);
  const lo = Math.min(first, last);
  const hi = Math.max(first, last);
  const cut = cards ? `card:${at}` : `a:${lo === hi ? lo : `${lo}-${hi}`}:${end}`;
  return (
    <DecisionFrame title="Cut the stacks">
      <p>
        {cards
          ? "Put the cutting card after N cards (at least 10 from either end), or decline (R-SPG-09)."
          : "Move a block of whole stacks, numbered from the dealer's right, to one end (R-CUT-02), or decline."}
      </p>
      <div class="pg-inline-form">
        {cards ? (
          <label class="pg-field pg-field--short">
            <span class="pg-field__label">Cut after card</span>
            <input
              type="number"
              min={10}
              max={44}
              value={at}
              onInput={(e) => {
                setAt(Number(e.currentTarget.value));
              }}
            />
          </label>
        ) : (
          <>
            <StackSelect label="From stack" value={first} onChange={setFirst} />
            <StackSelect label="To stack" value={last} onChange={setLast} />
            <fieldset class="pg-choices">
              <legend>Move them to the</legend>
              {(["right", "left"] as const).map((e) => (
                <label key={e} class="pg-choice">
                  <input
                    type="radio"
                    name="cut-end"
                    checked={end === e}
                    onChange={() => {
                      setEnd(e);
                    }}
                  />
                  <span>{e} end</span>
                </label>
              ))}
            </fieldset>
          </>
        )}
      </div>
      <div class="pg-actions">
        <button
          type="button"
          class="pg-button pg-button--primary"
          disabled={busy}
          onClick={() => void act("cut", { cut })}
        >
          Cut ({cut})
        </button>
        <button
          type="button"
          class="pg-button pg-button--secondary"
          disabled={busy}
          onClick={() => void act("cut", { cut: null })}
        >
          Do not cut
        </button>
      </div>
    </DecisionFrame>
  );
}

export function StyleForm({ state, info }: { readonly state: TableState; readonly info: TableInfo | null }) {
  const { act, busy } = useAct(state.table);
  const styles = info?.styles ?? [];
  const [style, setStyle] = useState(info?.default_style ?? styles[0]?.style ?? "a");
  return (
    <DecisionFrame title="Choose how the stacks are delivered">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void act("style", { style });
        }}
      >
        <fieldset class="pg-choices pg-choices--list">
          <legend>Delivery style (R-DEAL-04)</legend>
          {styles.map((s) => (
            <label key={s.style} class="pg-choice">
              <input
                type="radio"
                name="style"
                checked={style === s.style}
                onChange={() => {
                  setStyle(s.style);
                }}
              />
              <span>
                <strong>{s.style}</strong> — {s.label}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" class="pg-button pg-button--primary" disabled={busy}>
          Deliver by style {style}
        </button>
      </form>
    </DecisionFrame>
  );
}

export function RollForm({ state }: { readonly state: TableState }) {
  const { act, busy } = useAct(state.table);
  return (
    <DecisionFrame title="You shake the dice">
      <p>After a triple, the Dragon&apos;s Eye button holder with a dice bonus wager shakes (R-DE-10).</p>
      <button type="button" class="pg-button pg-button--primary" disabled={busy} onClick={() => void act("roll", {})}>
        Shake the dice
      </button>
    </DecisionFrame>
  );
}

export function SurrenderForm({ state, spots }: { readonly state: TableState; readonly spots: readonly string[] }) {
  const { act, busy } = useAct(state.table);
  return (
    <DecisionFrame title="Surrender or stand">
      <p>
        The dealer has set. You may surrender a hand now, before it is exposed, and lose your wager without playing it
        (R-SURR-01); otherwise stand and play it.
      </p>
      <div class="pg-actions">
        {spots.map((s) => (
          <button
            key={s}
            type="button"
            class="pg-button pg-button--secondary"
            disabled={busy}
            onClick={() => void act("surrender", { spot: s })}
          >
            Surrender seat {s}
          </button>
        ))}
        <button
          type="button"
          class="pg-button pg-button--primary"
          disabled={busy}
          onClick={() => void act("stand", {})}
        >
          Stand
        </button>
      </div>
    </DecisionFrame>
  );
}
