import { browserStorage, createStore, storageSlot, useStore } from '@wallx/client';
import type { Balance, LoginResult, Token, UserInfo } from '@wallx/shared';

export const SESSION_STORAGE_KEY = 'wallx_user';

export type SessionState = {
  userinfo: UserInfo | null;
  balance: Balance;
  token: Token | null;
  /** The connect-wallet popup is open. */
  showConnectBox: boolean;
  /** The session ended because its tokens could not be refreshed; the popup says so. */
  tokenIsExpired: boolean;
  /** This tab's last login created the account (the server's `first_login`); not kept in storage. */
  firstLogin: boolean;
  /** Where a guest was going when the popup opened (a guarded tab): the login leads there. */
  returnTo: string | null;
};

type Persisted = Pick<SessionState, 'userinfo' | 'balance' | 'token'>;
type Listener = () => void;

export type SessionStore = {
  getState(): SessionState;
  subscribe(listener: Listener): () => void;
  login(result: LoginResult): void;
  /** Fresh user info and balance from the server; ignored unless it is still the same account. */
  updateAccount(patch: { userinfo?: UserInfo; balance?: Balance }): void;
  setToken(token: Token): void;
  logout(): void;
  /** Ends the session because it can no longer be refreshed, and asks the user to connect again. */
  expire(): void;
  /** Opens the popup; `returnTo` is where the login then leads (the guarded screen the guest tapped). */
  openConnectBox(returnTo?: string): void;
  closeConnectBox(): void;
  /** Where the last login should lead, once: cleared as it is read. */
  takeReturnTo(): string | null;
  /** Re-reads storage, e.g. after another tab changed the session. */
  reload(): void;
};

export const emptyBalance: Balance = { usdt: '0', wallx: '0' };

export function isLoggedIn(state: Pick<SessionState, 'token' | 'userinfo'>): boolean {
  return Boolean(state.token?.access_token) && Boolean(state.userinfo?.bsc);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whatever is stored may be from an older version or edited by hand: keep only what is well-formed. */
export function parsePersisted(raw: string | null): Persisted {
  const empty: Persisted = { userinfo: null, balance: emptyBalance, token: null };
  if (!raw) return empty;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (!isRecord(value)) return empty;
  const { userinfo, balance, token } = value;
  return {
    userinfo: isRecord(userinfo) && typeof userinfo.bsc === 'string' ? (userinfo as UserInfo) : null,
    balance:
      isRecord(balance) && typeof balance.usdt === 'string' && typeof balance.wallx === 'string'
        ? { usdt: balance.usdt, wallx: balance.wallx }
        : emptyBalance,
    token:
      isRecord(token) && typeof token.access_token === 'string' && typeof token.refresh_token === 'string'
        ? { access_token: token.access_token, refresh_token: token.refresh_token }
        : null,
  };
}

export function createSessionStore(storage: Storage | null): SessionStore {
  const slot = storageSlot(storage, SESSION_STORAGE_KEY);
  const read = (): Persisted => parsePersisted(slot.read());
  const store = createStore<SessionState>(
    { ...read(), showConnectBox: false, tokenIsExpired: false, firstLogin: false, returnTo: null },
    ({ userinfo, balance, token }) => slot.write(JSON.stringify({ userinfo, balance, token })),
  );
  const set = (next: Partial<SessionState>, persist: boolean, notify = true) =>
    store.set({ ...store.getState(), ...next }, { persist, notify });

  const signedOut: Persisted & Pick<SessionState, 'firstLogin'> = {
    userinfo: null,
    token: null,
    balance: emptyBalance,
    firstLogin: false,
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    login({ userinfo, token, balance, first_login }) {
      set({ userinfo, token, balance, showConnectBox: false, tokenIsExpired: false, firstLogin: first_login }, true);
    },
    updateAccount({ userinfo, balance }) {
      const state = store.getState();
      const current = state.userinfo?.bsc.toLowerCase();
      if (!isLoggedIn(state) || (userinfo && userinfo.bsc.toLowerCase() !== current)) return;
      set({ ...(userinfo && { userinfo }), ...(balance && { balance }) }, true);
    },
    setToken(token) {
      set({ token }, true);
    },
    logout() {
      set(signedOut, true);
    },
    expire() {
      set({ ...signedOut, tokenIsExpired: true, showConnectBox: true }, true);
    },
    openConnectBox(returnTo) {
      if (returnTo !== undefined) set({ returnTo }, false);
      if (!store.getState().showConnectBox) set({ showConnectBox: true }, false);
    },
    closeConnectBox() {
      // Closed without logging in: the way to that screen is given up.
      set(
        { showConnectBox: false, tokenIsExpired: false, ...(!isLoggedIn(store.getState()) && { returnTo: null }) },
        false,
      );
    },
    takeReturnTo() {
      const { returnTo } = store.getState();
      if (returnTo !== null) set({ returnTo: null }, false, false);
      return returnTo;
    },
    reload() {
      set({ ...read(), firstLogin: false }, false);
    },
  };
}

export const session: SessionStore = createSessionStore(browserStorage('localStorage'));

if (typeof window !== 'undefined') {
  // Logging in or out in one tab carries over to the others.
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY) session.reload();
  });
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(session, selector);
}

export function useIsLoggedIn(): boolean {
  return useSession(isLoggedIn);
}
