// `npm test`: every check the project has, in the order that fails fastest. Each step must pass.
// Server tests run on embedded PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preflight, SetupError } from './preflight.mjs';

const tally = { passed: 0, failed: 0 };
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-test-'));

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`━━ ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  tally.passed += stats.expected + (stats.flaky ?? 0);
  tally.failed += stats.unexpected;
}

const steps = [
  () => run('typecheck', 'npm', ['run', 'typecheck']),
  () => run('lint', 'npm', ['run', 'lint']),
  () => {
    const file = path.join(reportDir, 'vitest-pglite.json');
    const ok = run('unit and API tests (PGlite)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
    countVitest(file);
    return ok;
  },
  () => {
    if (!process.env.TEST_DATABASE_URL) {
      console.log('\n━━ API tests on PostgreSQL: skipped, TEST_DATABASE_URL is not set');
      return true;
    }
    const file = path.join(reportDir, 'vitest-postgres.json');
    const ok = run(
      'API tests (PostgreSQL)',
      'npx',
      ['vitest', 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
      { TEST_DB: 'postgres' },
    );
    countVitest(file);
    return ok;
  },
  () => run('build', 'npm', ['run', 'build']),
  () => {
    const file = path.join(reportDir, 'playwright.json');
    const ok = run('browser tests', 'npm', ['run', 'test:e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    countPlaywright(file);
    return ok;
  },
];

// Setup problems stop the run in seconds, before the slow steps, with the fix named.
const started = Date.now();
try {
  await preflight();
  console.log(`━━ setup: ok in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (!(error instanceof SetupError)) throw error;
  console.error(`\n━━ setup: FAILED\n${error.message}`);
  console.log('\n0 passed, 0 failed');
  process.exit(1);
}

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(ok && tally.failed === 0 ? 0 : 1);
