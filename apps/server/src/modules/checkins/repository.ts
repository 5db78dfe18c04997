import { sql } from 'kysely';
import type { Checkin, CheckinRequest, Feeling, NoRewardReason, SupportLine } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';

/** A check-in as stored: the day's entry and what its first write earned. */
export type CheckinRow = Checkin & {
  reward: string | null;
  bonus: string | null;
  no_reward_reason: Exclude<NoRewardReason, 'already_rewarded'> | null;
};

type StoredRow = Omit<CheckinRow, 'created_at' | 'updated_at' | 'feelings'> & {
  feelings: string[];
  created_at: Date;
  updated_at: Date;
};

// Amounts without the column's 18 trailing zeros; the day as text, never a Date shifted by the client's zone.
const columns = sql`day::text as day, mood, feelings, note, streak, trim_scale(reward)::text as reward,
  trim_scale(bonus)::text as bonus, no_reward_reason, created_at, updated_at`;

const toRow = (r: StoredRow): CheckinRow => ({
  ...r,
  feelings: r.feelings as Feeling[],
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export type CheckinEntry = Required<Pick<CheckinRequest, 'mood' | 'feelings'>> & { note: string | null };

/** The reward ledger entries a user may keep in an export. */
const rewardTypes = ['checkin_reward', 'streak_bonus', 'leaderboard_prize'];

/** The ledger reference of what a day's check-in paid: one per user and day, whatever happens to the row. */
export const checkinRef = (userId: string, day: string) => ({ type: 'checkin', id: `${userId}:${day}` });

/**
 * Check-ins are health data: every statement here names the user whose rows it reads or writes, and
 * no statement returns another user's row.
 */
export function createCheckinsRepository() {
  return {
    async one(db: Executor, userId: string, day: string): Promise<CheckinRow | undefined> {
      const { rows } = await sql<StoredRow>`select ${columns} from checkins
        where user_id = ${userId}::bigint and day = ${day}::date`.execute(db);
      return rows[0] && toRow(rows[0]);
    },

    /**
     * The day's first write, or nothing when the day has its row already. Racing first writes of one
     * account wait on the primary key here and all but one insert nothing. The streak continues
     * yesterday's row, read in the same statement.
     */
    async insertFirst(
      trx: Trx,
      userId: string,
      day: string,
      entry: CheckinEntry,
      at: Date,
    ): Promise<CheckinRow | undefined> {
      const { rows } = await sql<StoredRow>`
        insert into checkins (user_id, day, mood, feelings, note, streak, created_at, updated_at)
        select ${userId}::bigint, ${day}::date, ${entry.mood}, ${entry.feelings}::text[], ${entry.note},
          coalesce((select streak from checkins where user_id = ${userId}::bigint and day = ${day}::date - 1), 0) + 1,
          ${at}, ${at}
        on conflict (user_id, day) do nothing
        returning ${columns}`.execute(trx);
      return rows[0] && toRow(rows[0]);
    },

    /** An edit of the day's entry: only what the user wrote changes, never what the first write earned. */
    async edit(trx: Trx, userId: string, day: string, entry: CheckinEntry, at: Date): Promise<CheckinRow | undefined> {
      const { rows } = await sql<StoredRow>`
        update checkins set mood = ${entry.mood}, feelings = ${entry.feelings}::text[], note = ${entry.note}, updated_at = ${at}
        where user_id = ${userId}::bigint and day = ${day}::date
        returning ${columns}`.execute(trx);
      return rows[0] && toRow(rows[0]);
    },

    async setReward(
      trx: Trx,
      userId: string,
      day: string,
      reward: { reward: string | null; bonus: string | null; reason: CheckinRow['no_reward_reason'] },
    ): Promise<void> {
      await sql`update checkins set reward = ${reward.reward}::numeric, bonus = ${reward.bonus}::numeric,
        no_reward_reason = ${reward.reason} where user_id = ${userId}::bigint and day = ${day}::date`.execute(trx);
    },

    /**
     * What the ledger paid for a day's check-in before: the row may have been deleted with the mood
     * history since, and the day must not pay twice.
     */
    async paidFor(db: Executor, userId: string, day: string): Promise<{ reward: string | null; bonus: string | null }> {
      const ref = checkinRef(userId, day);
      const { rows } = await sql<{ type: string; amount: string }>`
        select e.type, trim_scale(sum(e.amount))::text as amount from ledger_entries e
        join accounts a on a.id = e.account_id and a.user_id = ${userId}::bigint
        where e.ref_type = ${ref.type} and e.ref_id = ${ref.id} group by e.type`.execute(db);
      const amountOf = (type: string) => rows.find((r) => r.type === type)?.amount ?? null;
      return { reward: amountOf('checkin_reward'), bonus: amountOf('streak_bonus') };
    },

    /**
     * The day counts on its week's board: one more day, the streak, and when that count was reached.
     * A day counted already (checked in, deleted and checked in again) leaves the row as it was.
     */
    async countOnBoard(
      trx: Trx,
      entry: { userId: string; week: string; streak: number; at: Date; dayStart: Date },
    ): Promise<void> {
      await sql`
        insert into leaderboard_entries as b (week, user_id, days, streak, reached_at)
        values (${entry.week}::date, ${entry.userId}::bigint, 1, ${entry.streak}, ${entry.at})
        on conflict (week, user_id) do update set days = b.days + 1, streak = excluded.streak, reached_at = excluded.reached_at
        where b.reached_at < ${entry.dayStart}`.execute(trx);
    },

    /** Rows between two days, both included, oldest first. */
    async between(db: Executor, userId: string, from: string, to: string): Promise<CheckinRow[]> {
      const { rows } = await sql<StoredRow>`select ${columns} from checkins
        where user_id = ${userId}::bigint and day between ${from}::date and ${to}::date order by day`.execute(db);
      return rows.map(toRow);
    },

    async all(db: Executor, userId: string): Promise<CheckinRow[]> {
      const { rows } = await sql<StoredRow>`select ${columns} from checkins
        where user_id = ${userId}::bigint order by day`.execute(db);
      return rows.map(toRow);
    },

    /** The mood history goes; the ledger keeps what was paid, and the board the days it counted. */
    async deleteAll(trx: Trx, userId: string): Promise<number> {
      const result = await trx.deleteFrom('checkins').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async rewardEntries(
      db: Executor,
      userId: string,
    ): Promise<Array<{ type: string; amount: string; ref_id: string | null; created_at: Date }>> {
      const { rows } = await sql<{ type: string; amount: string; ref_id: string | null; created_at: Date }>`
        select e.type, trim_scale(e.amount)::text as amount, e.ref_id, e.created_at from ledger_entries e
        join accounts a on a.id = e.account_id and a.user_id = ${userId}::bigint and a.asset = 'WALLX'
        where e.type = any(${rewardTypes}::text[]) order by e.id`.execute(db);
      return rows;
    },

    async boardProfile(db: Executor, userId: string): Promise<{ nickname: string | null; on_board: boolean }> {
      const row = await db
        .selectFrom('leaderboard_profiles')
        .select(['nickname', 'on_board'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ?? { nickname: null, on_board: true };
    },

    /** The country's crisis line, else the default one (which the operators' list always keeps). */
    async supportLine(db: Executor, country: string | undefined): Promise<SupportLine | undefined> {
      const { rows } = await sql<SupportLine>`
        select country, name, phone, url from support_lines
        where country = ${country ?? 'default'} or country = 'default'
        order by (country = 'default') limit 1`.execute(db);
      return rows[0];
    },
  };
}
export type CheckinsRepository = ReturnType<typeof createCheckinsRepository>;
