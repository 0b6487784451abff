import { ENGLISH } from "../i18n/i18n";
import { describe, expect, it } from "vitest";
import { FRAMES } from "../generated/frames";
import type { FrameName } from "../generated/frames";
import type { ServerMessage, TableState } from "../protocol";
import { dollarsText, formatCents, parseDollars } from "./money";
import { describeOp } from "./record";
import { dealOrder, decision, ringOrder, secondsLeft, statementOf } from "./table";

/** The state a recorded frame (tests/web_frames.py: a real server's) brought its viewer. */
function state(name: FrameName): TableState {
  return stateIn(FRAMES[name], name);
}

function stateIn(f: ServerMessage, name: string): TableState {
  if (f.type !== "state" && f.type !== "event") throw new Error(`${name} carries no state`);
  return f.state;
}

describe("the ring and the deal", () => {
  it("orders positions counterclockwise from the dealer and deals from the start (R-DEAL)", () => {
    expect(ringOrder(["3", "dealer", "10", "1", "dead", "2"])).toEqual(["dealer", "1", "2", "3", "10", "dead"]);
    expect(dealOrder(["dealer", "1", "2", "3"], "2")).toEqual(["2", "3", "dealer", "1"]);
    expect(dealOrder(["dealer", "1"], null)).toEqual(["dealer", "1"]);
  });
});

describe("what the table asks of a player: exactly the server's choices", () => {
  it("asks each viewer of the recorded frames what the server's choices say, and nothing else", () => {
    const kinds: Partial<Record<FrameName, string>> = {
      "co-sit-eve": "sit",
      "co-next-round-eve": "next-round",
      "co-wagers-alice": "wagers",
      "co-setting-bob": "setting",
      "co-surrender-bob": "surrender",
      "co-offer-alice": "bank-offer",
      "co-cut-alice": "cut",
      "co-bank-wagers-alice": "wagers",
      "co-style-alice": "style",
      "co-bank-set-alice": "bank-set",
      "lc-offer-carol": "bank-offer",
      "lc-stake-carol": "wagers",
      "lc-wagers-dave": "wagers",
    };
    for (const [name, kind] of Object.entries(kinds) as [FrameName, string][]) {
      const st = state(name);
      expect(decision(st, st.you ?? "eve").kind, name).toBe(kind);
    }
    expect(decision(state("co-settled-watcher"), null).kind).toBe("sign-in");
  });

  it("passes the server's lists on untouched: spots, cuts, styles, bounds (R-WAGER, R-CUT, R-LC-09)", () => {
    const w = decision(state("co-wagers-alice"), "alice");
    expect(w.kind === "wagers" && w.role).toBe("player");
    expect(w.kind === "wagers" && w.choices.wagers).toEqual(state("co-wagers-alice").choices?.wagers);
    const cut = decision(state("co-cut-alice"), "alice");
    expect(cut.kind === "cut" && cut.cuts.length).toBe(175);
    const bank = decision(state("co-bank-wagers-alice"), "alice");
    expect(bank.kind === "wagers" && bank.role).toBe("bank");
    const pd = decision(state("lc-stake-carol"), "carol");
    expect(pd.kind === "wagers" && pd.role).toBe("player-dealer");
    // Lucky Chances kum-kum: every spot the server offers, and never the Player-Dealer's own.
    const kum = decision(state("lc-wagers-dave"), "dave");
    const spots = kum.kind === "wagers" ? kum.choices.wagers.map((x) => x.spot) : [];
    expect(spots).toContain("8");
    expect(spots).not.toContain(state("lc-wagers-dave").round?.banker.position);
  });

  it("says a player seated during a round plays from the next one", () => {
    const d = decision(state("co-next-round-eve"), "eve");
    expect(d).toEqual({ kind: "next-round", seat: "4", round: 2 });
  });

  it("counts a window down to zero, never below", () => {
    expect(secondsLeft(100, 95_000)).toBe(5);
    expect(secondsLeft(100, 99_500)).toBe(1);
    expect(secondsLeft(100, 120_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBeNull();
  });
});

describe("a settled round's money is the server's statement", () => {
  it("reads the statement from a finished round only", () => {
    const st = statementOf(state("co-settled-alice"));
    expect(st?.format).toBe("paigow-statement/1");
    expect(statementOf(state("co-wagers-alice"))).toBeNull();
    // Every player's lines make their net (the server's statement reconciles; nothing is added
    // up here but to check it).
    for (const name of ["co-settled-alice", "co-settled-bank-alice", "lc-settled-carol"] as const) {
      const s = statementOf(state(name));
      for (const p of s?.players ?? []) {
        const lines = (s?.wagers ?? []).filter((x) => x.owner === p.player).reduce((a, x) => a + x.net, 0);
        const bank = s?.bank?.player === p.player ? s.bank.lines.reduce((a, l) => a + l.cents, 0) : 0;
        expect(lines + bank, `${name} ${p.player}`).toBe(p.net);
      }
    }
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
      const s = describeOp(ENGLISH, { index: 0, kind, actor: "player:bot-3", data: {} }, "tiles", (n) =>
        n.toUpperCase(),
      );
      expect(s.text.length, kind).toBeGreaterThan(5);
      expect(s.who).toBe("BOT-3");
    }
    const set = describeOp(ENGLISH, {
      index: 9,
      kind: "set",
      actor: "player:alice",
      data: { spot: "1", high: ["6-6", "4-5"], low: ["1-2", "3-3"] },
    });
    expect(set.pieces).toEqual([
      ["6-6", "4-5"],
      ["1-2", "3-3"],
    ]);
    expect(describeOp(ENGLISH, { index: 1, kind: "cut", actor: "bank", data: { cut: "a:3-4:right" } }).text).toBe(
      "cut stacks 3 to 4 to the right end.",
    );
    expect(describeOp(ENGLISH, { index: 1, kind: "cut", actor: "bank", data: { cut: "a:5:left" } }).text).toBe(
      "cut stack 5 to the left end.",
    );
    expect(describeOp(ENGLISH, { index: 1, kind: "cut", actor: "bank", data: { cut: "card:20" } }).text).toBe(
      "cut the cards at card 20.",
    );
    const roll = describeOp(ENGLISH, {
      index: 5,
      kind: "roll",
      actor: "dealer",
      data: { dice: [6, 1, 2], start: "dealer" },
    });
    expect(roll.text).toBe("Dice 6 1 2 (total 9): the deal starts at the dealer.");
  });
});
