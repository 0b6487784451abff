/**
 * What the table view shows, derived from the server's projection for this viewer: the ring of
 * positions, whose spots are whose, what the table asks of this viewer now, and the round's
 * payouts and commission from the settlement's transfers. Pure functions, tested without a
 * browser; the rules themselves stay on the server (the client only offers what it allows).
 */

import { KIND_WORDS } from "./record";
import type { OperationView, RoundView, TableEvent, TableInfo, TableState, Transfer, WagerView } from "../protocol";

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

/** The players on each spot (main wagers), the seated player first. */
export function spotPlayers(round: RoundView, spot: string): string[] {
  const names = new Set(round.wagers.filter((w) => w.spot === spot && w.kind === "main").map((w) => w.player));
  return [...names];
}

/** Who sets the spot's hand (R-SET-08): its seated player, else the largest stake. */
export function controller(round: RoundView, spot: string): string | null {
  const stakes = new Map<string, number>();
  for (const w of round.wagers) {
    if (w.spot === spot && w.kind === "main") stakes.set(w.player, (stakes.get(w.player) ?? 0) + w.cents);
  }
  if (stakes.size === 0) return null;
  const seated = Object.entries(round.seats).find(([n, p]) => p === spot && stakes.has(n))?.[0];
  const top = Math.max(...stakes.values());
  if (seated && stakes.get(seated) === top) return seated;
  if (seated && round.banker.kind !== "player-dealer") return seated;
  return [...stakes.entries()].find(([, c]) => c === top)?.[0] ?? null;
}

/** The spot whose hand is the bank's: the banking player's seat, else the dealer's. */
export function bankSpot(round: RoundView): string {
  return round.banker.position ?? "dealer";
}

/** The spots whose hands ``me`` plays: where ``me`` controls a main wager, and the bank's. */
export function mySpots(round: RoundView, me: string): string[] {
  const ring = ringOrder(Object.keys(round.positions));
  return ring.filter((p) => controller(round, p) === me || (round.banker.player === me && p === bankSpot(round)));
}

export type Decision =
  | { readonly kind: "sign-in" }
  | { readonly kind: "sit" }
  | { readonly kind: "bank-offer" }
  | { readonly kind: "wagers"; readonly role: "player" | "bank" | "player-dealer" }
  | { readonly kind: "cut" }
  | { readonly kind: "style" }
  | { readonly kind: "roll" }
  | { readonly kind: "setting"; readonly spots: readonly string[] }
  | { readonly kind: "bank-set"; readonly spot: string }
  | { readonly kind: "surrender"; readonly spots: readonly string[] }
  | { readonly kind: "wait"; readonly text: string };

const WAITING_FOR: Readonly<Record<string, string>> = {
  "bank offer": "to answer the bank offer",
  wagers: "to wager",
  cut: "to cut the stacks",
  style: "to choose the delivery style",
  roll: "to shake the dice",
  dice: "the dealer to read the dice",
  setting: "to set their hands",
  bank_set: "the bank to set its hand",
  surrender: "to surrender or stand",
  "next round": "the next round",
  "a Player-Dealer": "a Player-Dealer",
};

function names(who: readonly string[]): string {
  if (who.length === 0) return "";
  if (who.length === 1) return who[0] ?? "";
  return `${who.slice(0, -1).join(", ")} and ${who.at(-1) ?? ""}`;
}

/** What the table waits for, in words, for anyone watching. */
export function waitingText(state: TableState): string {
  const w = state.waiting;
  if (state.held) return `The table is held: ${state.held}`;
  if (state.paused && !state.round_open) return "The table is paused by the floor.";
  if (!w) return state.round_open ? "The dealer is dealing." : "Waiting for a player to sit down.";
  const what = WAITING_FOR[w.for] ?? w.for;
  if (w.for === "next round") return "Next round shortly.";
  if (w.for === "dice") return "Waiting for the dealer to read the dice.";
  if (w.for === "a Player-Dealer") return "Waiting for a player who may be the Player-Dealer.";
  if (w.for === "bank_set") return `Waiting for ${names(w.who)} to set the bank's hand.`;
  return w.who.length ? `Waiting for ${names(w.who)} ${what}.` : `Waiting ${what}.`;
}

/** What the table asks of ``me`` (null: signed out) now (the server decides; the client offers
 * it). */
export function decision(state: TableState, me: string | null): Decision {
  if (me === null) return { kind: "sign-in" };
  if (!(me in state.seats)) return { kind: "sit" };
  const w = state.waiting;
  const round = state.round;
  if (!w?.who.includes(me)) return { kind: "wait", text: waitingText(state) };
  switch (w.for) {
    case "bank offer":
      return { kind: "bank-offer" };
    case "wagers": {
      const b = round?.banker;
      const role = b?.player === me ? (b.kind === "player-dealer" ? "player-dealer" : "bank") : "player";
      return { kind: "wagers", role };
    }
    case "cut":
      return { kind: "cut" };
    case "style":
      return { kind: "style" };
    case "roll":
      return { kind: "roll" };
    case "setting": {
      if (!round) return { kind: "wait", text: waitingText(state) };
      const spots = round.unset.filter((s) => controller(round, s) === me);
      return spots.length ? { kind: "setting", spots } : { kind: "wait", text: waitingText(state) };
    }
    case "bank_set":
      return round ? { kind: "bank-set", spot: bankSpot(round) } : { kind: "wait", text: waitingText(state) };
    case "surrender": {
      if (!round) return { kind: "wait", text: waitingText(state) };
      const spots = mySpots(round, me).filter(
        (s) => s !== bankSpot(round) && round.positions[s]?.set === true && !round.positions[s].surrendered,
      );
      return { kind: "surrender", spots };
    }
    default:
      return { kind: "wait", text: waitingText(state) };
  }
}

/** Seconds left in the window (never negative), from the deadline and the clock now (ms). */
export function secondsLeft(deadline: number | null, nowMs: number): number | null {
  return deadline === null ? null : Math.max(0, Math.ceil(deadline - nowMs / 1000));
}

/** The number of the round the state shows (the open one, or the last finished one). */
export function roundNumber(state: TableState): number {
  return state.round_open ? state.rounds + 1 : state.rounds;
}

/** The transfers of the round's settlement, from the events seen while watching (null when the
 * settlement was not seen). */
export function settlementTransfers(log: readonly TableEvent[], round: number): Transfer[] | null {
  const out: Transfer[] = [];
  let settled = false;
  for (const ev of log) {
    if (ev.round !== round) continue;
    for (const op of ev.ops ?? []) {
      if (op.kind === "settle" || op.kind === "dragons_eye") out.push(...transfersOf(op));
      if (op.kind === "settle") settled = true;
    }
  }
  return settled ? out : null;
}

function transfersOf(op: OperationView): Transfer[] {
  const t = op.data.transfers;
  return Array.isArray(t) ? (t as Transfer[]) : [];
}

export interface Payout {
  readonly wager: WagerView;
  /** The result word (win, push, lose, surrender), from the server. */
  readonly result: string | null;
  /** Winnings paid (not counting the stake returned). */
  readonly won: number;
  /** Commission (vig) paid on the win. */
  readonly commission: number;
  /** The player's change on this wager (null when the settlement was not seen). */
  readonly net: number | null;
}

/**
 * Each wager's payout from the settlement's transfers (R-SETTLE, R-BANK-12..14): what came back
 * to the player, less what the player paid besides the wager, less the wager. Without the
 * transfers (the viewer came after the settlement) a push is 0 and a loss the wager.
 */
export function payouts(round: RoundView, transfers: readonly Transfer[] | null): Payout[] {
  return round.wagers.map((w) => {
    const account = `player:${w.player}`;
    const result = w.result ?? round.results[w.ref]?.result ?? null;
    if (transfers === null) {
      const net = result === "push" ? 0 : result === "lose" || result === "surrender" ? -w.cents : null;
      return { wager: w, result, won: 0, commission: 0, net };
    }
    const mine = transfers.filter((t) => t.ref === w.ref);
    const sum = (ts: readonly Transfer[]) => ts.reduce((s, t) => s + t.cents, 0);
    const back = sum(mine.filter((t) => t.to === account));
    const paid = sum(mine.filter((t) => t.from === account && t.reason !== "wager"));
    const won = sum(mine.filter((t) => t.to === account && !["stake", "push"].includes(t.reason)));
    const commission = sum(mine.filter((t) => t.from === account && ["vig", "collection"].includes(t.reason)));
    return { wager: w, result, won, commission, net: result === null ? null : back - paid - w.cents };
  });
}

/** The net change of each player over the round's settlement (money moved at the wager not
 * counted twice): the sum of the payouts. */
export function netByPlayer(pays: readonly Payout[]): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const p of pays) {
    const before = out.has(p.wager.player) ? out.get(p.wager.player) : 0;
    out.set(p.wager.player, before === null || before === undefined || p.net === null ? null : before + p.net);
  }
  return out;
}

/** The label of a wager kind. */
export function wagerLabel(kind: string, sideBets: TableInfo["side_bets"] | undefined): string {
  if (kind === "main") return "Pai Gow";
  return sideBets?.find((s) => s.kind === kind)?.label ?? KIND_WORDS[kind] ?? kind;
}
