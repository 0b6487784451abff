import { render, screen, waitFor } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { hrefOf, parseRoute } from "../app/router";
import { Session, SessionContext } from "../app/session";
import { Api } from "../net/api";
import { FloorPanel } from "./FloorPanel";
import type { FloorTable } from "./pitApi";
import { PitApi } from "./pitApi";

/** The pit offers what the server's floor says may be done, and nothing else. */

const TABLE: FloorTable = {
  private: null,
  id: "t1",
  name: "t1",
  profile: "generic",
  title: "Generic",
  game: "tiles",
  limits: { min: 500, max: 500000 },
  variations: { pair_fortunes: null, dragons_eye: false, supreme_bonus: false },
  computer_players: 1,
  notes: [],
  seats: { "1": "alice", "2": null, "6": "bot-6" },
  free: ["2"],
  phase: "wagers",
  rounds: 4,
  held: null,
  paused: true,
  advice: true,
  round_open: true,
  pending: { options: { min_wager: 1000 }, by: "boss" },
  offer: { pair_fortunes: [], dragons_eye: false, supreme_bonus: false, computer_players: 5, max_cents: 10 ** 12 },
  can: { pause: false, resume: true, configure: true, close: true, look: false },
};

const PRIVATE = { per_player: 2, idle_minutes: 10, tables: [] };

function apiAnswering(body: unknown, asked: string[] = []): Api {
  return new Api("http://pit.test/", (input) => {
    asked.push(input);
    return Promise.resolve(
      new Response(JSON.stringify(input.endsWith("/api/pit/private-tables") ? PRIVATE : body), { status: 200 }),
    );
  });
}

describe("the pit's routes", () => {
  it("parses and writes the pit's sections", () => {
    expect(parseRoute("#/pit")).toEqual({ page: "pit", section: "floor" });
    expect(parseRoute("#/pit/accounts/alice")).toEqual({ page: "pit", section: "accounts", account: "alice" });
    expect(parseRoute("#/pit/meters/x").page).toBe("not-found");
    expect(parseRoute("#/pit/nowhere").page).toBe("not-found");
    for (const h of ["#/pit/floor", "#/pit/meters", "#/pit/events", "#/pit/accounts/bob"]) {
      expect(hrefOf(parseRoute(h))).toBe(h);
    }
  });
});

describe("the floor", () => {
  it("shows the server's figures and offers only what `can` allows", async () => {
    const api = apiAnswering([TABLE]);
    render(
      <SessionContext.Provider value={new Session(api)}>
        <FloorPanel pit={new PitApi(api)} />
      </SessionContext.Provider>,
    );
    await waitFor(() => {
      expect(screen.getByTestId("floor")).toBeTruthy();
    });
    expect(screen.getByTestId("limits").textContent).toBe("$5.00 – $5,000.00");
    expect(screen.getByTestId("rounds").textContent).toBe("4");
    expect(screen.getByTestId("pending").textContent).toContain("min_wager 1000");
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    expect(screen.getByRole("button", { name: "Resume" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Options…" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Surveillance look" })).toBeNull();
    await waitFor(() => {
      expect(screen.getByTestId("private-cap").textContent).toContain("at most 2 per player");
    });
  });

  it("asks for the floor once, then shows the floor the server pushes", async () => {
    const asked: string[] = [];
    const api = apiAnswering([TABLE], asked);
    const session = new Session(api);
    render(
      <SessionContext.Provider value={session}>
        <FloorPanel pit={new PitApi(api)} />
      </SessionContext.Provider>,
    );
    await waitFor(() => {
      expect(screen.getByTestId("rounds").textContent).toBe("4");
    });
    const floor = { ...TABLE, rounds: 5, paused: false, can: { ...TABLE.can, pause: true, resume: false } };
    session.store.dispatch({ type: "server", message: { type: "floor", tables: [floor] } });
    await waitFor(() => {
      expect(screen.getByTestId("rounds").textContent).toBe("5");
    });
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Resume" })).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect(asked.filter((u) => u.endsWith("/api/pit/floor"))).toHaveLength(1);
  });
});
