/**
 * Where a table's clients connect (docs/scaling.md, "Clients go to the table's owner"). In a
 * cluster the service answers `GET /api/tables/{id}/server` with the address the process that
 * runs the table announced: its player socket, `…/ws`, typically a path of the site that reaches
 * that process alone (`/p/b/ws`). The page follows it only when it is of the page's own origin
 * (a path, or the same scheme, host and port); an address of another origin is refused, whatever
 * the service says, and the page keeps the site's one address. The browser learns only where to
 * connect: what it may do and what it is paid are the server's, wherever it connects.
 */

/** The socket schemes and the page schemes they share an origin with. */
const PAGE_SCHEME: Readonly<Record<string, string>> = {
  "ws:": "http:",
  "wss:": "https:",
  "http:": "http:",
  "https:": "https:",
};

/**
 * The base URL (ending in `/`) of the process whose player socket is `server`, when `server` is a
 * socket address (its path ends in `/ws`) of the same origin as `page`; null otherwise (missing,
 * malformed, of another origin, or carrying credentials, a query or a fragment).
 */
export function ownerBase(server: unknown, page: string): string | null {
  if (typeof server !== "string" || server === "") return null;
  let here: URL;
  let there: URL;
  try {
    here = new URL(page);
    there = new URL(server, here);
  } catch {
    return null;
  }
  if (PAGE_SCHEME[there.protocol] !== here.protocol || there.host !== here.host) return null;
  if (there.username || there.password || there.search || there.hash) return null;
  if (!there.pathname.endsWith("/ws")) return null;
  return here.origin + there.pathname.slice(0, -"ws".length);
}

/** The websocket URL of `path` (`ws`, `ws/watch`) under `base` (ws: or wss: as the page). */
export function socketAt(base: string, path: string): string {
  const u = new URL(path, base);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.toString();
}

/**
 * The places of the tables this page watches: each table's owner, asked once
 * (`GET /api/tables/{id}/server`) and kept until {@link Owners.forget} (the socket dropped: the
 * table may have moved). A failed question answers null: the site's one address.
 */
export class Owners {
  private readonly known = new Map<string, Promise<string | null>>();

  constructor(
    private readonly ask: (table: string) => Promise<{ readonly server: string | null }>,
    private readonly page: () => string,
  ) {}

  /** The base URL of the table's process, or null (the site's one address). */
  baseOf(table: string): Promise<string | null> {
    let found = this.known.get(table);
    if (found === undefined) {
      found = this.ask(table).then(
        (r) => ownerBase(r.server, this.page()),
        () => null,
      );
      this.known.set(table, found);
    }
    return found;
  }

  /** Ask again next time (every table, or one). */
  forget(table?: string): void {
    if (table === undefined) this.known.clear();
    else this.known.delete(table);
  }
}
