import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dayString } from '@wallx/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { ADMIN_TOKEN_HEADER } from '../http/admin-token.js';
import { addDays, createOutputJob, dayInZone, type DayResult } from '../modules/miners/output-job.js';
import { runningServer } from '../running-server.js';

/**
 * `npm run jobs:output -- --date YYYY-MM-DD`: runs the daily output job for that day (default:
 * yesterday in the output time zone), after any earlier day still pending. Safe to run again.
 */
async function main() {
  const config = loadConfig();
  const { values } = parseArgs({ options: { date: { type: 'string' } } });
  const date = values.date ?? addDays(dayInZone(Date.now(), config.outputTimeZone), -1);
  if (!dayString.safeParse(date).success) throw new Error(`--date must be a date as YYYY-MM-DD, got "${date}"`);
  const today = dayInZone(Date.now(), config.outputTimeZone);
  if (date >= today) throw new Error(`--date ${date} has not ended yet in ${config.outputTimeZone}; the latest day that can be produced is ${addDays(today, -1)}`);

  let days: DayResult[] | null;
  const server = config.databaseUrl ? null : runningServer(config.dataDir);
  if (server?.adminToken) {
    // The embedded database is open in the running server: ask it.
    const response = await fetch(`${server.url}/api/internal/jobs/miner_output`, {
      method: 'POST',
      headers: { [ADMIN_TOKEN_HEADER]: server.adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ date }),
    });
    const body = (await response.json()) as { code: number; message: string; data: { days: DayResult[] | null } };
    if (body.code !== 0) throw new Error(`server answered ${body.code}: ${body.message}`);
    days = body.data.days;
  } else {
    const pgliteDir = path.join(config.dataDir, 'pglite');
    if (!config.databaseUrl && !fs.existsSync(pgliteDir)) throw new Error(`no database at ${pgliteDir}; start the server once first`);
    const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir: pgliteDir });
    try {
      const job = createOutputJob({ db: database.db, timeZone: config.outputTimeZone, instanceId: `cli:${os.hostname()}:${process.pid}` });
      days = await job.runDay(date);
    } finally {
      await database.close();
    }
  }
  if (days === null) {
    console.log('another instance is running the output job now; try again when it has finished');
    return 3;
  }
  for (const day of days) console.log(`${day.day}: ${day.outputs} output record(s) added, ${day.expired} miner(s) expired`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
