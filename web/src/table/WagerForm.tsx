import { useState } from "preact/hooks";
import { dollarsText, parseDollars } from "../game/money";
import { displayName } from "../game/record";
import { wagerLabel } from "../game/table";
import type { I18n, MessageKey } from "../i18n/i18n";
import { useI18n } from "../i18n/i18n";
import type { Choices, Range, TableInfo, TableState, WagerChoice } from "../protocol";
import { DecisionFrame, useAct } from "./Decisions";
import { paysText } from "./pays";

function AmountField({
  id: name,
  label,
  value,
  onInput,
  help,
  invalid,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onInput: (v: string) => void;
  readonly help: string;
  readonly invalid: boolean;
}) {
  const id = `amt-${name}`;
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

function seatWords(i: I18n, state: TableState, me: string, spot: string): string {
  const owner = Object.entries(state.seats).find(([, p]) => p === spot)?.[0];
  if (spot === state.seats[me]) return i.t("wagerForm.seatYours", { seat: spot });
  if (owner) return i.t("wagerForm.seatOf", { seat: spot, owner: displayName(i, owner) });
  return i.t("wagerForm.seatSecond", { seat: spot });
}

function boundsProblem(i: I18n, cents: number | null, c: WagerChoice | Range | undefined): string | null {
  if (cents === null) return i.t("wagerForm.writeDollars");
  if (!c) return i.t("wagerForm.notOffered");
  if (cents < c.min) return i.t("wagerForm.least", { amount: i.money(c.min) });
  if (cents > c.max) return i.t("wagerForm.most", { amount: i.money(c.max) });
  return null;
}

/** The short names of the side bets on the wager form. */
const SIDE_LABELS: Readonly<Record<string, MessageKey>> = {
  "pair-fortunes": "side.pairFortunes",
  "de-odd": "side.deOdd",
  "de-even": "side.deEven",
  "de-double": "side.deDouble",
  "de-triple": "side.deTriple",
  "de-match": "side.deMatch",
  "dice-bonus": "side.diceBonus",
  "supreme-bonus": "side.supremeBonus",
};

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
  const i = useI18n();
  const own = state.seats[me];
  const first = options.find((o) => o.spot === own) ?? options[0];
  const [spot, setSpot] = useState(first?.spot ?? "");
  const chosen = options.find((o) => o.spot === spot) ?? first;
  const [amount, setAmount] = useState(dollarsText(first?.min ?? 0));
  const cents = parseDollars(amount);
  const problem = boundsProblem(i, cents, chosen);
  if (!chosen) return null;
  const quick = main
    ? [1, 2, 5, 20].map((k) => chosen.min * k).filter((c, i, a) => c <= chosen.max && a.indexOf(c) === i)
    : [];
  const id = `wager-${kind}`;
  return (
    <form
      class={main ? "pg-wager" : "pg-sidebet"}
      aria-label={i.t("wagerForm.formLabel", { label })}
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
        <span class="pg-field__label">{main ? i.t("wagerForm.amount") : i.t("wagerForm.sideAmount", { label })}</span>
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
        {problem ?? i.t("wagerForm.range", { min: i.money(chosen.min), max: i.money(chosen.max) })}
      </span>
      {quick.length > 1 ? (
        <div class="pg-chipbuttons" role="group" aria-label={i.t("money.quick")}>
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
              {i.money(c)}
            </button>
          ))}
        </div>
      ) : null}
      {options.length > 1 ? (
        <label class="pg-field pg-field--short">
          <span class="pg-field__label">{i.t("wagerForm.onSeat")}</span>
          <select
            value={chosen.spot}
            data-kind={kind}
            onChange={(e) => {
              setSpot(e.currentTarget.value);
            }}
          >
            {options.map((o) => (
              <option key={o.spot} value={o.spot}>
                {seatWords(i, state, me, o.spot)}
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
        {main ? i.t("wagerForm.place") : i.t("wagerForm.bet", { amount: cents === null ? "" : i.money(cents), label })}
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
  const i = useI18n();
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
          label={i.t("wager.main")}
          pays={null}
          options={of("main")}
          busy={busy}
          act={send("main")}
          main
        />
      ) : (
        <p class="pg-note">{i.t("wagerForm.noMore")}</p>
      )}
      {sides.length ? (
        <div class="pg-sidebets" role="group" aria-label={i.t("wagerForm.sideBets")}>
          <h3 class="pg-subtitle">{i.t("wagerForm.sideBets")}</h3>
          <div class="pg-sidebets__list">
            {sides.map((k) => {
              const bet = info?.side_bets.find((b) => b.kind === k);
              const short = SIDE_LABELS[k];
              return (
                <KindWager
                  key={`${k}:${of(k)
                    .map((o) => o.spot)
                    .join(",")}`}
                  state={state}
                  me={me}
                  kind={k}
                  label={short ? i.t(short) : (bet?.label ?? wagerLabel(i, k, info?.side_bets))}
                  pays={bet ? paysText(i, bet) : null}
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
  const i = useI18n();
  const { act, busy } = useAct(state.table);
  const round = state.round;
  const range = role === "bank" ? choices.dealer_wager : choices.pd_stake;
  const [amount, setAmount] = useState(dollarsText(role === "bank" ? (range?.max ?? 0) : (range?.min ?? 0)));
  const cents = parseDollars(amount);
  const problem = boundsProblem(i, cents, range ?? undefined);
  if (role === "player-dealer") {
    return (
      <form
        class="pg-wager"
        aria-label={i.t("wagerForm.pdStakeLabel")}
        onSubmit={(e) => {
          e.preventDefault();
          if (cents !== null && !problem) void act("pd_stake", { cents });
        }}
      >
        <p>{i.t("wagerForm.pdText", { stake: round?.pd_stake ? i.money(round.pd_stake) : "none" })}</p>
        {range ? (
          <>
            <AmountField
              id="stake"
              label={i.t("wagerForm.stake")}
              value={amount}
              onInput={setAmount}
              invalid={problem !== null}
              help={problem ?? i.t("wagerForm.bounds", { min: i.money(range.min), max: i.money(range.max) })}
            />
            <button type="submit" class="pg-button pg-button--primary" disabled={busy || problem !== null}>
              {i.t("wagerForm.putStake")}
            </button>
          </>
        ) : null}
      </form>
    );
  }
  return (
    <form
      class="pg-wager"
      aria-label={i.t("wagerForm.dealerWagerLabel")}
      onSubmit={(e) => {
        e.preventDefault();
        if (cents !== null && !problem) void act("dealer_wager", { cents });
      }}
    >
      <p>{i.t("wagerForm.bankText", { dealer: range ? i.money(round?.dealer_wager ?? 0) : "none" })}</p>
      {range ? (
        <>
          <AmountField
            id="dealer-wager"
            label={i.t("wagerForm.dealerWager")}
            value={amount}
            onInput={setAmount}
            invalid={problem !== null}
            help={problem ?? i.t("wagerForm.bounds", { min: i.money(range.min), max: i.money(range.max) })}
          />
          <button type="submit" class="pg-button pg-button--secondary" disabled={busy || problem !== null}>
            {i.t("wagerForm.direct")}
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
  const i = useI18n();
  const { act, busy } = useAct(state.table);
  const removable = new Set(choices.remove);
  const mine = state.round?.wagers.filter((w) => w.player === me && removable.has(w.ref)) ?? [];
  return (
    <DecisionFrame title={i.t("wagerForm.title", { role })}>
      {role === "player" ? (
        <PlayerWagers state={state} info={info} me={me} choices={choices} />
      ) : (
        <BankWagers state={state} role={role} choices={choices} />
      )}
      {mine.length ? (
        <div class="pg-mywagers">
          <h3 class="pg-subtitle">{i.t("wagerForm.yours")}</h3>
          <ul class="pg-list">
            {mine.map((w) => (
              <li key={w.ref} class="pg-list__row">
                <span>{i.t("wagerForm.mine", { kind: wagerLabel(i, w.kind, info?.side_bets), seat: w.spot })}</span>
                <strong>{i.money(w.cents)}</strong>
                <button
                  type="button"
                  class="pg-button pg-button--ghost"
                  disabled={busy}
                  aria-label={i.t("wagerForm.takeBackLabel", {
                    kind: wagerLabel(i, w.kind, info?.side_bets),
                    amount: i.money(w.cents),
                    seat: w.spot,
                  })}
                  onClick={() => void act("remove_wager", { ref: w.ref })}
                >
                  {i.t("wagerForm.takeBack")}
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
          {i.t(mine.length || role !== "player" ? "wagerForm.done" : "wagerForm.sitOut")}
        </button>
      </div>
    </DecisionFrame>
  );
}
