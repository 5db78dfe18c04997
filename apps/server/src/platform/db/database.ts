import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { postgresListen, pgliteListen, type Listen } from './notifications.js';
import { PGliteDialect } from './pglite-dialect.js';
import { tracedQueries } from './traced-queries.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Trx;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number }
  /** dataDir null → in memory (tests); `snapshot`, a dump of another database, to start from instead of an empty one. */
  | { kind: 'pglite'; dataDir: string | null; snapshot?: Blob };

/** Connections of the pool: open, open and unused, and requests waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseTarget['kind'];
  pool: () => PoolStats;
  /** LISTEN on a channel: what any instance's committed transactions NOTIFY there. */
  listen: Listen;
  close: () => Promise<void>;
  /** PGlite only: the whole database as a tarball, which `openDatabase({ snapshot })` starts from. */
  snapshot?: () => Promise<Blob>;
};

/**
 * Runs every parameterised query as a named prepared statement, so PostgreSQL plans each query shape
 * once per connection instead of on every call (planning cost more than executing our short
 * indexed queries). Statements are named by a hash of their SQL; Kysely's SQL text for one query
 * shape is stable, with values always passed as parameters.
 */
function preparingPool(pool: pg.Pool) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `k${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
      if (names.size < 10_000) names.set(text, name);
    }
    return name;
  };
  // Kysely keys its connection objects by client identity, so one wrapper per client.
  const wrappers = new WeakMap<pg.PoolClient, { query: pg.PoolClient['query']; release: () => void }>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        // node-postgres writes Bind, Describe, Execute and Sync as four socket writes; corked, they
        // leave as one, which halves the client's cost per query (measured in bench/ledger.mjs).
        const stream = (client as unknown as { connection?: { stream?: { cork(): void; uncork(): void } } }).connection
          ?.stream;
        const send = (text: string, values?: unknown[]) =>
          values && values.length > 0 ? client.query({ name: nameOf(text), text, values }) : client.query(text, values);
        wrapper = {
          query: ((text: string, values?: unknown[]) => {
            if (!stream) return send(text, values);
            stream.cork();
            try {
              return send(text, values);
            } finally {
              stream.uncork();
            }
          }) as pg.PoolClient['query'],
          release: () => client.release(),
        };
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 20,
      // Generic plans: our statements are short indexed OLTP queries whose plan never depends on the
      // values, and re-planning them on every call cost more than running them (bench/ledger.mjs).
      // Each test file gets its own schema on a shared server; production leaves search_path alone.
      options: [
        '-c plan_cache_mode=force_generic_plan',
        ...(target.schema ? [`-c search_path=${target.schema}`] : []),
      ].join(' '),
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
      log: tracedQueries(),
    });
    // Opened on the first LISTEN only: most tools never listen.
    let listener: ReturnType<typeof postgresListen> | null = null;
    return {
      db,
      kind: 'postgres',
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (...args) => (listener ??= postgresListen(target.url)).listen(...args),
      close: async () => {
        await listener?.close();
        await db.destroy();
      },
    };
  }
  if (target.dataDir) fs.mkdirSync(path.dirname(target.dataDir), { recursive: true });
  const pglite = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.snapshot ? { loadDataDir: target.snapshot } : {}),
    // Match node-postgres: int8 as string so ids and counts never lose precision.
    parsers: { [types.INT8]: (value: string) => value },
  });
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect, log: tracedQueries() });
  return {
    db,
    kind: 'pglite',
    pool: () => dialect.stats(),
    listen: pgliteListen(pglite),
    snapshot: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
