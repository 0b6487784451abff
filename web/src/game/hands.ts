/**
 * Two-piece hands and settings, read from tables exported from the engine
 * (`web/src/generated/*.json`, checked identical to the engine by tests/test_web_hand_tables.py).
 * The client never ranks a hand by rules of its own.
 */

import cardTable from "../generated/card-hands.json";
import tileTable from "../generated/tile-hands.json";
import type { CardCode } from "./cards";
import { cardInfo, parseCard } from "./cards";
import type { TileCode } from "./tiles";
import { parseTile } from "./tiles";

export interface HandFacts {
  /** The engine's ranking key: larger is better, equal is a copy. */
  readonly strength: number;
  /** Dense rank among all distinct two-piece hands, 1 = best. */
  readonly rank: number;
  /** The engine's name, e.g. "High wong (Teen + nine)" or "Pair of kings". */
  readonly name: string;
  /** What the hand is, in parts the client names in each language (src/i18n/hands.ts): a tile
   * hand's R-RANK-03 pair rank, or its points and highest tile; a card hand's pair (rank type),
   * face-card hand, or points and highest card. */
  readonly pair?: number | string;
  readonly points?: number;
  readonly top?: string;
  readonly face?: string;
  readonly high?: string;
}

interface Table {
  readonly ranks: number;
  readonly hands: Readonly<Record<string, HandFacts>>;
}

const TILES: Table = tileTable;
const CARDS: Table = cardTable;

/** Number of distinct two-tile hand ranks (the engine's 106). */
export const TILE_HAND_RANKS = TILES.ranks;
/** Number of distinct two-card hand ranks. */
export const CARD_HAND_RANKS = CARDS.ranks;

function lookup(table: Table, key: string): HandFacts {
  const facts = table.hands[key];
  if (!facts) throw new Error(`no such hand: ${key}`);
  return facts;
}

/** The hand of two tiles, in either order. Two copies of a single tile do not exist. */
export function tileHand(a: TileCode, b: TileCode): HandFacts {
  return lookup(TILES, [a, b].sort().join(" "));
}

function rankType(code: CardCode): string {
  const c = cardInfo(code);
  return c.joker ? "Jk" : c.rank;
}

/** The hand of two cards, in either order (suits never rank, R-SPG-02..04). */
export function cardHand(a: CardCode, b: CardCode): HandFacts {
  if (a === b) throw new Error(`a hand cannot hold the same card twice: ${a}`);
  return lookup(CARDS, [rankType(a), rankType(b)].sort().join(" "));
}

export type Piece = TileCode | CardCode;
export type Pair<T> = readonly [T, T];

export interface SettingAssessment {
  readonly high: HandFacts;
  readonly low: HandFacts;
  /** Whether the rules accept this setting. */
  readonly valid: boolean;
  /** Why not: the high hand ranks below the low hand (R-SET-01; a foul in Supreme Pai Gow). */
  readonly problem?: "reversed";
}

export type Evaluator<T extends Piece> = (high: Pair<T>, low: Pair<T>) => SettingAssessment;

function assess(high: HandFacts, low: HandFacts, allowReversed: boolean): SettingAssessment {
  if (allowReversed || high.strength >= low.strength) return { high, low, valid: true };
  return { high, low, valid: false, problem: "reversed" };
}

/**
 * The tile-game evaluator (R-SET-01, AMB-27): the high hand may not rank below the low hand,
 * unless the profile plays hands as set (Lucky Chances: `allowReversed`).
 */
export function tileEvaluator(allowReversed = false): Evaluator<TileCode> {
  return (high, low) => assess(tileHand(...high), tileHand(...low), allowReversed);
}

/** The Supreme Pai Gow evaluator: a high hand ranking below the low hand is a foul (R-SPG-21.2, AMB-41). */
export const cardEvaluator: Evaluator<CardCode> = (high, low) => assess(cardHand(...high), cardHand(...low), false);

/** The hand of two pieces given in notation, or null when they are not one. */
export function handFacts(game: "tiles" | "cards", pieces: readonly string[]): HandFacts | null {
  const [a, b] = pieces;
  if (pieces.length !== 2 || a === undefined || b === undefined) return null;
  try {
    if (game === "tiles") {
      const ta = parseTile(a);
      const tb = parseTile(b);
      return ta && tb ? tileHand(ta, tb) : null;
    }
    const ca = parseCard(a);
    const cb = parseCard(b);
    return ca && cb && ca !== cb ? cardHand(ca, cb) : null;
  } catch {
    return null;
  }
}
