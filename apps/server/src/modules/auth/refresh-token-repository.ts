import type { Executor, Trx } from '../../platform/db/database.js';

export type RefreshTokenRow = {
  session_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
};

/** refresh_tokens: one a refresh, spent when rotated. */
export function createRefreshTokenRepository() {
  return {
    async insertRefreshToken(trx: Trx, hash: string, sessionId: string, expiresAt: Date) {
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: hash, session_id: sessionId, expires_at: expiresAt })
        .execute();
    },

    /** Locks the token row so two refreshes with the same token are decided one after the other. */
    async lockRefreshToken(trx: Trx, hash: string): Promise<RefreshTokenRow | undefined> {
      return trx
        .selectFrom('refresh_tokens as t')
        .innerJoin('sessions as s', 's.id', 't.session_id')
        .select(['t.session_id', 's.user_id', 't.expires_at', 't.used_at', 's.revoked_at'])
        .where('t.token_hash', '=', hash)
        .forUpdate('t')
        .executeTakeFirst();
    },

    async spendRefreshToken(trx: Trx, hash: string): Promise<void> {
      await trx.updateTable('refresh_tokens').set({ used_at: new Date() }).where('token_hash', '=', hash).execute();
    },

    async sessionOfRefreshToken(db: Executor, hash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('session_id')
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      return row?.session_id;
    },
  };
}
