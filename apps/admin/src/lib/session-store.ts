import { useSyncExternalStore } from 'react';
import { isOperatorRole, type OperatorSession } from './operator';

export const OPERATOR_SESSION_KEY = 'wallx_operator';

/** Why the operator is on the login screen without having asked to be: shown there as a message. */
export type LogoutReason = 'expired' | null;

export type OperatorSessionState = { session: OperatorSession | null; reason: LogoutReason };

export type OperatorSessionStore = {
  getState(): OperatorSessionState;
  subscribe(listener: () => void): () => void;
  start(session: OperatorSession): void;
  /** The operator logged out. */
  end(): void;
  /** The server refused the token (expired, revoked, role removed): back to login, saying why. */
  expire(): void;
};

function parse(raw: string | null, now: number): OperatorSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OperatorSession> | null;
    const { token, expires_at: expiresAt, operator } = value ?? {};
    if (typeof token !== 'string' || token === '' || typeof expiresAt !== 'string') return null;
    if (typeof operator?.address !== 'string' || !isOperatorRole(operator.role)) return null;
    // A token past its maximum age is dead on the server too; no need to ask.
    if (Date.parse(expiresAt) <= now) return null;
    return { token, expires_at: expiresAt, operator: { address: operator.address, role: operator.role } };
  } catch {
    return null;
  }
}

/**
 * The console's session lives in sessionStorage: it ends with the tab, so a console left on a
 * shared desk does not stay logged in (sessions are short on the server as well).
 */
export function createSessionStore(storage: Storage | null, now: () => number = Date.now): OperatorSessionStore {
  const read = () => {
    try {
      return storage?.getItem(OPERATOR_SESSION_KEY) ?? null;
    } catch {
      return null;
    }
  };
  let state: OperatorSessionState = { session: parse(read(), now()), reason: null };
  const listeners = new Set<() => void>();

  function set(next: OperatorSessionState) {
    state = next;
    try {
      if (next.session) storage?.setItem(OPERATOR_SESSION_KEY, JSON.stringify(next.session));
      else storage?.removeItem(OPERATOR_SESSION_KEY);
    } catch {
      // Storage refused (private mode quota): the session then lasts as long as the page.
    }
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: (session) => set({ session, reason: null }),
    end: () => set({ session: null, reason: null }),
    expire: () => {
      if (state.session) set({ session: null, reason: 'expired' });
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const sessionStore: OperatorSessionStore = createSessionStore(browserStorage());

export function useOperatorSession(): OperatorSessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}
