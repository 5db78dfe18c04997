import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase, type Db } from './database.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant shared by all instances; it only has to differ from the job locks.
const MIGRATION_LOCK_ID = 7_411_001;

/** Numbered SQL files, applied in order, each once; safe when several instances start together. */
export function listMigrations(dir = migrationsDir): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(`${dir}/${name}`, 'utf8') }));
}

export async function migrate(db: Db): Promise<string[]> {
  const migrations = listMigrations();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`.execute(trx);
    const done = await sql<{ name: string }>`select name from schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.name));
    const pending = migrations.filter((m) => !applied.has(m.name));
    for (const m of pending) {
      await sql.raw(m.sql).execute(trx);
      await sql`insert into schema_migrations (name) values (${m.name})`.execute(trx);
    }
    return pending.map((m) => m.name);
  });
}

/**
 * The migrations as the role that owns the schema when its URL is given (the server's own role then
 * cannot alter or drop what they made, the audit log's append-only trigger among them), else on the
 * server's connection. The owner's connection lives only as long as the migrations, in the schema
 * the server's connection uses.
 */
export async function migrateAsOwner(db: Db, ownerUrl: string | null, schema?: string): Promise<string[]> {
  if (!ownerUrl) return migrate(db);
  const owner = await openDatabase({ kind: 'postgres', url: ownerUrl, poolSize: 1, ...(schema ? { schema } : {}) });
  try {
    return await migrate(owner.db);
  } finally {
    await owner.close();
  }
}
