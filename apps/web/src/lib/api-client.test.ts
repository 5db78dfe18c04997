import { describe, expect, it, vi } from 'vitest';
import { type LoginResult, ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from '@wallx/shared';
import { createApiClient, REFRESH_PATH, type FallbackMessageKey } from './api-client';
import { createSessionStore, SESSION_STORAGE_KEY } from './session-store';
import { memoryStorage } from './test-storage';
import { testUser } from './test-user';

const login: LoginResult = {
  userinfo: testUser,
  token: { access_token: 'access-1', refresh_token: 'refresh-1' },
  balance: { usdt: '12.5', wallx: '100' },
  first_login: false,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

type Call = { path: string; method: string; authorization: string | null; body: BodyInit | null | undefined };

/**
 * Stands in for the API: `/api/user/info` accepts only the current access token; the refresh
 * answer is whatever the test provides, once the test releases it.
 */
function fakeApi(options: { refreshAnswer?: () => Response } = {}) {
  const calls: Call[] = [];
  let validAccess = 'access-2';
  const refreshGate = deferred<void>();
  const refreshAnswer =
    options.refreshAnswer ??
    (() => json(200, { code: 0, message: 'ok', data: { access_token: 'access-2', refresh_token: 'refresh-2' } }));

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://api.test');
    const headers = new Headers(init?.headers);
    const call: Call = {
      path: url.pathname + url.search,
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: init?.body,
    };
    calls.push(call);
    if (url.pathname === REFRESH_PATH) {
      await refreshGate.promise;
      return refreshAnswer();
    }
    if (call.authorization !== `Bearer ${validAccess}`) {
      return json(401, { code: 401, message: 'Please log in' });
    }
    return json(200, { code: 0, message: 'ok', data: { path: url.pathname } });
  });

  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    releaseRefresh: () => refreshGate.resolve(),
    setValidAccess: (token: string) => (validAccess = token),
    refreshCalls: () => calls.filter((c) => c.path === REFRESH_PATH),
  };
}

function setup(fetchImpl: typeof fetch, timeoutMs?: number) {
  const storage = memoryStorage();
  const session = createSessionStore(storage);
  session.login(login);
  const translate = (key: FallbackMessageKey) => `t:${key}`;
  const client = createApiClient({
    baseUrl: 'http://api.test',
    session,
    getLanguage: () => 'zh_CN',
    translate,
    fetch: fetchImpl,
    ...(timeoutMs !== undefined && { timeoutMs }),
  });
  return { client, session, storage };
}

async function settle() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('api client', () => {
  it('sends the bearer token and the language, and unwraps data', async () => {
    const api = fakeApi();
    api.setValidAccess('access-1');
    const { client } = setup(api.fetch);

    await expect(client.get('/api/user/info', { query: { a: 1, b: undefined } })).resolves.toEqual({
      path: '/api/user/info',
    });
    const call = api.calls[0]!;
    expect(call.path).toBe('/api/user/info?a=1');
    expect(call.authorization).toBe('Bearer access-1');
    const headers = new Headers((api.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![1].headers);
    expect(headers.get('Accept-Language')).toBe('zh_CN');
    expect(headers.get('Content-Type')).toBeNull();
  });

  it('posts JSON bodies', async () => {
    const fetch = vi.fn(async () => json(200, { code: 0, message: 'ok', data: 1 }));
    const { client } = setup(fetch as unknown as typeof globalThis.fetch);
    await client.post('/api/x', { a: 1 });
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[1].body).toBe('{"a":1}');
    expect(new Headers(init[1].headers).get('Content-Type')).toBe('application/json');
  });

  it('rejects a non-zero code with a typed error naming the field', async () => {
    const fetch = vi.fn(async () =>
      json(400, { code: 1001, message: 'Invalid request parameters: amount', data: { field: 'amount' } }),
    );
    const { client } = setup(fetch as unknown as typeof globalThis.fetch);
    const error = await client.post('/api/funds/transfer', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 1001,
      status: 400,
      field: 'amount',
      message: 'Invalid request parameters: amount',
    });
  });

  it('keeps what a refusal carries beyond its message (a course’s unmet conditions)', async () => {
    const fetch = vi.fn(async () =>
      json(403, {
        code: 5010,
        message: 'course not available in area or no permission',
        data: { locked_by: ['region', 'miner'] },
      }),
    );
    const { client } = setup(fetch as unknown as typeof globalThis.fetch);
    const error = await client.get('/api/courses/7').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 5010, status: 403, data: { locked_by: ['region', 'miner'] } });
    expect((error as ApiError).field).toBeUndefined();
  });

  it('sends a request that must outlive the page with keepalive, and only that one', async () => {
    const fetch = vi.fn(async () => json(200, { code: 0, message: 'ok', data: { position_seconds: 3 } }));
    const { client } = setup(fetch as unknown as typeof globalThis.fetch);
    await client.request('/api/courses/7/progress', { method: 'PUT', body: { position_seconds: 3 }, keepalive: true });
    await client.get('/api/courses/7');
    const inits = (fetch.mock.calls as unknown as Array<[string, RequestInit]>).map(([, init]) => init.keepalive);
    expect(inits).toEqual([true, undefined]);
  });

  it('queues concurrent 401s behind one refresh and replays them with the new access token', async () => {
    const api = fakeApi();
    const { client, session, storage } = setup(api.fetch);

    const results = Promise.all([
      client.get('/api/user/info'),
      client.get('/api/funds/records'),
      client.post('/api/miners/outputs/collect_all'),
    ]);
    await settle();
    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.refreshCalls()[0]).toMatchObject({ method: 'POST', authorization: 'Bearer refresh-1', body: null });

    api.releaseRefresh();
    await expect(results).resolves.toEqual([
      { path: '/api/user/info' },
      { path: '/api/funds/records' },
      { path: '/api/miners/outputs/collect_all' },
    ]);

    expect(api.refreshCalls()).toHaveLength(1);
    const replays = api.calls.filter((c) => c.path !== REFRESH_PATH && c.authorization === 'Bearer access-2');
    expect(replays).toHaveLength(3);
    expect(session.getState().token).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!).token.access_token).toBe('access-2');
  });

  it('treats a body code 401 under HTTP 200 like an HTTP 401', async () => {
    let first = true;
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith(REFRESH_PATH)) {
        return json(200, { code: 0, message: 'ok', data: { access_token: 'access-2', refresh_token: 'refresh-2' } });
      }
      if (first) {
        first = false;
        return json(200, { code: 401, message: 'expired' });
      }
      return json(200, { code: 0, message: 'ok', data: 'fine' });
    });
    const { client } = setup(fetch as unknown as typeof globalThis.fetch);
    await expect(client.get('/api/user/info')).resolves.toBe('fine');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('replays without a second refresh when a refresh finished while the call was in flight', async () => {
    const api = fakeApi();
    const { client, session } = setup(api.fetch);
    // The call leaves with access-1; meanwhile another call refreshed to access-2.
    const slow = client.get('/api/user/info');
    session.setToken({ access_token: 'access-2', refresh_token: 'refresh-2' });
    await expect(slow).resolves.toEqual({ path: '/api/user/info' });
    expect(api.refreshCalls()).toHaveLength(0);
  });

  it('logs out, flags the expiry and opens the connect dialog when the refresh answers 401', async () => {
    const api = fakeApi({ refreshAnswer: () => json(401, { code: 2006, message: 'Session ended' }) });
    const { client, session, storage } = setup(api.fetch);

    const results = Promise.allSettled([client.get('/api/user/info'), client.get('/api/funds/records')]);
    await settle();
    api.releaseRefresh();
    const settled = await results;

    expect(api.refreshCalls()).toHaveLength(1);
    for (const result of settled) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: 2006,
        status: 401,
        message: 'Session ended',
      });
    }
    const state = session.getState();
    expect(state).toMatchObject({ userinfo: null, token: null, tokenIsExpired: true, showConnectBox: true });
    expect(state.balance).toEqual({ usdt: '0', wallx: '0' });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!)).toEqual({
      userinfo: null,
      token: null,
      balance: { usdt: '0', wallx: '0' },
    });
  });

  it.each([
    ['a code greater than 0', () => json(200, { code: 2005, message: 'bad refresh' })],
    ['missing data', () => json(200, { code: 0, message: 'ok' })],
  ])('treats %s from the refresh as a failure', async (_, answer) => {
    const api = fakeApi({ refreshAnswer: answer });
    const { client, session } = setup(api.fetch);
    api.releaseRefresh();
    await expect(client.get('/api/user/info')).rejects.toBeInstanceOf(ApiError);
    expect(session.getState()).toMatchObject({ token: null, tokenIsExpired: true, showConnectBox: true });
  });

  it('does not refresh for a guest, but asks them to connect', async () => {
    const api = fakeApi();
    const { client, session } = setup(api.fetch);
    session.logout();
    await expect(client.get('/api/user/info')).rejects.toMatchObject({ code: 401 });
    expect(api.refreshCalls()).toHaveLength(0);
    expect(session.getState()).toMatchObject({ showConnectBox: true, tokenIsExpired: false });
  });

  it('does not refresh public calls', async () => {
    const api = fakeApi();
    const { client, session } = setup(api.fetch);
    await expect(client.post('/api/web3/verify', {}, { auth: false })).rejects.toMatchObject({ code: 401 });
    expect(api.calls[0]!.authorization).toBeNull();
    expect(api.refreshCalls()).toHaveLength(0);
    expect(session.getState().token).not.toBeNull();
  });

  it('rejects with a timeout error after the time-out', async () => {
    const fetch = vi.fn(
      (_: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client } = setup(fetch as unknown as typeof globalThis.fetch, 20);
    await expect(client.get('/api/slow')).rejects.toMatchObject({
      code: TIMEOUT_ERROR_CODE,
      status: 0,
      message: 't:errors.timeout',
    });
  });

  it('uses a 5000 ms time-out by default', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(
        (_: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const { client } = setup(fetch as unknown as typeof globalThis.fetch);
      const result = client.get('/api/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(4999);
      expect(fetch.mock.calls).toHaveLength(1);
      const signal = (fetch.mock.calls[0]![1] as RequestInit).signal!;
      expect(signal.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toMatchObject({ code: TIMEOUT_ERROR_CODE });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects network failures with a typed error and keeps the session', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { client, session } = setup(fetch as unknown as typeof globalThis.fetch);
    await expect(client.get('/api/user/info')).rejects.toMatchObject({
      code: NETWORK_ERROR_CODE,
      status: 0,
      message: 't:errors.network',
    });
    expect(session.getState().token).not.toBeNull();
  });

  it('keeps the session when the refresh itself cannot reach the server', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith(REFRESH_PATH)) throw new TypeError('Failed to fetch');
      return json(401, { code: 401, message: 'expired' });
    });
    const { client, session } = setup(fetch as unknown as typeof globalThis.fetch);
    await expect(client.get('/api/user/info')).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
    expect(session.getState()).toMatchObject({ tokenIsExpired: false, token: login.token });
  });

  it('answers a non-JSON error page with a typed error', async () => {
    const fetch = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const { client } = setup(fetch as unknown as typeof globalThis.fetch);
    await expect(client.get('/api/user/info')).rejects.toMatchObject({
      code: 502,
      status: 502,
      message: 't:errors.internal',
    });
  });
  describe('freshToken (the event stream)', () => {
    it('refreshes once for callers that saw the same token refused together, and hands out the new one', async () => {
      const api = fakeApi();
      const { client, session } = setup(api.fetch);
      const both = [client.freshToken('access-1'), client.freshToken('access-1')];
      api.releaseRefresh();
      await expect(Promise.all(both)).resolves.toEqual(['access-2', 'access-2']);
      expect(api.refreshCalls()).toHaveLength(1);
      expect(session.getState().token?.access_token).toBe('access-2');
      // A caller still holding the old token after that gets the newer one without a second refresh.
      await expect(client.freshToken('access-1')).resolves.toBe('access-2');
      expect(api.refreshCalls()).toHaveLength(1);
    });

    it('refuses when the session is gone, and ends it when the refresh is refused', async () => {
      const api = fakeApi({ refreshAnswer: () => json(401, { code: 401, message: 'expired' }) });
      const { client, session } = setup(api.fetch);
      api.releaseRefresh();
      await expect(client.freshToken('access-1')).rejects.toMatchObject({ status: 401 });
      expect(session.getState()).toMatchObject({ token: null, tokenIsExpired: true });
      await expect(client.freshToken('access-1')).rejects.toMatchObject({ code: 401 });
      expect(api.refreshCalls()).toHaveLength(1);
    });
  });
});
