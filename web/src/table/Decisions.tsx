import type { ComponentChildren } from "preact";
import { useId, useState } from "preact/hooks";
import { useSession } from "../app/session";
import { dollarsText, formatCents, parseDollars } from "../game/money";
import { cutWords } from "../game/record";
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

export function SitForm({
  state,
  seats,
  min,
}: {
  readonly state: TableState;
  readonly seats: readonly string[];
  readonly min: number;
}) {
  const { act, busy, session } = useAct(state.table);
  const me = useStore(session.store, (s) => s.me);
  const wallet = me?.wallet ?? 0;
  const suggested = Math.min(wallet, Math.max(20_000, min * 40));
  const [seat, setSeat] = useState<string | null>(null);
  const [amount, setAmount] = useState(dollarsText(suggested));
  const chosen = seat !== null && seats.includes(seat) ? seat : (seats[0] ?? null);
  const cents = parseDollars(amount);
  const problem =
    cents === null
      ? "Write the buy-in in dollars, e.g. 200."
      : cents > wallet
        ? `Your wallet holds ${formatCents(wallet)}.`
        : cents < min
          ? `The table minimum is ${formatCents(min)}.`
          : null;
  return (
    <DecisionFrame title="Take a seat" tone="info">
      {state.round_open ? (
        <p class="pg-note" data-testid="joins-next">
          A round is under way: sitting down now, you play from the next round.
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
          <legend>Free seats</legend>
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

export function TableFull() {
  return (
    <DecisionFrame title="The table is full" tone="info">
      <p>Every seat is taken: you are watching. A seat frees when a player leaves.</p>
    </DecisionFrame>
  );
}

/** Seated while a round was under way: the player plays from the next one (defect fixed: the
 * table used to say only what it waited for, as if the player were skipped). */
export function NextRound({ seat, round }: { readonly seat: string; readonly round: number }) {
  return (
    <DecisionFrame title="You play from the next round" tone="info">
      <p data-testid="next-round">
        You are seated at seat {seat}. This round was already under way when you sat down: you play from round {round},
        when the next wagers open.
      </p>
    </DecisionFrame>
  );
}

/** The table no longer waits for a player who missed their decisions; one click brings them
 * back (docs/service.md, "Absent seats"). */
export function SittingOut({ state }: { readonly state: TableState }) {
  const { act, busy } = useAct(state.table);
  return (
    <DecisionFrame title="You are sitting out">
      <p>
        The table stopped waiting for you after your last decisions ran out of time: your seat and chips are kept, and
        the table plays on without your wagers.
      </p>
      <button type="button" class="pg-button pg-button--primary" disabled={busy} onClick={() => void act("sit_in", {})}>
        I&apos;m back: deal me in
      </button>
    </DecisionFrame>
  );
}

export function BankOffer({
  state,
  offer,
}: {
  readonly state: TableState;
  readonly offer: { readonly kind: "player" | "player-dealer"; readonly co_bank: boolean };
}) {
  const { act, busy } = useAct(state.table);
  const pd = offer.kind === "player-dealer";
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
        {offer.co_bank ? (
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
      {offer.co_bank ? (
        <p id="cobank-note" class="pg-note">
          Co-banking: the house covers half of the bank and takes half of its result (R-BANK-09).
        </p>
      ) : null}
    </DecisionFrame>
  );
}

/** A cut in words, for the list of cuts the server offers (R-CUT-02, R-SPG-09). */
export function cutLabel(cut: string): string {
  if (cut.startsWith("card:")) return `After card ${cut.slice(5)}`;
  const split = /^b:(\d+)-(\d+):(\d+(?:-\d+)?)>(right|left)$/.exec(cut);
  if (split) {
    const [, i, j, part, end] = split;
    const [p, q] = (part ?? "").split("-");
    const moved = q === undefined ? `stack ${p ?? ""}` : `stacks ${p ?? ""} to ${q}`;
    return `Of stacks ${i ?? ""} to ${j ?? ""}, ${moved} to the ${end ?? ""} end`;
  }
  return cutWords(cut)
    .replace(/^cut /, "")
    .replace(/^./, (c) => c.toUpperCase());
}

export function CutForm({ state, cuts }: { readonly state: TableState; readonly cuts: readonly string[] }) {
  const { act, busy } = useAct(state.table);
  const cards = state.game === "cards";
  const [picked, setPicked] = useState<string | null>(null);
  const cut = picked !== null && cuts.includes(picked) ? picked : (cuts[0] ?? null);
  const moves = cuts.filter((c) => c.startsWith("a:"));
  const splits = cuts.filter((c) => c.startsWith("b:"));
  const others = cuts.filter((c) => !c.startsWith("a:") && !c.startsWith("b:"));
  return (
    <DecisionFrame title="Cut the stacks">
      <p>
        {cards
          ? "Put the cutting card after a number of cards, at least 10 from either end, or decline (R-SPG-09)."
          : "Move a block of whole stacks, numbered from the dealer's right, to one end (R-CUT-02), or decline."}
      </p>
      <div class="pg-inline-form">
        <label class="pg-field">
          <span class="pg-field__label">{cards ? "Cut the cards" : "Cut"}</span>
          <select
            data-testid="cut-select"
            value={cut ?? ""}
            onChange={(e) => {
              setPicked(e.currentTarget.value);
            }}
          >
            {moves.length ? (
              <optgroup label="Move a block of stacks">
                {moves.map((c) => (
                  <option key={c} value={c}>
                    {cutLabel(c)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {splits.length ? (
              <optgroup label="Split a block, move part of it">
                {splits.map((c) => (
                  <option key={c} value={c}>
                    {cutLabel(c)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {others.map((c) => (
              <option key={c} value={c}>
                {cutLabel(c)}
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
            Cut ({cut})
          </button>
        ) : null}
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

export function StyleForm({
  state,
  info,
  styles: offered,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly styles: readonly string[];
}) {
  const { act, busy } = useAct(state.table);
  const styles = offered.map((s) => ({ style: s, label: info?.styles.find((x) => x.style === s)?.label ?? s }));
  const fallback = offered.includes(info?.default_style ?? "") ? (info?.default_style ?? "") : (offered[0] ?? "");
  const [picked, setStyle] = useState(fallback);
  const style = offered.includes(picked) ? picked : fallback;
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

export function SurrenderForm({
  state,
  spots,
  stand,
}: {
  readonly state: TableState;
  readonly spots: readonly string[];
  readonly stand: boolean;
}) {
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
        {stand ? (
          <button
            type="button"
            class="pg-button pg-button--primary"
            disabled={busy}
            onClick={() => void act("stand", {})}
          >
            Stand
          </button>
        ) : null}
      </div>
    </DecisionFrame>
  );
}
