// `npm run bench -- metrics`: what serving Prometheus metrics costs `GET /api/user/info`. Two servers
// alike but for METRICS_PORT — one times and counts every request and is scraped every second, as
// Prometheus would; the other serves no metrics — each on a PostgreSQL database of its own with the
// same 100,000 users (so each runs its own jobs, as one instance does). Rounds alternate between them
// under the same load, and the medians are compared: on a shared machine one round can be off by a
// third, the median of several much less.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cannon, freshDatabase, loginNewWallet, seconds, startProcess, stop, waitForHealth } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 3);
/** Target: metrics cost at most this share of the throughput. */
const MAX_COST = 0.05;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchMetrics() {
  const databases = [];
  const dataDirs = [];
  let servers = [];
  let scraping = null;
  // BENCH_METRICS_CONTROL=1: both without metrics, to see what this machine's noise alone makes of the comparison.
  const isControl = process.env.BENCH_METRICS_CONTROL === '1';
  const targets = [
    { name: 'metrics-on', port: 18_611, extra: isControl ? {} : { METRICS_PORT: '18613' } },
    { name: 'metrics-off', port: 18_612, extra: {} },
  ].map((target) => ({ ...target, rps: /** @type {number[]} */ ([]), p99: /** @type {number[]} */ ([]) }));
  const scrapes = { count: 0, failed: 0 };
  let isScraping = false;
  try {
    const start = async ({ name, port, extra }) => {
      const database = await freshDatabase(`wallx_bench_${name.replace('-', '_')}`);
      databases.push(database);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wallx-bench-${name}-`));
      dataDirs.push(dataDir);
      const child = await startProcess(
        ['apps/server/dist/server.js'],
        {
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          LOG_LEVEL: 'warn',
          DEMO_CATALOG: 'false',
          RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
          ...extra,
        },
        null,
      );
      servers.push(child);
      const base = `http://127.0.0.1:${port}`;
      await waitForHealth(`${base}/api/health`, 60);
      // A populated table, so the primary-key lookups are real index lookups (as `api` does).
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      await db.query(`insert into users (address, share_code)
        select '0x' || lpad(to_hex(g), 40, '0'), 'M' || lpad(g::text, 7, '0') from generate_series(1, 100000) g`);
      await db.query('analyze');
      await db.end();
      // Each server signs its own tokens (keys per data dir).
      const { authorization } = await loginNewWallet(base);
      return { url: `${base}/api/user/info`, headers: { authorization } };
    };
    scraping = setInterval(() => {
      if (!isScraping) return;
      fetch('http://127.0.0.1:18613/metrics')
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
        .then(() => scrapes.count++)
        .catch(() => scrapes.failed++);
    }, 1000);

    // The server started first measured slower here whatever it served (a control run showed it):
    // two sessions, each starting the two in the other order, cancel that out.
    for (const order of [targets, [...targets].reverse()]) {
      const running = [];
      for (const target of order) running.push({ target, ...(await start(target)) });
      isScraping = !isControl;
      for (const { url, headers } of running) await cannon(url, headers);
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so neither always follows the other's load.
        for (const { target, url, headers } of round % 2 === 0 ? running : [...running].reverse()) {
          const result = await cannon(url, headers);
          if (result.non2xx > 0 || result.errors > 0)
            throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
          target.rps.push(result.requests.average);
          target.p99.push(result.latency.p99);
        }
      }
      isScraping = false;
      for (const child of servers) await stop(child);
      servers = [];
    }
    const [on, off] = targets;
    const cost = 1 - median(on.rps) / median(off.rps);
    console.log(
      `\nGET /api/user/info with and without metrics (PostgreSQL, 32 connections, 2 sessions × ${ROUNDS} alternating rounds of ${seconds} s, medians; metrics scraped every second)`,
    );
    console.table(
      targets.map((target) => ({
        server: target.name,
        'req/s (median)': median(target.rps).toFixed(0),
        'req/s by round': target.rps.map((v) => v.toFixed(0)).join(' / '),
        'p99 ms (median)': median(target.p99),
      })),
    );
    console.log(`scrapes: ${scrapes.count} answered, ${scrapes.failed} failed`);
    const pass = cost <= MAX_COST && (isControl || (scrapes.count > 0 && scrapes.failed === 0));
    console.log(
      `metrics cost ${(cost * 100).toFixed(1)} % of throughput (ratio ${((1 - cost) * 100).toFixed(1)} %; target ≤ ${MAX_COST * 100} %) → ${pass ? 'PASS' : 'FAIL'}`,
    );
    return pass;
  } finally {
    if (scraping) clearInterval(scraping);
    for (const child of servers) await stop(child);
    for (const database of databases) await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit((await benchMetrics()) ? 0 : 1);
