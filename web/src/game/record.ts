/**
 * A round's operations in words, for the table's log and the recall view (every step in
 * order): who did what, with the pieces shown where the viewer may see them. The operations are
 * the engine's (docs/table.md), as the service gives them to this viewer.
 */

import { pieceText, piecesText } from "../i18n/cards";
import type { I18n, MessageKey } from "../i18n/i18n";
import { serverText } from "../i18n/serverText";
import type { OperationView, Transfer } from "../protocol";

export interface StepText {
  /** Who acted, in words ("Dealer", "alice", "The bank"). */
  readonly who: string;
  readonly text: string;
  /** Pieces to draw with the step, in groups (a hand, a setting's two hands). */
  readonly pieces: readonly (readonly string[])[];
}

/** Wager kinds in words (side bets of R-PF, R-DE, R-SPG-15). */
const KIND_KEYS: Readonly<Record<string, MessageKey>> = {
  main: "wager.main",
  "pair-fortunes": "wager.pairFortunes",
  "de-odd": "wager.deOdd",
  "de-even": "wager.deEven",
  "de-double": "wager.deDouble",
  "de-triple": "wager.deTriple",
  "de-match": "wager.deMatch",
  "dice-bonus": "wager.diceBonus",
  "supreme-bonus": "wager.supremeBonus",
};

/** A wager kind in words ("Pair Fortunes"), or the kind itself when the catalogue has none. */
export function kindWords(i: I18n, kind: string): string {
  const key = KIND_KEYS[kind];
  return key ? i.t(key) : kind;
}

/** The delivery styles of R-DEAL-04 and the card game's ways to deal (R-SPG-10). */
const STYLE_KEYS: Readonly<Record<string, MessageKey>> = {
  a: "style.a",
  b: "style.b",
  c: "style.c",
  d: "style.d",
  e: "style.e",
  f: "style.f",
  g: "style.g",
  h: "style.h",
  i: "style.i",
  j: "style.j",
  hand: "style.hand",
  "manual-shoe": "style.manualShoe",
  "automated-shoe": "style.automatedShoe",
};

/** A delivery style in words. */
export function styleWords(i: I18n, style: string): string {
  const key = STYLE_KEYS[style];
  return key ? i.t(key) : i.t("style.other", { style });
}

/** A player's name as the table shows it: computer players are "Computer N". */
export function displayName(i: I18n, name: string): string {
  return name.startsWith("bot-") ? i.t("name.computer", { n: name.slice(4) }) : name;
}

/** "player:alice" → "alice"; "dealer" → "Dealer"; "bank" → "The bank". */
export function actorName(i: I18n, actor: string): string {
  if (actor.startsWith("player:")) return actor.slice(7);
  if (actor === "dealer") return i.t("name.dealer");
  if (actor === "bank") return i.t("name.theBank");
  return actor.charAt(0).toUpperCase() + actor.slice(1);
}

/** A ring position in words: "the dealer", "seat 3", "the dead hand". */
export function positionName(i: I18n, pos: string): string {
  return i.t("position", { pos: pos === "dealer" || pos === "dead" ? pos : "seat", seat: pos });
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown): number => (typeof v === "number" ? v : 0);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);

function setting(d: Readonly<Record<string, unknown>>): string[][] {
  const high = list(d.high);
  const low = list(d.low);
  return high.length && low.length ? [high, low] : [];
}

/** A cut in the engine's notation read into its parts: the cutting card (``card:20``), a block
 * of stacks moved to one end (``a:3-4:right``), or part of a block split off (``b:1-4:2>right``). */
type CutParts =
  | { readonly kind: "card"; readonly card: string }
  | { readonly kind: "move"; readonly lo: string; readonly hi: string; readonly end: string }
  | {
      readonly kind: "split";
      readonly from: string;
      readonly to: string;
      readonly lo: string;
      readonly hi: string;
      readonly end: string;
    };

function cutParts(cut: string): CutParts | null {
  const card = /^card:(\d+)$/.exec(cut);
  if (card) return { kind: "card", card: card[1] ?? "" };
  const split = /^b:(\d+)-(\d+):(\d+)(?:-(\d+))?>(right|left)$/.exec(cut);
  if (split) {
    const [, from = "", to = "", lo = "", hi = "none", end = ""] = split;
    return { kind: "split", from, to, lo, hi, end };
  }
  const move = /^a:(\d+)(?:-(\d+))?:(right|left)$/.exec(cut);
  if (move) {
    const [, lo = "", hi = "none", end = ""] = move;
    return { kind: "move", lo, hi, end };
  }
  return null;
}

/** A cut as a choice is offered (R-CUT-02, R-SPG-09): "Stacks 3 to 4 to the right end",
 * "After card 20"; never the engine's notation. */
export function cutLabel(i: I18n, cut: string): string {
  const c = cutParts(cut);
  if (c === null) return i.t("cut.unknown");
  if (c.kind === "card") return i.t("cut.afterCard", { card: c.card });
  if (c.kind === "split") return i.t("cut.split", { from: c.from, to: c.to, lo: c.lo, hi: c.hi, end: c.end });
  return i.t("cut.move", { lo: c.lo, hi: c.hi, end: c.end });
}

/** A cut as a step of the round: "cut stacks 3 to 4 to the right end", "cut the cards at card
 * 20". */
export function cutWords(i: I18n, cut: string): string {
  const c = cutParts(cut);
  if (c?.kind === "card") return i.t("cut.cards", { card: c.card });
  if (c?.kind === "move") return i.t("cut.stacks", { lo: c.lo, hi: c.hi, end: c.end });
  return i.t("cut.other", { cut: cutLabel(i, cut) });
}

/** One operation as a step of the round, in words (``name`` shows a player's name). */
export function describeOp(
  i: I18n,
  op: OperationView,
  noun: "tiles" | "cards" = "tiles",
  name: (player: string) => string = (n) => n,
): StepText {
  const d = op.data;
  const who = name(actorName(i, op.actor));
  const step = (
    key: MessageKey,
    values?: Record<string, string | number>,
    pieces: readonly (readonly string[])[] = [],
  ) => ({
    who,
    text: i.t(key, values),
    pieces,
  });
  const where = (v: unknown) => positionName(i, str(v));
  switch (op.kind) {
    case "shuffle":
      return step("op.shuffle", { noun });
    case "expose_stacking":
      return step("op.exposeStacking", { pieces: piecesText(i, list(d.tiles ?? d.pieces)) }, [
        list(d.tiles ?? d.pieces),
      ]);
    case "cut":
      return step("op.cut", { cut: cutWords(i, str(d.cut)) });
    case "decline_cut":
      return step("op.declineCut");
    case "dealer_wager":
      return step("op.dealerWager", { amount: i.money(num(d.cents)) });
    case "pd_wager":
      return step("op.pdWager", { amount: i.money(num(d.cents)) });
    case "wager": {
      const kind = str(d.kind);
      return step("op.wager", {
        amount: i.money(num(d.cents)),
        spot: str(d.spot),
        kind: kind === "main" ? "main" : "side",
        what: kindWords(i, kind),
      });
    }
    case "remove_wager":
      return step("op.removeWager", { ref: str(d.ref) });
    case "no_more_bets":
      return step("op.noMoreBets");
    case "style":
      return step("op.style", { style: styleWords(i, str(d.style)), chooser: str(d.chooser) || "dealer" });
    case "no_roll":
      return step("op.noRoll");
    case "roll": {
      const dice = Array.isArray(d.dice) ? d.dice.map(num) : [];
      const start = where(d.start);
      if (dice.length) {
        const total = dice.reduce((a, b) => a + b, 0);
        return step("op.roll", { dice: dice.join(" "), total, start });
      }
      return step("op.rng", { rng: str(d.rng), start });
    }
    case "deal": {
      const hands = (d.hands ?? {}) as Readonly<Record<string, unknown>>;
      const shown = Object.entries(hands).map(([p, t]) => [p, list(t)] as const);
      const collected = list(d.collected);
      // A hand collected unexposed at the table is still shown to a viewer who sees every hand
      // (the operator, once the round is done): said once, as collected and shown here.
      const played = shown.filter(([p]) => !collected.includes(p));
      const seen = collected.filter((p) => shown.some(([q]) => q === p));
      return step(
        "op.deal",
        {
          noun,
          shown: played.length ? i.list(played.map(([p]) => positionName(i, p))) : "none",
          collected: collected.length ? i.list(collected.map((p) => positionName(i, p))) : "none",
          seen:
            seen.length === 0
              ? "none"
              : seen.length === collected.length
                ? "all"
                : i.list(seen.map((p) => positionName(i, p))),
        },
        shown.map(([, t]) => t),
      );
    }
    case "face_up_in_shoe":
      return step("op.faceUpInShoe", { card: pieceText(i, str(d.card)) }, [[str(d.card)]]);
    case "stub_count":
      return step("op.stubCount", { cards: num(d.cards) });
    case "dragons_eye":
      return step("op.dragonsEye", { button: num(d.button), triple: d.triple === true ? "yes" : "no" });
    case "expose_dealt":
      return step("op.exposeDealt", { count: num(d.count) || 1, noun, position: where(d.position) });
    case "dealer_shakes":
      return step("op.dealerShakes", { player: name(str(d.player)) });
    case "hand_dead":
      return step("op.handDead", { position: where(d.position) });
    case "void_hand":
      return step("op.voidHand", { spot: str(d.spot) });
    case "tile_off_table":
      return step("op.pieceOffTable", { noun, position: where(d.position) });
    case "set":
      return step("op.set", { spot: str(d.spot) }, setting(d));
    case "house_way":
      return step("op.houseWay", { spot: str(d.spot) }, setting(d));
    case "bank_set":
      return step("op.bankSet", { by: str(d.by) === "house way" ? "house" : "bank" }, setting(d));
    case "reset_to_house_way":
      return step("op.resetToHouseWay", {}, setting(d));
    case "surrender":
      return step("op.surrender", { spot: str(d.spot) });
    case "expose_hand":
      return step("op.exposeHand", { spot: str(d.spot) });
    case "foul":
      return step("op.foul", { spot: str(d.spot) });
    case "bet_removed":
      return step("op.betRemoved", { ref: str(d.ref) });
    case "abandon":
      return step("op.abandon", { player: name(str(d.player)) });
    case "settle":
      return step("op.settle");
    case "void":
      return step("op.void", { reason: serverText(i, str(d.reason)) });
    default:
      return step("op.other", { kind: op.kind.replace(/_/g, " ") });
  }
}

/** An account of a transfer in words: a player by name, the house, the layout, the centre, the
 * bank. */
function accountWords(i: I18n, account: string): string {
  if (account.startsWith("player:")) return displayName(i, account.slice(7));
  return i.t("transfer.account", { account });
}

/** A transfer in words: "house → alice $9.50 (win)" (``reason``: the reason in words). */
export function transferText(i: I18n, t: Transfer, reason: (why: string) => string = (why) => why): string {
  return i.t("transfer", {
    from: accountWords(i, t.from),
    to: accountWords(i, t.to),
    amount: i.money(t.cents),
    reason: reason(t.reason),
  });
}
