import { describe, expect, it, vi } from 'vitest';
import { errorCatalog, type OperatorSession, ApiError, NETWORK_ERROR_CODE } from '@wallx/shared';
import { createApiClient } from './api-client';
import { createSessionStore, OPERATOR_SESSION_KEY } from './session-store';

const session: OperatorSession = {
  token: 'operator-token-1',
  expires_at: '2999-01-01T00:00:00.000Z',
  operator: { address: '0x1111111111111111111111111111111111111111', role: 'support' },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setUp(answer: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const storage = window.sessionStorage;
  storage.clear();
  const store = createSessionStore(storage);
  store.start(session);
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(new URL(String(input), 'http://console.test'), init ?? {}),
  );
  const client = createApiClient({
    baseUrl: '',
    session: store,
    getLanguage: () => 'zh_CN',
    translate: (key) => `t:${key}`,
    fetch,
  });
  return { store, fetch, client, storage };
}

describe('the console API client', () => {
  it('sends the bearer token and the language, leaves empty filters out, and returns the envelope data', async () => {
    const { client, fetch } = setUp(() =>
      json(200, { code: 0, message: 'ok', data: { items: [], next_cursor: null } }),
    );
    await expect(
      client.get('/api/admin/audit', {
        query: { limit: 50, action: '', operator: undefined, subject_type: 'feedback' },
      }),
    ).resolves.toEqual({
      items: [],
      next_cursor: null,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/admin/audit?limit=50&subject_type=feedback');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer operator-token-1');
    expect((init!.headers as Record<string, string>)['Accept-Language']).toBe('zh_CN');
  });

  it('a 401 ends the session (storage included) and says why on the login screen', async () => {
    const { client, store, storage } = setUp(() => json(401, { code: 401, message: 'Please log in again' }));
    expect(storage.getItem(OPERATOR_SESSION_KEY)).not.toBeNull();
    const error = await client.get('/api/admin/auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isUnauthorized).toBe(true);
    expect((error as ApiError).message).toBe('Please log in again');
    expect(store.getState()).toEqual({ session: null, reason: 'expired' });
    expect(storage.getItem(OPERATOR_SESSION_KEY)).toBeNull();
  });

  it('the envelope codes of a refused session end it too, whatever the HTTP status', async () => {
    for (const code of [401, errorCatalog.operator_session_invalid.code]) {
      const { client, store } = setUp(() => json(200, { code, message: 'Session expired' }));
      await expect(client.get('/api/admin/feedback')).rejects.toMatchObject({ code });
      expect(store.getState().reason).toBe('expired');
    }
  });

  it("a late 401 for an earlier session's token leaves the new session alone", async () => {
    let release!: () => void;
    const { client, store } = setUp(
      () => new Promise<Response>((resolve) => (release = () => resolve(json(401, { code: 401, message: 'no' })))),
    );
    const call = client.get('/api/admin/audit').catch(() => undefined);
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    store.start({ ...session, token: 'operator-token-2' });
    release();
    await call;
    expect(store.getState().session?.token).toBe('operator-token-2');
  });

  it('a refusal other than 401 keeps the session and names the field', async () => {
    const { client, store } = setUp(() =>
      json(400, { code: 1001, message: 'Reply is too long', data: { field: 'reply' } }),
    );
    await expect(client.post('/api/admin/feedback/1/reply', { reply: 'x' })).rejects.toMatchObject({
      code: 1001,
      status: 400,
      field: 'reply',
      message: 'Reply is too long',
    });
    expect(store.getState().session?.token).toBe('operator-token-1');
  });

  it('a 403 (a role without the right) keeps the session', async () => {
    const { client, store } = setUp(() => json(403, { code: 1006, message: 'No permission' }));
    await expect(client.post('/api/admin/feedback/1/reply', { reply: 'x' })).rejects.toMatchObject({ code: 1006 });
    expect(store.getState().session).not.toBeNull();
  });

  it('the login sends no token; a network failure is worded by the console', async () => {
    const { client, fetch } = setUp(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.post('/api/admin/auth/login', { address: '0x1' }, { auth: false })).rejects.toMatchObject({
      code: NETWORK_ERROR_CODE,
      message: 't:errors.network',
    });
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});

describe('the operator session store', () => {
  it('keeps the session in sessionStorage, and drops one past its expiry when the console opens', () => {
    window.sessionStorage.clear();
    const first = createSessionStore(window.sessionStorage);
    first.start(session);
    expect(createSessionStore(window.sessionStorage).getState().session).toEqual(session);
    expect(createSessionStore(window.sessionStorage, () => Date.parse('3000-01-01')).getState().session).toBeNull();
    first.end();
    expect(createSessionStore(window.sessionStorage).getState()).toEqual({ session: null, reason: null });
  });

  it('ignores what it cannot read', () => {
    window.sessionStorage.setItem(
      OPERATOR_SESSION_KEY,
      '{"token":"x","expires_at":"2999-01-01","operator":{"address":"0x1","role":"root"}}',
    );
    expect(createSessionStore(window.sessionStorage).getState().session).toBeNull();
    window.sessionStorage.setItem(OPERATOR_SESSION_KEY, 'not json');
    expect(createSessionStore(window.sessionStorage).getState().session).toBeNull();
  });
});
