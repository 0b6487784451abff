import { describe, expect, it } from "vitest";
import type { RoundView, TableState, Transfer } from "../protocol";
import { dollarsText, formatCents, parseDollars } from "./money";
import { describeOp } from "./record";
import {
  controller,
  dealOrder,
  decision,
  mySpots,
  netByPlayer,
  payouts,
  ringOrder,
  secondsLeft,
  settlementTransfers,
} from "./table";

function round(over: Partial<RoundView> = {}): RoundView {
  const position = {
    dealt: true,
    collected: false,
    pieces: null,
    set: false,
    setting: null,
    set_by: null,
    exposed_count: 0,
    surrendered: false,
    void: false,
    dead: false,
  };
  return {
    game: "tiles",
    phase: "setting",
    banker: { kind: "house", player: null, position: null },
    seats: { alice: "1", bob: "2" },
    chips: { alice: 10_000, bob: 10_000 },
    house_way: "regulation",
    style: "a",
    dice: [6, 1, 2],
    rng: null,
    start: "2",
    dragons_eye: null,
    wagers: [
      { ref: "w1", player: "alice", spot: "1", kind: "main", cents: 1000, result: null },
      { ref: "w2", player: "bob", spot: "2", kind: "main", cents: 2000, result: null },
      { ref: "w3", player: "alice", spot: "2", kind: "main", cents: 3000, result: null },
    ],
    dealer_wager: 0,
    pd_stake: 0,
    positions: { dealer: position, "1": position, "2": position, "3": { ...position, dealt: false, collected: true } },
    unset: ["1", "2"],
    results: {},
    exposure: [],
    void: null,
    operations: 9,
    ...over,
  };
}

function table(r: RoundView | null, waiting: TableState["waiting"]): TableState {
  return {
    table: "t1",
    seq: 5,
    profile: "generic",
    game: "tiles",
    limits: { min: 500, max: 500_000 },
    seats: { alice: "1", bob: "2" },
    chips: { alice: 10_000, bob: 10_000 },
    rounds: 0,
    round_open: r !== null,
    waiting,
    paused: false,
    held: null,
    you: "alice",
    round: r,
  };
}

describe("the ring and the deal", () => {
  it("orders positions counterclockwise from the dealer and deals from the start (R-DEAL)", () => {
    expect(ringOrder(["3", "dealer", "10", "1", "dead", "2"])).toEqual(["dealer", "1", "2", "3", "10", "dead"]);
    expect(dealOrder(["dealer", "1", "2", "3"], "2")).toEqual(["2", "3", "dealer", "1"]);
    expect(dealOrder(["dealer", "1"], null)).toEqual(["dealer", "1"]);
  });

  it("gives a spot to its seated player, else to the largest stake (R-SET-08)", () => {
    const r = round();
    expect(controller(r, "1")).toBe("alice");
    expect(controller(r, "2")).toBe("bob");
    expect(controller(r, "3")).toBeNull();
    expect(mySpots(r, "alice")).toEqual(["1"]);
    const pd = round({ banker: { kind: "player-dealer", player: "carol", position: "3" } });
    expect(controller(pd, "2")).toBe("alice");
    expect(mySpots(pd, "carol")).toEqual(["3"]);
  });
});

describe("what the table asks of a player", () => {
  it("asks only the players it waits for", () => {
    const setting = table(round(), { key: "r1:setting", for: "setting", who: ["alice"], deadline: 10 });
    expect(decision(setting, "alice")).toEqual({ kind: "setting", spots: ["1"] });
    expect(decision(setting, "bob").kind).toBe("wait");
    expect(decision(setting, null).kind).toBe("sign-in");
    expect(decision(setting, "carol").kind).toBe("sit");
    const offer = table(null, { key: "r1:offer:alice", for: "bank offer", who: ["alice"], deadline: null });
    expect(decision(offer, "alice").kind).toBe("bank-offer");
    const bank = round({ banker: { kind: "player", player: "alice", position: "1" } });
    const wagers = table(bank, { key: "r1:wagers", for: "wagers", who: ["alice", "bob"], deadline: 1 });
    expect(decision(wagers, "alice")).toEqual({ kind: "wagers", role: "bank" });
    expect(decision(wagers, "bob")).toEqual({ kind: "wagers", role: "player" });
  });

  it("counts a window down to zero, never below", () => {
    expect(secondsLeft(100, 95_000)).toBe(5);
    expect(secondsLeft(100, 99_500)).toBe(1);
    expect(secondsLeft(100, 120_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBeNull();
  });
});

describe("payouts from the settlement (R-SETTLE, R-BANK-12..14)", () => {
  const done = round({
    phase: "done",
    wagers: [
      { ref: "w1", player: "alice", spot: "1", kind: "main", cents: 1000, result: "win" },
      { ref: "w2", player: "bob", spot: "2", kind: "main", cents: 2000, result: "lose" },
      { ref: "w3", player: "alice", spot: "1", kind: "pair-fortunes", cents: 500, result: "win" },
      { ref: "w4", player: "bob", spot: "2", kind: "main", cents: 700, result: "push" },
    ],
  });
  const transfers: Transfer[] = [
    { from: "layout", to: "house", cents: 2000, reason: "lose", ref: "w2" },
    { from: "layout", to: "player:bob", cents: 700, reason: "push", ref: "w4" },
    { from: "layout", to: "player:alice", cents: 1000, reason: "stake", ref: "w1" },
    { from: "house", to: "player:alice", cents: 1000, reason: "win", ref: "w1" },
    { from: "player:alice", to: "house", cents: 50, reason: "vig", ref: "w1" },
    { from: "layout", to: "player:alice", cents: 500, reason: "stake", ref: "w3" },
    { from: "house", to: "player:alice", cents: 1500, reason: "Identical Pair 3 to 1", ref: "w3" },
  ];

  it("pays a win less commission, a push nothing, a loss the wager", () => {
    const p = payouts(done, transfers);
    expect(p.map((x) => x.net)).toEqual([950, -2000, 1500, 0]);
    expect(p[0]?.commission).toBe(50);
    expect(p[2]?.won).toBe(1500);
    expect(netByPlayer(p)).toEqual(
      new Map([
        ["alice", 2450],
        ["bob", -2000],
      ]),
    );
  });

  it("without the transfers, knows only pushes and losses", () => {
    expect(payouts(done, null).map((x) => x.net)).toEqual([null, -2000, null, 0]);
  });

  it("finds the settlement among the events of the round only", () => {
    const op = { index: 3, kind: "settle", actor: "dealer", data: { transfers } };
    const log = [
      { seq: 1, action: "settle", round: 1, ops: [op] },
      { seq: 2, action: "begin", round: 2 },
    ];
    expect(settlementTransfers(log, 1)).toHaveLength(transfers.length);
    expect(settlementTransfers(log, 2)).toBeNull();
  });
});

describe("money typed by a person", () => {
  it("reads dollars as people write them and writes them back (round trip on 2,000 amounts)", () => {
    expect(parseDollars("25")).toBe(2500);
    expect(parseDollars("$1,000.5")).toBe(100_050);
    expect(parseDollars(" 0.25 ")).toBe(25);
    for (const bad of ["", "-5", "1.234", "abc", "1,00", "$"]) expect(parseDollars(bad)).toBeNull();
    let x = 7;
    for (let i = 0; i < 2000; i++) {
      x = (x * 48_271) % 2_147_483_647;
      const cents = x % 10_000_000;
      expect(parseDollars(dollarsText(cents))).toBe(cents);
      expect(parseDollars(formatCents(cents))).toBe(cents);
    }
  });
});

describe("the steps of a round in words", () => {
  it("describes every operation kind, with the pieces a viewer may see", () => {
    const kinds = [
      "shuffle",
      "cut",
      "decline_cut",
      "dealer_wager",
      "pd_wager",
      "wager",
      "remove_wager",
      "no_more_bets",
      "style",
      "no_roll",
      "roll",
      "deal",
      "dragons_eye",
      "expose_dealt",
      "dealer_shakes",
      "hand_dead",
      "void_hand",
      "tile_off_table",
      "set",
      "house_way",
      "bank_set",
      "surrender",
      "expose_hand",
      "foul",
      "bet_removed",
      "abandon",
      "settle",
      "void",
    ];
    for (const kind of kinds) {
      const s = describeOp({ index: 0, kind, actor: "player:bot-3", data: {} }, "tiles", (n) => n.toUpperCase());
      expect(s.text.length, kind).toBeGreaterThan(5);
      expect(s.who).toBe("BOT-3");
    }
    const set = describeOp({
      index: 9,
      kind: "set",
      actor: "player:alice",
      data: { spot: "1", high: ["6-6", "4-5"], low: ["1-2", "3-3"] },
    });
    expect(set.pieces).toEqual([
      ["6-6", "4-5"],
      ["1-2", "3-3"],
    ]);
    expect(describeOp({ index: 1, kind: "cut", actor: "bank", data: { cut: "a:3-4:right" } }).text).toBe(
      "cut stacks 3 to 4 to the right end.",
    );
    expect(describeOp({ index: 1, kind: "cut", actor: "bank", data: { cut: "a:5:left" } }).text).toBe(
      "cut stack 5 to the left end.",
    );
    expect(describeOp({ index: 1, kind: "cut", actor: "bank", data: { cut: "card:20" } }).text).toBe(
      "cut the cards at card 20.",
    );
    const roll = describeOp({ index: 5, kind: "roll", actor: "dealer", data: { dice: [6, 1, 2], start: "dealer" } });
    expect(roll.text).toBe("Dice 6 1 2 (total 9): the deal starts at the dealer.");
  });
});
