import { sql } from 'kysely';
import type { SupportLine } from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';

export type SettingsRow = {
  daily_messages: number;
  daily_token_budget: string;
  version: number;
  updated_by: string;
  updated_at: Date;
};
export type DayRow = {
  day: string;
  /** How many people wrote that day. */
  people: number;
  messages: number;
  answers: number;
  errors: number;
  crisis: number;
  prompt_tokens: string;
  completion_tokens: string;
  estimated_tokens: string;
};
/** What one event adds to a day's totals. */
export type DayCounts = Partial<Record<'messages' | 'answers' | 'errors' | 'crisis', number>> &
  Partial<Record<'prompt_tokens' | 'completion_tokens' | 'estimated_tokens', number>>;

/**
 * The companion's counting SQL: the allowance, the day's totals, the settings, the notice, and where
 * the crisis line comes from. Counts and tokens only: nothing here touches a message.
 */
export function createCompanionUsageRepository() {
  return {
    /**
     * Counts one message against the user's allowance for `day`, or answers false when it is spent:
     * one conditional upsert, so racing messages cannot pass the limit together.
     */
    async takeAllowance(trx: Executor, userId: string, day: string, limit: number): Promise<boolean> {
      if (limit <= 0) return false;
      const { rows } = await sql<{ messages: number }>`
        insert into companion_usage (user_id, day, messages) values (${userId}, ${day}::date, 1)
        on conflict (user_id, day) do update set messages = companion_usage.messages + 1
          where companion_usage.messages < ${limit}
        returning messages`.execute(trx);
      return rows.length === 1;
    },

    async usedOn(db: Executor, userId: string, day: string): Promise<number> {
      const { rows } = await sql<{ messages: number }>`
        select messages from companion_usage where user_id = ${userId} and day = ${day}::date`.execute(db);
      return rows[0]?.messages ?? 0;
    },

    async count(db: Executor, day: string, counts: DayCounts): Promise<void> {
      const c = (name: keyof DayCounts) => counts[name] ?? 0;
      await sql`
        insert into companion_days (day, messages, answers, errors, crisis, prompt_tokens, completion_tokens, estimated_tokens)
        values (${day}::date, ${c('messages')}, ${c('answers')}, ${c('errors')}, ${c('crisis')},
          ${c('prompt_tokens')}, ${c('completion_tokens')}, ${c('estimated_tokens')})
        on conflict (day) do update set
          messages = companion_days.messages + excluded.messages,
          answers = companion_days.answers + excluded.answers,
          errors = companion_days.errors + excluded.errors,
          crisis = companion_days.crisis + excluded.crisis,
          prompt_tokens = companion_days.prompt_tokens + excluded.prompt_tokens,
          completion_tokens = companion_days.completion_tokens + excluded.completion_tokens,
          estimated_tokens = companion_days.estimated_tokens + excluded.estimated_tokens`.execute(db);
    },

    /** The settings in force (none: the defaults) and the tokens spent on `day`, in one query: it is on the way to the model. */
    async budgetOn(db: Executor, day: string): Promise<{ settings: SettingsRow | undefined; tokens: number }> {
      const { rows } = await sql<SettingsRow & { tokens: string | null; has_settings: boolean }>`
        select s.id is not null as has_settings, s.daily_messages, s.daily_token_budget::text as daily_token_budget,
          s.version, s.updated_by, s.updated_at,
          (select (prompt_tokens + completion_tokens + estimated_tokens)::text from companion_days
            where day = ${day}::date) as tokens
        from (select 1) as one left join companion_settings s on true`.execute(db);
      const row = rows[0]!;
      const { has_settings, tokens, ...settings } = row;
      return { settings: has_settings ? settings : undefined, tokens: Number(tokens ?? 0) };
    },

    async days(db: Executor, range: { from: string; to: string }): Promise<DayRow[]> {
      const { rows } = await sql<DayRow>`
        select to_char(d.day, 'YYYY-MM-DD') as day, d.messages, d.answers, d.errors, d.crisis,
          d.prompt_tokens::text as prompt_tokens, d.completion_tokens::text as completion_tokens,
          d.estimated_tokens::text as estimated_tokens,
          (select count(*)::int from companion_usage u where u.day = d.day) as people
        from companion_days d where d.day between ${range.from}::date and ${range.to}::date`.execute(db);
      return rows;
    },

    async conversationCount(db: Executor): Promise<number> {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from companion_conversations`.execute(db);
      return rows[0]?.n ?? 0;
    },

    async settings(db: Executor): Promise<SettingsRow | undefined> {
      const { rows } = await sql<SettingsRow>`
        select daily_messages, daily_token_budget::text as daily_token_budget, version, updated_by, updated_at
        from companion_settings`.execute(db);
      return rows[0];
    },

    async lockSettings(trx: Trx): Promise<SettingsRow | undefined> {
      const { rows } = await sql<SettingsRow>`
        select daily_messages, daily_token_budget::text as daily_token_budget, version, updated_by, updated_at
        from companion_settings for update`.execute(trx);
      return rows[0];
    },

    async saveSettings(
      trx: Trx,
      settings: { dailyMessages: number; dailyTokenBudget: number; version: number; updatedBy: string },
    ): Promise<SettingsRow> {
      const { rows } = await sql<SettingsRow>`
        insert into companion_settings (id, daily_messages, daily_token_budget, version, updated_by, updated_at)
        values (true, ${settings.dailyMessages}, ${settings.dailyTokenBudget}, ${settings.version}, ${settings.updatedBy}, now())
        on conflict (id) do update set daily_messages = excluded.daily_messages,
          daily_token_budget = excluded.daily_token_budget, version = excluded.version,
          updated_by = excluded.updated_by, updated_at = excluded.updated_at
        returning daily_messages, daily_token_budget::text as daily_token_budget, version, updated_by, updated_at`.execute(
        trx,
      );
      return rows[0]!;
    },

    async noticeSeen(db: Executor, userId: string): Promise<boolean> {
      const { rows } = await sql<{ seen: boolean }>`
        select notice_seen_at is not null as seen from companion_profiles where user_id = ${userId}`.execute(db);
      return rows[0]?.seen ?? false;
    },

    async markNoticeSeen(db: Executor, userId: string): Promise<void> {
      await sql`
        insert into companion_profiles (user_id, notice_seen_at) values (${userId}, now())
        on conflict (user_id) do update set notice_seen_at = coalesce(companion_profiles.notice_seen_at, now())`.execute(
        db,
      );
    },

    /** The country the user picked on the crisis card, if they did (decision 161). */
    async crisisCountry(db: Executor, userId: string): Promise<string | undefined> {
      const { rows } = await sql<{ crisis_country: string | null }>`
        select crisis_country from companion_profiles where user_id = ${userId}`.execute(db);
      return rows[0]?.crisis_country ?? undefined;
    },

    async setCrisisCountry(db: Executor, userId: string, country: string | null): Promise<void> {
      await sql`
        insert into companion_profiles (user_id, crisis_country) values (${userId}, ${country})
        on conflict (user_id) do update set crisis_country = excluded.crisis_country`.execute(db);
    },

    /** The countries the operators keep a line for, for the crisis card's list (not the default). */
    async supportLineCountries(db: Executor): Promise<string[]> {
      const { rows } = await sql<{ country: string }>`
        select country from support_lines where country <> 'default' order by country`.execute(db);
      return rows.map((row) => row.country);
    },

    /** The country of the user's default delivery address: what the app knows of where they live. */
    async userCountry(db: Executor, userId: string): Promise<string | undefined> {
      const { rows } = await sql<{ country: string }>`
        select country from addresses where user_id = ${userId} and is_default limit 1`.execute(db);
      return rows[0]?.country;
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
