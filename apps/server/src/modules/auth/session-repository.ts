import { sql } from 'kysely';
import type { Executor, Trx } from '../../platform/db/database.js';

export type SessionRow = {
  id: string;
  user_agent: string | null;
  ip_prefix: string | null;
  created_at: Date;
  last_used_at: Date | null;
};

export type SessionUser = { id: string; address: string; is_frozen: boolean; is_validator: boolean };

/** sessions: created at sign-in, used, listed, ended; the user behind one. */
export function createSessionRepository() {
  return {
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
