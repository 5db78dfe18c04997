import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';

/** Fails when the database cannot answer. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
