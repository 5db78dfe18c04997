import {
  LOW_MOOD_AT_MOST,
  compare,
  plus,
  type Checkin,
  type CheckinRequest,
  type CheckinReward,
  type CheckinSettingsValues,
  type CheckinToday,
} from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';
import { addDays, dayInZone, mondayOf, startOfDayInZone } from '../../platform/time/days.js';
import type { CheckinsDeps } from './deps.js';
import { checkinRef, type CheckinEntry, type CheckinRow } from './repository.js';

const isZero = (amount: string) => compare(amount, '0') === 0;
/** The settings' amounts as the books print them: '1.50' reads '1.5'. */
const amount = (value: string) => plus(value, '0');

type Earned = Pick<CheckinRow, 'reward' | 'bonus' | 'no_reward_reason'>;

/** What a stored row tells of the day's reward: what was paid, or why nothing. */
const rewardOf = (row: Earned): CheckinReward => ({
  amount: row.reward,
  bonus: row.bonus,
  reason: row.no_reward_reason,
});

/**
 * A later write of a day already rewarded earns nothing more: it answers what the day earned, and
 * why this write added nothing. A day that earned nothing keeps its reason.
 */
const rewardOfEdit = (row: Earned): CheckinReward =>
  row.reward !== null || row.bonus !== null ? { ...rewardOf(row), reason: 'already_rewarded' } : rewardOf(row);

/** The entry as its owner sees it; what it earned is told apart, as the reward. */
export const checkinOf = ({ reward: _r, bonus: _b, no_reward_reason: _n, ...checkin }: CheckinRow): Checkin => checkin;

const entryOf = (request: CheckinRequest): CheckinEntry => ({
  mood: request.mood,
  feelings: request.feelings ?? [],
  // The schema trims; an empty note is no note.
  note: request.note ? request.note : null,
});

/** Today's check-in: reading it, and its writes with what the first one earns (issue 47, ECOSYSTEM.md). */
export function createCheckinToday({
  db,
  rewards,
  idempotency,
  checkins,
  miners,
  timeZone,
  now = Date.now,
}: CheckinsDeps) {
  const mayEarn = async (executor: Executor, userId: string, day: string, settings: CheckinSettingsValues) =>
    !settings.require_holding || (await miners.holdsWorkingMiner(executor, userId, day));

  /** The day's answer: the entry, the streak, the reward rules, and whether to offer the support links. */
  async function answer(
    executor: Executor,
    userId: string,
    day: string,
    reward: CheckinReward | null,
  ): Promise<CheckinToday> {
    const { values } = await rewards.settings(executor);
    // Yesterday at least: the streak while today's is not done is yesterday's.
    const recent = await checkins.between(executor, userId, addDays(day, -Math.max(values.low_mood_days - 1, 1)), day);
    const today = recent.find((row) => row.day === day);
    const yesterday = recent.find((row) => row.day === addDays(day, -1));
    const lowRun = recent.filter((row) => row.day > addDays(day, -values.low_mood_days));
    return {
      day,
      ends_at: startOfDayInZone(addDays(day, 1), timeZone).toISOString(),
      checkin: today ? checkinOf(today) : null,
      streak: today?.streak ?? yesterday?.streak ?? 0,
      reward: today ? (reward ?? rewardOf(today)) : null,
      rewards: {
        checkin: amount(values.checkin_reward),
        streak_bonus: amount(values.streak_bonus),
        streak_every: values.streak_every,
        eligible: await mayEarn(executor, userId, day, values),
      },
      // Every one of the last days checked in, each low: a gentle offer, never a diagnosis.
      support: lowRun.length === values.low_mood_days && lowRun.every((row) => row.mood <= LOW_MOOD_AT_MOST),
    };
  }

  /**
   * What the day's first check-in earns, paid in its transaction: the reward, and the bonus on each
   * `streak_every`-th day in a row. A day the ledger paid already (its history deleted and written
   * again) is not paid twice.
   */
  async function earn(
    trx: Trx,
    userId: string,
    day: string,
    streak: number,
  ): Promise<{ stored: Earned; answer: CheckinReward }> {
    const paid = await checkins.paidFor(trx, userId, day);
    if (paid.reward !== null || paid.bonus !== null) {
      const stored = { ...paid, no_reward_reason: null };
      return { stored, answer: rewardOfEdit(stored) };
    }
    const { values } = await rewards.settings(trx);
    const reward = isZero(values.checkin_reward) ? null : amount(values.checkin_reward);
    const bonus =
      streak % values.streak_every === 0 && !isZero(values.streak_bonus) ? amount(values.streak_bonus) : null;
    const none = (reason: NonNullable<Earned['no_reward_reason']>) => {
      const stored = { reward: null, bonus: null, no_reward_reason: reason };
      return { stored, answer: rewardOf(stored) };
    };
    if (reward === null && bonus === null) return none('rewards_off');
    if (!(await mayEarn(trx, userId, day, values))) return none('not_eligible');
    const ref = checkinRef(userId, day);
    const paidReward =
      reward && (await rewards.pay(trx, { userId, amount: reward, type: 'checkin_reward', ref })) ? reward : null;
    const paidBonus =
      bonus && (await rewards.pay(trx, { userId, amount: bonus, type: 'streak_bonus', ref })) ? bonus : null;
    if (paidReward === null && paidBonus === null) return none('budget_empty');
    const stored = { reward: paidReward, bonus: paidBonus, no_reward_reason: null };
    return { stored, answer: rewardOf(stored) };
  }

  /** The first write of the day: the row, what it earns, and the day on its week's board, all or nothing. */
  async function firstWrite(trx: Trx, userId: string, row: CheckinRow, at: number): Promise<CheckinReward> {
    const { stored, answer: reward } = await earn(trx, userId, row.day, row.streak);
    await checkins.setReward(trx, userId, row.day, {
      reward: stored.reward,
      bonus: stored.bonus,
      reason: stored.no_reward_reason,
    });
    await checkins.countOnBoard(trx, {
      userId,
      week: mondayOf(row.day),
      streak: row.streak,
      at: new Date(at),
      dayStart: startOfDayInZone(row.day, timeZone),
    });
    return reward;
  }

  return {
    async today(userId: string): Promise<CheckinToday> {
      return answer(db, userId, dayInZone(now(), timeZone), null);
    },

    /**
     * Creates or edits today's check-in. Racing writes of one account (a double tap, retries, many
     * tabs) insert one row: the others wait on its key, then edit it, so one is counted and one
     * reward paid. With an `Idempotency-Key`, a retry gets the first answer again. A frozen account is
     * refused (idempotency.run), as every write that may pay it is.
     */
    async save(userId: string, request: CheckinRequest, key: string | undefined): Promise<CheckinToday> {
      const at = now();
      const day = dayInZone(at, timeZone);
      const entry = entryOf(request);
      // The day is part of the request: the same key tomorrow is another request (a 409), never a replay.
      const idem = { userId, key, scope: `checkins.today:${day}`, body: request };
      return idempotency.run(idem, async (trx) => {
        const first = await checkins.insertFirst(trx, userId, day, entry, new Date(at));
        if (first) return answer(trx, userId, day, await firstWrite(trx, userId, first, at));
        const edited = await checkins.edit(trx, userId, day, entry, new Date(at));
        if (edited) return answer(trx, userId, day, rewardOfEdit(edited));
        // The row went between the two statements (the history deleted meanwhile): write it anew.
        const again = await checkins.insertFirst(trx, userId, day, entry, new Date(at));
        if (!again) throw new Error('check-in: the day’s row neither inserted nor found');
        return answer(trx, userId, day, await firstWrite(trx, userId, again, at));
      });
    },
  };
}
