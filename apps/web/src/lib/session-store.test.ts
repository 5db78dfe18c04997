import { describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@wallx/shared';
import { createSessionStore, isLoggedIn, parsePersisted, SESSION_STORAGE_KEY } from './session-store';
import { memoryStorage } from './test-storage';

const login: LoginResult = {
  userinfo: {
    bsc: '0x00000000000000000000000000000000000000aa',
    is_validator: true,
    share_code: 'ABC123',
    inviter: null,
    is_frozen: false,
    created_at: '2025-01-01T00:00:00.000Z',
  } as LoginResult['userinfo'],
  token: { access_token: 'access-1', refresh_token: 'refresh-1' },
  balance: { usdt: '12.5', wallx: '100' },
  first_login: true,
};

const stored = (storage: Storage) => JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null') as unknown;

describe('session store', () => {
  it('starts as a guest with zero balances', () => {
    const session = createSessionStore(memoryStorage());
    expect(session.getState()).toEqual({
      userinfo: null,
      token: null,
      balance: { usdt: '0', wallx: '0' },
      showConnectBox: false,
      tokenIsExpired: false,
      firstLogin: false,
      returnTo: null,
    });
    expect(isLoggedIn(session.getState())).toBe(false);
  });

  it('keeps where a guest was going until the login reads it once; closing the popup gives it up', () => {
    const session = createSessionStore(memoryStorage());
    session.openConnectBox('/mtrade');
    expect(session.getState().showConnectBox).toBe(true);
    expect(session.takeReturnTo()).toBe('/mtrade');
    expect(session.takeReturnTo()).toBeNull();
    session.openConnectBox('/user');
    session.closeConnectBox();
    expect(session.takeReturnTo()).toBeNull();
  });

  it('persists user info, token and balance under wallx_user as one object, and only those', () => {
    const storage = memoryStorage();
    const session = createSessionStore(storage);
    session.openConnectBox();
    session.login(login);
    expect(stored(storage)).toEqual({ userinfo: login.userinfo, token: login.token, balance: login.balance });
    expect(session.getState()).toMatchObject({ showConnectBox: false, tokenIsExpired: false });
    expect(isLoggedIn(session.getState())).toBe(true);
  });

  it('restores a persisted session', () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(login) });
    const session = createSessionStore(storage);
    expect(session.getState()).toMatchObject({ userinfo: login.userinfo, token: login.token, balance: login.balance });
    expect(isLoggedIn(session.getState())).toBe(true);
  });

  it('needs both an access token and a non-empty bsc to be logged in', () => {
    expect(isLoggedIn({ token: login.token, userinfo: { ...login.userinfo, bsc: '' } })).toBe(false);
    expect(isLoggedIn({ token: { access_token: '', refresh_token: 'r' }, userinfo: login.userinfo })).toBe(false);
    expect(isLoggedIn({ token: null, userinfo: login.userinfo })).toBe(false);
    expect(isLoggedIn({ token: login.token, userinfo: null })).toBe(false);
  });

  it('logs out: clears user info and token, resets balances to 0, and persists that', () => {
    const storage = memoryStorage();
    const session = createSessionStore(storage);
    session.login(login);
    const listener = vi.fn();
    session.subscribe(listener);
    session.logout();
    expect(listener).toHaveBeenCalled();
    expect(session.getState()).toMatchObject({
      userinfo: null,
      token: null,
      balance: { usdt: '0', wallx: '0' },
      tokenIsExpired: false,
    });
    expect(stored(storage)).toEqual({ userinfo: null, token: null, balance: { usdt: '0', wallx: '0' } });
    expect(createSessionStore(storage).getState().token).toBeNull();
  });

  it('expires: logs out, flags the expiry and opens the connect dialog; closing clears the flag', () => {
    const session = createSessionStore(memoryStorage());
    session.login(login);
    session.expire();
    expect(session.getState()).toMatchObject({
      token: null,
      userinfo: null,
      tokenIsExpired: true,
      showConnectBox: true,
    });
    session.closeConnectBox();
    expect(session.getState()).toMatchObject({ tokenIsExpired: false, showConnectBox: false });
  });

  it('stores a refreshed token', () => {
    const storage = memoryStorage();
    const session = createSessionStore(storage);
    session.login(login);
    session.setToken({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect((stored(storage) as LoginResult).token.access_token).toBe('access-2');
  });

  it('takes fresh account data only for the account that is logged in', () => {
    const session = createSessionStore(memoryStorage());
    session.login(login);
    session.updateAccount({ balance: { usdt: '1', wallx: '2' } });
    expect(session.getState().balance).toEqual({ usdt: '1', wallx: '2' });

    session.updateAccount({
      userinfo: { ...login.userinfo, bsc: '0x00000000000000000000000000000000000000bb' },
      balance: { usdt: '9', wallx: '9' },
    });
    expect(session.getState().balance).toEqual({ usdt: '1', wallx: '2' });

    session.logout();
    session.updateAccount({ userinfo: login.userinfo, balance: { usdt: '9', wallx: '9' } });
    expect(session.getState().userinfo).toBeNull();
  });

  it('survives corrupt or foreign storage contents', () => {
    expect(parsePersisted('{not json')).toEqual({ userinfo: null, token: null, balance: { usdt: '0', wallx: '0' } });
    expect(parsePersisted('"a string"').token).toBeNull();
    expect(parsePersisted(JSON.stringify({ token: { access_token: 1 }, balance: { usdt: 5 } }))).toEqual({
      userinfo: null,
      token: null,
      balance: { usdt: '0', wallx: '0' },
    });
  });

  it('works without storage', () => {
    const session = createSessionStore(null);
    session.login(login);
    expect(isLoggedIn(session.getState())).toBe(true);
  });
});
