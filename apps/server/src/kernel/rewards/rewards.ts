import { sql } from 'kysely';
import { checkinSettingsValuesSchema, type CheckinSettingsValues, type FundRecordType } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';
import type { Ledger } from '../ledger/ledger.js';

/** What the rewards budget pays for: the day's check-in, its streak bonus, a weekly prize. */
export type RewardType = Extract<FundRecordType, 'checkin_reward' | 'streak_bonus' | 'leaderboard_prize'>;

/** The reward rules until operators approve a change (decision 138). */
export const CHECKIN_SETTINGS_DEFAULTS: CheckinSettingsValues = {
  checkin_reward: '1',
  streak_bonus: '5',
  streak_every: 7,
  require_holding: true,
  prizes: ['50', '30', '20', '10', '10'],
  low_mood_days: 3,
};

export type StoredCheckinSettings = {
  values: CheckinSettingsValues;
  version: number;
  updated_by: string | null;
  approved_by: string | null;
  updated_at: Date | null;
};

/**
 * The rewards budget (issue 47): WALLX operators put aside for check-ins, streak bonuses and weekly
 * prizes — never newly minted. Platform accounts are never updated (their balance is the sum of their
 * entries), so what the budget can still pay is kept on one `rewards_budget` row that every payment
 * takes in its transaction: two payments racing for the last units cannot both have them. ledger:check
 * holds the row equal to the `rewards` account's entries.
 */
export function createRewards({
  ledger,
  defaults = CHECKIN_SETTINGS_DEFAULTS,
}: {
  ledger: Ledger;
  defaults?: CheckinSettingsValues;
}) {
  async function settings(executor: Executor): Promise<StoredCheckinSettings> {
    const row = await executor
      .selectFrom('checkin_settings')
      .select(['settings', 'version', 'updated_by', 'approved_by', 'updated_at'])
      .where('id', '=', true)
      .executeTakeFirst();
    if (!row) return { values: defaults, version: 0, updated_by: null, approved_by: null, updated_at: null };
    return {
      values: checkinSettingsValuesSchema.parse(row.settings),
      version: row.version,
      updated_by: row.updated_by,
      approved_by: row.approved_by,
      updated_at: row.updated_at,
    };
  }

  return {
    settings,

    /**
     * Pays `amount` WALLX from the budget to a user, in the caller's transaction: false (and nothing
     * moved) when the budget cannot cover it. A zero amount pays nothing and answers false.
     */
    async pay(
      trx: Trx,
      payment: { userId: string; amount: string; type: RewardType; ref: { type: string; id: string } },
    ): Promise<{ transactionId: string } | null> {
      if (/^0+(\.0+)?$/.test(payment.amount)) return null;
      const { rows } = await sql<{ balance: string }>`
        update rewards_budget set balance = balance - ${payment.amount}::numeric, updated_at = now()
        where asset = 'WALLX' and balance >= ${payment.amount}::numeric
        returning balance`.execute(trx);
      if (rows.length === 0) return null;
      const { transactionId } = await ledger.post(trx, {
        debit: { platform: 'rewards' },
        credit: { user: payment.userId },
        asset: 'WALLX',
        amount: payment.amount,
        type: payment.type,
        ref: payment.ref,
      });
      return { transactionId };
    },

    /** Adds to the budget (an approved proposal), in the caller's transaction. */
    async fund(trx: Trx, amount: string, ref: { type: string; id: string }): Promise<{ transactionId: string }> {
      await sql`update rewards_budget set balance = balance + ${amount}::numeric, updated_at = now() where asset = 'WALLX'`.execute(
        trx,
      );
      return ledger.post(trx, {
        debit: { platform: 'rewards_funding' },
        credit: { platform: 'rewards' },
        asset: 'WALLX',
        amount,
        type: 'rewards_funding',
        ref,
      });
    },

    /** What the budget can still pay. */
    async balance(executor: Executor): Promise<string> {
      const row = await executor
        .selectFrom('rewards_budget')
        .select(sql<string>`trim_scale(balance)::text`.as('balance'))
        .where('asset', '=', 'WALLX')
        .executeTakeFirstOrThrow();
      return row.balance;
    },
  };
}
export type Rewards = ReturnType<typeof createRewards>;
