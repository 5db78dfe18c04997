import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { privateKeyToAccount } from 'viem/accounts';
import { baseURL, fullChromium, mainSiteUrl, operatorKey, port, relayUrl, secondOperatorKey } from './e2e/env';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// Chromium's headless shell (Debian's chromium-headless-shell, the same engine without the full
// browser around it) when installed: it runs this suite in about 0.6 times the full browser's time.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromePath = process.env.CHROME_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : fullChromium);
if (!fs.existsSync(chromePath)) {
  throw new Error(
    `Chromium not found at ${chromePath}. Install Debian's chromium (apt-get install chromium) or set CHROME_PATH; ` +
      'the tests never download a browser.',
  );
}

// The config is loaded by the runner and again by every worker; workers inherit the runner's
// environment, so the data directory is created once per run.
process.env.WALLX_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-e2e-'));
const dataDir = process.env.WALLX_E2E_DATA_DIR;

/** The runner's environment without libfaketime's preload. */
function browserEnv(): Record<string, string> {
  const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...rest } = process.env;
  return Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The tag of tests that need the local chain to move only when they mine (the `chain` project). */
const QUIET_CHAIN = /@quiet-chain/;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  // No retries, in CI or out of it: a test that passes only the second time is a failure to fix.
  retries: 0,
  forbidOnly: true,
  // Sized for a 2-core machine busy with something else (measured with a busy loop beside the suite).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    // An Android phone in Chromium, at the 375-px width the design is drawn for.
    userAgent: devices['Pixel 7'].userAgent,
    isMobile: true,
    hasTouch: true,
    viewport: { width: 375, height: 812 },
    screen: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    locale: 'en-US',
    // The app's service worker (decision 163) would serve the pages and files a test routes or counts,
    // behind Playwright's back: only the spec of the worker itself (pwa.spec.ts) lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromePath,
      // Chromium hangs under libfaketime (scripts/test-at.mjs): its clock is moved in the page instead (e2e/clock.ts).
      env: browserEnv(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Not under libfaketime (scripts/test-at.mjs): its moved clock loses trace files between the runner and the browser.
    trace: process.env.WALLX_E2E_CLOCK_OFFSET_MS ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    { name: 'app', testDir: './e2e', grepInvert: QUIET_CHAIN },
    {
      // Tests that watch a deposit's confirmations count one by one: any block mined meanwhile by
      // another test (a deposit, a payout, a sweep) would count for them too. They run after the
      // others, one at a time, on a chain nobody else moves.
      name: 'chain',
      testDir: './e2e',
      grep: QUIET_CHAIN,
      dependencies: ['app', 'console'],
      workers: 1,
    },
    {
      // The operator console (apps/admin) on the same server, in a desktop browser at the size it is drawn for.
      name: 'console',
      testDir: '../admin/e2e',
      use: {
        userAgent: devices['Desktop Chrome'].userAgent,
        isMobile: false,
        hasTouch: false,
        viewport: { width: 1440, height: 900 },
        screen: { width: 1440, height: 900 },
        deviceScaleFactor: 1,
      },
    },
  ],
  webServer: {
    // The real server, on a data dir seeded with yesterday's miners first (e2e/serve.mjs).
    command: 'node apps/web/e2e/serve.mjs',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MAIN_SITE_URL: mainSiteUrl,
      LOG_LEVEL: 'warn',
      // Every test logs in with a fresh wallet from the same address.
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_REFRESH_PER_MINUTE: '1000',
      RATE_LIMIT_FUND_PASSWORD_PER_IP_PER_MINUTE: '10000',
      // Every test's recipient checks come from one address, 127.0.0.1.
      RATE_LIMIT_RECIPIENT_CHECKS_PER_IP_PER_MINUTE: '10000',
      // Two admins: one proposes a change of operators, the other approves it (decision 120).
      OPERATORS: `${privateKeyToAccount(operatorKey).address}:admin,${privateKeyToAccount(secondOperatorKey).address}:admin`,
      // Operators a test adds approve at once; the server's tests hold the cooldown (decision 119).
      OPERATOR_COOLDOWN: '0',
      // WalletConnect, against the stand-in relay serve.mjs starts beside the server.
      WALLETCONNECT_PROJECT_ID: 'wallx-e2e',
      WALLETCONNECT_RELAY_URL: relayUrl,
      // The AI companion against a stand-in model serve.mjs starts (e2e/companion-model.mjs).
      COMPANION_STAND_IN: '1',
      RATE_LIMIT_COMPANION_PER_MINUTE: '1000',
    },
  },
});
