import type { Executor, Trx } from '../../platform/db/database.js';

/** login_nonces: the sign-in messages' nonces, issued, spent once, forgotten. */
export function createNonceRepository() {
  return {
    async insertNonce(db: Executor, nonce: string, expiresAt: Date): Promise<void> {
      await db.insertInto('login_nonces').values({ nonce, expires_at: expiresAt }).execute();
    },

    /**
     * Spends a nonce we issued, once, before it expires: answers `spent`, or why not (`unknown` for
     * one we never issued or already forgot, `used`, `expired`), deciding in one statement.
     */
    async spendNonce(trx: Trx, nonce: string, at: Date): Promise<'spent' | 'unknown' | 'used' | 'expired'> {
      const spent = await trx
        .updateTable('login_nonces')
        .set({ used_at: at })
        .where('nonce', '=', nonce)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('nonce')
        .executeTakeFirst();
      if (spent) return 'spent';
      const row = await trx
        .selectFrom('login_nonces')
        .select(['used_at', 'expires_at'])
        .where('nonce', '=', nonce)
        .executeTakeFirst();
      if (!row) return 'unknown';
      return row.used_at ? 'used' : 'expired';
    },

    /** Nonces past their time can never be spent; an hour later they need no record. */
    async forgetOldNonces(db: Executor, olderThan: Date): Promise<void> {
      await db.deleteFrom('login_nonces').where('expires_at', '<', olderThan).execute();
    },
  };
}
