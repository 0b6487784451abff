/**
 * The service's HTTP API (docs/service.md, docs/web.md), typed by the generated views. Paths are
 * relative to the page, so the client also works when the service is served under a prefix; the
 * session is the service's HttpOnly cookie, sent with every request of the same origin.
 */

import type {
  Advice,
  LobbyTable,
  Me,
  MyPrivateTables,
  PrivateFound,
  PrivateOpened,
  Protection,
  ProfileRules,
  ProfileSummary,
  RecalledRound,
  SessionInfo,
  TableInfo,
  TableServer,
  TableState,
  TrainerAnswer,
  TrainerProblem,
  TrainerProfiles,
  TrainerStats,
  TutorialDeal,
  TutorialRound,
} from "../protocol";
import type { Said } from "../i18n/said";

/** A refusal from the service, with its reason (the service's words, or the client's own). */
export class ApiError extends Error {
  readonly status: number;
  readonly said: Said;
  constructor(status: number, said: Said) {
    super("key" in said ? said.key : said.server);
    this.name = "ApiError";
    this.status = status;
    this.said = said;
  }
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

function detail(body: unknown, status: number): Said {
  if (status === 0) return { key: "error.unreachable" };
  if (typeof body === "object" && body !== null && "detail" in body) {
    const d = body.detail;
    if (typeof d === "string") return { server: d, fallback: status === 429 ? "error.busy" : "error.refused" };
    if (Array.isArray(d) && d.length > 0) {
      const first = d[0] as { loc?: unknown };
      const where = Array.isArray(first.loc) ? first.loc.slice(1).join(".") : "";
      return { key: "error.invalid", values: { field: where } };
    }
  }
  return { key: "error.status", values: { status } };
}

export class Api {
  constructor(
    private readonly base: string = document.baseURI,
    private readonly fetcher: Fetch = (input, init) => fetch(input, init),
  ) {}

  /** Where a table's own requests go (null: the site's one address). */
  private owner: ((table: string) => Promise<string | null>) | null = null;

  url(path: string): string {
    return new URL(path, this.base).toString();
  }

  /**
   * Send a table's own requests (its state, rules, advice, history) to the process that runs
   * it, at the base `locate` gives (./owner.ts); when that process does not answer, or no longer
   * has the table, to the site's one address.
   */
  routeTables(locate: (table: string) => Promise<string | null>): void {
    this.owner = locate;
  }

  async request<T>(method: string, path: string, body?: unknown, base?: string): Promise<T> {
    let response: Response;
    try {
      response = await this.fetcher(new URL(path, base ?? this.base).toString(), {
        method,
        credentials: "same-origin",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new ApiError(0, detail(null, 0));
    }
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok) throw new ApiError(response.status, detail(data, response.status));
    return data as T;
  }

  register(name: string, password: string) {
    return this.request<{ name: string; role: string }>("POST", "api/register", { name, password });
  }
  login(name: string, password: string) {
    return this.request<{ name: string; role: string; expires: string }>("POST", "api/login", { name, password });
  }
  logout() {
    return this.request<unknown>("POST", "api/logout");
  }
  /** The signed-in account, or null when signed out. */
  async me(): Promise<Me | null> {
    return (await this.request<SessionInfo>("GET", "api/session")).me;
  }
  lobby() {
    return this.request<LobbyTable[]>("GET", "api/tables");
  }
  /** A GET about one table, at its process when known (see {@link routeTables}). */
  private async atTable<T>(table: string, path: string): Promise<T> {
    const base = this.owner === null ? null : await this.owner(table).catch(() => null);
    if (base !== null) {
      try {
        return await this.request<T>("GET", path, undefined, base);
      } catch (e) {
        const moved = e instanceof ApiError && (e.status === 0 || e.status === 404 || e.status >= 500);
        if (!moved) throw e;
      }
    }
    return this.request<T>("GET", path);
  }
  /** Where a table's clients connect: the process that runs it and its address (./owner.ts). */
  server(id: string) {
    return this.request<TableServer>("GET", `api/tables/${encodeURIComponent(id)}/server`);
  }
  table(id: string) {
    return this.atTable<TableState>(id, `api/tables/${encodeURIComponent(id)}`);
  }
  info(id: string) {
    return this.atTable<TableInfo>(id, `api/tables/${encodeURIComponent(id)}/info`);
  }
  advice(id: string, spot: string) {
    return this.atTable<Advice>(id, `api/tables/${encodeURIComponent(id)}/advice/${encodeURIComponent(spot)}`);
  }
  history(id: string) {
    return this.atTable<RecalledRound[]>(id, `api/tables/${encodeURIComponent(id)}/history`);
  }
  /** Any stored round of a table, whole (operators: the pit). */
  round(id: string, round: number) {
    return this.request<RecalledRound>("GET", `api/pit/tables/${encodeURIComponent(id)}/rounds/${round}`);
  }
  myRounds() {
    return this.request<RecalledRound[]>("GET", "api/me/rounds");
  }
  rules() {
    return this.request<ProfileSummary[]>("GET", "api/rules");
  }
  profileRules(profile: string) {
    return this.request<ProfileRules>("GET", `api/rules/${encodeURIComponent(profile)}`);
  }
  /** The tutorial's practice round: four tiles of deal `deal` (a new deal when null). */
  tutorialDeal(deal: number | null) {
    return this.request<TutorialDeal>("POST", "api/tutorial/deal", { deal });
  }
  /** That deal played against the dealer: a setting, or the house way's. */
  tutorialPlay(
    deal: number,
    setting: { readonly high: readonly string[]; readonly low: readonly string[] } | "house-way",
  ) {
    const body = setting === "house-way" ? { deal, house_way: true } : { deal, high: setting.high, low: setting.low };
    return this.request<TutorialRound>("POST", "api/tutorial/play", body);
  }
  trainerProfiles() {
    return this.request<TrainerProfiles>("GET", "api/trainer/profiles");
  }
  deal(profile: string, drill: string) {
    return this.request<TrainerProblem>("POST", "api/trainer/deal", { profile, drill });
  }
  answer(problem: TrainerProblem, high: readonly string[], low: readonly string[]) {
    return this.request<TrainerAnswer>("POST", "api/trainer/answer", {
      profile: problem.profile,
      pieces: problem.pieces,
      drill: problem.drill,
      high,
      low,
    });
  }
  trainerStats(profile: string) {
    return this.request<{ profile: string; stats: TrainerStats }>(
      "GET",
      `api/trainer/stats?profile=${encodeURIComponent(profile)}`,
    );
  }

  /** The sign-up grant a new account registered now from this address would get (cents). */
  async signupGrant(): Promise<number | null> {
    return (await this.request<SessionInfo>("GET", "api/session")).signup_grant ?? null;
  }
  mutes() {
    return this.request<{ muted: string[] }>("GET", "api/me/mutes");
  }
  mute(player: string, mute: boolean) {
    return this.request<{ muted: string[] }>("POST", "api/me/mutes", { player, mute });
  }
  /** An operator deletes a chat message. */
  deleteChat(table: string, id: number) {
    return this.request<unknown>("POST", `api/tables/${encodeURIComponent(table)}/chat/${id}/delete`);
  }

  /** A private table of the player's own (docs/service.md, "Private tables"). */
  openPrivate(body: {
    profile: string;
    name?: string;
    min_wager?: number;
    max_wager?: number;
    invitation_only: boolean;
    pair_fortunes?: string;
    dragons_eye?: boolean;
    supreme_bonus?: boolean;
    computer_players?: number;
  }) {
    return this.request<PrivateOpened>("POST", "api/private-tables", body);
  }
  myPrivateTables() {
    return this.request<MyPrivateTables>("GET", "api/me/private-tables");
  }
  /** The open private table a share code names. */
  findPrivate(code: string) {
    return this.request<PrivateFound>("GET", `api/private-tables/${encodeURIComponent(code)}`);
  }
  /** The player's protection (docs/service.md, "Player protection"). */
  protection() {
    return this.request<Protection>("GET", "api/me/protection");
  }
  setLimit(cents: number | null) {
    return this.request<Protection>("POST", "api/me/protection/limit", { cents });
  }
  setReminder(minutes: number | null) {
    return this.request<Protection>("POST", "api/me/protection/reminder", { minutes });
  }
  exclude(days: number) {
    return this.request<Protection>("POST", "api/me/protection/exclude", { days });
  }

  /** The websocket URL of `path` (ws: or wss: as the page). */
  socketUrl(path: string): string {
    const u = new URL(path, this.base);
    u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
    return u.toString();
  }
}
