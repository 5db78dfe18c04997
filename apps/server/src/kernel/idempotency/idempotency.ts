import crypto from 'node:crypto';
import type { Db, Trx } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { lockActiveUser } from '../users/active.js';
import { createIdempotencyRepository } from './repository.js';

export type IdempotencyRequest = { userId: string; key: string | undefined; scope: string; body: unknown };

const hashOf = (scope: string, body: unknown) =>
  crypto
    .createHash('sha256')
    .update(`${scope}\n${JSON.stringify(body)}`)
    .digest('hex');

/**
 * `Idempotency-Key` for money-moving requests: the first request with a key runs and stores its
 * answer in the same transaction as its effects; a retry with the same key gets that answer and
 * moves nothing; the same key with a different request is a 409. A retry racing the original waits
 * on the key's row and then replays.
 */
export function createIdempotency(db: Db) {
  const keys = createIdempotencyRepository();

  function replay<T>(row: { request_hash: string; response: unknown }, hash: string): T {
    if (row.request_hash !== hash) throw new AppError('idempotency_conflict');
    return row.response as T;
  }

  return {
    /** A finished answer for this key, if any — checked before slow work such as the fund password. */
    async previous<T>({ userId, key, scope, body }: IdempotencyRequest): Promise<T | undefined> {
      if (!key) return undefined;
      const row = await keys.find(db, userId, key);
      return row?.response ? replay<T>(row, hashOf(scope, body)) : undefined;
    },

    /**
     * Runs `work` in one transaction, key or no key: the app always sends a key, a script need not,
     * and without one a money-moving request must still land whole or not at all (a withdrawal row
     * committed before its debit was refused is a payout nobody paid for). A deadlock retries the
     * whole transaction, so nothing it wrote before the retry survives. Every such request is the
     * user's own, so a frozen account is refused here too, under its row lock (users/active.ts).
     */
    async run<T>({ userId, key, scope, body }: IdempotencyRequest, work: (trx: Trx) => Promise<T>): Promise<T> {
      const hash = key ? hashOf(scope, body) : null;
      return transaction(db, async (trx) => {
        await lockActiveUser(trx, userId);
        if (key && hash && !(await keys.claim(trx, userId, key, hash))) {
          const row = await keys.find(trx, userId, key);
          if (!row) throw new Error('idempotency: a key taken before has no row');
          return replay<T>(row, hash);
        }
        const result = await work(trx);
        if (key) await keys.saveAnswer(trx, userId, key, result);
        return result;
      });
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
