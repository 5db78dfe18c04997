import { sql } from 'kysely';
import type { Executor, Trx } from '../../platform/db/database.js';

export type RefreshTokenRow = {
  session_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
};

export type SessionRow = {
  id: string;
  user_agent: string | null;
  ip_prefix: string | null;
  created_at: Date;
  last_used_at: Date | null;
};

export type SessionUser = { id: string; address: string; is_frozen: boolean; is_validator: boolean };

export function createAuthRepository() {
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

    async createSession(
      trx: Trx,
      sessionId: string,
      userId: string,
      client: { userAgent: string | null; network: string | null },
    ): Promise<void> {
      await trx
        .insertInto('sessions')
        .values({ id: sessionId, user_id: userId, user_agent: client.userAgent, ip_prefix: client.network })
        .execute();
    },

    /** A refresh is a session's use: what /settings shows as "last used". */
    async touchSession(trx: Trx, sessionId: string, at: Date): Promise<void> {
      await trx.updateTable('sessions').set({ last_used_at: at }).where('id', '=', sessionId).execute();
    },

    /** The user's sessions that can still be used: not ended, with a refresh token neither spent nor expired. */
    async liveSessions(db: Executor, userId: string, at: Date): Promise<SessionRow[]> {
      return db
        .selectFrom('sessions as s')
        .select(['s.id', 's.user_agent', 's.ip_prefix', 's.created_at', 's.last_used_at'])
        .where('s.user_id', '=', userId)
        .where('s.revoked_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('refresh_tokens as t')
              .select('t.session_id')
              .whereRef('t.session_id', '=', 's.id')
              .where('t.used_at', 'is', null)
              .where('t.expires_at', '>', at),
          ),
        )
        .orderBy('s.created_at', 'desc')
        .limit(100)
        .execute();
    },

    /** Ends one of the user's sessions; false when it is not theirs or already ended. */
    async revokeUserSession(db: Executor, userId: string, sessionId: string): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Ends every session of the user but one; answers how many. */
    async revokeOtherSessions(db: Executor, userId: string, keep: string): Promise<number> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('id', '!=', keep)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

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

    async revokeSession(db: Executor, sessionId: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * Of these sessions, those ended, unknown or of a frozen user, in one statement. The lateral
     * subquery (kept apart by its limit) makes each a primary-key lookup of its session and user:
     * as plain joins, PostgreSQL hashed the whole sessions table for 5,000 ids (decision 122).
     */
    async inactiveSessions(db: Executor, sessionIds: string[]): Promise<string[]> {
      if (sessionIds.length === 0) return [];
      const { rows } = await sql<{ id: string }>`
        select k.id::text as id
        from unnest(${sessionIds}::uuid[]) as k (id)
        left join lateral (
          select s.revoked_at, u.is_frozen from sessions s join users u on u.id = s.user_id where s.id = k.id limit 1
        ) as live on true
        where live.revoked_at is not null or live.is_frozen is not false`.execute(db);
      return rows.map((row) => row.id);
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
