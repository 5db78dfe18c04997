import os from 'node:os';
import { parseArgs } from 'node:util';
import { dayString } from '@wallx/shared';
import { loadConfig } from '../platform/config/config.js';
import { createOutputJob } from '../modules/miners/output-job.js';
import { addDays, dayInZone } from '../platform/time/days.js';
import { onServerOrDatabase, runCommand } from './server-or-database.js';

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
  if (date >= today)
    throw new Error(
      `--date ${date} has not ended yet in ${config.outputTimeZone}; the latest day that can be produced is ${addDays(today, -1)}`,
    );

  const { days } = await onServerOrDatabase(
    config,
    { route: '/api/internal/jobs/miner_output', body: { date } },
    async (db) => {
      const job = createOutputJob({
        db,
        timeZone: config.outputTimeZone,
        instanceId: `cli:${os.hostname()}:${process.pid}`,
      });
      return { days: await job.runDay(date) };
    },
  );
  if (days === null) {
    console.log('another instance is running the output job now; try again when it has finished');
    return 3;
  }
  for (const day of days)
    console.log(`${day.day}: ${day.outputs} output record(s) added, ${day.expired} miner(s) expired`);
  return 0;
}

runCommand(main);
