import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../platform/config/config.js';
import { openDatabase, type Db } from '../platform/db/database.js';
import { ADMIN_TOKEN_HEADER } from '../platform/http/admin-token.js';
import { runningServer } from '../platform/running-server.js';

/**
 * Runs an operation of the project's commands where the database is: an embedded database is open
 * in one process at a time, so while a server holds it the command asks that server's internal
 * route (answering its envelope's data); otherwise it opens the database and runs `direct` itself.
 */
export async function onServerOrDatabase<T>(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  internal: { route: string; body?: unknown },
  direct: (db: Db) => Promise<T>,
): Promise<T> {
  const server = config.databaseUrl ? null : runningServer(config.dataDir);
  if (server?.adminToken) {
    const response = await fetch(`${server.url}${internal.route}`, {
      method: 'POST',
      headers: {
        [ADMIN_TOKEN_HEADER]: server.adminToken,
        ...(internal.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(internal.body === undefined ? {} : { body: JSON.stringify(internal.body) }),
    });
    const body = (await response.json()) as { code: number; message: string; data: T };
    if (body.code !== 0) throw new Error(`server answered ${body.code}: ${body.message}`);
    return body.data;
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !fs.existsSync(pgliteDir))
    throw new Error(`no database at ${pgliteDir}; start the server once first`);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: pgliteDir },
  );
  try {
    return await direct(database.db);
  } finally {
    await database.close();
  }
}

/** Runs a command's `main` and exits with its code; 2 with the message when it fails. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
