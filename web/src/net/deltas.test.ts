import { describe, expect, it } from "vitest";
import { PatchError, applyPatch } from "./deltas";

/** A small seeded generator (the same cases every run). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

type Json = null | boolean | number | string | Json[] | JsonObject;
interface JsonObject {
  [k: string]: Json;
}

function value(r: () => number, depth: number): Json {
  const k = Math.floor(r() * (depth > 2 ? 4 : 6));
  if (k === 0) return null;
  if (k === 1) return r() < 0.5;
  if (k === 2) return Math.floor(r() * 10);
  if (k === 3) return "abc"[Math.floor(r() * 3)] ?? "a";
  if (k === 4) return Array.from({ length: Math.floor(r() * 3) }, () => value(r, depth + 1));
  return object(r, depth + 1);
}

function object(r: () => number, depth: number): JsonObject {
  const out: JsonObject = {};
  for (const key of "abcd") if (r() < 0.5) out[key] = value(r, depth);
  return out;
}

/** A random change that fits `doc`, made on `mine` (a deep copy) the slow obvious way. */
function randomChange(r: () => number, mine: JsonObject): unknown[] {
  const doc = mine;
  const path: (string | number)[] = [];
  let here: Json[] | JsonObject = doc;
  let copy: Json = mine;
  for (;;) {
    const keys: (string | number)[] = Array.isArray(here) ? here.map((_v, i) => i) : Object.keys(here);
    const stop = keys.length === 0 || r() < 0.4;
    if (stop) {
      const container = copy as Json[] | JsonObject;
      const v = value(r, 2);
      if (Array.isArray(container)) {
        const i = Math.floor(r() * (container.length + 1));
        if (i < container.length && r() < 0.3) {
          container.splice(i, 1);
          return [[...path, i]];
        }
        if (i === container.length) container.push(v);
        else container[i] = v;
        return [[...path, i], v];
      }
      const key = "abcdef"[Math.floor(r() * 6)] ?? "a";
      if (key in container && r() < 0.3) {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
        delete container[key];
        return [[...path, key]];
      }
      container[key] = v;
      return [[...path, key], v];
    }
    const step = keys[Math.floor(r() * keys.length)] ?? 0;
    const next: Json = Array.isArray(here) ? (here[step as number] ?? null) : (here[step as string] ?? null);
    if (next === null || typeof next !== "object") {
      path.length = 0;
      here = doc;
      copy = mine;
      continue;
    }
    path.push(step);
    here = next;
    copy = Array.isArray(copy) ? (copy[step as number] ?? null) : ((copy as JsonObject)[step as string] ?? null);
  }
}

describe("applyPatch", () => {
  it("gives what the changes made one by one give, and never changes the state it is given", () => {
    const r = lcg(19);
    for (let trial = 0; trial < 500; trial++) {
      const doc = object(r, 0);
      doc.a = { b: [1, { c: 2 }], d: "x" };
      const before = JSON.stringify(doc);
      const mine = structuredClone(doc);
      const patch: unknown[] = [];
      const n = 1 + Math.floor(r() * 4);
      for (let i = 0; i < n; i++) patch.push(JSON.parse(JSON.stringify(randomChange(r, mine))));
      expect(applyPatch(doc, patch)).toEqual(mine);
      expect(JSON.stringify(doc)).toBe(before);
    }
  });

  it("refuses a patch that is malformed or does not fit", () => {
    const doc = { a: [1, 2], b: { c: 1 } };
    const junk: unknown[] = [
      "x",
      null,
      [1],
      [[]],
      [[[]]],
      [[["a", 3], 1]],
      [[["a", -1], 1]],
      [[["a", 1.5], 1]],
      [[["a", "0"], 1]],
      [[["b", 0], 1]],
      [[["z", "q"], 1]],
      [[["z"]]],
      [[["a", 2]]],
      [[["b", "c", "d"], 1]],
      [[["b"], 1, 2]],
    ];
    for (const p of junk) {
      expect(() => applyPatch(doc, p), JSON.stringify(p)).toThrow(PatchError);
    }
    expect(doc).toEqual({ a: [1, 2], b: { c: 1 } });
  });
});
