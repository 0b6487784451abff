/**
 * A round's operations in words, for the table's log and the recall view (every step in
 * order): who did what, with the pieces shown where the viewer may see them. The operations are
 * the engine's (docs/table.md), as the service gives them to this viewer.
 */

import type { OperationView, Transfer } from "../protocol";
import { formatCents } from "./money";

export interface StepText {
  /** Who acted, in words ("Dealer", "alice", "The bank"). */
  readonly who: string;
  readonly text: string;
  /** Pieces to draw with the step, in groups (a hand, a setting's two hands). */
  readonly pieces: readonly (readonly string[])[];
}

/** Wager kinds in words (side bets of R-PF, R-DE, R-SPG-15). */
export const KIND_WORDS: Readonly<Record<string, string>> = {
  main: "Pai Gow",
  "pair-fortunes": "Pair Fortunes",
  "de-odd": "Dragon's Eye odd",
  "de-even": "Dragon's Eye even",
  "de-double": "Dragon's Eye double",
  "de-triple": "Dragon's Eye triple",
  "de-match": "Dragon's Eye match",
  "dice-bonus": "dice bonus",
  "supreme-bonus": "bonus",
};

const STYLE_NAMES: Readonly<Record<string, string>> = {
  a: "style (a): house way from the right",
  b: "style (b): house way from the left",
  c: "style (c): cup say from the right",
  d: "style (d): cup say from the left",
  e: "style (e): jung quat",
  f: "style (f): chee yee",
  g: "style (g): pin say from the right",
  h: "style (h): pin say from the left",
  i: "style (i): dragon head and phoenix tail from the right",
  j: "style (j): dragon head and phoenix tail from the left",
  hand: "dealt by hand",
  "manual-shoe": "from a manual shoe",
  "automated-shoe": "from an automated shoe",
};

/** A player's name as the table shows it: computer players are "Computer N". */
export function displayName(name: string): string {
  return name.startsWith("bot-") ? `Computer ${name.slice(4)}` : name;
}

/** "player:alice" → "alice"; "dealer" → "Dealer"; "bank" → "The bank". */
export function actorName(actor: string): string {
  if (actor.startsWith("player:")) return actor.slice(7);
  if (actor === "dealer") return "Dealer";
  if (actor === "bank") return "The bank";
  return actor.charAt(0).toUpperCase() + actor.slice(1);
}

/** A ring position in words: "the dealer", "seat 3", "the dead hand". */
export function positionName(pos: string): string {
  if (pos === "dealer") return "the dealer";
  if (pos === "dead") return "the dead hand";
  return `seat ${pos}`;
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown): number => (typeof v === "number" ? v : 0);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);

function setting(d: Readonly<Record<string, unknown>>): string[][] {
  const high = list(d.high);
  const low = list(d.low);
  return high.length && low.length ? [high, low] : [];
}

/** A cut in words: ``a:3-4:right`` → "cut stacks 3 to 4 to the right end"; ``card:20``. */
export function cutWords(cut: string): string {
  const parts = cut.split(":");
  if (parts[0] === "card" && parts.length === 2) return `cut the cards at card ${parts[1] ?? ""}`;
  if (parts.length === 3) {
    const [lo, hi] = (parts[1] ?? "").split("-");
    const which = hi === undefined ? `stack ${lo ?? ""}` : `stacks ${lo ?? ""} to ${hi}`;
    return `cut ${which} to the ${parts[2] ?? ""} end`;
  }
  return `cut the stacks: ${cut}`;
}

/** One operation as a step of the round, in words (``name`` shows a player's name). */
export function describeOp(
  op: OperationView,
  noun: "tiles" | "cards" = "tiles",
  name: (player: string) => string = (n) => n,
): StepText {
  const d = op.data;
  const who = name(actorName(op.actor));
  const step = (text: string, pieces: readonly (readonly string[])[] = []): StepText => ({ who, text, pieces });
  switch (op.kind) {
    case "shuffle":
      return step(noun === "tiles" ? "Washed the tiles and built the stacks." : "Shuffled the cards.");
    case "expose_stacking":
      return step(`Exposed while stacking: ${list(d.tiles ?? d.pieces).join(" ")}.`, [list(d.tiles ?? d.pieces)]);
    case "cut":
      return step(`${cutWords(str(d.cut))}.`);
    case "decline_cut":
      return step("did not cut.");
    case "dealer_wager":
      return step(`The dealer's wager against the bank: ${formatCents(num(d.cents))}.`);
    case "pd_wager":
      return step(`The Player-Dealer's stake: ${formatCents(num(d.cents))}.`);
    case "wager": {
      const kind = str(d.kind);
      const what = kind === "main" ? "" : ` (${KIND_WORDS[kind] ?? kind})`;
      return step(`wagered ${formatCents(num(d.cents))} on seat ${str(d.spot)}${what}.`);
    }
    case "remove_wager":
      return step(`took back wager ${str(d.ref)}.`);
    case "no_more_bets":
      return step("No more bets.");
    case "style": {
      const s = str(d.style);
      return step(`Delivery ${STYLE_NAMES[s] ?? `style ${s}`}, chosen by the ${str(d.chooser) || "dealer"}.`);
    }
    case "no_roll":
      return step("No roll: the dice are shaken again.");
    case "roll": {
      const dice = Array.isArray(d.dice) ? d.dice.map(num) : [];
      const start = positionName(str(d.start));
      if (dice.length) {
        const total = dice.reduce((a, b) => a + b, 0);
        return step(`Dice ${dice.join(" ")} (total ${total}): the deal starts at ${start}.`);
      }
      return step(`Random number ${str(d.rng)}: the deal starts at ${start}.`);
    }
    case "deal": {
      const hands = (d.hands ?? {}) as Readonly<Record<string, unknown>>;
      const shown = Object.entries(hands).map(([p, t]) => [p, list(t)] as const);
      const collected = list(d.collected);
      const parts = [`Dealt the ${noun}`];
      if (shown.length) parts.push(`: ${shown.map(([p]) => positionName(p)).join(", ")} shown here`);
      if (collected.length) parts.push(`; collected unexposed: ${collected.map(positionName).join(", ")}`);
      return step(
        `${parts.join("")}.`,
        shown.map(([, t]) => t),
      );
    }
    case "face_up_in_shoe":
      return step(`A card found face up in the shoe, not used: ${str(d.card)}.`, [[str(d.card)]]);
    case "stub_count":
      return step(`The stub counted: ${num(d.cards)} cards.`);
    case "dragons_eye": {
      const triple = d.triple === true ? ", a triple" : "";
      return step(`Dragon's Eye: the button goes to seat ${num(d.button)}${triple}.`);
    }
    case "expose_dealt":
      return step(`${num(d.count) || 1} of the ${noun} of ${positionName(str(d.position))} exposed by the dealer.`);
    case "dealer_shakes":
      return step(`The dealer shakes the dice for ${name(str(d.player))}.`);
    case "hand_dead":
      return step(`The hand of ${positionName(str(d.position))} is dead: two or more exposed, its bets returned.`);
    case "void_hand":
      return step(`voided the hand of seat ${str(d.spot)}: its wager is returned.`);
    case "tile_off_table":
      return step(`A ${noun === "tiles" ? "tile" : "card"} of ${positionName(str(d.position))} left the table.`);
    case "set":
      return step(`set seat ${str(d.spot)}.`, setting(d));
    case "house_way":
      return step(`Seat ${str(d.spot)} set by the house way.`, setting(d));
    case "bank_set":
      return step(`The bank's hand set${str(d.by) === "house way" ? " by the house way" : ""}.`, setting(d));
    case "reset_to_house_way":
      return step("The bank's hand was mis-set and reset to the house way.", setting(d));
    case "surrender":
      return step(`surrendered seat ${str(d.spot)}.`);
    case "expose_hand":
      return step(`The dealer exposed the hands of seat ${str(d.spot)}.`);
    case "foul":
      return step(`The hand of seat ${str(d.spot)} is fouled.`);
    case "bet_removed":
      return step(`Bet ${str(d.ref)} was taken off the layout.`);
    case "abandon":
      return step(`${name(str(d.player))} left during the round: their wagers lose.`);
    case "settle":
      return step("Every hand in action exposed and settled.");
    case "void":
      return step(`The round is void (${str(d.reason)}): every wager returned.`);
    default:
      return step(op.kind.replace(/_/g, " "));
  }
}

/** A transfer in words: "house → alice $9.50 (win)". */
export function transferText(t: Transfer): string {
  const name = (a: string) => (a.startsWith("player:") ? a.slice(7) : a);
  return `${name(t.from)} → ${name(t.to)} ${formatCents(t.cents)} (${t.reason})`;
}
