import { sql } from 'kysely';
import {
  moneySettingsValuesSchema,
  type Asset,
  type MoneySettingsUpdate,
  type MoneySettingsValues,
} from '@wallx/shared';
import { recordAudit } from '../audit/audit.js';
import type { AssetLimits } from '../config.js';
import type { Db, Executor } from '../db/database.js';
import { transaction } from '../db/transaction.js';
import { AppError } from '../http/app-error.js';

export type StoredMoneySettings = {
  values: MoneySettingsValues;
  version: number;
  updated_by: string | null;
  updated_at: Date | null;
};

/**
 * The fees and limits operators keep (decision 58). The deployment's configuration gives the values
 * until a finance operator first saves; from then on the one `money_settings` row does. They are read
 * in the transaction that uses them (one primary-key read), so every instance applies a change from
 * its next request on, and a request never mixes two versions.
 */
export function createMoneySettings({ db, defaults }: { db: Db; defaults: MoneySettingsValues }) {
  async function read(executor: Executor): Promise<StoredMoneySettings> {
    const row = await executor
      .selectFrom('money_settings')
      .select(['settings', 'version', 'updated_by', 'updated_at'])
      .where('id', '=', true)
      .executeTakeFirst();
    if (!row) return { values: defaults, version: 0, updated_by: null, updated_at: null };
    return {
      values: moneySettingsValuesSchema.parse(row.settings),
      version: row.version,
      updated_by: row.updated_by,
      updated_at: row.updated_at,
    };
  }

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

    /** Saves a whole new set made on `version`; refused when someone saved since. Audited. */
    async update(operator: string, input: MoneySettingsUpdate): Promise<StoredMoneySettings> {
      const { version, ...values } = input;
      return transaction(db, async (trx) => {
        // The row lock orders concurrent saves; before the first save there is no row to lock, so the
        // first one takes a transaction lock instead.
        await sql`select pg_advisory_xact_lock(7411003)`.execute(trx);
        const before = await read(trx);
        if (before.version !== version)
          throw new AppError('money_settings_stale', { field: 'version', data: { version: before.version } });
        const next = {
          settings: JSON.stringify(values),
          version: version + 1,
          updated_by: operator,
          updated_at: new Date(),
        };
        await trx
          .insertInto('money_settings')
          .values({ id: true, ...next })
          .onConflict((oc) => oc.column('id').doUpdateSet(next))
          .execute();
        await recordAudit(trx, {
          operator,
          action: 'money_settings.update',
          subjectType: 'money_settings',
          subjectId: 'current',
          before: { version: before.version, ...before.values },
          after: { version: version + 1, ...values },
        });
        return read(trx);
      });
    },
  };
}

export type MoneySettings = ReturnType<typeof createMoneySettings>;
