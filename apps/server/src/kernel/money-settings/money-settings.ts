import { sql } from 'kysely';
import { z } from 'zod';
import {
  moneySettingsUpdateSchema,
  moneySettingsValuesSchema,
  type Asset,
  type MoneySettingsValues,
} from '@wallx/shared';
import { recordAudit } from '../audit/audit.js';
import type { AssetLimits } from '../../platform/config/config.js';
import type { Db, Executor, Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { DecisionHandler } from '../money-decisions/decision-handler.js';

export type StoredMoneySettings = {
  values: MoneySettingsValues;
  version: number;
  updated_by: string | null;
  approved_by: string | null;
  updated_at: Date | null;
};

/** What a proposed change keeps (decision 118): the version and set it was made on, and the set proposed. */
const proposedSchema = z.object({
  version: z.number().int(),
  before: moneySettingsValuesSchema,
  after: moneySettingsValuesSchema,
});

/**
 * The fees and limits operators keep (decision 58). The deployment's configuration gives the values
 * until the first change is approved; from then on the one `money_settings` row does. They are read
 * in the transaction that uses them (one primary-key read), so every instance applies a change from
 * its next request on, and a request never mixes two versions. A change is a proposal one finance
 * operator (or admin) makes on the version they read and another approves (decision 118).
 */
export function createMoneySettings({ db, defaults }: { db: Db; defaults: MoneySettingsValues }) {
  async function read(executor: Executor): Promise<StoredMoneySettings> {
    const row = await executor
      .selectFrom('money_settings')
      .select(['settings', 'version', 'updated_by', 'approved_by', 'updated_at'])
      .where('id', '=', true)
      .executeTakeFirst();
    if (!row) return { values: defaults, version: 0, updated_by: null, approved_by: null, updated_at: null };
    return {
      values: moneySettingsValuesSchema.parse(row.settings),
      version: row.version,
      updated_by: row.updated_by,
      approved_by: row.approved_by,
      updated_at: row.updated_at,
    };
  }

  /**
   * The settings in force, with saves ordered: the row lock would order them, but before the first
   * save there is no row to lock, so a transaction lock does.
   */
  async function locked(trx: Trx): Promise<StoredMoneySettings> {
    await sql`select pg_advisory_xact_lock(7411003)`.execute(trx);
    return read(trx);
  }

  const sameValues = (a: MoneySettingsValues, b: MoneySettingsValues) =>
    JSON.stringify(moneySettingsValuesSchema.parse(a)) === JSON.stringify(moneySettingsValuesSchema.parse(b));

  return {
    read: (executor: Executor = db) => read(executor),

    /** One asset's withdrawal limits, in the config's shape. */
    async withdrawLimits(executor: Executor, asset: Asset): Promise<AssetLimits> {
      const limits = (await read(executor)).values.withdraw[asset];
      return { min: limits.min, fee: limits.fee, reviewAbove: limits.review_above, hourlyCap: limits.hourly_cap };
    },

    async marketFees(executor: Executor): Promise<{ mtradeFeeRate: string; c2cFeeRate: string }> {
      const { markets } = (await read(executor)).values;
      return { mtradeFeeRate: markets.mtrade_fee_rate, c2cFeeRate: markets.c2c_fee_rate };
    },

    /**
     * A change of the whole set as a proposal (`money_settings.update`): made on the version read
     * (an older one is refused, 8501), it must change something; approved, it is saved as the next
     * version only if nothing was saved since it was proposed, audited with its proposer and approver.
     */
    proposalHandler(): DecisionHandler {
      return {
        subjectType: 'money_settings',
        async prepare(trx, _proposer, _subjectId, detail) {
          const { version, ...values } = moneySettingsUpdateSchema.parse(detail);
          const before = await locked(trx);
          if (before.version !== version)
            throw new AppError('money_settings_stale', { field: 'version', data: { version: before.version } });
          if (sameValues(values, before.values)) throw new AppError('proposal_changes_nothing', { field: 'version' });
          return { detail: { version, before: before.values, after: values }, parties: {} };
        },
        async check(trx, _subjectId, detail) {
          const { version } = proposedSchema.parse(detail);
          if ((await locked(trx)).version !== version) throw new AppError('proposal_subject_changed', { field: 'id' });
          return {};
        },
        async execute(trx, approver, proposal) {
          const { version, before, after } = proposedSchema.parse(proposal.detail);
          if ((await locked(trx)).version !== version) throw new AppError('proposal_subject_changed', { field: 'id' });
          const next = {
            settings: JSON.stringify(after),
            version: version + 1,
            updated_by: proposal.proposed_by,
            approved_by: approver,
            updated_at: new Date(),
          };
          await trx
            .insertInto('money_settings')
            .values({ id: true, ...next })
            .onConflict((oc) => oc.column('id').doUpdateSet(next))
            .execute();
          await recordAudit(trx, {
            operator: approver,
            action: 'money_settings.update',
            subjectType: 'money_settings',
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
    },
  };
}

export type MoneySettings = ReturnType<typeof createMoneySettings>;
