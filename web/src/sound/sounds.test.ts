import { afterEach, describe, expect, it } from "vitest";
import type { TableEvent, TableState } from "../protocol";
import { play, setSoundOn, SOUND_KEY, soundOn, SOUNDS } from "./sounds";
import { soundsOf } from "./tableSounds";

function event(seq: number, ...kinds: string[]): TableEvent {
  return { seq, action: "x", round: 1, ops: kinds.map((kind) => ({ kind }) as never) };
}

function settled(net: number): TableState {
  return { round: { statement: { players: [{ player: "ann", net }] } } } as unknown as TableState;
}

describe("sounds", () => {
  afterEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.soundsPlayed;
  });

  it("is off until the player turns it on, and remembers the choice", () => {
    expect(soundOn()).toBe(false);
    play("deal");
    expect(document.documentElement.dataset.soundsPlayed).toBeUndefined();
    setSoundOn(true);
    expect(localStorage.getItem(SOUND_KEY)).toBe("on");
    expect(soundOn()).toBe(true);
    setSoundOn(false);
    expect(soundOn()).toBe(false);
  });

  it("has short, quiet sounds", () => {
    for (const notes of Object.values(SOUNDS)) {
      for (const n of notes) {
        expect(n.at + n.length).toBeLessThan(0.6);
        expect(n.gain).toBeLessThanOrEqual(0.25);
      }
    }
  });

  it("sounds the deal, the dice and the viewer's result from the settlement statement", () => {
    const events = [event(1, "roll"), event(2, "deal"), event(3, "settle")];
    expect(soundsOf(events, settled(950), "ann")).toEqual(["dice", "deal", "win"]);
    expect(soundsOf(events, settled(-1000), "ann")).toEqual(["dice", "deal", "lose"]);
    expect(soundsOf(events, settled(0), "ann")).toEqual(["dice", "deal", "push"]);
    expect(soundsOf([event(4, "wager", "void")], settled(0), "bob")).toEqual(["push"]);
    expect(soundsOf([event(5, "wager")], null, null)).toEqual([]);
  });
});
