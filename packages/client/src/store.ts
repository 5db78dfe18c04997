import { useSyncExternalStore } from 'react';

export type Store<S> = {
  getState(): S;
  subscribe(listener: () => void): () => void;
};

export type SetOptions = {
  /** Writes the state to storage too (`save`); true unless said. */
  persist?: boolean;
  /** Tells the listeners; true unless said (a value read once and cleared need not re-render). */
  notify?: boolean;
};

export type WritableStore<S> = Store<S> & { set(next: S, options?: SetOptions): void };

/**
 * A state outside React that components follow (a session, the language): `save` keeps what
 * should outlive the page.
 */
export function createStore<S>(initial: S, save?: (state: S) => void): WritableStore<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next, { persist = true, notify = true } = {}) {
      state = next;
      if (persist) save?.(state);
      if (notify) for (const listener of listeners) listener();
    },
  };
}

/** One key of a storage: reads and writes that never throw. */
export type StorageSlot = { read(): string | null; write(value: string | null): void };

export function storageSlot(storage: Storage | null, key: string): StorageSlot {
  return {
    read() {
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        if (value === null) storage?.removeItem(key);
        else storage?.setItem(key, value);
      } catch {
        // Private mode or a full quota: the state still holds until the page is closed.
      }
    },
  };
}

/** The page's localStorage or sessionStorage; null where there is none or it is refused. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

/** What a component reads of a store, followed as it changes. */
export function useStore<S, T>(store: Store<S>, selector: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}
