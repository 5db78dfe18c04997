// `npm run fuzz -- [requests] [seed]`: the API fuzzer's long run (apps/server/src/test/fuzz). `npm test`
// sends 3,000 requests per database; this sends as many as asked, on PGlite, or on the PostgreSQL
// that TEST_DATABASE_URL names (a schema of its own, dropped afterwards). FUZZ_SHOW=<part of an
// operation id> prints each request to the matching operations and its answer.
import { spawn } from 'node:child_process';

const [requests = '20000', seed = String(Date.now() % 1_000_000_000)] = process.argv.slice(2);
if (!/^\d+$/.test(requests) || !/^\d+$/.test(seed)) {
  console.error('usage: npm run fuzz -- [requests] [seed]   (both whole numbers)');
  process.exit(2);
}
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
console.log(
  `fuzz: ${requests} requests, seed ${seed}, on ${onPostgres ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite'}; repeat a run with the same seed`,
);
const child = spawn('npx', ['vitest', 'run', '--project', 'server', 'apps/server/src/test/fuzz/fuzz.test.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    FUZZ_REQUESTS: requests,
    FUZZ_SEED: seed,
    FUZZ_VERBOSE: process.env.FUZZ_VERBOSE ?? '1',
    ...(onPostgres ? { TEST_DB: 'postgres' } : {}),
  },
});
child.on('close', (code) => process.exit(code ?? 1));
