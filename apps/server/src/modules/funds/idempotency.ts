import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { retrying, transaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';

export type IdempotencyRequest = { userId: string; key: string | undefined; scope: string; body: unknown };

const hashOf = (scope: string, body: unknown) => crypto.createHash('sha256').update(`${scope}\n${JSON.stringify(body)}`).digest('hex');

/**
 * `Idempotency-Key` for money-moving requests: the first request with a key runs and stores its
 * answer in the same transaction as its effects; a retry with the same key gets that answer and
 * moves nothing; the same key with a different request is a 409. A retry racing the original waits
 * on the key's row and then replays.
 */
export function createIdempotency(db: Db) {
  async function stored(userId: string, key: string) {
    return db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'response'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  function replay<T>(row: { request_hash: string; response: unknown }, hash: string): T {
    if (row.request_hash !== hash) throw new AppError('idempotency_conflict');
    return row.response as T;
  }

  return {
    /** A finished answer for this key, if any — checked before slow work such as the fund password. */
    async previous<T>({ userId, key, scope, body }: IdempotencyRequest): Promise<T | undefined> {
      if (!key) return undefined;
      const row = await stored(userId, key);
      return row?.response ? replay<T>(row, hashOf(scope, body)) : undefined;
    },

    /** Without a key, `work` runs on its own (it must then be a single atomic statement or open its own transaction). */
    async run<T>({ userId, key, scope, body }: IdempotencyRequest, work: (db: Executor) => Promise<T>): Promise<T> {
      if (!key) return retrying(() => work(db));
      const hash = hashOf(scope, body);
      return transaction(db, async (trx) => {
        const { rows } = await sql<{ key: string }>`
          insert into idempotency_keys (user_id, key, request_hash) values (${userId}, ${key}, ${hash})
          on conflict do nothing returning key`.execute(trx);
        if (rows.length === 0) {
          const row = await trx
            .selectFrom('idempotency_keys')
            .select(['request_hash', 'response'])
            .where('user_id', '=', userId)
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          return replay<T>(row, hash);
        }
        const result = await work(trx);
        await trx
          .updateTable('idempotency_keys')
          .set({ response: JSON.stringify(result) })
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .execute();
        return result;
      });
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
