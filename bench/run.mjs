// `npm run bench [bundle|api|metrics|…]`: each benchmark prints its figure beside a reference measured in the
// same run on the same machine. See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { chromium } from '@playwright/test';
import { adminUrl, cannon, ensureBuilt, loginNewWallet, root, startProcess, stop, waitForHealth } from './lib.mjs';
import { benchChain } from './chain.mjs';
import { benchDepositScan } from './deposit-scan.mjs';
import { benchLedger } from './ledger.mjs';
import { benchMarkets } from './markets.mjs';
import { benchMiners } from './miners.mjs';
import { benchEmbedded } from './embedded.mjs';
import { benchTeam } from './team.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchCrash } from './crash.mjs';
import { benchScale } from './scale.mjs';
import { benchMetrics } from './metrics.mjs';
import { benchTracing } from './tracing.mjs';
import { benchEvents } from './events.mjs';
import { benchWellbeing } from './wellbeing.mjs';
import { benchStaking } from './staking.mjs';
import { benchCompanion } from './companion.mjs';

const which = process.argv[2] ?? 'all';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function benchBundle() {
  const budgetKb = 130;
  const port = 18_600;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bench-'));
  const server = await startProcess(
    ['apps/server/dist/server.js'],
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    null,
  );
  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const routes = ['/', '/mines', '/join', '/article'];
  const rows = [];
  try {
    for (const route of routes) {
      // A fresh context per route: what a phone downloads opening that route cold.
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      });
      const page = await context.newPage();
      const scripts = new Set();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
      let gzipBytes = 0;
      let rawBytes = 0;
      for (const script of scripts) {
        const content = fs.readFileSync(path.join(root, 'apps/web/dist', script));
        rawBytes += content.length;
        gzipBytes += zlib.gzipSync(content, { level: 9 }).length;
      }
      rows.push({
        route,
        files: scripts.size,
        'raw KB': (rawBytes / 1024).toFixed(1),
        'gzip KB': (gzipBytes / 1024).toFixed(1),
        budget: `${budgetKb}`,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\nJS downloaded per route, cold start (gzip level 9)');
  console.table(rows);
  const home = /** @type {(typeof rows)[number]} */ (rows.find((r) => r.route === '/'));
  const pass = Number(home['gzip KB']) <= budgetKb;
  console.log(`'/' ships ${home['gzip KB']} KB gzip of JS; budget ${budgetKb} KB → ${pass ? 'PASS' : 'FAIL'}`);
  return pass;
}

async function benchApi() {
  const dbName = `wallx_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const port = 18_601;
  const refPort = 18_602;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bench-'));
  let server;
  let reference;
  try {
    server = await startProcess(
      ['apps/server/dist/server.js'],
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.href,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      },
      null,
    );
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    // A populated table, so the primary-key lookups are real index lookups.
    const db = new pg.Client({ connectionString: databaseUrl.href });
    await db.connect();
    await db.query(`insert into users (address, share_code)
      select '0x' || lpad(to_hex(g), 40, '0'), 'B' || lpad(g::text, 7, '0') from generate_series(1, 100000) g`);
    await db.query('analyze');
    const wallet = await loginNewWallet(`http://127.0.0.1:${port}`);
    const { rows } = await db.query('select id from users where address = $1', [wallet.address]);
    await db.end();

    reference = await startProcess(
      ['bench/reference-server.mjs'],
      { PORT: String(refPort), DATABASE_URL: databaseUrl.href },
      /reference ready/,
    );
    const check = await fetch(`http://127.0.0.1:${port}/api/user/info`, {
      headers: { authorization: wallet.authorization },
    }).then((r) => r.json());
    if (check.code !== 0) throw new Error(`user/info failed: ${JSON.stringify(check)}`);

    // Warm both, then three rounds alternating under the same load, so drift in the machine's speed
    // during the run hits both alike (a single pair moved the ratio by 20 points from run to run).
    const refUrl = `http://127.0.0.1:${refPort}/ref/user/${rows[0].id}`;
    const auth = { authorization: wallet.authorization };
    await cannon(refUrl, {});
    await cannon(`http://127.0.0.1:${port}/api/user/info`, auth);
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      const refRound = await cannon(refUrl, {});
      const oursRound = await cannon(`http://127.0.0.1:${port}/api/user/info`, auth);
      if (oursRound.non2xx > 0 || refRound.non2xx > 0)
        throw new Error(`non-2xx answers: ours ${oursRound.non2xx}, reference ${refRound.non2xx}`);
      rounds.push({ ref: refRound, ours: oursRound });
    }
    const medianOf = (/** @type {'ref' | 'ours'} */ side) =>
      [...rounds].sort((a, b) => a[side].requests.average - b[side].requests.average)[1][side];
    const ref = medianOf('ref');
    const ours = medianOf('ours');
    console.log(
      'rounds (req/s):',
      rounds
        .map((r) => `reference ${r.ref.requests.average.toFixed(0)} / ours ${r.ours.requests.average.toFixed(0)}`)
        .join('; '),
    );

    const ratio = ours.requests.average / ref.requests.average;
    console.log('\nGET /api/user/info vs a bare Fastify + pg primary-key select (PostgreSQL, 32 connections)');
    console.table([
      {
        target: 'reference: bare route, 1 pk select',
        'req/s': ref.requests.average.toFixed(0),
        'p50 ms': ref.latency.p50,
        'p99 ms': ref.latency.p99,
      },
      {
        target: 'GET /api/user/info (JWT + session + user + balances)',
        'req/s': ours.requests.average.toFixed(0),
        'p50 ms': ours.latency.p50,
        'p99 ms': ours.latency.p99,
      },
    ]);
    // Issue 52's goal: the API's own cost (token, session, envelope, hooks) within a tenth of the bare route.
    const pass = ratio >= 0.9;
    console.log(`ratio of the medians ${(ratio * 100).toFixed(1)} % (issue 52: ≥ 90 %) → ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    if (reference) await stop(reference);
    if (server) await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

// Only the bundle's and the lighthouse's figures need the web app built (the lighthouse checks it itself).
ensureBuilt({ web: which === 'all' || which === 'bundle' });
const results = [];
if (which === 'all' || which === 'bundle') results.push(await benchBundle());
if (which === 'all' || which === 'api') results.push(await benchApi());
if (which === 'all' || which === 'ledger') results.push(await benchLedger());
if (which === 'all' || which === 'chain') results.push(await benchChain());
if (which === 'all' || which === 'deposit-scan') results.push(await benchDepositScan());
if (which === 'all' || which === 'miners') results.push(await benchMiners());
if (which === 'all' || which === 'markets') results.push(await benchMarkets());
if (which === 'all' || which === 'team') results.push(await benchTeam());
if (which === 'all' || which === 'lighthouse') results.push(await benchLighthouse());
if (which === 'all' || which === 'metrics') results.push(await benchMetrics());
if (which === 'all' || which === 'tracing') results.push(await benchTracing());
if (which === 'embedded') results.push(await benchEmbedded());
if (which === 'crash') results.push(await benchCrash());
if (which === 'scale') results.push(await benchScale());
if (which === 'events') results.push(await benchEvents());
if (which === 'wellbeing') results.push(await benchWellbeing());
if (which === 'staking') results.push(await benchStaking());
if (which === 'companion') results.push(await benchCompanion());
process.exit(results.every(Boolean) ? 0 : 1);
