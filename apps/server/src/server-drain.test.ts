import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runningServer } from './platform/running-server.js';
import { deploymentEnv, ownDatabase } from './test/instances.js';
import { startSource } from './test/run-source.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const DRAIN_MS = 2_000;

/**
 * The drain as an orchestrator sees it (issue 51): a real server process, a real SIGTERM. The ready
 * probe answers 503 from the signal on while the listener still serves (live answers), then the
 * listener closes and the process exits 0.
 */
describe('a server stopped with SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-drain-'));
  let dropDatabase: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns not ready at once, keeps serving through the drain, then closes and exits 0', async () => {
    const common = { DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: String(DRAIN_MS), LOG_LEVEL: 'info' };
    let env: Record<string, string>;
    if (onPostgres) {
      const database = await ownDatabase('drain');
      dropDatabase = database.drop;
      env = deploymentEnv(database.url, common);
    } else {
      // The embedded database and a local chain, as `npm start` runs.
      env = { ...common, HOST: '127.0.0.1', PORT: '0', CHAIN: 'local', DEMO_CATALOG: 'false', NODE_ENV: 'development' };
    }
    const { child, finished } = startSource(new URL('./server.ts', import.meta.url), [], env, { detached: true });
    try {
      let base = '';
      const startBy = Date.now() + 90_000;
      while (!base) {
        expect(child.exitCode, 'the server exited before it served').toBeNull();
        const announced = runningServer(dataDir);
        const ready = announced && (await fetch(`${announced.url}/api/health/ready`).catch(() => null));
        if (ready && ready.status === 200) base = announced.url;
        else if (Date.now() > startBy) throw new Error('not ready after 90 s');
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      // Each round: the ready probe, then liveness, on fresh connections, until the listener is gone.
      const rounds: { at: number; ready: number | null; live: number | null }[] = [];
      for (;;) {
        const status = (url: string) =>
          fetch(url, { headers: { connection: 'close' } }).then(
            (response) => response.status,
            () => null,
          );
        const ready = await status(`${base}/api/health/ready`);
        const live = await status(`${base}/api/health/live`);
        rounds.push({ at: Date.now() - signalledAt, ready, live });
        if (ready === null && live === null) break;
        if (Date.now() - signalledAt > 30_000) throw new Error('still listening 30 s after SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const served = rounds.filter((round) => round.live === 200);
      // Not ready from the first probe after the signal on: never 200 again.
      expect(
        rounds.some((round) => round.ready === 200),
        JSON.stringify(rounds),
      ).toBe(false);
      expect(rounds[0]!.ready, JSON.stringify(rounds)).toBe(503);
      // …while the listener still answered, for about the drain's length.
      expect(served.length, JSON.stringify(rounds)).toBeGreaterThan(3);
      expect(served.at(-1)!.at, JSON.stringify(rounds)).toBeGreaterThanOrEqual(DRAIN_MS - 500);
      const result = await finished;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/shutting down: not ready, draining/);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }, 150_000);
});
