import { sql } from 'kysely';
import type { Executor } from './database.js';

/**
 * A fact the database keeps from the first start on (the chain its deposits came from): the first
 * value given is stored; the stored one is answered, whatever is given later.
 */
export async function claimSetting(db: Executor, name: string, value: string): Promise<string> {
  await sql`insert into platform_settings (name, value) values (${name}, ${value}) on conflict (name) do nothing`.execute(
    db,
  );
  const row = await db
    .selectFrom('platform_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
