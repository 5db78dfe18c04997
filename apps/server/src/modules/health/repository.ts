import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';

/** Fails when the database cannot answer. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}

/** How many of `names` (this build's migrations) the database has applied. */
export async function appliedCount(db: Executor, names: string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from schema_migrations where name = any(${names}::text[])`.execute(db);
  return rows[0]?.n ?? 0;
}
