/**
 * The pit's routes (docs/service.md, "The pit"): the operator's console asks the service for
 * everything it shows and for what may be done; it computes no money and no legality.
 */

import type { Api } from "../net/api";
import type { LobbyTable, Protection } from "../protocol";

/** The options a table of a profile may have (the page offers only these). */
export interface Offer {
  readonly pair_fortunes: readonly string[];
  readonly dragons_eye: boolean;
  readonly supreme_bonus: boolean;
  readonly computer_players: number;
  readonly max_cents: number;
}

export interface FloorTable extends LobbyTable {
  /** The floor shows the tables of the process asked, whose phase and round count it knows. */
  readonly phase: string;
  readonly rounds: number;
  readonly paused: boolean;
  readonly advice: boolean;
  readonly round_open: boolean;
  readonly pending: { readonly options: Readonly<Record<string, unknown>>; readonly by: string } | null;
  readonly offer: Offer;
  readonly can: {
    readonly pause: boolean;
    readonly resume: boolean;
    readonly configure: boolean;
    readonly close: boolean;
    readonly look: boolean;
  };
}

export interface PitProfile {
  readonly name: string;
  readonly title: string;
  readonly positions: number;
  readonly limits: { readonly min: number; readonly max: number };
  readonly offer: Offer;
}

/** A change of options: only those given change (`pair_fortunes: ""` withdraws the side bet). */
export interface Configure {
  min_wager?: number;
  max_wager?: number;
  advice?: boolean;
  pair_fortunes?: string;
  dragons_eye?: boolean;
  supreme_bonus?: boolean;
  computer_players?: number;
}

export interface OpenTable extends Omit<Configure, "pair_fortunes"> {
  id: string;
  profile: string;
  pair_fortunes?: string | null;
}

/** A surveillance look: every dealt hand of the open round (each look is in the event log). */
export interface Look {
  readonly table: string;
  readonly round: number;
  readonly hands: Readonly<Record<string, readonly string[] | null>>;
  readonly event: number;
}

export interface AccountRow {
  readonly name: string;
  readonly role: string;
  readonly created_at: string | null;
  readonly suspended: boolean;
  readonly wallet: number;
}

export interface LedgerLine {
  readonly id: number;
  readonly at: string | null;
  readonly table: string | null;
  readonly other: string;
  readonly cents: number;
  readonly reason: string;
}

export interface SessionRow {
  readonly id: string;
  readonly created_at: string;
  readonly expires_at: string;
  readonly expired: boolean;
  readonly websockets: number;
}

export interface PrivateFloor {
  readonly per_player: number;
  readonly idle_minutes: number;
  readonly tables: readonly {
    readonly table: string;
    readonly owner: string;
    readonly code: string | null;
    readonly invitation_only: boolean;
    readonly players: readonly string[];
  }[];
}

export interface AccountDetail {
  readonly name: string;
  readonly role: string;
  readonly created_at: string | null;
  readonly suspended_at: string | null;
  readonly surveillance: boolean;
  readonly protection: Protection;
  readonly wallet: number;
  readonly ledger: readonly LedgerLine[];
  readonly sessions: readonly SessionRow[];
  readonly seats: Readonly<Record<string, string>>;
  readonly connected: boolean;
  readonly rounds: readonly {
    readonly table: string;
    readonly round: number;
    readonly finished_at: string;
    readonly net: number;
  }[];
}

export interface Figures {
  readonly rounds: number;
  readonly voids: number;
  readonly handle: number;
  readonly side_handle: number;
  readonly win: number;
  readonly side_win: number;
  readonly commission: number;
  readonly collection: number;
  readonly computer_net: number;
  readonly hold: number | null;
}

export interface SideFigures {
  readonly wagers: number;
  readonly handle: number;
  readonly win: number;
  readonly hold: number | null;
}

export interface MeterGroup extends Figures {
  readonly sides: Readonly<Record<string, SideFigures>>;
}

export interface Meters {
  readonly first: string;
  readonly last: string;
  readonly total: MeterGroup;
  readonly tables: readonly (MeterGroup & { readonly table: string; readonly profile: string })[];
  readonly profiles: readonly (MeterGroup & { readonly profile: string })[];
  readonly hours: readonly (Figures & { readonly hour: string })[];
}

export interface LogEvent {
  readonly id: number;
  readonly at: string;
  readonly kind: string;
  readonly level: "info" | "warning" | "alert";
  readonly table: string | null;
  readonly actor: string | null;
  readonly detail: Readonly<Record<string, unknown>>;
}

export interface AuditReport {
  readonly findings: readonly string[];
  readonly accounts?: number;
  readonly ledger_rows?: number;
}

const enc = encodeURIComponent;

/** The pit's calls on the service's API. */
/** A table's chat message as an operator reviews it (deleted ones too, with who and when). */
export interface ChatReview {
  readonly id: number;
  readonly table: string;
  readonly author: string;
  readonly role: string;
  readonly text: string;
  readonly at: string;
  readonly deleted_at: string | null;
  readonly deleted_by: string | null;
}

export class PitApi {
  constructor(readonly api: Api) {}

  floor() {
    return this.api.request<FloorTable[]>("GET", "api/pit/floor");
  }
  /** The cap of private tables per player, their idle time, every one open. */
  privateTables() {
    return this.api.request<PrivateFloor>("GET", "api/pit/private-tables");
  }
  profiles() {
    return this.api.request<PitProfile[]>("GET", "api/pit/profiles");
  }
  open(body: OpenTable) {
    return this.api.request<unknown>("POST", "api/tables", body);
  }
  close(table: string) {
    return this.api.request<unknown>("POST", `api/tables/${enc(table)}/close`);
  }
  pause(table: string, on: boolean) {
    return this.api.request<unknown>("POST", `api/pit/tables/${enc(table)}/${on ? "pause" : "resume"}`);
  }
  configure(table: string, change: Configure) {
    return this.api.request<FloorTable>("POST", `api/pit/tables/${enc(table)}/configure`, change);
  }
  look(table: string) {
    return this.api.request<Look>("POST", `api/pit/tables/${enc(table)}/look`);
  }
  surveillance(name: string, grant: boolean) {
    return this.api.request<unknown>("POST", `api/pit/accounts/${enc(name)}/surveillance`, { surveillance: grant });
  }
  accounts(q: string) {
    return this.api.request<AccountRow[]>("GET", `api/pit/accounts?q=${enc(q)}`);
  }
  account(name: string) {
    return this.api.request<AccountDetail>("GET", `api/pit/accounts/${enc(name)}`);
  }
  /**
   * A wallet adjustment; `key` is its idempotency key: one per intended adjustment, the same on
   * every retry of it, so that a retry after a lost answer moves nothing again.
   */
  adjust(name: string, cents: number, reason: string, key: string) {
    return this.api.request<{ wallet: number }>("POST", `api/pit/accounts/${enc(name)}/adjust`, {
      cents,
      reason,
      key,
    });
  }
  suspend(name: string, on: boolean) {
    return this.api.request<unknown>("POST", `api/accounts/${enc(name)}/${on ? "suspend" : "reinstate"}`);
  }
  revoke(name: string, session: string) {
    return this.api.request<unknown>("POST", `api/accounts/${enc(name)}/sessions/${enc(session)}/revoke`);
  }
  meters(first: string, last: string) {
    return this.api.request<Meters>("GET", `api/pit/meters?first=${enc(first)}&last=${enc(last)}`);
  }
  /** The report of a table's profile (its PAR sheet and test pack), as a download. */
  reportUrl(table: string): string {
    return this.api.url(`api/pit/tables/${enc(table)}/report`);
  }
  metersCsv(first: string, last: string): string {
    return this.api.url(`api/pit/meters.csv?first=${enc(first)}&last=${enc(last)}`);
  }
  events(since: number, table: string) {
    const t = table ? `&table=${enc(table)}` : "";
    return this.api.request<LogEvent[]>("GET", `api/events?since=${since}&limit=1000${t}`);
  }
  audit() {
    return this.api.request<AuditReport>("GET", "api/audit");
  }

  /** A table's chat for review: every message after `since`, deleted ones too. */
  chat(table: string, since = 0) {
    return this.api.request<ChatReview[]>("GET", `api/tables/${enc(table)}/chat?since=${since}&limit=1000`);
  }

  /** Delete a message: every client watching the table removes it; the review keeps it. */
  deleteChat(table: string, id: number) {
    return this.api.request<unknown>("POST", `api/tables/${enc(table)}/chat/${id}/delete`);
  }

  /** Silence an account's chat for `minutes` (null: until lifted), or lift its silence. */
  silence(name: string, minutes: number | null, on: boolean) {
    return on
      ? this.api.request<{ until: string | null }>("POST", `api/accounts/${enc(name)}/silence`, { minutes })
      : this.api.request<{ lifted: boolean }>("POST", `api/accounts/${enc(name)}/unsilence`);
  }
}
