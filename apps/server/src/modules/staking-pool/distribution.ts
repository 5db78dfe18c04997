import { sql } from 'kysely';
import { compare, minus, stakingAssets, times } from '@wallx/shared';
import { creditUsersFrom } from '../../kernel/ledger/batch.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import { floor18 } from '../../kernel/staking-settings/fee-share.js';
import type { StakingSettingsStore } from '../../kernel/staking-settings/staking-settings.js';
import type { Db } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { addDays, dayInZone, startOfDayInZone } from '../../platform/time/days.js';
import type { PoolAsset, StakingPoolRepository } from './repository.js';

type Deps = {
  db: Db;
  repository: StakingPoolRepository;
  ledger: Ledger;
  stakingSettings: StakingSettingsStore;
  timeZone: string;
  now?: () => number;
};

export type AssetDistribution = { asset: PoolAsset; proceeds: string; aid: string; paid: string; kept: string };
export type DistributedDay = { day: string; stakes: number; users: number; assets: AssetDistribution[] };

// Distributions are serialized, oldest day first: no two runs read the same pool balance (the lease
// keeps instances apart; this holds even for runs by hand).
const DISTRIBUTION_LOCK = 7411048;

/**
 * The daily distribution (issue 48, decision 143): once a day has ended in the zone, what the pool
 * holds then is shared out — `aid_share` of it to the aid fund, the rest pro rata to the weights of
 * the stakes held all that day, each stake's part rounded down, what rounding leaves kept in the
 * pool. One transaction per day that first inserts the day's `staking_days` row: a second run (a
 * restart, another instance) finds the row and does nothing, and a run that dies part-way leaves
 * neither row nor payment, so the next run does the whole day once.
 */
export function createDistribution({ db, repository, ledger, stakingSettings, timeZone, now = Date.now }: Deps) {
  async function distributeDay(day: string): Promise<DistributedDay | null> {
    return transaction(db, async (trx) => {
      await sql`select pg_advisory_xact_lock(${DISTRIBUTION_LOCK})`.execute(trx);
      // A batch posting sorts up to 100,000 postings (50,000 users × 2 assets): in memory, not on disk.
      await sql`set local work_mem = '64MB'`.execute(trx);
      // Days go in order, each reading what the one before left in the pool.
      const pending = await repository.firstPendingDay(trx, timeZone);
      if (pending === null || pending > day) return null;
      if (pending < day) throw new Error(`staking: ${pending} is to be distributed before ${day}`);
      const { values } = await stakingSettings.read(trx);
      const bounds = { day, start: startOfDayInZone(day, timeZone), end: startOfDayInZone(addDays(day, 1), timeZone) };
      if (!(await repository.claimDay(trx, bounds, values))) return null;
      const pool = await repository.poolBalances(trx);
      const eligible = await repository.weighEligible(trx, day);
      const anyone = compare(eligible.totalWeight, '0') > 0;
      const aid: Record<PoolAsset, string> = { WALLX: '0', USDT: '0' };
      const remainders: Record<PoolAsset, string> = { WALLX: '0', USDT: '0' };
      // Nobody held a stake all day: the whole pool waits for a day somebody does.
      if (anyone) {
        for (const asset of stakingAssets) {
          aid[asset] = floor18(times(pool[asset], values.aid_share));
          remainders[asset] = minus(pool[asset], aid[asset]);
        }
      }
      const paying = anyone && stakingAssets.some((asset) => compare(remainders[asset], '0') > 0);
      // What the stakes share is on the day's row before the credits are summed from it.
      await repository.recordShared(trx, day, remainders, eligible.totalWeight);
      const users = paying ? await repository.creditsOf(trx, day) : await repository.holders(trx, day);
      const ref = { type: 'staking_day', id: day };
      for (const asset of stakingAssets) {
        if (compare(aid[asset], '0') > 0)
          await ledger.post(trx, {
            debit: { platform: 'staking_pool' },
            credit: { platform: 'aid_fund' },
            asset,
            amount: aid[asset],
            type: 'aid_share',
            ref,
          });
      }
      // Every user credited in both assets, a ledger transaction each, by the batch posting.
      const credited = paying
        ? await creditUsersFrom(trx, {
            from: 'staking_pool',
            type: 'staking_reward',
            ref,
            source: { table: 'staking_credits', amounts: { WALLX: 'wallx', USDT: 'usdt' } },
          })
        : {};
      const assets: AssetDistribution[] = [];
      for (const asset of stakingAssets) {
        const paid = credited[asset] ?? { users: 0, total: '0' };
        const kept = minus(remainders[asset], paid.total);
        const row = {
          asset,
          proceeds: pool[asset],
          aid: aid[asset],
          paid: paid.total,
          kept: anyone ? kept : pool[asset],
        };
        await repository.insertDistribution(trx, {
          day,
          ...row,
          stakes: eligible.stakes,
          users,
          total_weight: eligible.totalWeight,
        });
        assets.push(row);
      }
      return { day, stakes: eligible.stakes, users, assets };
    });
  }

  /** Days ended and not distributed yet, oldest first: from the day after the last one, or the first stake's day. */
  async function pendingDays(): Promise<string[]> {
    const yesterday = addDays(dayInZone(now(), timeZone), -1);
    const start = await repository.firstPendingDay(db, timeZone);
    const days: string[] = [];
    if (!start) return days;
    for (let day = start; day <= yesterday; day = addDays(day, 1)) days.push(day);
    return days;
  }

  return {
    distributeDay,
    pendingDays,
    /** The scheduled run: every ended day not distributed yet, oldest first. */
    async distributeDue(): Promise<{ distributed: DistributedDay[] }> {
      const distributed: DistributedDay[] = [];
      for (const day of await pendingDays()) {
        const result = await distributeDay(day);
        if (result) distributed.push(result);
      }
      return { distributed };
    },
  };
}
export type Distribution = ReturnType<typeof createDistribution>;
