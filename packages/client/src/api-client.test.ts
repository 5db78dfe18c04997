import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Answer } from '@wallx/shared';
import { createApiClientCore, type Authorization } from './api-client';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setUp(answer: (init: RequestInit) => Response, authorization: Partial<Authorization> = {}) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => answer(init ?? {}));
  const client = createApiClientCore({
    baseUrl: 'http://api.test',
    getLanguage: () => 'ko_KR',
    translate: (key) => `t:${key}`,
    timeoutMs: 1000,
    fetch,
    authorization: {
      token: () => 'token-1',
      isRefused: ({ status }: Answer) => status === 401,
      onRefused: async (refused) => refused,
      ...authorization,
    },
  });
  return { client, fetch };
}

const headersOf = (fetch: ReturnType<typeof setUp>['fetch'], call = 0) =>
  fetch.mock.calls[call]![1]!.headers as Record<string, string>;

describe('the API client core', () => {
  it('sends the token, the language and the query, and answers the envelope data', async () => {
    const { client, fetch } = setUp(() => json(200, { code: 0, message: 'ok', data: { id: 1 } }));
    await expect(client.get('/api/x', { query: { a: 1, b: undefined } })).resolves.toEqual({ id: 1 });
    expect(String(fetch.mock.calls[0]![0])).toBe('http://api.test/api/x?a=1');
    expect(headersOf(fetch)).toMatchObject({ Authorization: 'Bearer token-1', 'Accept-Language': 'ko_KR' });
  });

  it('sends no token on a public call, and throws the refusal as it came', async () => {
    const onRefused = vi.fn();
    const { client, fetch } = setUp(() => json(401, { code: 401, message: 'Please log in' }), { onRefused });
    await expect(client.post('/api/login', { a: 1 }, { auth: false })).rejects.toMatchObject({ code: 401 });
    expect(headersOf(fetch).Authorization).toBeUndefined();
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('hands a refused token to the session, which may replay the call with another', async () => {
    const { client, fetch } = setUp(
      (init) =>
        (init.headers as Record<string, string>).Authorization === 'Bearer token-2'
          ? json(200, { code: 0, message: 'ok', data: 'again' })
          : json(401, { code: 401, message: 'Expired' }),
      { onRefused: async (_refused, used, replay) => (expect(used).toBe('token-1'), replay('token-2')) },
    );
    await expect(client.delete('/api/y')).resolves.toBe('again');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1]!.method).toBe('DELETE');
  });

  it('throws an ApiError for a refusal that is not about the token', async () => {
    const onRefused = vi.fn();
    const { client } = setUp(() => json(400, { code: 1001, message: 'Bad', data: null }), { onRefused });
    const error = await client.put('/api/z', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(onRefused).not.toHaveBeenCalled();
  });
});
