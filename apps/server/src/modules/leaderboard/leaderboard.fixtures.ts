import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { CheckinSettingsValues } from '@wallx/shared';
import { createLedger } from '../../kernel/ledger/ledger.js';
import { CHECKIN_SETTINGS_DEFAULTS, createRewards } from '../../kernel/rewards/rewards.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import type { Session } from '../../test/helpers.js';

/** A user's id, from the session's address. */
export async function userIdOf(database: DatabaseHandle, session: Session): Promise<string> {
  const row = await database.db
    .selectFrom('users')
    .select('id')
    .where('address', '=', session.userinfo.bsc.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A week's standing, as the check-ins write it in each check-in's transaction. */
export async function putEntry(
  database: DatabaseHandle,
  session: Session,
  entry: { week: string; days: number; streak: number; reachedAt: string },
): Promise<void> {
  const userId = await userIdOf(database, session);
  await sql`insert into leaderboard_entries (week, user_id, days, streak, reached_at)
    values (${entry.week}::date, ${userId}::bigint, ${entry.days}, ${entry.streak}, ${entry.reachedAt}::timestamptz)`.execute(
    database.db,
  );
}

/** The reward rules as an approved change would leave them. */
export async function setRewardSettings(
  database: DatabaseHandle,
  change: Partial<CheckinSettingsValues>,
): Promise<void> {
  const settings = JSON.stringify({ ...CHECKIN_SETTINGS_DEFAULTS, ...change });
  await sql`insert into checkin_settings (id, settings, version, updated_by) values (true, ${settings}::jsonb, 1, 'test')
    on conflict (id) do update set settings = excluded.settings, version = checkin_settings.version + 1`.execute(
    database.db,
  );
}

/** Adds to the rewards budget as an approved funding does: through the ledger. */
export async function fundRewards(database: DatabaseHandle, amount: string): Promise<void> {
  const rewards = createRewards({ ledger: createLedger() });
  await database.db
    .transaction()
    .execute((trx) => rewards.fund(trx, amount, { type: 'test_funding', id: crypto.randomUUID() }));
}

export async function budgetOf(database: DatabaseHandle): Promise<string> {
  return createRewards({ ledger: createLedger() }).balance(database.db);
}

/** A WALLX balance as the user reads it. */
export async function wallxOf(database: DatabaseHandle, session: Session): Promise<string> {
  const userId = await userIdOf(database, session);
  const { rows } = await sql<{ balance: string }>`
    select trim_scale(balance)::text as balance from accounts where user_id = ${userId}::bigint and asset = 'WALLX'`.execute(
    database.db,
  );
  return rows[0]?.balance ?? '0';
}
