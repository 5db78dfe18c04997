import crypto from 'node:crypto';
import {
  OPERATOR_SESSION_IDLE_MS,
  OPERATOR_SESSION_MAX_MS,
  type Operator,
  type OperatorLoginRequest,
  type OperatorSession,
} from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { recordAudit } from '../../kernel/audit/audit.js';
import type { OperatorAccess } from './deps.js';

/** Where a console sign-in comes from, as the audit log keeps it: never the whole address. */
export type OperatorClient = { userAgent: string | null; network: string | null };

// A session is touched at most this often: the idle timeout is minutes, a write per request is waste.
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest();

/** The console's sessions: opened on a signed sign-in message, checked on every request, ended. */
export function createSessions({ db, operators, confirmSignIn, roleOf, now = Date.now }: OperatorAccess) {
  return {
    /**
     * Opens a console session on the wallet's signature of the console's sign-in message. Every sign-in
     * and every refused one is in the audit log, with the device and a coarse network.
     */
    async login(
      input: Required<OperatorLoginRequest>,
      requestOrigin: string,
      client: OperatorClient = { userAgent: null, network: null },
    ): Promise<OperatorSession> {
      const address = input.address.toLowerCase();
      const where = { user_agent: client.userAgent?.slice(0, 300) ?? null, network: client.network };
      try {
        await confirmSignIn(input, requestOrigin);
        const role = await roleOf(address);
        if (!role) throw new AppError('operator_unknown', { field: 'address' });
        const at = now();
        const token = crypto.randomBytes(32).toString('base64url');
        const expiresAt = new Date(at + OPERATOR_SESSION_MAX_MS);
        await db.transaction().execute(async (trx) => {
          await operators.createSession(trx, hashToken(token), address, new Date(at), expiresAt);
          await recordAudit(trx, {
            operator: address,
            action: 'operator.login',
            subjectType: 'operator',
            subjectId: address,
            detail: { role, ...where },
          });
        });
        return { token, expires_at: expiresAt.toISOString(), operator: { address, role } };
      } catch (error) {
        // The address is only claimed here: the row says who was named, not who asked.
        if (error instanceof AppError) {
          await recordAudit(db, {
            operator: address,
            action: 'operator.login_failed',
            subjectType: 'operator',
            subjectId: address,
            detail: { reason: error.key, ...where },
          });
        }
        throw error;
      }
    },

    /**
     * The operator a console token stands for, with their role as it is now (a demoted or removed
     * operator's sessions stop at their next request). Anything else, a user's token included: 401.
     */
    async authenticate(token: string): Promise<Operator> {
      const hash = hashToken(token);
      const session = await operators.session(db, hash);
      const at = now();
      if (
        !session ||
        session.revoked_at ||
        session.expires_at.getTime() <= at ||
        at - session.last_seen_at.getTime() > OPERATOR_SESSION_IDLE_MS
      ) {
        throw new AppError('operator_session_invalid');
      }
      const role = await roleOf(session.address);
      if (!role) throw new AppError('operator_session_invalid');
      if (at - session.last_seen_at.getTime() > TOUCH_EVERY_MS) await operators.touchSession(db, hash, new Date(at));
      return { address: session.address, role };
    },

    async logout(token: string): Promise<void> {
      await operators.revokeSession(db, hashToken(token), new Date(now()));
    },
  };
}
