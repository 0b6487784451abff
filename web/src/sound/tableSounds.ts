import { useEffect, useRef } from "preact/hooks";
import type { TableEvent, TableState } from "../protocol";
import type { SoundName } from "./sounds";
import { play } from "./sounds";

/**
 * The sound of each new step at the table (nothing for the steps already there when the page
 * opened): the deal, the dice, and the results — a rising chime when the viewer's round nets a
 * gain, a falling one for a loss, one note otherwise. The net is the settlement statement's.
 */
export function soundsOf(events: readonly TableEvent[], state: TableState | null, me: string | null): SoundName[] {
  const out: SoundName[] = [];
  for (const ev of events) {
    for (const op of ev.ops ?? []) {
      if (op.kind === "deal") out.push("deal");
      else if (op.kind === "roll") out.push("dice");
      else if (op.kind === "settle" || op.kind === "void") {
        const net = state?.round?.statement?.players.find((p) => p.player === me)?.net ?? 0;
        out.push(net > 0 ? "win" : net < 0 ? "lose" : "push");
      }
    }
  }
  return out;
}

export function useTableSounds(state: TableState | null, log: readonly TableEvent[], me: string | null): void {
  const heard = useRef<number | null>(null);
  useEffect(() => {
    if (state === null) return;
    const last = log.at(-1)?.seq ?? 0;
    if (heard.current === null) {
      heard.current = last;
      return;
    }
    const since = heard.current;
    const fresh = log.filter((e) => e.seq > since);
    heard.current = Math.max(since, last);
    for (const s of soundsOf(fresh, state, me)) play(s);
  }, [log, state, me]);
}
