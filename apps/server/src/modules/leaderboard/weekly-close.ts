import { LEADERBOARD_PRIZE_PLACES_MAX, type PrizeSkipReason } from '@wallx/shared';
import type { Rewards } from '../../kernel/rewards/rewards.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import type { LeaderboardRepository } from './repository.js';
import { dayInZone } from '../../platform/time/days.js';
import { weekOf } from './weeks.js';

type Deps = {
  db: Db;
  repository: LeaderboardRepository;
  rewards: Pick<Rewards, 'settings' | 'pay'>;
  /** The check-ins' rule for who may earn: a working miner on the day (the miners module answers). */
  holdsWorkingMiner: (db: Executor, userId: string, day: string) => Promise<boolean>;
  timeZone: string;
  now?: () => number;
};

export type ClosedWeek = { week: string; paid: number; skipped: number; paid_total: string };

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount);

/**
 * The weekly close (issue 47): once a week's Sunday has ended in the zone, its top places are paid
 * their prizes from the rewards budget, exactly once. Everything of one week happens in one
 * transaction that first inserts the week's `leaderboard_weeks` row: a second run (a restart, another
 * instance) finds the row and pays nothing, and a run that dies part-way leaves neither row nor
 * payment, so the next run pays the whole week once. The lease (schedule.ts) keeps two instances from
 * even trying at once; the row is what makes it exactly once.
 */
export function createWeeklyClose({ db, repository, rewards, holdsWorkingMiner, timeZone, now = Date.now }: Deps) {
  async function closeWeek(week: string): Promise<ClosedWeek | null> {
    return transaction(db, async (trx) => {
      if (!(await repository.claimWeek(trx, week))) return null;
      const { values } = await rewards.settings(trx);
      const prizes = values.prizes.slice(0, LEADERBOARD_PRIZE_PLACES_MAX);
      // Those on the board when the week closes: a user who left it plays for no prize.
      const places = await repository.ranked(trx, week, 0, prizes.length);
      // Who may earn is asked as a check-in asks it: a working miner today, when the prize is paid.
      const today = dayInZone(now(), timeZone);
      let paid = 0;
      let skipped = 0;
      for (const [i, place] of places.entries()) {
        const amount = prizes[i]!;
        if (isZero(amount)) continue;
        let skip: PrizeSkipReason | null = null;
        let transactionId: string | null = null;
        if (values.require_holding && !(await holdsWorkingMiner(trx, place.user_id, today))) skip = 'not_eligible';
        else {
          const payment = await rewards.pay(trx, {
            userId: place.user_id,
            amount,
            type: 'leaderboard_prize',
            ref: { type: 'leaderboard_week', id: week },
          });
          if (payment) transactionId = payment.transactionId;
          else skip = 'budget_empty';
        }
        await repository.recordPrize(trx, { week, rank: i + 1, userId: place.user_id, amount, transactionId, skip });
        if (skip) skipped++;
        else paid++;
      }
      return { week, paid, skipped, paid_total: await repository.setPaidTotal(trx, week) };
    });
  }

  return {
    closeWeek,

    /** Closes every week that has ended and is not closed yet, oldest first. */
    async closeDue(): Promise<{ closed: ClosedWeek[] }> {
      const closed: ClosedWeek[] = [];
      for (const week of await repository.dueWeeks(db, weekOf(now(), timeZone))) {
        const result = await closeWeek(week);
        if (result) closed.push(result);
      }
      return { closed };
    },
  };
}
export type WeeklyClose = ReturnType<typeof createWeeklyClose>;
