/**
 * The state of a setting in progress: which of the four dealt pieces (by position, since a
 * hand may hold two copies of a tile) lie in the high hand, the low hand, or are still unset.
 * Pure functions, so the panel's behaviour is tested without a browser.
 */

export type Zone = "unset" | "high" | "low";
export type Assignment = readonly Zone[];

export const HAND_SIZE = 2;

export function emptyAssignment(count: number): Assignment {
  return Array.from({ length: count }, () => "unset" as const);
}

export function piecesIn(assignment: Assignment, zone: Zone): number[] {
  return assignment.flatMap((z, i) => (z === zone ? [i] : []));
}

/**
 * When one hand is full and exactly two pieces are left, they can only form the other hand:
 * put them there.
 */
function settle(assignment: Zone[]): Assignment {
  const unset = piecesIn(assignment, "unset");
  if (unset.length !== HAND_SIZE) return assignment;
  const high = piecesIn(assignment, "high").length;
  const low = piecesIn(assignment, "low").length;
  const target: Zone | null = high === HAND_SIZE && low === 0 ? "low" : low === HAND_SIZE && high === 0 ? "high" : null;
  if (target === null) return assignment;
  for (const i of unset) assignment[i] = target;
  return assignment;
}

/**
 * Move piece `index` to `zone`. A full hand makes room by sending its last piece (by deal
 * position) to where the moved piece came from: a swap. Returns a new assignment.
 */
export function move(assignment: Assignment, index: number, zone: Zone): Assignment {
  const from = assignment[index];
  if (from === undefined) throw new Error(`no piece at position ${index}`);
  if (from === zone) return assignment;
  const next = [...assignment];
  if (zone !== "unset") {
    const occupants = piecesIn(next, zone);
    const last = occupants[occupants.length - 1];
    if (occupants.length >= HAND_SIZE && last !== undefined) next[last] = from;
  }
  next[index] = zone;
  return settle(next);
}

/** The click/tap action: an unset piece goes to the first hand with room; a set piece returns. */
export function toggle(assignment: Assignment, index: number): Assignment {
  const from = assignment[index];
  if (from === undefined) throw new Error(`no piece at position ${index}`);
  if (from !== "unset") return move(assignment, index, "unset");
  const highFull = piecesIn(assignment, "high").length >= HAND_SIZE;
  return move(assignment, index, highFull ? "low" : "high");
}

/** Exchange the high and low hands. */
export function swapHands(assignment: Assignment): Assignment {
  return assignment.map((z) => (z === "high" ? "low" : z === "low" ? "high" : z));
}

export function isComplete(assignment: Assignment): boolean {
  return piecesIn(assignment, "high").length === HAND_SIZE && piecesIn(assignment, "low").length === HAND_SIZE;
}

/** The assignment that puts the given positions in the high hand and the rest in the low hand. */
export function fromHigh(count: number, high: readonly number[]): Assignment {
  return Array.from({ length: count }, (_, i): Zone => (high.includes(i) ? "high" : "low"));
}
