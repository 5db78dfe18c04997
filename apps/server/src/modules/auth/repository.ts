import type { Executor, Trx } from '../../db/database.js';

export type RefreshTokenRow = {
  session_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
};

export type SessionUser = { id: string; address: string; is_frozen: boolean; is_validator: boolean };

export function createAuthRepository() {
  return {
    /** True when the (address, message) pair had not been used; records it in the same statement. */
    async claimLoginMessage(trx: Trx, address: string, message: string): Promise<boolean> {
      const row = await trx
        .insertInto('login_messages')
        .values({ address, message })
        .onConflict((oc) => oc.doNothing())
        .returning('address')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Messages older than the validity window can never be accepted again, so they need no record. */
    async forgetOldLoginMessages(db: Executor, olderThan: Date): Promise<void> {
      await db.deleteFrom('login_messages').where('used_at', '<', olderThan).execute();
    },

    async createSession(trx: Trx, sessionId: string, userId: string): Promise<void> {
      await trx.insertInto('sessions').values({ id: sessionId, user_id: userId }).execute();
    },

    async insertRefreshToken(trx: Trx, hash: string, sessionId: string, expiresAt: Date) {
      await trx.insertInto('refresh_tokens').values({ token_hash: hash, session_id: sessionId, expires_at: expiresAt }).execute();
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
      const row = await db.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', hash).executeTakeFirst();
      return row?.session_id;
    },

    async revokeSession(db: Executor, sessionId: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** The user behind a live session, in one indexed lookup per authenticated request. */
    async sessionUser(db: Executor, sessionId: string): Promise<SessionUser | undefined> {
      return db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['u.id', 'u.address', 'u.is_frozen', 'u.is_validator'])
        .where('s.id', '=', sessionId)
        .where('s.revoked_at', 'is', null)
        .executeTakeFirst();
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
