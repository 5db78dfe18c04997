import type { OperatorEntry } from '@wallx/shared';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors/app-error.js';
import { recordAudit } from '../../kernel/audit/audit.js';
import { stateOf } from './proposal-handlers.js';
import type { OperatorRow } from './repository.js';
import type { OperatorAccess } from './deps.js';

/** Who may operate: configuration's operators and the console's, listed, disabled, and bootstrapped. */
export function createRoster({ db, operators, configured, fromConfig, cooldownMs, now = Date.now }: OperatorAccess) {
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
  };
}
