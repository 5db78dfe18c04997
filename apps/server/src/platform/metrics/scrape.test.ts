import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSource } from '../../test/run-source.js';

/**
 * Debian's Prometheus scrapes a real server (its own anvil chain, PGlite, or PostgreSQL in the
 * suite's PostgreSQL pass) every second, with the shipped alert rules loaded — their `for:` cut to
 * 1 s, since the shipped ones wait minutes. The scanner is then put behind for real: the chain
 * moves on faster than it reads (one block per pass), and WallxScannerBehind must fire.
 */
const PROMETHEUS = '/usr/bin/prometheus';
const RULES = fileURLToPath(new URL('../../../../../ops/prometheus/alerts.yml', import.meta.url));
const WAIT_MS = 150_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it answers a value (not undefined), or fails after WAIT_MS naming `what`. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, diagnostics: () => string): Promise<T> {
  const giveUpAt = Date.now() + WAIT_MS;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > giveUpAt) throw new Error(`${what}: not seen in ${WAIT_MS / 1000} s\n${diagnostics()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const stopped = (child: ChildProcess | null) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('close', () => resolve());
    child.kill('SIGTERM');
  });

describe('a real Prometheus scraping a real server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-scrape-'));
  let server: ReturnType<typeof startSource> | null = null;
  let prometheus: ChildProcess | null = null;
  let prometheusLog = '';
  let api = '';
  let rpcUrl = '';
  let base = '';
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let serverLog = '';

  const output = () => `server:\n${serverLog.slice(-3000)}\nprometheus:\n${prometheusLog.slice(-3000)}`;
  const query = async (promql: string) => {
    const answer = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`);
    return (
      (await answer.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }
    ).data.result;
  };

  beforeAll(async () => {
    const [port, metricsPort, prometheusPort] = [await freePort(), await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    database = await ownDatabase();
    server = startSource(new URL('../../server.ts', import.meta.url), [], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'server'),
      METRICS_PORT: String(metricsPort),
      METRICS_CACHE_MS: '500',
      LOG_LEVEL: 'warn',
      DEMO_CATALOG: 'false',
      // One block per pass: a chain that moves on by hundreds of blocks leaves the scanner behind for minutes.
      SCAN_BLOCK_RANGE: '1',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const keep = (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-20_000));
    server.child.stdout?.on('data', keep);
    server.child.stderr?.on('data', keep);
    rpcUrl = await eventually(
      'the server’s local chain',
      async () => /Local chain (http:\/\/\S+)/.exec(serverLog)?.[1],
      output,
    );

    // The shipped rules, waiting 1 s instead of their minutes.
    const rules = fs.readFileSync(RULES, 'utf8').replace(/^(\s+)for: \S+$/gm, '$1for: 1s');
    fs.writeFileSync(path.join(dir, 'alerts.yml'), rules);
    fs.writeFileSync(
      path.join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: ['${path.join(dir, 'alerts.yml')}']`,
        `scrape_configs: [{ job_name: wallx, static_configs: [{ targets: ['127.0.0.1:${metricsPort}'] }] }]`,
      ].join('\n'),
    );
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${prometheusPort}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stderr?.on('data', (chunk) => (prometheusLog = (prometheusLog + chunk).slice(-20_000)));
    api = `http://127.0.0.1:${prometheusPort}`;
  }, WAIT_MS);

  afterAll(async () => {
    await stopped(prometheus);
    await stopped(server?.child ?? null);
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(
    'finds the server’s series, then fires WallxScannerBehind once the chain runs ahead of the scanner',
    async () => {
      // Requests are counted once there is one.
      await eventually(
        'the server up',
        async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined),
        output,
      );
      await eventually(
        'the scrape target up',
        async () => ((await query('up{job="wallx"}'))[0]?.value[1] === '1' ? true : undefined),
        output,
      );
      for (const series of [
        'wallx_http_request_duration_seconds_count',
        'wallx_db_pool_connections',
        'nodejs_eventloop_lag_seconds',
        'wallx_hot_wallet_mark',
        'wallx_payout_queue_depth',
        'wallx_job_last_success_timestamp_seconds{task="deposits"}',
        'wallx_scanner_lag_blocks{token="USDT"}',
      ]) {
        await eventually(series, async () => ((await query(series)).length > 0 ? true : undefined), output);
      }
      const rules = (await (await fetch(`${api}/api/v1/rules`)).json()) as {
        data: { groups: { rules: { name: string; health: string }[] }[] };
      };
      const loaded = rules.data.groups.flatMap((group) => group.rules);
      expect(loaded.map((rule) => rule.name)).toContain('WallxScannerBehind');
      expect(loaded.filter((rule) => rule.health === 'err')).toEqual([]);
      // Caught up first (the lag at most the blocks mined while it started), then not alerting.
      await eventually(
        'the scanner caught up',
        async () =>
          Number((await query('wallx_scanner_lag_blocks{token="USDT"}'))[0]?.value[1]) < 5 ? true : undefined,
        output,
      );
      expect(await alertState('WallxScannerBehind')).toBeUndefined();

      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x190'] }),
      });
      await eventually(
        'WallxScannerBehind firing',
        async () => ((await alertState('WallxScannerBehind')) === 'firing' ? true : undefined),
        output,
      );
      const lag = Number((await query('wallx_scanner_lag_blocks{token="USDT"}'))[0]?.value[1]);
      expect(lag).toBeGreaterThan(100);
    },
    WAIT_MS * 3,
  );

  async function alertState(name: string): Promise<string | undefined> {
    const answer = (await (await fetch(`${api}/api/v1/alerts`)).json()) as {
      data: { alerts: { labels: { alertname: string }; state: string }[] };
    };
    return answer.data.alerts.find((alert) => alert.labels.alertname === name)?.state;
  }
});

/** In the suite's PostgreSQL pass, a database of the server's own on that server (dropped after); PGlite otherwise. */
async function ownDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) return null;
  const name = `wallx_scrape_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
