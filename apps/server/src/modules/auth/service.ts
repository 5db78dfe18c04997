import crypto from 'node:crypto';
import { recoverMessageAddress, type Hex } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import {
  isAddress,
  LOGIN_CLOCK_SKEW_MS,
  LOGIN_NONCE_TTL_MS,
  LOGIN_STATEMENT,
  WALLET_ACTION_STATEMENTS,
  type LoginNonce,
  type LoginResult,
  type Session,
  type Token,
  type WalletAction,
} from '@wallx/shared';
import type { Db, Trx } from '../../platform/db/database.js';
import { AppError, isAppError } from '../../platform/errors/app-error.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import { toUserInfo } from '../../kernel/users/user-info.js';
import type { AuthRepository, SessionUser } from './repository.js';
import { deviceOf } from './device.js';
import { hashRefreshToken, newRefreshToken, type Tokens } from './tokens.js';

// Without 0/O/1/I so a code read aloud or typed from a screenshot is unambiguous.
const SHARE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SHARE_CODE_LENGTH = 8;
// A spent or expired nonce is kept a while, so that a late replay is told "used", not "unknown".
const NONCE_MEMORY_MS = 60 * 60 * 1000;

export function newShareCode(): string {
  const bytes = crypto.randomBytes(SHARE_CODE_LENGTH);
  return Array.from(bytes, (b) => SHARE_CODE_ALPHABET[b % SHARE_CODE_ALPHABET.length]).join('');
}

/**
 * What a first login needs of the team module: app.ts hands in the team service.
 * Declared here rather than imported, as modules import no other module but the ledger.
 */
export type TeamJoin = {
  acceptsInvitee(trx: Trx, inviterId: string): Promise<boolean>;
  join(trx: Trx, userId: string, inviterId: string | null): Promise<void>;
};

type Deps = {
  db: Db;
  users: UserRepository;
  team: TeamJoin;
  auth: AuthRepository;
  tokens: Tokens;
  refreshTtlSeconds: number;
  /** The chain the sign-in message must name. */
  chainId: number;
  /** The origin the app is served from; empty: the origin the request came to. */
  publicAppUrl: string;
  now?: () => number;
  /** Told the error code of each refused sign-in (the metrics' login failures). */
  onLoginFailure?: (reason: string) => void;
};

/** Where a login comes from, as /settings shows it: the user agent and a coarse network. */
export type LoginClient = { userAgent: string | null; network: string | null };

/** What a message must say besides the site and chain: its statement, and its URI's path when it names one. */
type MessageRules = { statement?: string; path?: string };

export type LoginInput = { address: string; signature: string; message: string; referee?: string | null | undefined };

export function createAuthService({
  db,
  users,
  team,
  auth,
  tokens,
  refreshTtlSeconds,
  chainId,
  publicAppUrl,
  now = Date.now,
  onLoginFailure,
}: Deps) {
  async function issueTokens(trx: Trx, userId: string, sessionId: string): Promise<Token> {
    const refresh = newRefreshToken();
    await auth.insertRefreshToken(trx, refresh.hash, sessionId, new Date(now() + refreshTtlSeconds * 1000));
    const access_token = tokens.signAccess({ userId, sessionId });
    return { access_token, refresh_token: refresh.token };
  }

  /**
   * The inviter a referee names, or null: an unknown referee, and one already at the deepest level
   * of its tree, log the user in without an inviter (docs/decisions/071-cheap-attacks-on-the-server-bounded-bodies-invite-depth.md).
   */
  async function resolveInviter(trx: Trx, referee: string | null | undefined) {
    const value = referee?.trim();
    if (!value) return null;
    const inviterId = isAddress(value)
      ? await users.findIdByAddress(trx, value.toLowerCase())
      : await users.findIdByShareCode(trx, value.toUpperCase());
    if (!inviterId) return null;
    return (await team.acceptsInvitee(trx, inviterId)) ? inviterId : null;
  }

  /**
   * The nonce a sign-in message carries when every field is ours: written exactly as we would write
   * it, for this site and chain (and, when a path is named, for that URI exactly), with our statement,
   * for the address that signed it, within its time.
   */
  async function checkMessage(
    input: Omit<LoginInput, 'referee'>,
    origin: string,
    { statement = LOGIN_STATEMENT, path }: MessageRules = {},
  ): Promise<string> {
    const invalid = () => new AppError('login_message_invalid', { field: 'message' });
    const fields = parseSiweMessage(input.message);
    const { domain, address, uri, version, chainId: messageChain, nonce, issuedAt, expirationTime } = fields;
    if (!domain || !address || !uri || version !== '1' || !messageChain || !nonce || !issuedAt || !expirationTime)
      throw invalid();
    // Nothing but what we would write: no resources, request id or not-before, no other spelling.
    let canonical: string;
    try {
      canonical = createSiweMessage({
        domain,
        address,
        statement,
        uri,
        version: '1',
        chainId: messageChain,
        nonce,
        issuedAt,
        expirationTime,
      });
    } catch {
      throw invalid(); // a field out of its format, or a date that is none
    }
    if (canonical !== input.message) throw invalid();
    const site = new URL(origin);
    let uriOrigin: string;
    try {
      uriOrigin = new URL(uri).origin;
    } catch {
      throw invalid();
    }
    if (domain !== site.host || uriOrigin !== site.origin || messageChain !== chainId) throw invalid();
    if (path !== undefined && uri !== `${site.origin}${path}`) throw invalid();
    if (address.toLowerCase() !== input.address.toLowerCase())
      throw new AppError('signature_invalid', { field: 'signature' });
    const at = now();
    if (
      issuedAt.getTime() > at + LOGIN_CLOCK_SKEW_MS ||
      expirationTime.getTime() <= at ||
      expirationTime.getTime() - issuedAt.getTime() > LOGIN_NONCE_TTL_MS + LOGIN_CLOCK_SKEW_MS
    ) {
      throw new AppError('login_message_expired', { field: 'message' });
    }
    let signer: string;
    try {
      signer = await recoverMessageAddress({ message: input.message, signature: input.signature as Hex });
    } catch (cause) {
      throw new AppError('signature_invalid', { field: 'signature', cause });
    }
    if (signer.toLowerCase() !== input.address.toLowerCase())
      throw new AppError('signature_invalid', { field: 'signature' });
    return nonce;
  }

  /** Spends a checked message's nonce, in its own statement, or says why it cannot be. */
  async function spend(trx: Trx, nonce: string): Promise<void> {
    const spent = await auth.spendNonce(trx, nonce, new Date(now()));
    if (spent === 'used') throw new AppError('login_message_used', { field: 'message' });
    if (spent === 'expired') throw new AppError('login_message_expired', { field: 'message' });
    if (spent === 'unknown') throw new AppError('login_message_invalid', { field: 'message' });
  }

  /**
   * A signed message of ours other than the app's sign-in (the console's, an action's): every field
   * checked as the sign-in's, with its own statement and URI, and its nonce spent — in `trx` when
   * given, so the nonce is spent only if what it confirms is written too.
   */
  async function confirmSigned(
    input: Omit<LoginInput, 'referee'>,
    rules: MessageRules,
    requestOrigin: string,
    trx?: Trx,
  ): Promise<void> {
    const nonce = await checkMessage(input, publicAppUrl || requestOrigin, rules);
    if (trx) await spend(trx, nonce);
    else await db.transaction().execute((own) => spend(own, nonce));
  }

  return {
    /**
     * The wallet's own confirmation of an action a session alone may not take: a message as the
     * sign-in's (this site, a nonce of ours, its times), with the action as its statement, signed by
     * the account's address. The nonce is spent.
     */
    async confirmAction(
      address: string,
      action: WalletAction,
      proof: { message?: string | undefined; signature?: string | undefined },
      requestOrigin: string,
      trx?: Trx,
    ): Promise<void> {
      if (!proof.message || !proof.signature) throw new AppError('wallet_signature_required', { field: 'signature' });
      await confirmSigned(
        { address, message: proof.message, signature: proof.signature },
        { statement: WALLET_ACTION_STATEMENTS[action] },
        requestOrigin,
        trx,
      );
    },

    confirmSigned,

    /** A nonce for one sign-in, with the times and chain the message must carry. */
    async nonce(): Promise<LoginNonce> {
      const at = now();
      const nonce = crypto.randomBytes(16).toString('hex');
      const expiresAt = new Date(at + LOGIN_NONCE_TTL_MS);
      await auth.insertNonce(db, nonce, expiresAt);
      return {
        nonce,
        chain_id: chainId,
        issued_at: new Date(at).toISOString(),
        expiration_time: expiresAt.toISOString(),
      };
    },

    async login(
      input: LoginInput,
      requestOrigin: string,
      client: LoginClient = { userAgent: null, network: null },
    ): Promise<LoginResult> {
      const address = input.address.toLowerCase();
      const refused = (error: unknown): never => {
        if (isAppError(error)) onLoginFailure?.(error.key);
        throw error;
      };
      const nonce = await checkMessage(input, publicAppUrl || requestOrigin).catch(refused);

      const result = await db.transaction().execute(async (trx) => {
        await spend(trx, nonce).catch(refused);
        let user = await users.findByAddress(trx, address);
        let created = false;
        if (!user) {
          // The referee counts only at the first login; the inviter never changes afterwards.
          const inviterId = await resolveInviter(trx, input.referee);
          for (let attempt = 0; !user && attempt < 5; attempt++) {
            const id = await users.insert(trx, { address, shareCode: newShareCode(), inviterId });
            // The tree and every team above grow in this transaction: a user is never outside it.
            if (id) {
              await team.join(trx, id, inviterId);
              created = true;
            }
            // Nothing inserted means a concurrent first login won the address, or the code clashed.
            user = await users.findByAddress(trx, address);
          }
          if (!user) throw new Error('could not allocate a share code');
        }
        const sessionId = crypto.randomUUID();
        await auth.createSession(trx, sessionId, user.id, {
          userAgent: client.userAgent?.slice(0, 300) ?? null,
          network: client.network,
        });
        const token = await issueTokens(trx, user.id, sessionId);
        const balance = await users.balances(trx, user.id);
        return { userinfo: toUserInfo(user), token, balance, first_login: created };
      });
      await auth.forgetOldNonces(db, new Date(now() - NONCE_MEMORY_MS));
      return result;
    },

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
        return { token: await issueTokens(trx, row.user_id, row.session_id) };
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
export type AuthService = ReturnType<typeof createAuthService>;
