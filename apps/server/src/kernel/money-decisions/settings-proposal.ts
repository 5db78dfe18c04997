import { sql } from 'kysely';
import { z } from 'zod';
import type { ErrorKey } from '@wallx/shared';
import { recordAudit } from '../audit/audit.js';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { DecisionHandler } from './decision-handler.js';

/**
 * The rule sets operators change by proposal, each one row of its own table: the name is the table,
 * the proposal's subject type and the audit's subject; its proposal kind and audit action are
 * `<name>.update`.
 */
export type SettingsName = 'money_settings' | 'checkin_settings' | 'staking_settings';

type Options<V> = {
  name: SettingsName;
  /** The transaction lock that orders saves: before the first save there is no row to lock. */
  lockKey: number;
  /** The set in force and its version (0 before any save: the deployment's defaults). */
  read: (trx: Trx) => Promise<{ version: number; values: V }>;
  values: z.ZodType<V>;
  /** A proposal's request: the whole set and the version it was made on. */
  update: z.ZodType<V & { version: number }>;
  /** The refusal of a proposal made on an older version. */
  stale: ErrorKey;
};

/**
 * A change of a whole rule set as a proposal (decision 118): made on the version read (an older one is
 * refused with `stale`, naming the version in force), it must change something; approved by another
 * operator, it is saved as the next version only if nothing was saved since it was proposed, audited
 * with its proposer and approver. The fees and limits, the check-in rewards and the pool's rules are
 * changed so; each module keeps its own schemas, lock and reading.
 */
export function settingsProposalHandler<V extends object>({
  name,
  lockKey,
  read,
  values,
  update,
  stale,
}: Options<V>): DecisionHandler {
  const proposed = z.object({ version: z.number().int(), before: values, after: values });
  const locked = async (trx: Trx) => {
    await sql`select pg_advisory_xact_lock(${lockKey})`.execute(trx);
    return read(trx);
  };
  const current = async (trx: Trx, version: number) => {
    if ((await locked(trx)).version !== version) throw new AppError('proposal_subject_changed', { field: 'id' });
  };
  const same = (a: V, b: V) => JSON.stringify(values.parse(a)) === JSON.stringify(values.parse(b));
  return {
    subjectType: name,
    async prepare(trx, _proposer, _subjectId, detail) {
      const { version, ...set } = update.parse(detail);
      const after = set as unknown as V;
      const before = await locked(trx);
      if (before.version !== version)
        throw new AppError(stale, { field: 'version', data: { version: before.version } });
      if (same(after, before.values)) throw new AppError('proposal_changes_nothing', { field: 'version' });
      return { detail: { version, before: before.values, after }, parties: {} };
    },
    async check(trx, _subjectId, detail) {
      await current(trx, proposed.parse(detail).version);
      return {};
    },
    async execute(trx, approver, proposal) {
      const { version, before, after } = proposed.parse(proposal.detail);
      await current(trx, version);
      await sql`insert into ${sql.table(name)} (id, settings, version, updated_by, approved_by, updated_at)
        values (true, ${JSON.stringify(after)}::jsonb, ${version + 1}, ${proposal.proposed_by}, ${approver}, ${new Date()})
        on conflict (id) do update set settings = excluded.settings, version = excluded.version,
          updated_by = excluded.updated_by, approved_by = excluded.approved_by, updated_at = excluded.updated_at`.execute(
        trx,
      );
      await recordAudit(trx, {
        operator: approver,
        action: `${name}.update`,
        subjectType: name,
        subjectId: 'current',
        detail: {
          before: { version, ...before },
          after: { version: version + 1, ...after },
          proposal: proposal.id,
          proposed_by: proposal.proposed_by,
        },
      });
    },
  };
}

/** A rule set as the console shows it: the values in force, their version and who saved and approved them. */
export function settingsView<V extends object>(stored: {
  values: V;
  version: number;
  updated_by: string | null;
  approved_by: string | null;
  updated_at: Date | null;
}) {
  return {
    ...stored.values,
    version: stored.version,
    updated_by: stored.updated_by,
    approved_by: stored.approved_by,
    updated_at: stored.updated_at?.toISOString() ?? null,
  };
}
