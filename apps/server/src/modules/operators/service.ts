import crypto from 'node:crypto';
import {
  OPERATOR_SESSION_IDLE_MS,
  OPERATOR_SESSION_MAX_MS,
  type AuditEntry,
  type Operator,
  type OperatorLoginRequest,
  type OperatorRole,
  type OperatorEntry,
  type OperatorSession,
  type Page,
} from '@wallx/shared';
import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { recordAudit } from '../../kernel/audit/audit.js';
import { stateOf } from './proposal-handlers.js';
import type { AuditFilter, OperatorRow, OperatorsRepository } from './repository.js';

type Deps = {
  db: Db;
  operators: OperatorsRepository;
  /** Operators named by configuration: they need no row, and no row can demote them. */
  configured: readonly { address: string; role: OperatorRole }[];
  /**
   * Checks a console sign-in message (EIP-4361 for this site and the console's URI, a nonce of ours,
   * signed by the address) and spends its nonce; throws why not. The auth module's, handed in by app.ts.
   */
  confirmSignIn: (input: Required<OperatorLoginRequest>, requestOrigin: string) => Promise<void>;
  /** How long an operator newly given access approves nothing (OPERATOR_COOLDOWN, decision 119). */
  cooldownMs: number;
  now?: () => number;
};

/** Where a console sign-in comes from, as the audit log keeps it: never the whole address. */
export type OperatorClient = { userAgent: string | null; network: string | null };

// A session is touched at most this often: the idle timeout is minutes, a write per request is waste.
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest();

export function createOperatorsService({ db, operators, configured, confirmSignIn, cooldownMs, now = Date.now }: Deps) {
  const fromConfig = new Map(configured.map((operator) => [operator.address, operator.role]));

  /** The operator's role now: configuration first, else an enabled row; null when not an operator. */
  async function roleOf(address: string, executor: Executor = db): Promise<OperatorRole | null> {
    return fromConfig.get(address) ?? (await operators.roleOf(executor, address));
  }

  const entryOf = (row: OperatorRow & { granted_at?: Date | null }): OperatorEntry => {
    const coolingUntil = row.granted_at ? row.granted_at.getTime() + cooldownMs : 0;
    return {
      address: row.address,
      role: row.role,
      source: 'console',
      is_read_only: false,
      is_disabled: row.disabled_at !== null,
      added_by: row.added_by,
      approved_by: row.approved_by,
      created_at: row.created_at.toISOString(),
      cooling_until: coolingUntil > now() ? new Date(coolingUntil).toISOString() : null,
      disabled_at: row.disabled_at?.toISOString() ?? null,
      person: row.person,
    };
  };

  /**
   * Disables a console-added operator at once, one admin's act (decision 118: taking access away is
   * a safety act that must not wait for a second admin; giving it back is a proposal). Their sessions
   * end, and what they proposed can no longer be approved. Configuration's operators are not rows;
   * an admin may not disable themselves, so the console always keeps the admin who is using it.
   */
  async function disable(actor: string, address: string): Promise<OperatorEntry> {
    if (fromConfig.has(address)) throw new AppError('operator_configured', { field: 'address' });
    return db.transaction().execute(async (trx) => {
      const before = await operators.lockRow(trx, address);
      if (!before) throw new AppError('operator_not_found', { field: 'address' });
      if (address === actor) throw new AppError('operator_self', { field: 'address' });
      if (before.disabled_at) return entryOf(before);
      const after = await operators.update(trx, address, { role: before.role, disabledAt: new Date(now()) });
      await operators.revokeSessionsOf(trx, address, new Date(now()));
      await recordAudit(trx, {
        operator: actor,
        action: 'operator.disable',
        subjectType: 'operator',
        subjectId: address,
        before: stateOf(before),
        after: stateOf(after),
      });
      return entryOf(after);
    });
  }

  return {
    /** Configuration's operators first (read-only here), then the console's, disabled ones included. */
    async list(): Promise<OperatorEntry[]> {
      const configuredEntries: OperatorEntry[] = configured.map(({ address, role }) => ({
        address,
        role,
        source: 'config',
        is_read_only: true,
        is_disabled: false,
        added_by: null,
        approved_by: null,
        created_at: null,
        cooling_until: null,
        disabled_at: null,
        person: null,
      }));
      const rows = (await operators.rows(db)).filter((row) => !fromConfig.has(row.address));
      return [...configuredEntries, ...rows.map(entryOf)];
    },

    roleOf,
    isConfigured: (address: string) => fromConfig.has(address),
    disable,

    /**
     * The operators named by configuration exist without a proposal (decision 120): each is written to
     * the audit log as `operator.bootstrap` with its role, once per address and role, when an instance
     * starts with it. Two instances starting together take turns (a transaction lock).
     */
    async recordBootstrap(): Promise<void> {
      if (configured.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(7411032)`.execute(trx);
        for (const { address, role } of configured) {
          if (await operators.isBootstrapRecorded(trx, address, role)) continue;
          await recordAudit(trx, {
            operator: address,
            action: 'operator.bootstrap',
            subjectType: 'operator',
            subjectId: address,
            detail: { role, source: 'OPERATORS' },
          });
        }
      });
    },

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

    audit(query: PageQuery & AuditFilter): Promise<Page<AuditEntry>> {
      return pageById(query, (range) => operators.audit(db, query, range));
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
