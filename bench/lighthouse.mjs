// `npm run bench -- lighthouse`: Lighthouse's mobile audit, with its defaults (a Moto G Power's
// screen, simulated slow 4G and a 4× slower CPU), of the built app's main screens, served by the real
// server on a fresh data dir. Performance and accessibility must each reach 0.95 on every screen.
// Each screen is audited LIGHTHOUSE_RUNS times (5) and judged by Lighthouse's own median run (the one
// closest to the median FCP and TTI, as Lighthouse CI asserts), since a performance score moves a few
// points between runs; the spread of the runs is printed beside it. Then the same again with a
// CPU-heavy process beside the audit (one core kept busy, as the suite's repeat check does), judged
// at BUSY_TARGET: a low-end phone's CPU is the bottleneck, and a score that holds only on an idle
// machine does not hold there (issue 36). LIGHTHOUSE_BUSY=0 skips that pass.
// `npm test` runs `node bench/lighthouse.mjs --accessibility`: one run per screen, judged on
// accessibility alone (the same every run); performance is printed there but judged only here, as a
// busy machine's CPU moves it (docs/decisions/).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { ensureBuilt, loginNewWallet, startProcess, stop, waitForHealth } from './lib.mjs';

const TARGET = 0.95;
/** With a busy process beside the audit. */
const BUSY_TARGET = 0.9;
/** Total Blocking Time each screen's median quiet run must stay under (issue 36). */
const TBT_LIMIT_MS = 200;
const categories = ['performance', 'accessibility'];
/** The app's key in localStorage for the session (apps/web/src/lib/session-store.ts). */
const SESSION_KEY = 'wallx_user';

/**
 * Home and the mines market as a first-time guest sees them, and the two tabs a user opens most as
 * that user: /user is for users only; /mines shows a user more (their balance in the buy sheet).
 */
const screens = [
  { path: '/', as: 'guest' },
  { path: '/mines', as: 'guest' },
  { path: '/mines', as: 'user' },
  { path: '/user', as: 'user' },
];

/**
 * The visitor's storage before a run: empty for a guest (a first visit: no session, no language
 * chosen, no home content kept), a fresh session for a user. Lighthouse clears the cache before each
 * run but leaves localStorage alone, so it is set here, through the browser's debugging port, on a
 * static file of the origin so that nothing of the app is loaded or cached by it.
 */
async function prepareStorage(port, origin, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(
      ([key, value]) => {
        // In the page: its storage.
        const storage = globalThis.localStorage;
        storage.clear();
        if (value) storage.setItem(key, value);
      },
      /** @type {[string, string | null]} */ ([SESSION_KEY, session ? JSON.stringify(session) : null]),
    );
    await page.close();
  } finally {
    // Disconnects only: the browser stays up for Lighthouse.
    await browser.close();
  }
}

/** What costs points, for a log that says what to fix without opening the report. */
function shortfalls(lhr) {
  const lines = [];
  const perf = lhr.categories.performance;
  for (const ref of perf.auditRefs.filter((r) => r.weight > 0)) {
    const audit = lhr.audits[ref.id];
    if (audit.score !== null && audit.score < 0.9)
      lines.push(`performance: ${audit.title}: ${audit.displayValue ?? ''} (score ${audit.score})`);
  }
  for (const audit of Object.values(lhr.audits)) {
    const savings = audit.details?.overallSavingsMs;
    if (audit.details?.type === 'opportunity' && savings >= 100)
      lines.push(`  opportunity: ${audit.title}: ${audit.displayValue ?? ''}`);
  }
  for (const ref of lhr.categories.accessibility.auditRefs.filter((r) => r.weight > 0)) {
    const audit = lhr.audits[ref.id];
    if (audit.score === 0) {
      const nodes = (audit.details?.items ?? [])
        .slice(0, 3)
        .map((item) => item.node?.selector)
        .filter(Boolean);
      lines.push(`accessibility: ${audit.title}${nodes.length ? `: ${nodes.join(', ')}` : ''}`);
    }
  }
  return lines;
}

/**
 * Answers whether every screen reached the target in each `judged` category; writes each screen's
 * median report (HTML) to a temporary directory and, when `summary` names a file, a count of the
 * screens that passed and failed (for `npm test`'s tally).
 */
/**
 * @param {{ runs?: number, judged?: string[], summary?: string | null, port?: number, busy?: boolean,
 *   origin?: string, screens?: typeof screens, label?: string }} [options]
 *   `busy`: a CPU-heavy process runs beside the audits, and performance is judged at BUSY_TARGET with no
 *   TBT limit. `origin`: audit a server already running there (e.g. the image behind the nginx edge,
 *   scripts/image-test.mjs --lighthouse; a self-signed certificate is accepted) instead of starting one.
 * @returns {Promise<{ pass: boolean, rows: Record<string, unknown>[] }>}
 */
export async function auditScreens({
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5),
  judged = categories,
  summary = null,
  port = Number(process.env.LIGHTHOUSE_PORT ?? 18_603),
  busy = false,
  origin: runningAt = undefined,
  screens: audited = screens,
  label = 'the built server, started here',
} = {}) {
  const target = (category) => (busy && category === 'performance' ? BUSY_TARGET : TARGET);
  if (!runningAt) ensureBuilt({ web: true });
  const origin = runningAt ?? `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-lighthouse-'));
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-lighthouse-report-'));
  const server = runningAt
    ? null
    : await startProcess(
        ['apps/server/dist/server.js'],
        { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        null,
      );
  let chrome;
  let stopBusy = () => {};
  const rows = [];
  const notes = [];
  const started = Date.now();
  try {
    if (!runningAt) await waitForHealth(`${origin}/api/health`);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...(origin.startsWith('https:') ? ['--ignore-certificate-errors'] : []),
      ],
      // Chromium hangs under libfaketime's preload (scripts/test-at.mjs); the audit needs no moved clock.
      envVars: Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && name !== 'FAKETIME'),
      ),
    });
    if (busy) stopBusy = startBusyProcess();
    for (const screen of audited) {
      const lhrs = [];
      for (let run = 0; run < runs; run++) {
        // A new user each run: a run must not see what the last one left on the server either.
        const session = screen.as === 'user' ? (await loginNewWallet(origin)).session : null;
        await prepareStorage(chrome.port, origin, session);
        const result = await lighthouse(`${origin}${screen.path}`, {
          port: chrome.port,
          onlyCategories: categories,
          output: 'html',
          logLevel: 'error',
        });
        if (!result || result.lhr.runtimeError)
          throw new Error(`Lighthouse failed on ${screen.path}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== screen.path)
          throw new Error(`${screen.path} ended at ${result.lhr.finalDisplayedUrl}`);
        lhrs.push({ lhr: result.lhr, report: result.report });
      }
      const median = computeMedianRun(lhrs.map((r) => r.lhr));
      const { report } = /** @type {(typeof lhrs)[number]} */ (lhrs.find((r) => r.lhr === median));
      const file = path.join(
        reportDir,
        `${screen.as}${screen.path === '/' ? '-home' : screen.path.replaceAll('/', '-')}.html`,
      );
      fs.writeFileSync(file, /** @type {string} */ (report));
      const score = (lhr, category) => lhr.categories[category].score;
      const metric = (id) => median.audits[id].displayValue;
      // A run without the figure cannot show it is under the limit.
      const tbtOf = (lhr) => lhr.audits['total-blocking-time'].numericValue ?? Number.POSITIVE_INFINITY;
      const tbtMs = tbtOf(median);
      const isJudgedOnTbt = !busy && judged.includes('performance');
      const isPass =
        judged.every((category) => score(median, category) >= target(category)) &&
        (!isJudgedOnTbt || tbtMs < TBT_LIMIT_MS);
      const performances = lhrs.map((r) => score(r.lhr, 'performance'));
      const tbts = lhrs.map((r) => Math.round(tbtOf(r.lhr)));
      rows.push({
        screen: `${screen.path} (${screen.as})`,
        performance: score(median, 'performance'),
        'all runs': performances.join(' '),
        spread: (Math.max(...performances) - Math.min(...performances)).toFixed(2),
        'TBT runs ms': `${Math.min(...tbts)}–${Math.max(...tbts)}`,
        accessibility: score(median, 'accessibility'),
        target: target('performance'),
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        result: judged.length === 0 ? 'shown' : isPass ? 'PASS' : 'FAIL',
      });
      if (!isPass) notes.push(`${screen.path} (${screen.as}):`, ...shortfalls(median).map((line) => `  ${line}`));
    }
  } finally {
    stopBusy();
    if (chrome) await chrome.kill();
    if (server) await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `\nLighthouse ${lighthouseVersion()} mobile (simulated throttling), ${label} (${origin}), median of ${runs} runs per screen, ${busy ? 'with a CPU-heavy process beside it' : 'quiet machine'}, in ${seconds} s`,
  );
  console.table(rows);
  if (notes.length > 0) console.log(notes.join('\n'));
  console.log(`median reports: ${reportDir}`);
  const passed = rows.filter((row) => row.result !== 'FAIL').length;
  if (summary) fs.writeFileSync(summary, JSON.stringify({ passed, failed: rows.length - passed }));
  const pass = passed === rows.length;
  const unjudged = categories.filter((category) => !judged.includes(category));
  const limits = judged.map((category) => `${category} ≥ ${target(category)}`);
  if (!busy && judged.includes('performance')) limits.push(`TBT < ${TBT_LIMIT_MS} ms`);
  // A comparison (scripts/image-test.mjs --lighthouse) judges nothing: it only shows.
  if (judged.length > 0)
    console.log(
      `${limits.join(', ')} on every screen${busy ? ' (busy)' : ''} → ${pass ? 'PASS' : 'FAIL'}` +
        (unjudged.length > 0
          ? ` (${unjudged.join(', ')} shown, not judged: npm run bench -- lighthouse judges it)`
          : ''),
    );
  return { pass, rows };
}

/** `npm run bench -- lighthouse`: the quiet pass, then (unless LIGHTHOUSE_BUSY=0) the busy one. */
export async function benchLighthouse() {
  const quiet = (await auditScreens()).pass;
  const busy = process.env.LIGHTHOUSE_BUSY === '0' ? true : (await auditScreens({ busy: true })).pass;
  return quiet && busy;
}

/** One core kept busy by a process of its own, until the returned function stops it. */
function startBusyProcess() {
  const child = spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' });
  return () => child.kill('SIGKILL');
}

function lighthouseVersion() {
  const file = fileURLToPath(new URL('../node_modules/lighthouse/package.json', import.meta.url));
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const isAccessibilityOnly = process.argv.includes('--accessibility');
  const pass = isAccessibilityOnly
    ? (await auditScreens({ runs: 1, judged: ['accessibility'], summary: process.env.LIGHTHOUSE_SUMMARY ?? null })).pass
    : await benchLighthouse();
  process.exit(pass ? 0 : 1);
}
