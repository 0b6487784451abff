import { useState } from "preact/hooks";
import { dollarsText, formatCents, parseDollars } from "../game/money";
import { wagerLabel } from "../game/table";
import type { Choices, Range, TableInfo, TableState, WagerChoice } from "../protocol";
import { DecisionFrame, useAct } from "./Decisions";
import { displayName } from "../game/record";

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

function seatWords(state: TableState, me: string, spot: string): string {
  const owner = Object.entries(state.seats).find(([, p]) => p === spot)?.[0];
  if (spot === state.seats[me]) return `Seat ${spot} (yours)`;
  if (owner) return `Seat ${spot} (${displayName(owner)}'s hand)`;
  return `Seat ${spot} (second spot)`;
}

function boundsProblem(cents: number | null, c: WagerChoice | Range | undefined): string | null {
  if (cents === null) return "Write dollars, e.g. 25.";
  if (!c) return "Not offered now.";
  if (cents < c.min) return `The least here is ${formatCents(c.min)}.`;
  if (cents > c.max) return `The most here is ${formatCents(c.max)}.`;
  return null;
}

/** A wager of one kind on one of the spots the server offers, between the least and the most
 * it sent. */
function KindWager({
  state,
  me,
  kind,
  label,
  pays,
  options,
  busy,
  act,
  main,
}: {
  readonly state: TableState;
  readonly me: string;
  readonly kind: string;
  readonly label: string;
  readonly pays: string | null;
  readonly options: readonly WagerChoice[];
  readonly busy: boolean;
  readonly act: (spot: string, cents: number) => void;
  readonly main: boolean;
}) {
  const own = state.seats[me];
  const first = options.find((o) => o.spot === own) ?? options[0];
  const [spot, setSpot] = useState(first?.spot ?? "");
  const chosen = options.find((o) => o.spot === spot) ?? first;
  const [amount, setAmount] = useState(dollarsText(first?.min ?? 0));
  const cents = parseDollars(amount);
  const problem = boundsProblem(cents, chosen);
  if (!chosen) return null;
  const quick = main
    ? [1, 2, 5, 20].map((k) => chosen.min * k).filter((c, i, a) => c <= chosen.max && a.indexOf(c) === i)
    : [];
  const id = `wager-${kind}`;
  return (
    <form
      class={main ? "pg-wager" : "pg-sidebet"}
      aria-label={main ? "Pai Gow wager" : `${label} wager`}
      data-kind={kind}
      onSubmit={(e) => {
        e.preventDefault();
        if (cents !== null && !problem) act(chosen.spot, cents);
      }}
    >
      {main ? null : (
        <div class="pg-sidebet__text">
          <strong>{label}</strong>
          {pays ? <span class="pg-sidebet__pays">{pays}</span> : null}
        </div>
      )}
      <label class="pg-field pg-field--short">
        <span class="pg-field__label">{main ? "Wager (dollars)" : `${label} amount in dollars`}</span>
        <input
          inputMode="decimal"
          value={amount}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-help`}
          onInput={(e) => {
            setAmount(e.currentTarget.value);
          }}
        />
      </label>
      <span id={`${id}-help`} class={problem ? "pg-field__error" : "pg-field__help"}>
        {problem ?? `${formatCents(chosen.min)} to ${formatCents(chosen.max)} here.`}
      </span>
      {quick.length > 1 ? (
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
      ) : null}
      {options.length > 1 ? (
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">On seat</span>
          <select
            value={chosen.spot}
            data-kind={kind}
            onChange={(e) => {
              setSpot(e.currentTarget.value);
            }}
          >
            {options.map((o) => (
              <option key={o.spot} value={o.spot}>
                {seatWords(state, me, o.spot)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button
        type="submit"
        class={`pg-button pg-button--${main ? "primary" : "secondary"}`}
        disabled={busy || problem !== null}
      >
        {main ? "Place wager" : `Bet ${cents === null ? "" : formatCents(cents)} on ${label}`}
      </button>
    </form>
  );
}

function PlayerWagers({
  state,
  info,
  me,
  choices,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly me: string;
  readonly choices: Choices;
}) {
  const { act, busy } = useAct(state.table);
  const kinds = [...new Set(choices.wagers.map((w) => w.kind))];
  const sides = kinds.filter((k) => k !== "main");
  const send = (kind: string) => (spot: string, cents: number) => void act("wager", { spot, cents, kind });
  const of = (kind: string) => choices.wagers.filter((w) => w.kind === kind);
  return (
    <>
      {kinds.includes("main") ? (
        <KindWager
          key={`main:${of("main")
            .map((o) => o.spot)
            .join(",")}`}
          state={state}
          me={me}
          kind="main"
          label="Pai Gow"
          pays={null}
          options={of("main")}
          busy={busy}
          act={send("main")}
          main
        />
      ) : (
        <p class="pg-note">No further Pai Gow wager is open to you this round.</p>
      )}
      {sides.length ? (
        <div class="pg-sidebets" role="group" aria-label="Side bets">
          <h3 class="pg-subtitle">Side bets</h3>
          <div class="pg-sidebets__list">
            {sides.map((k) => {
              const bet = info?.side_bets.find((b) => b.kind === k);
              return (
                <KindWager
                  key={`${k}:${of(k)
                    .map((o) => o.spot)
                    .join(",")}`}
                  state={state}
                  me={me}
                  kind={k}
                  label={bet?.label ?? wagerLabel(k, info?.side_bets)}
                  pays={bet?.pays ?? null}
                  options={of(k)}
                  busy={busy}
                  act={send(k)}
                  main={false}
                />
              );
            })}
          </div>
        </div>
      ) : null}
    </>
  );
}

function BankWagers({
  state,
  role,
  choices,
}: {
  readonly state: TableState;
  readonly role: "bank" | "player-dealer";
  readonly choices: Choices;
}) {
  const { act, busy } = useAct(state.table);
  const round = state.round;
  const range = role === "bank" ? choices.dealer_wager : choices.pd_stake;
  const [amount, setAmount] = useState(dollarsText(role === "bank" ? (range?.max ?? 0) : (range?.min ?? 0)));
  const cents = parseDollars(amount);
  const problem = boundsProblem(cents, range ?? undefined);
  if (role === "player-dealer") {
    return (
      <form
        class="pg-wager"
        aria-label="Player-Dealer stake"
        onSubmit={(e) => {
          e.preventDefault();
          if (cents !== null && !problem) void act("pd_stake", { cents });
        }}
      >
        <p>
          You are the Player-Dealer. Your stake limits the action: the wagers are covered in order from the action seat
          up to it; collection is taken in advance (R-LC-08/09).
          {round?.pd_stake ? ` Your stake: ${formatCents(round.pd_stake)}.` : ""}
        </p>
        {range ? (
          <>
            <AmountField
              label="Stake (dollars)"
              value={amount}
              onInput={setAmount}
              invalid={problem !== null}
              help={problem ?? `${formatCents(range.min)} to ${formatCents(range.max)}.`}
            />
            <button type="submit" class="pg-button pg-button--primary" disabled={busy || problem !== null}>
              Put up the stake
            </button>
          </>
        ) : null}
      </form>
    );
  }
  return (
    <form
      class="pg-wager"
      aria-label="The dealer's wager"
      onSubmit={(e) => {
        e.preventDefault();
        if (cents !== null && !problem) void act("dealer_wager", { cents });
      }}
    >
      <p>
        You bank this round: you place no wager.{" "}
        {range
          ? `The dealer wagers ${formatCents(round?.dealer_wager ?? 0)} against your bank; you may direct a lesser dealer's wager (R-BANK-10).`
          : ""}
      </p>
      {range ? (
        <>
          <AmountField
            label="Dealer's wager (dollars)"
            value={amount}
            onInput={setAmount}
            invalid={problem !== null}
            help={problem ?? `${formatCents(range.min)} to ${formatCents(range.max)}.`}
          />
          <button type="submit" class="pg-button pg-button--secondary" disabled={busy || problem !== null}>
            Direct the dealer&apos;s wager
          </button>
        </>
      ) : null}
    </form>
  );
}

/** The wager window: the player's wagers and side bets, or the bank's decisions; then Done.
 * Every control is one the server's choices offer. */
export function WagerForm({
  state,
  info,
  me,
  role,
  choices,
}: {
  readonly state: TableState;
  readonly info: TableInfo | null;
  readonly me: string;
  readonly role: "player" | "bank" | "player-dealer";
  readonly choices: Choices;
}) {
  const { act, busy } = useAct(state.table);
  const removable = new Set(choices.remove);
  const mine = state.round?.wagers.filter((w) => w.player === me && removable.has(w.ref)) ?? [];
  return (
    <DecisionFrame
      title={role === "player" ? "Place your wagers" : role === "bank" ? "You bank this round" : "Your stake"}
    >
      {role === "player" ? (
        <PlayerWagers state={state} info={info} me={me} choices={choices} />
      ) : (
        <BankWagers state={state} role={role} choices={choices} />
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
