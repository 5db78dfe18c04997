import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from '@wallx/shared';
import { createIdempotencyKeys, isSettled, newIdempotencyKey, retryUnsettledOnce } from './idempotency-key';

const request = { to: '0xabc', asset: 'USDT', amount: '5' };

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('createIdempotencyKeys', () => {
  it('reuses the key when the same request is sent again without an answer', () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor(request);
    expect(keys.keyFor({ ...request })).toBe(first);
    expect(keys.keyFor(request)).toBe(first);
  });

  it('gives a changed request a new key', () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor(request);
    const second = keys.keyFor({ ...request, amount: '6' });
    expect(second).not.toBe(first);
    // Going back to the first request after another one was sent is a new submission too.
    expect(keys.keyFor(request)).not.toBe(first);
  });

  it('starts a new key once the server has answered', () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor(request);
    keys.settle();
    expect(keys.keyFor(request)).not.toBe(first);
  });

  it('follows a whole story: time-out, retry with the same key, success, then a new transfer', () => {
    const keys = createIdempotencyKeys(counter());
    const sent: string[] = [];
    const attempt = (error: unknown) => {
      sent.push(keys.keyFor(request));
      if (error === null || isSettled(error)) keys.settle();
    };
    attempt(new ApiError({ code: TIMEOUT_ERROR_CODE, status: 0, message: 'timed out' }));
    attempt(new ApiError({ code: NETWORK_ERROR_CODE, status: 0, message: 'offline' }));
    attempt(new ApiError({ code: 1003, status: 502, message: 'bad gateway' }));
    attempt(null);
    attempt(null);
    expect(sent).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-2']);
  });
});

const timeout = new ApiError({ code: TIMEOUT_ERROR_CODE, status: 0, message: 'timed out' });
const refusal = new ApiError({ code: 3002, status: 409, message: 'Insufficient USDT balance' });

describe('createIdempotencyKeys().submit', () => {
  /** Submits `request`, failing with `error` or succeeding; returns the key it was sent with. */
  async function submitWith(
    keys: ReturnType<typeof createIdempotencyKeys>,
    request: unknown,
    error?: unknown,
  ): Promise<string> {
    let sent = '';
    const send = async (key: string) => {
      sent = key;
      if (error) throw error;
      return 'done';
    };
    if (error) await expect(keys.submit(request, send)).rejects.toBe(error);
    else await expect(keys.submit(request, send)).resolves.toBe('done');
    return sent;
  }

  it('reuses the key after no answer and starts a new one after an answer', async () => {
    const keys = createIdempotencyKeys(counter());
    const sent = [
      await submitWith(keys, request, timeout),
      await submitWith(keys, request),
      await submitWith(keys, request, refusal),
      await submitWith(keys, request),
    ];
    expect(sent).toEqual(['key-1', 'key-1', 'key-2', 'key-3']);
  });

  it('leaves the fund password out of the fingerprint', async () => {
    const keys = createIdempotencyKeys(counter());
    const first = await submitWith(keys, { request: { ...request, fund_password: '123456' } }, timeout);
    expect(await submitWith(keys, { request: { ...request, fund_password: '654321' } })).toBe(first);
  });
});

describe('retryUnsettledOnce', () => {
  it('retries once, and only a request that may not have been answered', () => {
    expect(retryUnsettledOnce(0, timeout)).toBe(true);
    expect(retryUnsettledOnce(1, timeout)).toBe(false);
    expect(retryUnsettledOnce(0, refusal)).toBe(false);
  });
});

describe('isSettled', () => {
  it('is true for a refusal of the server', () => {
    expect(isSettled(new ApiError({ code: 3002, status: 409, message: 'Insufficient USDT balance' }))).toBe(true);
    expect(isSettled(new ApiError({ code: 3007, status: 403, message: 'Incorrect fund password' }))).toBe(true);
  });

  it('is false when the answer may be missing', () => {
    expect(isSettled(new ApiError({ code: TIMEOUT_ERROR_CODE, status: 0, message: 'timed out' }))).toBe(false);
    expect(isSettled(new ApiError({ code: 1003, status: 500, message: 'internal' }))).toBe(false);
    expect(isSettled(new Error('anything else'))).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a fresh UUID v4 every time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(uuid);
  });

  it('falls back to getRandomValues where randomUUID is missing (insecure contexts)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(uuid);
      expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('fits the server’s header rule', () => {
    expect(newIdempotencyKey()).toMatch(/^[\w.:-]{1,100}$/);
  });
});
