import { loadConfig } from '../platform/config/config.js';
import { checkLedger } from '../kernel/ledger/check.js';
import { onServerOrDatabase, runCommand } from './server-or-database.js';

/** `npm run ledger:check`: exit 0 when the books balance, 1 with the offending accounts listed. */
async function main() {
  const report = await onServerOrDatabase(loadConfig(), { route: '/api/internal/ledger_check' }, checkLedger);
  console.log(
    `asset totals (must be 0): ${
      Object.entries(report.totals)
        .map(([a, t]) => `${a} ${t}`)
        .join(', ') || 'no accounts'
    }`,
  );
  if (report.ok) {
    console.log('ledger check passed');
    return 0;
  }
  console.log(`ledger check FAILED: ${report.problems.length} problem(s)`);
  console.table(report.problems);
  return 1;
}

runCommand(main);
