import { sql } from 'kysely';
import type { AuditEntry, OperatorRole } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

export type SessionRow = {
  address: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
};
export type AuditFilter = {
  operator?: string | undefined;
  action?: string | undefined;
  subject_type?: string | undefined;
  subject_id?: string | undefined;
};

export type OperatorRow = {
  address: string;
  role: OperatorRole;
  added_by: string;
  approved_by: string | null;
  created_at: Date;
  disabled_at: Date | null;
  person: string | null;
};

const operatorColumns = sql`address, role, added_by, approved_by, created_at, disabled_at, person`;

export function createOperatorsRepository() {
  return {
    /**
     * The operators the console added, disabled ones too (a handful: no paging), each with when they
     * were last given access (added, a role, enabled again).
     */
    async rows(db: Executor): Promise<(OperatorRow & { granted_at: Date | null })[]> {
      const { rows } = await sql<OperatorRow & { granted_at: Date | null }>`
        select ${operatorColumns}, (select max(g.created_at) from operator_grants g where g.operator = o.address) as granted_at
        from operators o order by created_at, address`.execute(db);
      return rows;
    },

    /** The row locked for a change, so two admins editing one operator apply one after the other. */
    async lockRow(db: Executor, address: string): Promise<OperatorRow | undefined> {
      const { rows } =
        await sql<OperatorRow>`select ${operatorColumns} from operators where address = ${address} for update`.execute(
          db,
        );
      return rows[0];
    },

    /** Undefined when the address already has a row. */
    async insert(
      db: Executor,
      added: { address: string; role: OperatorRole; addedBy: string; approvedBy: string; person: string | null },
    ): Promise<OperatorRow | undefined> {
      const { rows } = await sql<OperatorRow>`
        insert into operators (address, role, added_by, approved_by, person)
        values (${added.address}, ${added.role}, ${added.addedBy}, ${added.approvedBy}, ${added.person})
        on conflict (address) do nothing returning ${operatorColumns}`.execute(db);
      return rows[0];
    },

    async update(
      db: Executor,
      address: string,
      change: { role: OperatorRole; disabledAt: Date | null },
    ): Promise<OperatorRow> {
      const { rows } =
        await sql<OperatorRow>`update operators set role = ${change.role}, disabled_at = ${change.disabledAt}
        where address = ${address} returning ${operatorColumns}`.execute(db);
      return rows[0]!;
    },

    async setPerson(db: Executor, address: string, person: string | null): Promise<OperatorRow> {
      const { rows } = await sql<OperatorRow>`update operators set person = ${person}
        where address = ${address} returning ${operatorColumns}`.execute(db);
      return rows[0]!;
    },

    /** Whether other operator addresses are recorded as this one's wallets (it is their person). */
    async isPersonOfOthers(db: Executor, address: string): Promise<boolean> {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from operators where person = ${address}`.execute(db);
      return (rows[0]?.n ?? 0) > 0;
    },

    /** Whether the configured operators were already recorded in the audit log with this role. */
    async isBootstrapRecorded(db: Executor, address: string, role: OperatorRole): Promise<boolean> {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from operator_audit
        where action = 'operator.bootstrap' and subject_type = 'operator' and subject_id = ${address}
          and detail->>'role' = ${role}`.execute(db);
      return (rows[0]?.n ?? 0) > 0;
    },

    /** Ends every open session of an operator (on disabling: enabling them again must not revive one). */
    async revokeSessionsOf(db: Executor, address: string, at: Date): Promise<void> {
      await sql`update operator_sessions set revoked_at = ${at} where address = ${address} and revoked_at is null`.execute(
        db,
      );
    },

    /** An operator the console added (configuration's are not rows), unless disabled. */
    async roleOf(db: Executor, address: string): Promise<OperatorRole | null> {
      const { rows } = await sql<{
        role: OperatorRole;
      }>`select role from operators where address = ${address} and disabled_at is null`.execute(db);
      return rows[0]?.role ?? null;
    },

    async createSession(db: Executor, tokenHash: Buffer, address: string, at: Date, expiresAt: Date): Promise<void> {
      await sql`insert into operator_sessions (token_hash, address, created_at, last_seen_at, expires_at)
        values (${tokenHash}, ${address}, ${at}, ${at}, ${expiresAt})`.execute(db);
    },

    async session(db: Executor, tokenHash: Buffer): Promise<SessionRow | undefined> {
      const { rows } = await sql<SessionRow>`select address, created_at, last_seen_at, expires_at, revoked_at
        from operator_sessions where token_hash = ${tokenHash}`.execute(db);
      return rows[0];
    },

    async touchSession(db: Executor, tokenHash: Buffer, at: Date): Promise<void> {
      await sql`update operator_sessions set last_seen_at = ${at} where token_hash = ${tokenHash} and revoked_at is null`.execute(
        db,
      );
    },

    async revokeSession(db: Executor, tokenHash: Buffer, at: Date): Promise<void> {
      await sql`update operator_sessions set revoked_at = ${at} where token_hash = ${tokenHash} and revoked_at is null`.execute(
        db,
      );
    },

    /** Newest first, filtered on the server; each filter is served by an index of its own. */
    async audit(db: Executor, filter: AuditFilter, range: PageRange): Promise<AuditEntry[]> {
      const { rows } = await sql<Omit<AuditEntry, 'created_at'> & { created_at: Date }>`
        select id::text as id, operator, action, subject_type, subject_id, detail, created_at from operator_audit
        where (${range.before}::bigint is null or id < ${range.before}::bigint)
          and (${filter.operator ?? null}::text is null or operator = ${filter.operator ?? null})
          and (${filter.action ?? null}::text is null or action = ${filter.action ?? null})
          and (${filter.subject_type ?? null}::text is null or subject_type = ${filter.subject_type ?? null})
          and (${filter.subject_id ?? null}::text is null or subject_id = ${filter.subject_id ?? null})
        order by id desc limit ${range.limit}`.execute(db);
      return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    },
  };
}
export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
