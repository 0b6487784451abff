import { useEffect, useState } from "preact/hooks";

/**
 * Hash routing ("#/lobby", "#/table/main-1"): the service serves one index.html at `/` and
 * needs no server-side route fallback.
 */

export type Route =
  | { readonly page: "lobby" }
  | { readonly page: "sign-in" }
  | { readonly page: "cashier" }
  | { readonly page: "table"; readonly table: string }
  | {
      readonly page: "recall";
      readonly table: string | null;
      readonly round?: number;
      /** Your rounds (no table): the table of the round picked. */
      readonly at?: string;
    }
  | { readonly page: "trainer" }
  | { readonly page: "pit"; readonly section: PitSection; readonly account?: string }
  | { readonly page: "how-to-play" }
  | { readonly page: "rules"; readonly profile: string | null }
  | { readonly page: "join"; readonly code: string }
  | { readonly page: "not-found"; readonly path: string };

/** The operator's console: its sections. */
export const PIT_SECTIONS = ["floor", "accounts", "meters", "events", "moderation"] as const;
export type PitSection = (typeof PIT_SECTIONS)[number];

function pitRoute(second: string | undefined, third: string | undefined, path: string): Route {
  const section = second ?? "floor";
  if (!(PIT_SECTIONS as readonly string[]).includes(section)) return { page: "not-found", path };
  if (third !== undefined && section !== "accounts") return { page: "not-found", path };
  const s = section as PitSection;
  return third === undefined ? { page: "pit", section: s } : { page: "pit", section: s, account: third };
}

export function parseRoute(hash: string): Route {
  const [rawPath = "", query = ""] = hash.replace(/^#/, "").split("?", 2);
  const path = rawPath.replace(/\/+$/, "") || "/";
  const parts = path
    .split("/")
    .filter(Boolean)
    .map((p) => decodeURIComponent(p));
  const [first, second, ...rest] = parts;
  if (first === "pit" && rest.length <= 1) return pitRoute(second, rest[0], path);
  if (rest.length > 0) return { page: "not-found", path };
  switch (first) {
    case undefined:
    case "lobby":
      return second === undefined ? { page: "lobby" } : { page: "not-found", path };
    case "sign-in":
    case "cashier":
    case "trainer":
    case "how-to-play":
      return second === undefined ? { page: first } : { page: "not-found", path };
    case "rules":
      return { page: "rules", profile: second ?? null };
    case "table":
      return second ? { page: "table", table: second } : { page: "not-found", path };
    case "join":
      return second ? { page: "join", code: second } : { page: "not-found", path };
    case "recall": {
      const q = new URLSearchParams(query);
      const round = Number(q.get("round"));
      const at = q.get("at");
      if (!(Number.isInteger(round) && round > 0)) return { page: "recall", table: second ?? null };
      return second === undefined && at
        ? { page: "recall", table: null, round, at }
        : { page: "recall", table: second ?? null, round };
    }
    default:
      return { page: "not-found", path };
  }
}

export function hrefOf(route: Route): string {
  switch (route.page) {
    case "table":
      return `#/table/${encodeURIComponent(route.table)}`;
    case "recall": {
      const base = route.table === null ? "#/recall" : `#/recall/${encodeURIComponent(route.table)}`;
      if (route.round === undefined) return base;
      const at = route.table === null && route.at !== undefined ? `&at=${encodeURIComponent(route.at)}` : "";
      return `${base}?round=${route.round}${at}`;
    }
    case "pit": {
      const base = `#/pit/${route.section}`;
      return route.account === undefined ? base : `${base}/${encodeURIComponent(route.account)}`;
    }
    case "rules":
      return route.profile === null ? "#/rules" : `#/rules/${encodeURIComponent(route.profile)}`;
    case "join":
      return `#/join/${encodeURIComponent(route.code)}`;
    case "not-found":
      return "#/lobby";
    default:
      return `#/${route.page}`;
  }
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => {
      setRoute(parseRoute(window.location.hash));
    };
    window.addEventListener("hashchange", onChange);
    return () => {
      window.removeEventListener("hashchange", onChange);
    };
  }, []);
  return route;
}
