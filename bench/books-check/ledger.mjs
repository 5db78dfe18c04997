// `npm run ledger:check`, run on the bench's database.
import { execFileSync } from 'node:child_process';
import { root } from '../lib.mjs';

/** `npm run ledger:check` on the database: every transaction balances, balances equal entries, withdrawals agree with their entries. */
export function ledgerCheck(databaseUrl) {
  try {
    const out = execFileSync(process.execPath, ['apps/server/dist/cli/ledger-check.js'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, CHAIN: 'local' },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { check: 'ledger:check', ok: true, detail: out.trim().split('\n').join(' · ') };
  } catch (error) {
    return {
      check: 'ledger:check',
      ok: false,
      detail: `exit ${error.status}: ${String(error.stdout ?? '').slice(0, 600)}`,
    };
  }
}
