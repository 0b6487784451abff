import { useEffect, useState } from "preact/hooks";

/** A small typed store: state changes only through a pure reducer. */
export interface Store<S, A> {
  getState(): S;
  dispatch(action: A): void;
  subscribe(listener: (state: S) => void): () => void;
}

export function createStore<S, A>(reducer: (state: S, action: A) => S, initial: S): Store<S, A> {
  let state = initial;
  const listeners = new Set<(state: S) => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = reducer(state, action);
      if (next === state) return;
      state = next;
      for (const l of listeners) l(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Read a slice of a store in a component; re-renders when the slice changes (by identity). */
export function useStore<S, A, T>(store: Store<S, A>, select: (state: S) => T): T {
  const [value, setValue] = useState(() => select(store.getState()));
  useEffect(() => {
    setValue(() => select(store.getState()));
    return store.subscribe((s) => {
      setValue(() => select(s));
    });
  }, [store, select]);
  return value;
}
