import { stakingSettingsValuesSchema, type StakingSettingsValues } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

/** The pool's rules until operators approve a change (decision 143); `aid_share` from AID_FUND_SHARE. */
export const stakingSettingsDefaults = (aidShare: string): StakingSettingsValues => ({
  term_weights: { flexible: '1', d30: '1.2', d90: '1.5', d180: '2' },
  fee_share: '0.2',
  aid_share: aidShare,
  checkin_boost: '0.2',
  min_stake: '1',
});

export type StoredStakingSettings = {
  values: StakingSettingsValues;
  version: number;
  updated_by: string | null;
  approved_by: string | null;
  updated_at: Date | null;
};

/**
 * The staking pool's rules as stored (version 0: the defaults, nothing approved yet). Read by the
 * stake screen, the markets' fee share, the daily distribution and the console, each in its own
 * transaction where money depends on it.
 */
export function createStakingSettings({ defaults }: { defaults: StakingSettingsValues }) {
  return {
    defaults,
    async read(executor: Executor): Promise<StoredStakingSettings> {
      const row = await executor
        .selectFrom('staking_settings')
        .select(['settings', 'version', 'updated_by', 'approved_by', 'updated_at'])
        .where('id', '=', true)
        .executeTakeFirst();
      if (!row) return { values: defaults, version: 0, updated_by: null, approved_by: null, updated_at: null };
      return {
        values: stakingSettingsValuesSchema.parse(row.settings),
        version: row.version,
        updated_by: row.updated_by,
        approved_by: row.approved_by,
        updated_at: row.updated_at,
      };
    },
  };
}
export type StakingSettingsStore = ReturnType<typeof createStakingSettings>;
