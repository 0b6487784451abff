import { render, screen, within } from "@testing-library/preact";
import type { ComponentChildren } from "preact";
import { describe, expect, it } from "vitest";
import { Session, SessionContext } from "../app/session";
import { formatCents } from "../game/money";
import { FRAMES } from "../generated/frames";
import type { FrameName } from "../generated/frames";
import type { ServerMessage, TableState } from "../protocol";
import { CutForm } from "./Decisions";
import { Felt } from "./Felt";
import { ResultsPanel } from "./RoundPanels";
import { ENGLISH } from "../i18n/i18n";

const signed = (cents: number) => ENGLISH.signed(cents);
import { WagerForm } from "./WagerForm";

/** The table pages fed the frames a real server sent (tests/web_frames.py): what they show is
 * what the frames say, figure for figure; what they offer is what the choices list. */

function stateIn(f: ServerMessage, name: string): TableState {
  if (f.type !== "state" && f.type !== "event") throw new Error(`${name} carries no state`);
  return f.state;
}

function state(name: FrameName): TableState {
  return stateIn(FRAMES[name], name);
}

function withSession(children: ComponentChildren) {
  return <SessionContext.Provider value={new Session()}>{children}</SessionContext.Provider>;
}

const dash = (cents: number) => (cents ? formatCents(cents) : "—");

describe("the results are the statement's, figure for figure", () => {
  for (const name of ["co-settled-alice", "co-settled-bank-alice", "lc-settled-carol", "lc-settled-dave"] as const) {
    it(`shows every line of ${name}`, () => {
      const st = state(name);
      const round = st.round;
      const statement = round?.statement;
      if (!round || !statement) throw new Error("no statement");
      const { container } = render(<ResultsPanel round={round} number={st.rounds} info={null} me={st.you} />);
      for (const w of statement.wagers) {
        const row = container.querySelector(`tr[data-ref="${w.ref}"]`);
        if (!row) throw new Error(`no row for ${w.ref}`);
        const cells = Array.from(row.querySelectorAll("td")).map((c) => c.textContent);
        const fee = statement.wagers.some((x) => x.collection > 0) ? w.collection : w.commission;
        expect(cells.slice(1), w.ref).toEqual([dash(w.won), dash(fee), signed(w.net)]);
        expect(row.querySelector("th")?.textContent).toContain(`(${formatCents(w.stake)})`);
      }
      const mine = statement.players.find((p) => p.player === st.you);
      const headline = screen.getByTestId("headline");
      expect(headline.dataset.net).toBe(String(mine?.net));
      expect(headline.textContent).toContain(mine?.net ? formatCents(Math.abs(mine.net)) : "broke even");
      for (const line of statement.bank?.lines ?? []) {
        const tr = container.querySelector(`[data-testid=bank-lines] tr[data-line="${line.what}"]`);
        expect(tr?.querySelector("td")?.textContent).toBe(signed(line.cents));
      }
      const chips = within(screen.getByTestId("chips-table"));
      for (const p of statement.players) expect(chips.getAllByText(formatCents(p.after)).length).toBeGreaterThan(0);
    });
  }

  it("names the Player-Dealer's hand at Lucky Chances", () => {
    const st = state("lc-settled-dave");
    if (!st.round) throw new Error("no round");
    render(<ResultsPanel round={st.round} number={st.rounds} info={null} me="dave" />);
    expect(screen.getByTestId("bank-hand").textContent).toMatch(/^The Player-Dealer \(carol, seat 1\): /);
  });

  it("gives each seat the statement's net, side bets included", () => {
    const st = state("co-settled-alice");
    const { container } = render(<Felt state={st} info={null} me="alice" />);
    for (const s of st.round?.statement?.spots ?? []) {
      const badge = container.querySelector(`[data-spot="${s.spot}"] .pg-result[data-player="${s.player}"]`);
      expect(badge?.textContent, `${s.spot} ${s.player}`).toContain(signed(s.net));
    }
  });

  it("marks each half's comparison as the server's results give it", () => {
    const st = state("co-settled-alice");
    const { container } = render(<Felt state={st} info={null} me="alice" />);
    const results = Object.values(st.round?.results ?? {}).filter((r) => r.high !== undefined);
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      // a seat's hand (the dealer's own wager against a player bank is the dealer's hand)
      if (!/^\d+$/.test(r.spot ?? "") || st.round?.banker.position === r.spot) continue;
      for (const half of ["high", "low"] as const) {
        const mark = container.querySelector(`[data-spot="${r.spot}"] [data-compare="${half}"]`);
        expect(mark?.getAttribute("data-winner"), `${r.spot} ${half}`).toBe(r[half]);
      }
    }
  });
});

describe("the forms offer the server's choices and nothing else", () => {
  it("offers a Pai Gow wager on exactly the spots the choices list", () => {
    const st = state("lc-wagers-dave");
    const ch = st.choices;
    if (!ch) throw new Error("no choices");
    const player = "player" as const;
    const { container } = render(
      withSession(<WagerForm state={st} info={null} me="dave" role={player} choices={ch} />),
    );
    const offered = Array.from(container.querySelectorAll('form[data-kind="main"] option')).map(
      (o) => (o as HTMLOptionElement).value,
    );
    expect(offered).toEqual(ch.wagers.filter((w) => w.kind === "main").map((w) => w.spot));
    expect(offered).not.toContain(st.round?.banker.position);
  });

  it("offers exactly the cuts the choices list", () => {
    const st = state("co-cut-alice");
    const cuts = st.choices?.cuts ?? [];
    const { container } = render(withSession(<CutForm state={st} cuts={cuts} />));
    const offered = Array.from(container.querySelectorAll("[data-testid=cut-select] option")).map(
      (o) => (o as HTMLOptionElement).value,
    );
    expect(offered.sort()).toEqual([...cuts].sort());
  });
});
