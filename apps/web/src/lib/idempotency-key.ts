import { ApiError } from '@wallx/shared';

/**
 * A random UUID v4. crypto.randomUUID exists only in secure contexts; a wallet's web view on a plain
 * http address still has getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Did the server answer for certain? A success or a refusal (4xx) did; a time-out, a lost connection
 * or a gateway error may have happened after the server moved the money.
 */
export function isSettled(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** A mutation's retry rule: once more (with the same key) only when no answer may have arrived. */
export function retryUnsettledOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isSettled(error);
}

export type IdempotencyKeys = {
  /** The key for this request: the pending one when the same request is tried again, else a new one. */
  keyFor(request: unknown): string;
  /** The server has answered for certain; the next submission is a new request with a new key. */
  settle(): void;
  /**
   * Sends one submission of `request` with its key and settles the key once the server answered for
   * certain; a failure is thrown on for the caller to show.
   */
  submit<T>(request: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T>;
};

/**
 * The fund password says who asks, not what is asked (the server leaves it out of its fingerprint
 * too): sent again after a lost answer with the password retyped, it is the same movement. Nor
 * should the password linger in memory after the form is gone.
 */
function fingerprintOf(request: unknown): string {
  return JSON.stringify(request, (key, value: unknown) => (key === 'fund_password' ? undefined : value));
}

/**
 * Keys for one form's submissions. A submission that got no answer may have moved money already, so
 * sending the same request again reuses its key and the server replays the first answer instead of
 * moving the money twice. A changed request gets a new key (the server refuses a key reused for a
 * different body).
 */
export function createIdempotencyKeys(generate: () => string = newIdempotencyKey): IdempotencyKeys {
  let pending: { key: string; fingerprint: string } | null = null;
  const keyFor = (request: unknown): string => {
    const fingerprint = fingerprintOf(request);
    if (pending?.fingerprint !== fingerprint) pending = { key: generate(), fingerprint };
    return pending.key;
  };
  const settle = (): void => {
    pending = null;
  };
  return {
    keyFor,
    settle,
    async submit(request, send) {
      try {
        const result = await send(keyFor(request));
        settle();
        return result;
      } catch (error) {
        if (isSettled(error)) settle();
        throw error;
      }
    },
  };
}
