import crypto from 'node:crypto';
import { recoverMessageAddress, type Hex } from 'viem';
import {
  LOGIN_MESSAGE_MAX_AGE_MS,
  OPERATOR_SESSION_IDLE_MS,
  OPERATOR_SESSION_MAX_MS,
  parseOperatorLoginMessage,
  type AuditEntry,
  type Operator,
  type OperatorLoginRequest,
  type OperatorRole,
  type OperatorSession,
  type Page,
} from '@wallx/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { pageById, type PageQuery } from '../../pagination/page.js';
import type { AuditFilter, OperatorsRepository } from './repository.js';

type Deps = {
  db: Db;
  operators: OperatorsRepository;
  /** Operators named by configuration: they need no row, and no row can demote them. */
  configured: readonly { address: string; role: OperatorRole }[];
  now?: () => number;
};

// A session is touched at most this often: the idle timeout is minutes, a write per request is waste.
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest();

export function createOperatorsService({ db, operators, configured, now = Date.now }: Deps) {
  const fromConfig = new Map(configured.map((operator) => [operator.address, operator.role]));

  /** The operator's role now: configuration first, else an enabled row; null when not an operator. */
  async function roleOf(address: string): Promise<OperatorRole | null> {
    return fromConfig.get(address) ?? (await operators.roleOf(db, address));
  }

  return {
    async login(input: Required<OperatorLoginRequest>): Promise<OperatorSession> {
      const address = input.address.toLowerCase();
      const timestamp = parseOperatorLoginMessage(input.message);
      if (timestamp === null) throw new AppError('login_message_invalid', { field: 'message' });
      const at = now();
      if (Math.abs(at - timestamp) > LOGIN_MESSAGE_MAX_AGE_MS) throw new AppError('login_message_expired', { field: 'message' });
      let signer: string;
      try {
        signer = await recoverMessageAddress({ message: input.message, signature: input.signature as Hex });
      } catch (cause) {
        throw new AppError('signature_invalid', { field: 'signature', cause });
      }
      if (signer.toLowerCase() !== address) throw new AppError('signature_invalid', { field: 'signature' });
      const role = await roleOf(address);
      if (!role) throw new AppError('operator_unknown', { field: 'address' });

      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(at + OPERATOR_SESSION_MAX_MS);
      await db.transaction().execute(async (trx) => {
        if (!(await operators.claimLoginMessage(trx, address, input.message))) throw new AppError('login_message_used', { field: 'message' });
        await operators.createSession(trx, hashToken(token), address, new Date(at), expiresAt);
      });
      await operators.forgetLoginMessages(db, new Date(at - 2 * LOGIN_MESSAGE_MAX_AGE_MS));
      return { token, expires_at: expiresAt.toISOString(), operator: { address, role } };
    },

    /**
     * The operator a console token stands for, with their role as it is now (a demoted or removed
     * operator's sessions stop at their next request). Anything else, a user's token included: 401.
     */
    async authenticate(token: string): Promise<Operator> {
      const hash = hashToken(token);
      const session = await operators.session(db, hash);
      const at = now();
      if (!session || session.revoked_at || session.expires_at.getTime() <= at || at - session.last_seen_at.getTime() > OPERATOR_SESSION_IDLE_MS) {
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

    audit(query: PageQuery & AuditFilter): Promise<Page<AuditEntry>> {
      return pageById(query, (range) => operators.audit(db, query, range));
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
