import { fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { Session, SessionContext } from "../app/session";
import { Api } from "../net/api";
import { AccountsPanel } from "./AccountsPanel";
import type { AccountDetail } from "./pitApi";
import { PitApi } from "./pitApi";

/**
 * The pit's wallet adjustment sends an idempotency key: one per intended adjustment, the same
 * on a retry after a lost answer (the server then moves nothing again), a new one for the next.
 */

const ALICE: AccountDetail = {
  name: "alice",
  role: "player",
  created_at: null,
  suspended_at: null,
  surveillance: false,
  protection: {
    daily_limit: null,
    pending: null,
    spent_today: 0,
    left_today: null,
    reminder_minutes: null,
    excluded_until: null,
    bound: null,
  },
  bindings: { payment_id: null, devices: 0, addresses: [], bound: [] },
  wallet: 100_000,
  ledger: [],
  sessions: [],
  seats: {},
  connected: false,
  rounds: [],
};

interface Sent {
  readonly cents: number;
  readonly reason: string;
  readonly key: string;
}

/** A server whose adjust route answers as `answers` says, in turn (an Error: the answer is lost). */
function server(answers: (number | Error)[]): { api: Api; sent: Sent[] } {
  const sent: Sent[] = [];
  const api = new Api("http://pit.test/", (input, init) => {
    if (input.endsWith("/adjust")) {
      sent.push(JSON.parse(typeof init?.body === "string" ? init.body : "null") as Sent);
      const answer = answers.shift() ?? 200;
      if (answer instanceof Error) return Promise.reject(answer);
      const body = answer === 200 ? { name: "alice", wallet: 101_234, event: 1 } : { detail: "refused" };
      return Promise.resolve(new Response(JSON.stringify(body), { status: answer }));
    }
    const body = input.includes("/api/pit/accounts/alice") ? ALICE : [];
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  return { api, sent };
}

/** The form's field `name`. */
function field(form: HTMLElement, name: string): HTMLInputElement {
  const found = form.querySelector<HTMLInputElement>(`input[name=${name}]`);
  if (found === null) throw new Error(`no field ${name}`);
  return found;
}

async function adjust(amount: string, reason: string): Promise<void> {
  const form = await screen.findByRole("form", { name: "Adjust the wallet" });
  fireEvent.input(field(form, "amount"), { target: { value: amount } });
  fireEvent.input(field(form, "reason"), { target: { value: reason } });
  const button = screen.getByRole<HTMLButtonElement>("button", { name: "Adjust" });
  await waitFor(() => {
    expect(button.disabled).toBe(false);
  });
  fireEvent.click(button);
}

describe("the wallet adjustment", () => {
  it("sends one key per adjustment, the same on a retry", async () => {
    const { api, sent } = server([new Error("connection lost"), 200, 200, 409, 200]);
    render(
      <SessionContext.Provider value={new Session(api)}>
        <AccountsPanel pit={new PitApi(api)} account="alice" />
      </SessionContext.Provider>,
    );
    await adjust("12.34", "goodwill  for a slow table");
    await waitFor(() => {
      expect(sent.length).toBe(1);
    });
    await adjust("12.34", "goodwill  for a slow table"); // the retry: the same adjustment
    await waitFor(() => {
      expect(sent.length).toBe(2);
    });
    expect(sent[0]).toEqual({ cents: 1234, reason: "goodwill for a slow table", key: sent[0]?.key });
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    await adjust("5", "a second goodwill credit"); // answered: the next is a new adjustment
    await waitFor(() => {
      expect(sent.length).toBe(3);
    });
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
    await adjust("6", "a third credit, refused"); // refused as it stands (409): a new key after
    await waitFor(() => {
      expect(sent.length).toBe(4);
    });
    await adjust("6", "a third credit, refused");
    await waitFor(() => {
      expect(sent.length).toBe(5);
    });
    expect(new Set(sent.slice(2).map((s) => s.key)).size).toBe(3);
  });

  it("asks for a reason of at least 8 characters", async () => {
    const { api } = server([]);
    render(
      <SessionContext.Provider value={new Session(api)}>
        <AccountsPanel pit={new PitApi(api)} account="alice" />
      </SessionContext.Provider>,
    );
    const form = await screen.findByRole("form", { name: "Adjust the wallet" });
    fireEvent.input(field(form, "amount"), { target: { value: "1" } });
    fireEvent.input(field(form, "reason"), { target: { value: "  a  b  c " } });
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Adjust" }).disabled).toBe(true);
  });
});
