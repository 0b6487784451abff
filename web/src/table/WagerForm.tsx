import { useState } from "preact/hooks";
import { dollarsText, formatCents, parseDollars } from "../game/money";
import { wagerLabel } from "../game/table";
import type { TableInfo, TableState } from "../protocol";
import { DecisionFrame, useAct } from "./Decisions";
import { displayName } from "./Felt";

function AmountField({
  label,
  value,
  onInput,
  help,
  invalid,
}: {
  readonly label: string;
  readonly value: string;
  readonly onInput: (v: string) => void;
  readonly help: string;
  readonly invalid: boolean;
}) {
  const id = `amt-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <label class="pg-field pg-field--short">
      <span class="pg-field__label">{label}</span>
      <input
        inputMode="decimal"
        value={value}
        aria-invalid={invalid}
        aria-describedby={`${id}-help`}
        onInput={(e) => {
          onInput(e.currentTarget.value);
        }}
      />
      <span id={`${id}-help`} class={invalid ? "pg-field__error" : "pg-field__help"}>
        {help}
      </span>
    </label>
  );
}

/** The spots this player may wager on: their seat; with two spots allowed, an empty seat next
 * to it (R-WAGER-04); with several bettors per spot (Lucky Chances kum-kum), any seated spot. */
export function wagerSpots(state: TableState, info: TableInfo | null, me: string): string[] {
  const own = state.seats[me];
  if (own === undefined) return [];
  const n = info?.positions ?? 0;
  const taken = new Set(Object.values(state.seats));
  const out = [own];
  if (info?.two_spots) {
    for (const s of [Number(own) - 1, Number(own) + 1]) {
      if (s >= 1 && s <= n && !taken.has(String(s))) out.push(String(s));
    }
  }
  if ((info?.players_per_spot ?? 1) > 1) {
    for (const s of [...taken].sort((a, b) => Number(a) - Number(b))) if (!out.includes(s)) out.push(s);
  }
  return out;
}

function PlayerWagers({
  state,
  info,
  me,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly me: string;
}) {
  const { act, busy } = useAct(state.table);
  const round = state.round;
  const min = info?.limits.min ?? state.limits.min;
  const max = info?.limits.max ?? state.limits.max;
  const spots = wagerSpots(state, info, me);
  const [amount, setAmount] = useState(dollarsText(min));
  const [spot, setSpot] = useState(spots[0] ?? "");
  const sideMin = (kind: string) => (kind === "supreme-bonus" ? (info?.supreme_bonus_min ?? 100) : min);
  const [sides, setSides] = useState<Readonly<Record<string, string>>>({});
  const cents = parseDollars(amount);
  const chips = state.chips[me] ?? 0;
  const mine = round?.wagers.filter((w) => w.player === me) ?? [];
  const hasMain = mine.some((w) => w.kind === "main");
  const problem =
    cents === null
      ? "Write dollars, e.g. 25."
      : cents < min
        ? `The minimum is ${formatCents(min)}.`
        : cents > max
          ? `The maximum is ${formatCents(max)}.`
          : cents > chips
            ? `You have ${formatCents(chips)} in chips.`
            : null;
  const quick = [min, min * 2, min * 5, min * 20].filter((c, i, a) => c <= max && a.indexOf(c) === i);
  return (
    <>
      <form
        class="pg-wager"
        aria-label="Pai Gow wager"
        onSubmit={(e) => {
          e.preventDefault();
          if (cents !== null && !problem) void act("wager", { spot, cents, kind: "main" });
        }}
      >
        <AmountField
          label="Wager (dollars)"
          value={amount}
          onInput={setAmount}
          invalid={problem !== null}
          help={problem ?? `${formatCents(min)} to ${formatCents(max)} a spot; you have ${formatCents(chips)}.`}
        />
        <div class="pg-chipbuttons" role="group" aria-label="Quick amounts">
          {quick.map((c) => (
            <button
              key={c}
              type="button"
              class="pg-chipbutton"
              aria-pressed={cents === c}
              onClick={() => {
                setAmount(dollarsText(c));
              }}
            >
              {formatCents(c)}
            </button>
          ))}
        </div>
        {spots.length > 1 ? (
          <label class="pg-field pg-field--short">
            <span class="pg-field__label">On seat</span>
            <select
              value={spot}
              onChange={(e) => {
                setSpot(e.currentTarget.value);
              }}
            >
              {spots.map((s) => {
                const owner = Object.entries(state.seats).find(([, p]) => p === s)?.[0];
                return (
                  <option key={s} value={s}>
                    Seat {s}
                    {owner && owner !== me
                      ? ` (${displayName(owner)}'s hand)`
                      : s === state.seats[me]
                        ? " (yours)"
                        : " (second spot)"}
                  </option>
                );
              })}
            </select>
          </label>
        ) : null}
        <button type="submit" class="pg-button pg-button--primary" disabled={busy || problem !== null}>
          {hasMain ? "Add a wager" : "Place wager"}
        </button>
      </form>
      {info?.side_bets.length ? (
        <div class="pg-sidebets" role="group" aria-label="Side bets">
          <h3 class="pg-subtitle">Side bets</h3>
          <ul class="pg-sidebets__list">
            {info.side_bets.map((b) => {
              const text = sides[b.kind] ?? dollarsText(sideMin(b.kind));
              const c = parseDollars(text);
              const bad = c === null || c <= 0 || c > chips;
              const placed = mine.filter((w) => w.kind === b.kind);
              return (
                <li key={b.kind} class="pg-sidebet">
                  <div class="pg-sidebet__text">
                    <strong>{b.label}</strong>
                    <span class="pg-sidebet__pays">{b.pays}</span>
                  </div>
                  <input
                    class="pg-sidebet__amount"
                    inputMode="decimal"
                    aria-label={`${b.label} amount in dollars`}
                    value={text}
                    onInput={(e) => {
                      setSides({ ...sides, [b.kind]: e.currentTarget.value });
                    }}
                  />
                  <button
                    type="button"
                    class="pg-button pg-button--secondary"
                    disabled={busy || bad}
                    aria-label={`Bet ${c === null ? "" : formatCents(c)} on ${b.label}`}
                    onClick={() => {
                      if (c !== null) void act("wager", { spot: state.seats[me] ?? spot, cents: c, kind: b.kind });
                    }}
                  >
                    Bet{placed.length ? " again" : ""}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </>
  );
}

function BankWagers({
  state,
  info,
  role,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly role: "bank" | "player-dealer";
}) {
  const { act, busy } = useAct(state.table);
  const round = state.round;
  const [amount, setAmount] = useState(
    dollarsText(role === "bank" ? (round?.dealer_wager ?? 0) : (info?.limits.min ?? 500) * 20),
  );
  const cents = parseDollars(amount);
  if (role === "player-dealer") {
    return (
      <form
        class="pg-wager"
        aria-label="Player-Dealer stake"
        onSubmit={(e) => {
          e.preventDefault();
          if (cents !== null) void act("pd_stake", { cents });
        }}
      >
        <p>
          You are the Player-Dealer. Your stake limits the action: the wagers are covered in order from the action seat
          up to it; collection is taken in advance (R-LC-08/09).
          {round?.pd_stake ? ` Your stake: ${formatCents(round.pd_stake)}.` : ""}
        </p>
        <AmountField
          label="Stake (dollars)"
          value={amount}
          onInput={setAmount}
          invalid={cents === null}
          help={cents === null ? "Write dollars, e.g. 100." : `Stake ${formatCents(cents)}.`}
        />
        <button type="submit" class="pg-button pg-button--primary" disabled={busy || cents === null}>
          {round?.pd_stake ? "Change the stake" : "Put up the stake"}
        </button>
      </form>
    );
  }
  const dealer = round?.dealer_wager ?? 0;
  return (
    <form
      class="pg-wager"
      aria-label="The dealer's wager"
      onSubmit={(e) => {
        e.preventDefault();
        if (cents !== null) void act("dealer_wager", { cents });
      }}
    >
      <p>
        You bank this round: you place no wager.{" "}
        {info?.dealer_wager
          ? `The dealer wagers ${formatCents(dealer)} against your bank; you may direct a lesser dealer's wager (R-BANK-10).`
          : ""}
      </p>
      {info?.dealer_wager ? (
        <>
          <AmountField
            label="Dealer's wager (dollars)"
            value={amount}
            onInput={setAmount}
            invalid={cents === null || cents > dealer}
            help={
              cents === null
                ? "Write dollars."
                : cents > dealer
                  ? `At most ${formatCents(dealer)}.`
                  : "The dealer wagers this against you."
            }
          />
          <button
            type="submit"
            class="pg-button pg-button--secondary"
            disabled={busy || cents === null || cents > dealer}
          >
            Direct the dealer&apos;s wager
          </button>
        </>
      ) : null}
    </form>
  );
}

/** The wager window: the player's wagers and side bets, or the bank's decisions; then Done. */
export function WagerForm({
  state,
  info,
  me,
  role,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly me: string;
  readonly role: "player" | "bank" | "player-dealer";
}) {
  const { act, busy } = useAct(state.table);
  const mine = state.round?.wagers.filter((w) => w.player === me) ?? [];
  return (
    <DecisionFrame
      title={role === "player" ? "Place your wagers" : role === "bank" ? "You bank this round" : "Your stake"}
    >
      {role === "player" ? (
        <PlayerWagers state={state} info={info} me={me} />
      ) : (
        <BankWagers state={state} info={info} role={role} />
      )}
      {mine.length ? (
        <div class="pg-mywagers">
          <h3 class="pg-subtitle">Your wagers</h3>
          <ul class="pg-list">
            {mine.map((w) => (
              <li key={w.ref} class="pg-list__row">
                <span>
                  {wagerLabel(w.kind, info?.side_bets)} on seat {w.spot}
                </span>
                <strong>{formatCents(w.cents)}</strong>
                <button
                  type="button"
                  class="pg-button pg-button--ghost"
                  disabled={busy}
                  aria-label={`Take back ${wagerLabel(w.kind, info?.side_bets)} ${formatCents(w.cents)} on seat ${w.spot}`}
                  onClick={() => void act("remove_wager", { ref: w.ref })}
                >
                  Take back
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div class="pg-actions">
        <button
          type="button"
          class="pg-button pg-button--primary"
          disabled={busy}
          onClick={() => void act("ready", {})}
        >
          {mine.length || role !== "player" ? "Done — no more bets from me" : "Sit this round out"}
        </button>
      </div>
    </DecisionFrame>
  );
}
