import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { openChain, type ChainContext } from '../chain/context.js';
import { openRpcNodes } from '../chain/rpc-nodes.js';
import { redactUrl, scrubber } from './logging.js';
import { buildTestApp, login } from '../../test/helpers.js';

const KEY = 'a1b2c3d4e5f6a7b8c9d0-secret-key';

describe('RPC secrets in logs', () => {
  it('shows an RPC URL by its origin only', () => {
    expect(redactUrl(`https://bsc.example.com/v1/${KEY}`)).toBe('https://bsc.example.com/***');
    expect(redactUrl(`https://user:${KEY}@bsc.example.com`)).toBe('https://bsc.example.com/***');
    expect(redactUrl('https://bsc-dataseed.bnbchain.org')).toBe('https://bsc-dataseed.bnbchain.org');
    const scrub = scrubber([`https://bsc.example.com/v1/${KEY}?apikey=${KEY}x`]);
    expect(
      scrub(`fetch https://bsc.example.com/v1/${KEY}?apikey=${KEY}x failed; path /v1/${KEY}; key ${KEY}`),
    ).not.toContain(KEY);
  });

  describe('a server whose RPC fails', () => {
    let chain: ChainContext;
    const lines: string[] = [];
    let t: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      chain = await openChain(loadConfig({}).chain);
      // The same node behind a URL that carries a key and answers nothing (port 9 discards).
      const rpcUrl = `http://127.0.0.1:9/v1/${KEY}`;
      const rpc = openRpcNodes([rpcUrl], { maxLagBlocks: 5, refreshMs: 1000, retryCount: 0 });
      const failing: ChainContext = { ...chain, rpcUrl, rpcUrls: [rpcUrl], client: rpc.client, rpc };
      t = await buildTestApp({
        chain: failing,
        config: { logLevel: 'info' },
        runJobs: true,
        logDestination: { write: (line) => void lines.push(line) },
      });
    });
    afterAll(async () => {
      await t.close();
      await chain.stop();
    });

    it('logs the failures without the key', async () => {
      const user = await login(t.app);
      const report = await t.injectAs(user, 'POST /api/funds/recharge', {
        asset: 'USDT',
        tx_hash: `0x${'ab'.repeat(32)}`,
      });
      expect(report.statusCode).toBe(500);
      // The request's 500 (level 50) and the scanner's and payout worker's failed steps (level 40).
      await expect
        .poll(() => lines.filter((line) => /"level":(40|50)/.test(line)).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(3);
      const all = lines.join('');
      expect(all).toContain('127.0.0.1:9/***');
      expect(all).not.toContain(KEY);
      expect(report.body).not.toContain(KEY);
    });
  });
});
