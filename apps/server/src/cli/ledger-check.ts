import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { checkLedger } from '../modules/ledger/check.js';
import { ADMIN_TOKEN_HEADER } from '../http/admin-token.js';
import { runningServer } from '../running-server.js';

type Report = Awaited<ReturnType<typeof checkLedger>>;

/** `npm run ledger:check`: exit 0 when the books balance, 1 with the offending accounts listed. */
async function main() {
  const config = loadConfig();
  let report: Report;
  const server = config.databaseUrl ? null : runningServer(config.dataDir);
  if (server?.adminToken) {
    // The embedded database is open in the running server: ask it.
    const response = await fetch(`${server.url}/api/internal/ledger_check`, {
      method: 'POST',
      headers: { [ADMIN_TOKEN_HEADER]: server.adminToken },
    });
    const body = (await response.json()) as { code: number; message: string; data: Report };
    if (body.code !== 0) throw new Error(`server answered ${body.code}: ${body.message}`);
    report = body.data;
  } else {
    const pgliteDir = path.join(config.dataDir, 'pglite');
    if (!config.databaseUrl && !fs.existsSync(pgliteDir)) throw new Error(`no database at ${pgliteDir}; start the server once first`);
    const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir: pgliteDir });
    try {
      report = await checkLedger(database.db);
    } finally {
      await database.close();
    }
  }
  console.log(`asset totals (must be 0): ${Object.entries(report.totals).map(([a, t]) => `${a} ${t}`).join(', ') || 'no accounts'}`);
  if (report.ok) {
    console.log('ledger check passed');
    return 0;
  }
  console.log(`ledger check FAILED: ${report.problems.length} problem(s)`);
  console.table(report.problems);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
