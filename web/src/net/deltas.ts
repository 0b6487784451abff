/**
 * Deltas, not states: after its snapshot (`state`) the server sends a table's subscriber only
 * what changed in its projection (`delta`: a numbered patch). The socket keeps each table's
 * last state and applies the patches to it, so the rest of the client sees the whole state as
 * before (an `event` message). A patch is applied only when it is the next frame and fits the
 * state; otherwise the table's state is dropped and the client asks for a snapshot.
 *
 * A patch is a list of changes: `[path, value]` sets the object key or array index at `path`
 * (one past an array's end appends), `[path]` removes it; `path` is a non-empty list of keys
 * (strings) and indices (integers) from the state's root. Nothing here computes a figure: the
 * server's projection is copied, never judged.
 */

import type { DeltaMessage, EventMessage, TableId, TableState } from "../protocol";

export class PatchError extends Error {}

type Json = unknown;
type Container = Record<string, Json> | Json[];

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isContainer(v: Json): v is Container {
  return typeof v === "object" && v !== null;
}

function isIndex(step: Json): step is number {
  return typeof step === "number" && Number.isInteger(step) && step >= 0;
}

function child(parent: Container, step: Json): Json {
  if (Array.isArray(parent)) {
    if (isIndex(step) && step < parent.length) return parent[step];
  } else if (typeof step === "string" && Object.prototype.hasOwnProperty.call(parent, step)) {
    return parent[step];
  }
  throw new PatchError(`no ${JSON.stringify(step)} here`);
}

function change(parent: Container, last: Json, rest: readonly Json[]): void {
  if (Array.isArray(parent)) {
    if (!isIndex(last)) throw new PatchError("an array index is a whole number");
    const n = parent.length;
    if (rest.length === 1 && last < n) parent[last] = rest[0];
    else if (rest.length === 1 && last === n) parent.push(rest[0]);
    else if (rest.length === 0 && last < n) parent.splice(last, 1);
    else throw new PatchError(`index ${String(last)} out of range`);
    return;
  }
  if (typeof last !== "string") throw new PatchError("an object key is a string");
  if (rest.length === 1) {
    parent[last] = rest[0];
  } else if (Object.prototype.hasOwnProperty.call(parent, last)) {
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
    delete parent[last];
  } else {
    throw new PatchError(`no ${last} to remove`);
  }
}

/**
 * `doc` changed by `patch`, as a new object: the containers on each changed path are copied,
 * the rest shared, and `doc` itself is never changed. Throws `PatchError` for a patch that is
 * malformed or does not fit `doc`.
 */
export function applyPatch<T>(doc: T, patch: Json): T {
  if (!isObject(doc) || !Array.isArray(patch)) throw new PatchError("a patch is a list of changes to an object");
  const root: Record<string, Json> = { ...doc };
  const copied = new Set<Json>([root]);
  for (const c of patch) {
    if (!Array.isArray(c) || (c.length !== 1 && c.length !== 2)) throw new PatchError("not a change");
    const path: Json = c[0];
    if (!Array.isArray(path) || path.length === 0) throw new PatchError("not a path");
    let parent: Container = root;
    for (const step of path.slice(0, -1) as Json[]) {
      let next = child(parent, step);
      if (!isContainer(next)) throw new PatchError("nothing to change there");
      if (!copied.has(next)) {
        next = Array.isArray(next) ? [...next] : { ...next };
        copied.add(next);
        if (Array.isArray(parent)) parent[step as number] = next;
        else parent[step as string] = next;
      }
      parent = next as Container;
    }
    change(parent, path[path.length - 1], (c as Json[]).slice(1));
  }
  return root as T;
}

interface Feed {
  readonly n: number;
  readonly state: TableState;
}

/** Each table's last state and frame number, for one connection. */
export class TableFeeds {
  private readonly feeds = new Map<TableId, Feed>();
  private readonly broken = new Set<TableId>();

  /** A snapshot or a whole state: the base of the next delta. */
  base(table: TableId, n: number | undefined, state: TableState): void {
    if (typeof n === "number") this.feeds.set(table, { n, state });
    else this.feeds.delete(table);
  }

  /**
   * A delta as the `event` it amounts to, or null when it cannot be applied (a frame missed,
   * out of order, or a patch that does not fit): the table's state is forgotten and the caller
   * asks for a snapshot.
   */
  apply(m: DeltaMessage): EventMessage | null {
    const feed = this.feeds.get(m.table);
    if (!feed) return null;
    this.feeds.delete(m.table);
    let state: TableState;
    try {
      if (m.n !== feed.n + 1 || !Array.isArray(m.events)) throw new PatchError("not the next frame");
      state = applyPatch(feed.state, m.patch);
    } catch (e) {
      if (!(e instanceof PatchError)) throw e;
      this.broken.add(m.table);
      return null;
    }
    this.feeds.set(m.table, { n: m.n, state });
    return { type: "event", table: m.table, n: m.n, events: m.events, state };
  }

  /** True once after a delta of `table` could not be applied to its state (ask for a snapshot). */
  lost(table: TableId): boolean {
    return this.broken.delete(table);
  }

  forget(table?: TableId): void {
    if (table === undefined) {
      this.feeds.clear();
      this.broken.clear();
    } else {
      this.feeds.delete(table);
      this.broken.delete(table);
    }
  }
}
