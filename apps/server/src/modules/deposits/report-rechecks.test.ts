import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWalletClient, erc20Abi, http as viemHttp, parseUnits, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { openRpcNodes } from '../../platform/chain/rpc-nodes.js';
import { loadConfig } from '../../platform/config/config.js';
import { buildTestApp, login, type TestApp } from '../../test/helpers.js';
import { chainMoves, testClient, type Anvil } from './deposits.fixtures.js';
import { UNSEEN_RECHECK } from './repository.js';

/** A JSON-RPC endpoint in front of the node that notes every call it passes on, as a provider bills them. */
async function countingProxy(target: string) {
  const calls: { method: string; params: unknown[] }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      for (const call of [JSON.parse(body) as { method: string; params?: unknown[] }].flat())
        calls.push({ method: call.method, params: call.params ?? [] });
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(await answer.text());
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How often the node was asked for the receipt of each hash. */
    receiptLookups: () => {
      const counts = new Map<string, number>();
      for (const call of calls)
        if (call.method === 'eth_getTransactionReceipt') {
          const hash = String(call.params[0]).toLowerCase();
          counts.set(hash, (counts.get(hash) ?? 0) + 1);
        }
      return counts;
    },
    reset: () => void calls.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 44: every scanner pass asked the node about each of up to 50 open reports, so a few free
 * accounts keeping 10 made-up hashes each spent a rate-limited provider's budget, every second.
 */
describe('reports the node has never seen are checked again with a back-off; those it knows, every pass', () => {
  let chain: ChainContext;
  let anvil: Anvil;
  let moves: ReturnType<typeof chainMoves>;
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let t: TestApp;

  beforeAll(async () => {
    chain = await openChain(loadConfig({ CONFIRMATIONS: '3' }).chain);
    anvil = testClient(chain.rpcUrl);
    moves = chainMoves(chain, anvil);
    proxy = await countingProxy(chain.rpcUrl);
    // The server's every call goes through the proxy, as RPC_URL=<proxy> would send it.
    const rpc = openRpcNodes([proxy.url], { maxLagBlocks: 5, refreshMs: 1000 });
    t = await buildTestApp({ chain: { ...chain, rpcUrl: proxy.url, rpcUrls: [proxy.url], rpc, client: rpc.client } });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await chain.stop();
  });

  const report = async (user: Awaited<ReturnType<typeof login>>, txHash: string) =>
    (await t.injectAs(user, 'POST /api/funds/recharge', { asset: 'USDT', tx_hash: txHash })).json().data as {
      status: string;
      confirmations: number;
    };

  it('50 made-up hashes of 5 accounts cost a few lookups each, not one a pass; a real deposit is counted every pass', async () => {
    const firstReportAt = Date.now();
    const madeUp: string[] = [];
    for (let account = 0; account < 5; account++) {
      const spammer = await login(t.app);
      for (let i = 0; i < 10; i++) {
        const hash = `0x${account.toString(16)}${i.toString(16)}${'d'.repeat(62)}`;
        expect((await report(spammer, hash)).status).toBe('pending');
        madeUp.push(hash);
      }
    }
    const depositor = await moves.funded();
    const real = await moves.send(depositor, chain.tokens.USDT, chain.depositAddress, '5');
    expect(await report(await login(t.app, depositor), real)).toMatchObject({ status: 'confirming', confirmations: 1 });

    proxy.reset();
    const passes = 20;
    for (let pass = 0; pass < passes; pass++) {
      await t.app.deposits!.scanOnce();
      await sleep(150);
    }
    // The k-th check after a report comes (2^k − 1) × firstSeconds after it at the earliest.
    const elapsedSeconds = (Date.now() - firstReportAt) / 1000;
    const checksEach = Math.floor(Math.log2(elapsedSeconds / UNSEEN_RECHECK.firstSeconds + 1));
    const lookups = proxy.receiptLookups();
    const madeUpLookups = madeUp.reduce((sum, hash) => sum + (lookups.get(hash) ?? 0), 0);
    for (const hash of madeUp) expect(lookups.get(hash) ?? 0, hash).toBeLessThanOrEqual(checksEach);
    expect(madeUpLookups).toBeLessThanOrEqual(madeUp.length * checksEach);
    // Still checked, once due: a made-up hash may yet be a transaction on its way.
    expect(madeUpLookups).toBeGreaterThan(0);
    // The transaction the node knows: every pass, its confirmations counted up on the user's screen.
    expect(lookups.get(real.toLowerCase())).toBe(passes);
  }, 120_000);

  it('a transaction the node has not seen yet is found once mined, then counted up every pass to its credit', async () => {
    const depositor = await moves.funded();
    const user = await login(t.app, depositor);
    await anvil.setAutomine(false);
    let hash: Hex;
    try {
      const wallet = createWalletClient({ account: depositor, chain: foundry, transport: viemHttp(chain.rpcUrl) });
      hash = await wallet.writeContract({
        address: chain.tokens.USDT,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [chain.depositAddress, parseUnits('7', 18)],
      });
      // Sent, not mined: the node has no receipt yet.
      expect((await report(user, hash)).status).toBe('pending');
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
    }
    const status = async () => (await report(user, hash)).status;
    const stored = async () =>
      t.database.db
        .selectFrom('deposit_reports')
        .select(['status', 'confirmations'])
        .where('tx_hash', '=', hash.toLowerCase())
        .executeTakeFirstOrThrow();
    // Its next check is due a second after the first: the scanner finds it then.
    const minedAt = Date.now();
    while ((await stored()).status === 'pending') {
      expect(Date.now() - minedAt).toBeLessThan(10_000);
      await t.app.deposits!.scanOnce();
      await sleep(100);
    }
    expect(await stored()).toEqual({ status: 'confirming', confirmations: 1 });
    await anvil.mine({ blocks: 1 });
    await t.app.deposits!.scanOnce();
    expect(await stored()).toEqual({ status: 'confirming', confirmations: 2 });
    await anvil.mine({ blocks: 1 });
    await t.app.deposits!.scanOnce();
    expect(await status()).toBe('credited');
  }, 60_000);
});
