// `npm run bench -- tracing`: what OpenTelemetry tracing costs (issue 51). Two servers alike but for
// OTEL_EXPORTER_OTLP_ENDPOINT — one traces every request, query, Argon2 check and job pass and
// exports the spans by OTLP/JSON to a receiver in this process; the other has tracing off (nothing
// of OpenTelemetry loaded) — each on a PostgreSQL database of its own with the same 100,000 users.
// Two loads: `GET /api/user/info` (autocannon, 32 connections) and the transfer throughput,
// `POST /api/funds/transfer` with the Argon2id fund password (16 connections, 16 funded senders).
// Rounds alternate between the servers under the same load, in 2 sessions that start them in
// opposite orders (as `metrics` does: the one started first measured slower whatever it served);
// the medians are compared.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  cannon,
  freshDatabase,
  fundPasswordBody,
  loginNewWallet,
  root,
  seconds,
  startProcess,
  stop,
  waitForHealth,
} from './lib.mjs';
import { cpuSeconds } from './mixed-load/report.mjs';

const ROUNDS = Number(process.env.BENCH_TRACING_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_TRACING_PORT ?? 18_860);
const SENDERS = 16;
/** Target: tracing costs at most this share of the throughput, on each load. */
const MAX_COST = 0.05;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const SPAN_ID = Buffer.from('"spanId":');

/**
 * The OTLP receiver: answers as a collector would and counts the spans each export carries, without
 * parsing it — a collector runs elsewhere; here it shares the machine with both servers, and its work
 * would fall on the traced server's rounds only.
 */
async function startReceiver() {
  const received = { exports: 0, spans: 0, bytes: 0 };
  const server = http.createServer((request, response) => {
    request.on('data', (chunk) => {
      received.bytes += chunk.length;
      for (let at = chunk.indexOf(SPAN_ID); at !== -1; at = chunk.indexOf(SPAN_ID, at + 1)) received.spans++;
    });
    request.on('end', () => {
      received.exports++;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(PORT + 9, '127.0.0.1', () => resolve(undefined)));
  return { url: `http://127.0.0.1:${PORT + 9}`, received, close: () => new Promise((r) => server.close(r)) };
}

const dist = (file) => path.join(root, 'apps/server/dist', file);

/** Senders with a fund password and a balance, posted by the ledger as a deposit's credit (as ledger.mjs funds its own). */
async function fundedSenders(base, databaseUrl) {
  const { openDatabase } = /** @type {typeof import('../apps/server/src/platform/db/database.js')} */ (
    await import(dist('platform/db/database.js'))
  );
  const { createLedger } = /** @type {typeof import('../apps/server/src/kernel/ledger/ledger.js')} */ (
    await import(dist('kernel/ledger/ledger.js'))
  );
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const senders = [];
  try {
    for (let i = 0; i < SENDERS; i++) {
      const { account, address, authorization } = await loginNewWallet(base);
      const set = await fetch(`${base}/api/user/fund_password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(await fundPasswordBody(base, account, 'bench-pw')),
      }).then((r) => r.json());
      if (set.code !== 0) throw new Error(`fund password not set: ${JSON.stringify(set)}`);
      const { id } = await handle.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', address)
        .executeTakeFirstOrThrow();
      await handle.db.transaction().execute((trx) =>
        createLedger().post(trx, {
          debit: { platform: 'deposits' },
          credit: { user: id },
          asset: 'USDT',
          amount: '1000000000',
          type: 'deposit',
          ref: { type: 'bench', id },
        }),
      );
      senders.push({ authorization, address });
    }
  } finally {
    await handle.close();
  }
  return senders;
}

export async function benchTracing() {
  const databases = [];
  const dataDirs = [];
  let servers = [];
  const receiver = await startReceiver();
  const targets = [
    {
      name: 'tracing-on',
      port: PORT,
      extra: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        // The share of requests traced: the server's default unless BENCH_TRACING_RATIO says otherwise.
        ...(process.env.BENCH_TRACING_RATIO ? { OTEL_TRACES_SAMPLER_ARG: process.env.BENCH_TRACING_RATIO } : {}),
      },
    },
    { name: 'tracing-off', port: PORT + 1, extra: {} },
  ].map((target) => ({
    ...target,
    info: /** @type {number[]} */ ([]),
    infoP99: /** @type {number[]} */ ([]),
    infoCpu: /** @type {number[]} */ ([]),
    transfers: /** @type {number[]} */ ([]),
    transferP99: /** @type {number[]} */ ([]),
    transferCpu: /** @type {number[]} */ ([]),
  }));
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
          RATE_LIMIT_FUND_PASSWORD_PER_USER_PER_MINUTE: '1000000',
          RATE_LIMIT_FUND_PASSWORD_PER_IP_PER_MINUTE: '1000000',
          ...extra,
        },
        null,
      );
      servers.push(child);
      const base = `http://127.0.0.1:${port}`;
      await waitForHealth(`${base}/api/health`, 60);
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      await db.query(`insert into users (address, share_code)
        select '0x' || lpad(to_hex(g), 40, '0'), 'M' || lpad(g::text, 7, '0') from generate_series(1, 100000) g`);
      await db.query('analyze');
      await db.end();
      const { authorization } = await loginNewWallet(base);
      return { base, pid: child.pid, headers: { authorization }, senders: await fundedSenders(base, database.url) };
    };
    const transfers = ({ base, senders }) => {
      let n = 0;
      return cannon(
        `${base}/api/funds/transfer`,
        {},
        {
          connections: SENDERS,
          method: 'POST',
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => {
                const from = senders[n++ % senders.length];
                const to = senders[(n + 7) % senders.length];
                return {
                  ...request,
                  headers: { 'content-type': 'application/json', authorization: from.authorization },
                  body: JSON.stringify({ to: to.address, asset: 'USDT', amount: '1', fund_password: 'bench-pw' }),
                };
              },
            },
          ],
        },
      );
    };
    const checked = (name, result) => {
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      return result;
    };

    for (const order of [targets, [...targets].reverse()]) {
      const running = [];
      for (const target of order) running.push({ target, ...(await start(target)) });
      // A warm-up of each load on each server.
      for (const server of running) {
        await cannon(`${server.base}/api/user/info`, server.headers);
        await transfers(server);
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const server of round % 2 === 0 ? running : [...running].reverse()) {
          // The server's own CPU per answered request beside its throughput: other work on a shared
          // machine sways req/s far more than what each request costs the server.
          let cpu = cpuSeconds(server.pid);
          const info = checked(server.target.name, await cannon(`${server.base}/api/user/info`, server.headers));
          server.target.info.push(info.requests.average);
          server.target.infoP99.push(info.latency.p99);
          server.target.infoCpu.push(((cpuSeconds(server.pid) - cpu) * 1e6) / info['2xx']);
          cpu = cpuSeconds(server.pid);
          const moved = checked(server.target.name, await transfers(server));
          server.target.transfers.push(moved.requests.average);
          server.target.transferP99.push(moved.latency.p99);
          server.target.transferCpu.push(((cpuSeconds(server.pid) - cpu) * 1e6) / moved['2xx']);
        }
      }
      for (const child of servers) await stop(child);
      servers = [];
    }
    return report(targets, receiver.received);
  } finally {
    for (const child of servers) await stop(child);
    for (const database of databases) await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await receiver.close();
  }
}

/** The table of both servers' rounds and the verdict: PASS when tracing costs ≤ 5 % on each load. */
function report(targets, received) {
  const [on, off] = targets;
  const infoCost = 1 - median(on.info) / median(off.info);
  const transferCost = 1 - median(on.transfers) / median(off.transfers);
  // What each request costs the server more, as a share of throughput at saturation (1 − off/on).
  const infoCpuCost = 1 - median(off.infoCpu) / median(on.infoCpu);
  const transferCpuCost = 1 - median(off.transferCpu) / median(on.transferCpu);
  console.log(
    `\nTracing on (OTLP/JSON to a local receiver) against off, PostgreSQL, 2 sessions × ${ROUNDS} alternating rounds of ${seconds} s per load, medians`,
  );
  console.table(
    targets.flatMap((target) => [
      {
        server: target.name,
        load: 'GET /api/user/info (32 conn.)',
        'req/s (median)': median(target.info).toFixed(0),
        'req/s by round': target.info.map((v) => v.toFixed(0)).join(' / '),
        'p99 ms (median)': median(target.infoP99),
        'server CPU µs/req (median)': median(target.infoCpu).toFixed(0),
      },
      {
        server: target.name,
        load: 'POST /api/funds/transfer (16 conn., Argon2id)',
        'req/s (median)': median(target.transfers).toFixed(1),
        'req/s by round': target.transfers.map((v) => v.toFixed(1)).join(' / '),
        'p99 ms (median)': median(target.transferP99),
        'server CPU µs/req (median)': median(target.transferCpu).toFixed(0),
      },
    ]),
  );
  console.log(
    `OTLP receiver: ${received.spans} spans in ${received.exports} exports (${(received.bytes / 1e6).toFixed(1)} MB); sampled share ${process.env.BENCH_TRACING_RATIO ?? "the server's default"}`,
  );
  const percent = (cost) => `${(cost * 100).toFixed(1)} %`;
  console.log(
    `throughput: user/info ${percent(infoCost)}, transfers ${percent(transferCost)} lower with tracing (a shared machine's noise shows in the rounds above)`,
  );
  // Judged on the server's CPU per request: at saturation throughput is its inverse, and it is what
  // a busy neighbour does not move.
  const pass = infoCpuCost <= MAX_COST && transferCpuCost <= MAX_COST && received.spans > 0;
  console.log(
    `tracing cost by server CPU per request: user/info ${percent(infoCpuCost)}, transfers ${percent(transferCpuCost)} of throughput (target ≤ ${MAX_COST * 100} % each; spans received) → ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit((await benchTracing()) ? 0 : 1);
