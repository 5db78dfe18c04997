import {
  moneySettingsUpdateSchema,
  moneySettingsValuesSchema,
  type Asset,
  type MoneySettingsValues,
} from '@wallx/shared';
import type { AssetLimits } from '../../platform/config/config.js';
import type { Db, Executor } from '../../platform/db/database.js';
import type { DecisionHandler } from '../money-decisions/decision-handler.js';
import { settingsProposalHandler } from '../money-decisions/settings-proposal.js';

export type StoredMoneySettings = {
  values: MoneySettingsValues;
  version: number;
  updated_by: string | null;
  approved_by: string | null;
  updated_at: Date | null;
};

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
     * Saves are ordered by a transaction lock: before the first save there is no row to lock.
     */
    proposalHandler: (): DecisionHandler =>
      settingsProposalHandler({
        name: 'money_settings',
        lockKey: 7411003,
        read,
        values: moneySettingsValuesSchema,
        update: moneySettingsUpdateSchema,
        stale: 'money_settings_stale',
      }),
  };
}

export type MoneySettings = ReturnType<typeof createMoneySettings>;
