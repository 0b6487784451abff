/**
 * What the table view shows, derived from the server's projection for this viewer: the ring of
 * positions, what the table asks of this viewer now and what it waits for. Pure functions,
 * tested without a browser.
 *
 * The client computes no money and no legality: a round's money is the settlement statement the
 * server sends (`round.statement`), and a decision offers exactly the choices the server sent
 * (`state.choices`), which the engine's own checks made.
 */

import type { I18n, MessageKey } from "../i18n/i18n";
import { displayName, kindWords } from "./record";
import type { Choices, RoundView, Statement, TableInfo, TableState } from "../protocol";

/** Ring positions in counterclockwise order from the dealer (§0.3): dealer, 1..n, dead. */
export function ringOrder(positions: readonly string[]): string[] {
  const numbers = positions.filter((p) => /^\d+$/.test(p)).sort((a, b) => Number(a) - Number(b));
  return [
    ...(positions.includes("dealer") ? ["dealer"] : []),
    ...numbers,
    ...(positions.includes("dead") ? ["dead"] : []),
  ];
}

/** The ring of a table: from the round when there is one, else from the table's rules. */
export function tableRing(state: TableState, info: TableInfo | null): string[] {
  if (state.round) return ringOrder(Object.keys(state.round.positions));
  const n = info?.positions ?? Object.keys(state.seats).length;
  const seats = Array.from({ length: n }, (_, i) => String(i + 1));
  return ["dealer", ...seats, ...(info?.dead_hand ? ["dead"] : [])];
}

/** The order in which the positions were dealt: from the start, counterclockwise (R-DEAL). */
export function dealOrder(ring: readonly string[], start: string | null): string[] {
  const i = start === null ? -1 : ring.indexOf(start);
  return i < 0 ? [...ring] : [...ring.slice(i), ...ring.slice(0, i)];
}

/** The spot whose hand is the bank's: the banking player's seat, else the dealer's. */
export function bankSpot(round: RoundView): string {
  return round.banker.position ?? "dealer";
}

/** What the table asks of this viewer now: one decision and exactly the choices the server sent
 * for it. */
export type Decision =
  | { readonly kind: "sign-in" }
  | { readonly kind: "sit"; readonly seats: readonly string[]; readonly min: number }
  | { readonly kind: "full" }
  | { readonly kind: "sitting-out" }
  | { readonly kind: "next-round"; readonly seat: string; readonly round: number }
  | { readonly kind: "bank-offer"; readonly offer: NonNullable<Choices["bank"]> }
  | { readonly kind: "wagers"; readonly role: "player" | "bank" | "player-dealer"; readonly choices: Choices }
  | { readonly kind: "cut"; readonly cuts: readonly string[] }
  | { readonly kind: "style"; readonly styles: readonly string[] }
  | { readonly kind: "roll" }
  | {
      readonly kind: "setting";
      /** The spots to set in the order the rules set them (R-SET-07), those settable now, and
       * those whose hand may be voided. */
      readonly order: readonly string[];
      readonly now: readonly string[];
      readonly voidable: readonly string[];
    }
  | { readonly kind: "bank-set"; readonly spot: string }
  | { readonly kind: "surrender"; readonly spots: readonly string[]; readonly stand: boolean }
  | { readonly kind: "wait" };

/** The windows a table waits in, as the catalogue names what is awaited. */
const WAITING_FOR: Readonly<Record<string, string>> = {
  "bank offer": "bankOffer",
  wagers: "wagers",
  cut: "cut",
  style: "style",
  roll: "roll",
  setting: "setting",
  surrender: "surrender",
};

/** What the table waits for, in words, for anyone watching. */
export function waitingText(i: I18n, state: TableState): string {
  const w = state.waiting;
  if (state.held) return i.t("wait.held", { reason: state.held });
  if (state.paused && !state.round_open) return i.t("wait.paused");
  if (!w) return i.t(state.round_open ? "wait.dealing" : "wait.sitDown");
  const simple: Readonly<Record<string, MessageKey>> = {
    "next round": "wait.nextRound",
    dice: "wait.dice",
    "a Player-Dealer": "wait.playerDealer",
  };
  const key = simple[w.for];
  if (key) return i.t(key);
  const who = i.list(w.who.map((n) => displayName(i, n)));
  if (w.for === "bank_set") return i.t("wait.bankSet", { who });
  const what = WAITING_FOR[w.for];
  if (!what) return i.t("wait.other", { who: w.who.length ? who : "none", what: w.for });
  return i.t("wait.for", { who: w.who.length ? who : "none", what });
}

/** What the table asks of ``me`` (null: signed out) now, from the choices the server sent. */
export function decision(state: TableState, me: string | null): Decision {
  if (me === null) return { kind: "sign-in" };
  const c = state.choices;
  const wait: Decision = { kind: "wait" };
  if (c === null) return wait;
  if (!c.seated) return c.sit?.seats.length ? { kind: "sit", seats: c.sit.seats, min: c.sit.min } : { kind: "full" };
  if (c.sitting_out) return { kind: "sitting-out" };
  if (c.next_round) return { kind: "next-round", seat: state.seats[me] ?? "", round: state.rounds + 2 };
  if (c.key === null) return wait;
  if (c.bank) return { kind: "bank-offer", offer: c.bank };
  if (c.ready) {
    const role = c.pd_stake ? "player-dealer" : state.round?.banker.player === me ? "bank" : "player";
    return { kind: "wagers", role, choices: c };
  }
  if (c.cuts) return { kind: "cut", cuts: c.cuts };
  if (c.styles.length) return { kind: "style", styles: c.styles };
  if (c.roll) return { kind: "roll" };
  if (c.set.length) return { kind: "setting", order: c.set, now: c.set_now, voidable: c.void_hand };
  if (c.bank_set && state.round) return { kind: "bank-set", spot: bankSpot(state.round) };
  if (c.surrender.length || c.stand) return { kind: "surrender", spots: c.surrender, stand: c.stand };
  return wait;
}

/** Seconds left in the window (never negative), from the deadline and the clock now (ms). */
export function secondsLeft(deadline: number | null, nowMs: number): number | null {
  return deadline === null ? null : Math.max(0, Math.ceil(deadline - nowMs / 1000));
}

/** The number of the round the state shows (the open one, or the last finished one). */
export function roundNumber(state: TableState): number {
  return state.round_open ? state.rounds + 1 : state.rounds;
}

/** The settlement statement of the round the state shows, once it is settled or void. */
export function statementOf(state: TableState): Statement | null {
  return state.round?.phase === "done" ? state.round.statement : null;
}

/** The label of a wager kind (the catalogue's; a kind it does not know, the table's label). */
export function wagerLabel(i: I18n, kind: string, sideBets: TableInfo["side_bets"] | undefined): string {
  const words = kindWords(i, kind);
  return words === kind ? (sideBets?.find((s) => s.kind === kind)?.label ?? kind) : words;
}
