import { useSyncExternalStore } from 'react';

/** A minimal observable store for app-wide state read both inside and outside React. */
export function createStore<T extends object>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const get = () => state;
  const set = (patch: Partial<T> | ((s: T) => Partial<T>)) => {
    const p = typeof patch === 'function' ? patch(state) : patch;
    state = { ...state, ...p };
    listeners.forEach((l) => l());
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  function useStore(): T;
  function useStore<S>(sel: (s: T) => S): S;
  function useStore<S>(sel?: (s: T) => S) {
    return useSyncExternalStore(subscribe, () => (sel ? sel(state) : state));
  }
  return { get, set, subscribe, use: useStore };
}
