import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';

type StoredAnswer = { request_hash: string; response: unknown };

export function createIdempotencyRepository() {
  return {
    async find(db: Executor, userId: string, key: string): Promise<StoredAnswer | undefined> {
      return db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'response'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /**
     * Takes the key for this request; false when it was taken before. A retry racing the original
     * blocks here on the key's row until the original's transaction ends.
     */
    async claim(trx: Executor, userId: string, key: string, requestHash: string): Promise<boolean> {
      const { rows } = await sql<{ key: string }>`
        insert into idempotency_keys (user_id, key, request_hash) values (${userId}, ${key}, ${requestHash})
        on conflict do nothing returning key`.execute(trx);
      return rows.length > 0;
    },

    async saveAnswer(trx: Executor, userId: string, key: string, response: unknown): Promise<void> {
      await trx
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify(response) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },
  };
}
