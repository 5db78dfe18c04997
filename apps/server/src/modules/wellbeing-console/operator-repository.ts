import { sql } from 'kysely';
import type { Executor, Trx } from '../../platform/db/database.js';

/** What the rewards budget pays for; the summary counts what these credited to users. */
const REWARD_TYPES = ['checkin_reward', 'streak_bonus', 'leaderboard_prize'] as const;

export type DayAggregateRow = { day: string; checkins: number | null; average_mood: string | null };
export type DayPaidRow = { day: string; paid: string };
export type SupportLineRow = {
  country: string;
  name: string;
  phone: string | null;
  url: string | null;
  updated_by: string | null;
  updated_at: Date;
};

/**
 * The well-being console's SQL. Health data never leaves the database one person at a time: the
 * aggregates are computed here and a day below the minimum of people is answered as nulls, so not even
 * the server's memory holds a small group's moods.
 */
export function createWellbeingConsoleRepository() {
  return {
    /** Per check-in day in the range: the count and the average mood, or nulls below `minPeople`. */
    async dailyCheckins(
      db: Executor,
      range: { from: string; to: string; minPeople: number },
    ): Promise<DayAggregateRow[]> {
      const { rows } = await sql<DayAggregateRow>`
        select to_char(day, 'YYYY-MM-DD') as day,
          case when count(*) >= ${range.minPeople} then count(*)::int end as checkins,
          case when count(*) >= ${range.minPeople} then round(avg(mood), 2)::text end as average_mood
        from checkins
        where day between ${range.from}::date and ${range.to}::date
        group by day`.execute(db);
      return rows;
    },

    /** What the budget paid users per day (in `timeZone`), from the ledger itself. */
    async dailyRewardsPaid(db: Executor, range: { from: string; to: string; timeZone: string }): Promise<DayPaidRow[]> {
      const { rows } = await sql<DayPaidRow>`
        select to_char((e.created_at at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as day,
          trim_scale(sum(e.amount))::text as paid
        from ledger_entries e join accounts a on a.id = e.account_id
        where a.kind = 'user' and e.type = any(${[...REWARD_TYPES]}::text[])
          and e.created_at >= (${range.from}::date::timestamp at time zone ${range.timeZone})
          and e.created_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})
        group by 1`.execute(db);
      return rows;
    },

    /** All that was ever put into the budget, and all it ever paid out, from the `rewards` account's entries. */
    async budgetTotals(db: Executor): Promise<{ funded: string; paid: string }> {
      const { rows } = await sql<{ funded: string; paid: string }>`
        select trim_scale(coalesce(sum(e.amount) filter (where e.type = 'rewards_funding'), 0))::text as funded,
          trim_scale(coalesce(-sum(e.amount) filter (where e.type = any(${[...REWARD_TYPES]}::text[])), 0))::text as paid
        from ledger_entries e join accounts a on a.id = e.account_id
        where a.kind = 'rewards' and a.user_id is null`.execute(db);
      return rows[0] ?? { funded: '0', paid: '0' };
    },

    async supportLines(db: Executor): Promise<SupportLineRow[]> {
      return (
        db
          .selectFrom('support_lines')
          .select(['country', 'name', 'phone', 'url', 'updated_by', 'updated_at'])
          // The default first, then by country code.
          .orderBy(sql`country = 'default'`, 'desc')
          .orderBy('country')
          .execute()
      );
    },

    /** The line as it was (for the audit row), locked against a racing change. */
    async lockSupportLine(trx: Trx, country: string): Promise<SupportLineRow | undefined> {
      return trx
        .selectFrom('support_lines')
        .select(['country', 'name', 'phone', 'url', 'updated_by', 'updated_at'])
        .where('country', '=', country)
        .forUpdate()
        .executeTakeFirst();
    },

    async saveSupportLine(
      trx: Trx,
      line: { country: string; name: string; phone: string | null; url: string | null; updatedBy: string },
    ): Promise<SupportLineRow> {
      const values = {
        name: line.name,
        phone: line.phone,
        url: line.url,
        updated_by: line.updatedBy,
        updated_at: new Date(),
      };
      return trx
        .insertInto('support_lines')
        .values({ country: line.country, ...values })
        .onConflict((oc) => oc.column('country').doUpdateSet(values))
        .returning(['country', 'name', 'phone', 'url', 'updated_by', 'updated_at'])
        .executeTakeFirstOrThrow();
    },

    async deleteSupportLine(trx: Trx, country: string): Promise<void> {
      await trx.deleteFrom('support_lines').where('country', '=', country).execute();
    },
  };
}
export type WellbeingConsoleRepository = ReturnType<typeof createWellbeingConsoleRepository>;
