// The server instances of the mixed load: their shared settings and a process each can start, kill and stop.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, sleep } from '../lib.mjs';

/** Settings every bench server shares: quiet logs, limits out of the way of one loopback client, long tokens. */
/** The origin the benches' instances serve together, as a load balancer's name would be. */
export const BENCH_SITE = 'http://wallx.bench.test';

export function serverSettings({ chain, databaseUrl, operator, extra = {} }) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
  return {
    ...chain.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // Every instance and every restart signs and accepts the same tokens.
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    // The instances are one site behind a balancer: sign-in messages name this origin, whichever port answers.
    PUBLIC_APP_URL: BENCH_SITE,
    OPERATORS: `${operator.address}:admin`,
    DEMO_CATALOG: 'false',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
    RATE_LIMIT_FUND_PASSWORD_PER_USER_PER_MINUTE: '1000000',
    RATE_LIMIT_FUND_PASSWORD_PER_IP_PER_MINUTE: '1000000',
    RATE_LIMIT_DEPOSIT_REPORTS_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITEOFF_CODES_PER_MINUTE: '1000000',
    DEPOSIT_UNRESOLVED_REPORTS_MAX: '1000',
    WITHDRAW_HOURLY_CAP_USDT: '10000000',
    // The sweeper and the output job look for work every second, so both have runs to show in a short window.
    MARKET_SWEEP_INTERVAL_MS: '1000',
    OUTPUT_CHECK_INTERVAL_MS: '1000',
    ...extra,
  };
}

/**
 * One server process on `port`; `start()` resolves when /api/health answers, with the time it took.
 * `nodeArgs` go before the server's script (a bench's probe: `--expose-gc --import …`).
 * @param {{ port: number, settings: Record<string, string>, name: string, nodeArgs?: string[] }} options
 */
export function serverProcess({ port, settings, name, nodeArgs = [] }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wallx-${name}-`));
  const base = `http://127.0.0.1:${port}`;
  const handle = {
    base,
    name,
    dataDir,
    /** @type {import('node:child_process').ChildProcess | null} */
    child: null,
    output: '',
    /**
     * Every pass of a job that failed (its warning line, parsed), across restarts: the output keeps only a tail.
     * @type {{ job: string, time: number, message: string }[]}
     */
    jobFailures: [],
    async start() {
      const started = performance.now();
      const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], {
        cwd: root,
        env: { ...process.env, ...settings, PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      handle.child = child;
      const keep = (chunk) => {
        handle.output = (handle.output + chunk).slice(-20_000);
        for (const line of String(chunk).split('\n')) {
          if (!line.includes('job step failed')) continue;
          try {
            const { job, time, err } = JSON.parse(line);
            handle.jobFailures.push({ job, time, message: err?.message ?? '' });
          } catch {
            // a line cut across chunks: counted by the next whole one
          }
        }
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`${name} exited (${child.exitCode}) before it was healthy:\n${handle.output}`);
        try {
          if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) break;
        } catch {
          // not up yet
        }
        if (performance.now() - started > 60_000) throw new Error(`${name} not healthy after 60 s:\n${handle.output}`);
        await sleep(20);
      }
      return performance.now() - started;
    },
    /** kill -9: no shutdown hook runs, open transactions die with their connections. */
    async kill() {
      const child = handle.child;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const child = handle.child;
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
