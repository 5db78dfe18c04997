import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../platform/chain/context.js';
import { loadConfig } from '../platform/config/config.js';
import { recordSignerFailure, recordSignerSuccess } from '../platform/db/hot-wallet.js';
import { testClient, type Anvil } from '../modules/withdrawals/withdrawals.fixtures.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** Every sample of a metric in the text format: its labels as written, and its value. */
function samples(text: string, metric: string): { labels: string; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `))
    .map((line) => {
      const at = line.lastIndexOf(' ');
      return { labels: line.slice(metric.length, at), value: Number(line.slice(at + 1)) };
    });
}
const valueOf = (text: string, metric: string, labels = '') =>
  samples(text, metric).find((sample) => sample.labels === labels)?.value;

describe('product metrics on the local chain', () => {
  let chain: ChainContext;
  let anvil: Anvil;
  let t: TestApp;
  beforeAll(async () => {
    // Marks above what the hot wallet holds of USDT: its payouts wait (hot_wallet_low); WALLX's do not.
    chain = await openChain(
      loadConfig({ HOT_LOW_USDT: '999999999', HOT_TARGET_USDT: '999999999', HOT_HIGH_USDT: '999999999' }).chain,
    );
    anvil = testClient(chain.rpcUrl);
    t = await buildTestApp({ chain, config: { metrics: { port: null, host: '127.0.0.1', token: TOKEN, cacheMs: 0 } } });
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const scrape = async () =>
    (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('shows the scanner behind by the confirmed blocks it has not read, and caught up after a pass', async () => {
    await t.app.deposits!.scanOnce();
    let text = await scrape();
    expect(valueOf(text, 'wallx_chain_reachable')).toBe(1);
    expect(valueOf(text, 'wallx_scanner_lag_blocks', '{token="USDT"}')).toBe(0);
    // The node by its place in RPC_URL, never by its URL.
    expect(valueOf(text, 'wallx_rpc_node_healthy', '{node="0"}')).toBe(1);
    expect(text).not.toContain(chain.rpcUrl);
    await anvil.mine({ blocks: 25 });
    text = await scrape();
    expect(valueOf(text, 'wallx_scanner_lag_blocks', '{token="USDT"}')).toBe(25);
    expect(valueOf(text, 'wallx_scanner_lag_blocks', '{token="WALLX"}')).toBe(25);
    await t.app.deposits!.scanOnce();
    expect(valueOf(await scrape(), 'wallx_scanner_lag_blocks', '{token="USDT"}')).toBe(0);
  });

  it('shows the last successful pass and the lease holder of the scanner', async () => {
    const before = Date.now() / 1000;
    await t.app.deposits!.scanOnce();
    const text = await scrape();
    expect(valueOf(text, 'wallx_job_last_success_timestamp_seconds', '{task="deposits"}')).toBeGreaterThanOrEqual(
      Math.floor(before),
    );
    const holders = samples(text, 'wallx_job_lease_holder').filter((s) => s.labels.startsWith('{task="deposits"'));
    expect(holders).toEqual([
      { labels: expect.stringMatching(/^\{task="deposits",holder=".+:\d+:[0-9a-f]{8}"\}$/), value: 1 },
    ]);
  });

  it('shows the hot wallet against its marks, and why payouts wait', async () => {
    const text = await scrape();
    expect(valueOf(text, 'wallx_hot_wallet_mark', '{asset="USDT",mark="low"}')).toBe(999999999);
    expect(valueOf(text, 'wallx_hot_wallet_balance', '{asset="USDT"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'wallx_hot_wallet_bnb')).toBeGreaterThan(0);
    expect(valueOf(text, 'wallx_payouts_waiting', '{asset="USDT",reason="hot_wallet_low"}')).toBe(1);
    expect(valueOf(text, 'wallx_payouts_waiting', '{asset="WALLX",reason="hot_wallet_low"}')).toBe(0);
    expect(valueOf(text, 'wallx_payouts_stuck', '{asset="USDT"}')).toBe(0);
  });

  it('says payouts wait for the signer while its last signing failed, for every asset, and not once it signs again', async () => {
    expect(valueOf(await scrape(), 'wallx_payouts_waiting', '{asset="WALLX",reason="signer_unavailable"}')).toBe(0);
    await recordSignerFailure(t.database.db, chain.chainId, 'connect ECONNREFUSED');
    let text = await scrape();
    expect(valueOf(text, 'wallx_payouts_waiting', '{asset="USDT",reason="signer_unavailable"}')).toBe(1);
    expect(valueOf(text, 'wallx_payouts_waiting', '{asset="WALLX",reason="signer_unavailable"}')).toBe(1);
    await recordSignerSuccess(t.database.db, chain.chainId);
    text = await scrape();
    expect(valueOf(text, 'wallx_payouts_waiting', '{asset="USDT",reason="signer_unavailable"}')).toBe(0);
  });

  it('shows the reconciliation the dashboard computes: nothing owed, the chain holds at least that', async () => {
    const text = await scrape();
    expect(valueOf(text, 'wallx_reconciliation_readable', '{asset="USDT"}')).toBe(1);
    expect(valueOf(text, 'wallx_reconciliation_difference', '{asset="USDT"}')).toBeGreaterThanOrEqual(0);
  });
});

describe('product metrics when the node stops answering', () => {
  it('marks the chain unreachable and keeps serving the rest', async () => {
    const chain = await openChain(loadConfig({}).chain);
    const t = await buildTestApp({
      chain,
      config: { metrics: { port: null, host: '127.0.0.1', token: TOKEN, cacheMs: 0 } },
    });
    try {
      const scrape = async () =>
        (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(valueOf(await scrape(), 'wallx_chain_reachable')).toBe(1);
      await chain.stop();
      const text = await scrape();
      expect(valueOf(text, 'wallx_chain_reachable')).toBe(0);
      // The node's health is polled once per scan interval: the next poll finds it gone.
      let nodes = text;
      for (let i = 0; i < 50 && valueOf(nodes, 'wallx_rpc_node_healthy', '{node="0"}') !== 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        nodes = await scrape();
      }
      expect(valueOf(nodes, 'wallx_rpc_node_healthy', '{node="0"}')).toBe(0);
      expect(valueOf(nodes, 'wallx_rpc_node_errors', '{node="0"}')).toBeGreaterThan(0);
      expect(valueOf(text, 'wallx_payout_queue_depth', '{asset="USDT"}')).toBe(0);
    } finally {
      await t.close();
      await chain.stop();
    }
  });
});
