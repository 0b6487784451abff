/**
 * The pit's routes (docs/service.md, "The pit"): the operator's console asks the service for
 * everything it shows and for what may be done; it computes no money and no legality.
 */

import type { Api } from "../net/api";
import type {
  FloorTable,
  Look,
  Meters,
  PitProfile,
  AccountRow,
  AccountDetail,
  PrivateFloor,
  LogEvent,
  AuditReport,
  ChatReview,
} from "../protocol";

/** The pit's answers, generated from the service's schemas (`view_schema_floor.py`). */
export type {
  AccountDetail,
  AccountRow,
  AuditReport,
  ChatReview,
  Figures,
  FloorTable,
  Look,
  LogEvent,
  MeterGroup,
  Meters,
  Offer,
  PitProfile,
  PrivateFloor,
  SideFigures,
} from "../protocol";

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

const enc = encodeURIComponent;

/** The pit's calls on the service's API. */
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
