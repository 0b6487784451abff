import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { messageOf } from "../app/session";
import type { Said } from "../i18n/said";

/**
 * `load` now and every `ms` while the page is open (the pit's live views ask the server; they
 * keep nothing of their own): the latest answer, the latest error, and a refresh.
 */
export function usePoll<T>(load: () => Promise<T>, ms: number, deps: readonly unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<Said | null>(null);
  const live = useRef(true);
  const fetchNow = useCallback(load, deps);
  const refresh = useCallback(async () => {
    try {
      const d = await fetchNow();
      if (live.current) {
        setData(d);
        setError(null);
      }
    } catch (e) {
      if (live.current) setError(messageOf(e));
    }
  }, [fetchNow]);
  useEffect(() => {
    live.current = true;
    void refresh();
    const id = ms > 0 ? setInterval(() => void refresh(), ms) : undefined;
    return () => {
      live.current = false;
      if (id !== undefined) clearInterval(id);
    };
  }, [refresh, ms]);
  return { data, error, refresh };
}
