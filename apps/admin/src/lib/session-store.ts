import { browserStorage, createStore, storageSlot, useStore } from '@wallx/client';
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
  const slot = storageSlot(storage, OPERATOR_SESSION_KEY);
  const store = createStore<OperatorSessionState>({ session: parse(slot.read(), now()), reason: null }, ({ session }) =>
    slot.write(session ? JSON.stringify(session) : null),
  );
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start: (session) => store.set({ session, reason: null }),
    end: () => store.set({ session: null, reason: null }),
    expire: () => {
      if (store.getState().session) store.set({ session: null, reason: 'expired' });
    },
  };
}

export const sessionStore: OperatorSessionStore = createSessionStore(browserStorage('sessionStorage'));

export function useOperatorSession(): OperatorSessionState {
  return useStore(sessionStore, (state) => state);
}
