import {
  STAKING_BUDGET_SUBJECT,
  STAKING_RECENT_DAYS,
  STAKING_SETTINGS_SUBJECT,
  stakeTerms,
  stakingAssets,
  type OperatorStake,
  type OperatorStakesQuery,
  type Page,
  type Proposal,
  type StakingDistribution,
  type StakingDistributionsQuery,
  type StakingFundRequest,
  type StakingPool,
  type StakingSettings,
  type StakingSettingsUpdate,
} from '@wallx/shared';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { settingsView } from '../../kernel/money-decisions/settings-proposal.js';
import type { StakingSettingsStore } from '../../kernel/staking-settings/staking-settings.js';
import type { Db } from '../../platform/db/database.js';
import {
  decodeCursor,
  decodeKeysetCursor,
  encodeCursor,
  encodeKeysetCursor,
} from '../../platform/pagination/cursor.js';
import { toPage } from '../../platform/pagination/page.js';
import type { DistributionRow, StakeRow, StakingPoolRepository } from './repository.js';

type Deps = { db: Db; repository: StakingPoolRepository; stakingSettings: StakingSettingsStore };

const distributionView = (row: DistributionRow): StakingDistribution => ({
  ...row,
  distributed_at: row.distributed_at.toISOString(),
});
const stakeView = (row: StakeRow): OperatorStake => ({
  ...row,
  started_at: row.started_at.toISOString(),
  ends_at: row.ends_at?.toISOString() ?? null,
  closed_at: row.closed_at?.toISOString() ?? null,
});
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
const isAsset = (v: string) => (stakingAssets as readonly string[]).includes(v);

/**
 * The console's staking pool (issue 48): every operator reads the pool, the stakes (with their
 * owners' addresses: money, not health data) and the distributions; changing the rules and adding
 * to the pool are finance's proposals another operator approves.
 */
export function createStakingPoolConsole({ db, repository, stakingSettings }: Deps) {
  return {
    async pool(): Promise<StakingPool> {
      const [pool, funded, staked, recent] = await Promise.all([
        repository.poolBalances(db),
        repository.funded(db),
        repository.staked(db),
        repository.distributions(db, { before: null, limit: STAKING_RECENT_DAYS * stakingAssets.length }),
      ]);
      const whole = staked.find((row) => row.term === null);
      return {
        pool,
        funded,
        staked: { amount: whole?.amount ?? '0', stakes: whole?.stakes ?? 0, users: whole?.users ?? 0 },
        terms: stakeTerms.map((term) => {
          const row = staked.find((r) => r.term === term);
          return { term, amount: row?.amount ?? '0', stakes: row?.stakes ?? 0 };
        }),
        last_day: recent[0]?.day ?? null,
        distributions: recent.map(distributionView),
      };
    },

    async stakes(query: OperatorStakesQuery): Promise<Page<OperatorStake>> {
      const rows = await repository.stakes(db, {
        status: query.status,
        before: decodeCursor(query.cursor),
        limit: query.limit,
      });
      return toPage(rows.map(stakeView), query.limit, (last) => encodeCursor(last.id));
    },

    async distributions(query: StakingDistributionsQuery): Promise<Page<StakingDistribution>> {
      const cursor = decodeKeysetCursor(query.cursor, isDay, isAsset);
      const rows = await repository.distributions(db, {
        before: cursor ? { day: cursor.v, asset: cursor.id } : null,
        limit: query.limit,
      });
      return toPage(rows.map(distributionView), query.limit, (last) =>
        encodeKeysetCursor({ v: last.day, id: last.asset }),
      );
    },

    async settings(): Promise<StakingSettings> {
      return settingsView(await stakingSettings.read(db));
    },

    /** The whole set, made on the version read; nothing changes until another operator approves. */
    proposeSettings(propose: Propose, operator: string, input: StakingSettingsUpdate): Promise<Proposal> {
      return propose(operator, {
        kind: 'staking_settings.update',
        subjectId: STAKING_SETTINGS_SUBJECT,
        reason: '',
        detail: input,
      });
    },

    proposeFunding(propose: Propose, operator: string, input: StakingFundRequest): Promise<Proposal> {
      return propose(operator, {
        kind: 'staking.fund',
        subjectId: STAKING_BUDGET_SUBJECT,
        reason: input.reason,
        detail: { amount: input.amount },
      });
    },
  };
}
export type StakingPoolConsole = ReturnType<typeof createStakingPoolConsole>;
