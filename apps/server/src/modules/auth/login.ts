import crypto from 'node:crypto';
import { isAddress, type LoginResult } from '@wallx/shared';
import type { Trx } from '../../platform/db/database.js';
import { isAppError } from '../../platform/errors/app-error.js';
import { toUserInfo } from '../../kernel/users/user-info.js';
import type { AuthDeps, LoginClient, LoginInput } from './deps.js';
import { issueTokens } from './sessions.js';
import type { SignedMessages } from './signed-messages.js';

// Without 0/O/1/I so a code read aloud or typed from a screenshot is unambiguous.
const SHARE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SHARE_CODE_LENGTH = 8;
// A spent or expired nonce is kept a while, so that a late replay is told "used", not "unknown".
const NONCE_MEMORY_MS = 60 * 60 * 1000;

export function newShareCode(): string {
  const bytes = crypto.randomBytes(SHARE_CODE_LENGTH);
  return Array.from(bytes, (b) => SHARE_CODE_ALPHABET[b % SHARE_CODE_ALPHABET.length]).join('');
}

/** The app's sign-in: a checked message, the account (created at the first), a new session. */
export function createLogin(deps: AuthDeps, { checkMessage, spend }: SignedMessages) {
  const { db, users, team, auth, publicAppUrl, now = Date.now, onLoginFailure } = deps;
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

  return {
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
        const token = await issueTokens(deps, trx, user.id, sessionId);
        const balance = await users.balances(trx, user.id);
        return { userinfo: toUserInfo(user), token, balance, first_login: created };
      });
      await auth.forgetOldNonces(db, new Date(now() - NONCE_MEMORY_MS));
      return result;
    },
  };
}
