import type { Session, Token } from '@wallx/shared';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { SessionUser } from './repository.js';
import { deviceOf } from './device.js';
import { hashRefreshToken, newRefreshToken } from './tokens.js';
import type { AuthDeps } from './deps.js';

/** A new session's or a rotated refresh's pair of tokens. */
export async function issueTokens(
  { auth, tokens, refreshTtlSeconds, now = Date.now }: AuthDeps,
  trx: Trx,
  userId: string,
  sessionId: string,
): Promise<Token> {
  const refresh = newRefreshToken();
  await auth.insertRefreshToken(trx, refresh.hash, sessionId, new Date(now() + refreshTtlSeconds * 1000));
  const access_token = tokens.signAccess({ userId, sessionId });
  return { access_token, refresh_token: refresh.token };
}

/** The sessions after sign-in: refreshing, signing out, listing and ending them, and the tokens' checks. */
export function createSessions(deps: AuthDeps) {
  const { db, auth, tokens, now = Date.now } = deps;
  return {
    /** Rotates a refresh token. A spent token means it leaked: the whole session is revoked. */
    async refresh(refreshToken: string): Promise<Token> {
      const hash = hashRefreshToken(refreshToken);
      type Outcome = { error: 'refresh_token_invalid' | 'refresh_token_reused' } | { token: Token };
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const row = await auth.lockRefreshToken(trx, hash);
        if (!row || row.revoked_at) return { error: 'refresh_token_invalid' };
        if (row.used_at) {
          await auth.revokeSession(trx, row.session_id);
          return { error: 'refresh_token_reused' };
        }
        if (row.expires_at.getTime() <= now()) return { error: 'refresh_token_invalid' };
        await auth.spendRefreshToken(trx, hash);
        await auth.touchSession(trx, row.session_id, new Date(now()));
        return { token: await issueTokens(deps, trx, row.user_id, row.session_id) };
      });
      // Thrown after commit so the revocation above is kept.
      if ('error' in outcome) throw new AppError(outcome.error);
      return outcome.token;
    },

    /**
     * Ends the session named by the access token — even an expired one — or by the refresh token:
     * a user who logs out after the access token ran out must not leave a refresh token alive.
     */
    async logout({
      accessToken,
      refreshToken,
    }: {
      accessToken: string | null;
      refreshToken: string | undefined;
    }): Promise<void> {
      const sessions = new Set<string>();
      if (accessToken) {
        try {
          sessions.add(tokens.sessionOfAccessToken(accessToken));
        } catch (error) {
          if (!refreshToken) throw error;
        }
      }
      if (refreshToken) {
        const session = await auth.sessionOfRefreshToken(db, hashRefreshToken(refreshToken));
        if (session) sessions.add(session);
      }
      if (sessions.size === 0) throw new AppError('unauthorized');
      for (const session of sessions) await auth.revokeSession(db, session);
    },

    /** My live sessions, newest first, the current one marked. */
    async sessions(user: { id: string; sessionId: string }): Promise<Session[]> {
      const rows = await auth.liveSessions(db, user.id, new Date(now()));
      return rows.map((row) => ({
        id: row.id,
        device: deviceOf(row.user_agent),
        network: row.ip_prefix,
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at?.toISOString() ?? null,
        is_current: row.id === user.sessionId,
      }));
    },

    /** Ends one of my sessions at once: its access token is refused from the next request, its refresh token too. */
    async endSession(user: { id: string }, sessionId: string): Promise<void> {
      if (!(await auth.revokeUserSession(db, user.id, sessionId))) throw new AppError('not_found', { field: 'id' });
    },

    /** Ends every session of mine but this one; answers how many. */
    async endOtherSessions(user: { id: string; sessionId: string }): Promise<{ ended: number }> {
      return { ended: await auth.revokeOtherSessions(db, user.id, user.sessionId) };
    },

    verifyAccessToken(accessToken: string) {
      return tokens.verifyAccess(accessToken);
    },

    /** The user behind an access token of a live session, or a 401. */
    async authenticate(accessToken: string): Promise<SessionUser & { sessionId: string; expiresAt: number }> {
      const claims = tokens.verifyAccess(accessToken);
      const user = await auth.sessionUser(db, claims.sessionId);
      if (!user || user.id !== claims.userId) throw new AppError('unauthorized');
      return { ...user, sessionId: claims.sessionId, expiresAt: claims.expiresAt };
    },

    /**
     * Of these sessions, those whose tokens no longer open an active account's routes: ended (signed
     * out, ended from another device, its refresh token reused), unknown, or their user frozen. One
     * query however many are asked (the event streams ask for all theirs every half second).
     */
    inactiveSessions: (sessionIds: string[]): Promise<string[]> => auth.inactiveSessions(db, sessionIds),
  };
}
