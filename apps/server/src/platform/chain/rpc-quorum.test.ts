import { erc20Abi, parseUnits, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainMoves, testClient, type Anvil } from '../../test/chain-moves.js';
import { buildTestApp, checkBooks, login, type Session, type TestApp } from '../../test/helpers.js';
import { openChain, type ChainContext } from './context.js';
import { devAccount, LOCAL_ROLES } from './local-node.js';
import { RpcNodesDisagreeError, RpcNodesUnavailableError } from './rpc-nodes.js';
import { appMoves, chainConfig, withNodes } from './rpc-nodes.fixtures.js';
import { startLyingNode, type LyingNode } from './rpc-liar.fixtures.js';
import { startTcpProxy, type TcpProxy } from './rpc-proxy.fixtures.js';

const CONFIRMATIONS = 2;
const METRICS_TOKEN = 'metrics-token-quorum-0123456789abcdef012345';
const MADE_UP = `0x${'ab'.repeat(32)}` as Hex;
const exchange = devAccount(LOCAL_ROLES.firstUser + 4);

/**
 * Issue 44: one node of RPC_URL lies. Before, the node reporting the highest head was the one that
 * decided money, so a node 50 blocks ahead of the chain credited an invented 1,000,000 USDT, paid a
 * withdrawal on it and moved the scanner's cursor past real deposits.
 */
function lyingNodeSetup(ranked: (honest: string[], liar: string) => string[]) {
  const s = {} as { chain: ChainContext; nodes: ChainContext; anvil: Anvil; t: TestApp; liar: LyingNode };
  const proxies: TcpProxy[] = [];

  beforeAll(async () => {
    s.chain = await openChain(chainConfig(String(CONFIRMATIONS)));
    s.anvil = testClient(s.chain.rpcUrl);
    s.liar = await startLyingNode(s.chain.rpcUrl);
    proxies.push(await startTcpProxy(s.chain.rpcUrl), await startTcpProxy(s.chain.rpcUrl));
    s.nodes = withNodes(
      s.chain,
      ranked(
        proxies.map((p) => p.url),
        s.liar.url,
      ),
    );
    s.t = await buildTestApp({
      chain: s.nodes,
      config: { metrics: { port: null, host: '127.0.0.1', token: METRICS_TOKEN, cacheMs: 0 } },
    });
  });
  afterAll(async () => {
    await s.t.close();
    await s.liar.stop();
    for (const proxy of proxies) await proxy.stop();
    await s.chain.stop();
  });
  return s;
}

/** The helpers every case uses, over the setup's app and chain. */
function moves(s: ReturnType<typeof lyingNodeSetup>) {
  const app = appMoves(() => s.t);
  const onChain = (address: Address) =>
    s.anvil.readContract({ address: s.chain.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  return {
    ...app,
    onChain,
    /** A new user and the deposit address the app shows them. */
    depositor: async (): Promise<{ user: Session; own: Address }> => {
      const user = await login(s.t.app, await chainMoves(s.chain, s.anvil).funded());
      return { user, own: await app.ownAddress(user) };
    },
    deposit: (to: Address, amount: string) =>
      chainMoves(s.chain, s.anvil).send(exchange, s.chain.tokens.USDT, to, amount),
    /** Blocks enough to confirm what was sent, then the scanner until it has read every confirmed block it will. */
    confirmAndScan: async () => {
      await s.anvil.mine({ blocks: CONFIRMATIONS });
      for (let pass = 0; pass < 20; pass++) {
        const range = await s.t.app.deposits!.scanOnce();
        if (!range || range.to < range.from) return;
      }
    },
    scannedThrough: async () => (await s.t.app.deposits!.scannerProgress()).scannedThrough,
    metric: async (name: string, node: string) => {
      const text = (
        await s.t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).body;
      const line = text.split('\n').find((l) => l.startsWith(`${name}{node="${node}"}`));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
    },
  };
}

describe('one lying node ranked first, beside two honest ones (RPC_QUORUM 2)', () => {
  const s = lyingNodeSetup((honest, liar) => [liar, ...honest]);
  const m = moves(s);

  it('a head 50 blocks ahead puts the liar out, not the others: the real deposit is credited, the invented one is not, the cursor stays on the chain', async () => {
    const real = await m.depositor();
    const victim = await m.depositor();
    s.liar.lies.aheadBy = 50;
    s.liar.lies.inventTransfer = { token: s.chain.tokens.USDT, to: victim.own, value: parseUnits('1000000', 18) };
    await m.deposit(real.own, '10');
    await m.confirmAndScan();

    expect(await m.balance(real.user)).toBe('10');
    expect(await m.balance(victim.user)).toBe('0');
    const head = await s.anvil.getBlockNumber();
    expect(await m.scannedThrough()).toBeLessThanOrEqual(head - BigInt(CONFIRMATIONS - 1));
    const states = await s.nodes.rpc.states();
    expect(states.map((n) => n.isHealthy)).toEqual([false, true, true]);
    expect(states[0]!.behind).toBeLessThan(-40n);
    expect(s.liar.told.head).toBeGreaterThan(0);
    expect(await m.metric('wallx_rpc_node_healthy', '0')).toBe(0);
    s.liar.lies.aheadBy = 0;
    s.liar.lies.inventTransfer = null;
  });

  it('invented logs, a forged receipt and inflated nonce counts within the lag are outvoted, counted and alerted on: nothing credited, paid twice or refunded', async () => {
    const real = await m.depositor();
    const victim = await m.depositor();
    const payee = await s.t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const before = await m.onChain(payee.account.address);
    expect((await m.withdraw(payee, '30')).statusCode).toBe(200);
    expect(await s.t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    const [payout] = await s.t.database.db.selectFrom('withdrawal_transactions').select('tx_hash').execute();

    await s.nodes.rpc.refresh();
    expect((await s.nodes.rpc.states()).map((n) => n.isHealthy)).toEqual([true, true, true]);
    s.liar.lies.inventTransfer = { token: s.chain.tokens.USDT, to: victim.own, value: parseUnits('1000000', 18) };
    // A deposit that never happened, and the payout made shown as reverted (its refund would pay twice).
    s.liar.lies.forgeReceipts = [
      {
        hash: MADE_UP,
        status: 'success',
        transfer: { token: s.chain.tokens.USDT, to: victim.own, value: parseUnits('1000000', 18) },
      },
      { hash: payout!.tx_hash as Hex, status: 'reverted' },
    ];
    s.liar.lies.countsAheadBy = 1;

    const report = await s.t.injectAs(victim.user, 'POST /api/funds/recharge', { asset: 'USDT', tx_hash: MADE_UP });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data).toMatchObject({ status: 'pending', confirmations: 0 });
    await m.deposit(real.own, '12');
    await m.confirmAndScan();
    await s.anvil.mine({ blocks: CONFIRMATIONS });
    expect(await s.t.app.payouts!.processOnce()).toMatchObject({ completed: 1, refunded: 0, requeued: 0, held: 0 });

    expect(await m.balance(real.user)).toBe('12');
    expect(await m.balance(victim.user)).toBe('0');
    expect(await m.statuses()).toEqual(['completed']);
    expect(await m.onChain(payee.account.address)).toBe(before + parseUnits('30', 18));
    // Each lie was told, and outvoted.
    expect([s.liar.told.logs, s.liar.told.receipts, s.liar.told.counts].every((n) => n > 0)).toBe(true);
    const states = await s.nodes.rpc.states();
    expect(states[0]!.disagreements).toBeGreaterThan(0);
    expect(states.slice(1).map((n) => n.disagreements)).toEqual([0, 0]);
    // WallxRpcNodesDisagree fires on any increase of this series (ops/prometheus/alerts.yml).
    expect(await m.metric('wallx_rpc_node_disagreements', '0')).toBe(states[0]!.disagreements);
    expect(await m.metric('wallx_rpc_node_disagreements', '1')).toBe(0);
    expect((await checkBooks(s.t.database)).problems).toEqual([]);
    Object.assign(s.liar.lies, { inventTransfer: null, forgeReceipts: [], countsAheadBy: 0 });
  });
});

describe('one honest node and one liar (RPC_QUORUM 2): no one can tell which, so nothing is decided', () => {
  const s = lyingNodeSetup(([honest], liar) => [honest!, liar]);
  const m = moves(s);

  it('while the liar runs ahead: no credit, no payout, no cursor moved; once it stops, both go on', async () => {
    const real = await m.depositor();
    const victim = await m.depositor();
    const payee = await s.t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const before = await m.onChain(payee.account.address);
    await m.confirmAndScan();
    const cursor = await m.scannedThrough();

    s.liar.lies.aheadBy = 50;
    s.liar.lies.inventTransfer = { token: s.chain.tokens.USDT, to: victim.own, value: parseUnits('1000000', 18) };
    await s.nodes.rpc.refresh();
    await m.deposit(real.own, '10');
    expect((await m.withdraw(payee, '30')).statusCode).toBe(200);
    await s.anvil.mine({ blocks: CONFIRMATIONS });
    await expect(s.t.app.deposits!.scanOnce()).rejects.toThrow(RpcNodesUnavailableError);
    await expect(s.t.app.payouts!.processOnce()).rejects.toThrow(RpcNodesUnavailableError);
    expect(await m.scannedThrough()).toBe(cursor);
    expect(await m.balance(real.user)).toBe('0');
    expect(await m.balance(victim.user)).toBe('0');
    expect(await m.statuses()).toEqual(['queued']);
    expect(await m.onChain(payee.account.address)).toBe(before);

    // Its head honest again, its logs not: the two disagree, both are counted, and still nothing moves.
    s.liar.lies.aheadBy = 0;
    await s.nodes.rpc.refresh();
    const told = s.liar.told.logs;
    await expect(s.t.app.deposits!.scanOnce()).rejects.toThrow(RpcNodesDisagreeError);
    expect(s.liar.told.logs).toBeGreaterThan(told);
    expect(await m.scannedThrough()).toBe(cursor);
    expect(await m.balance(victim.user)).toBe('0');
    expect((await s.nodes.rpc.states()).map((n) => n.disagreements > 0)).toEqual([true, true]);

    s.liar.lies.inventTransfer = null;
    await m.confirmAndScan();
    expect(await m.balance(real.user)).toBe('10');
    expect(await m.balance(victim.user)).toBe('0');
    expect(await s.t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    await s.anvil.mine({ blocks: CONFIRMATIONS });
    expect(await s.t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(await m.onChain(payee.account.address)).toBe(before + parseUnits('30', 18));
    expect((await checkBooks(s.t.database)).problems).toEqual([]);
  });

  it('a held payout re-checked while the two disagree is undetermined: an operator can neither pay it again nor refund it', async () => {
    const payee = await s.t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    expect((await m.withdraw(payee, '30')).statusCode).toBe(200);
    await s.nodes.rpc.refresh();
    expect(await s.t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    const { db } = s.t.database;
    const held = await db
      .updateTable('withdrawals')
      .set({ status: 'held', review_reason: 'nonce' })
      .where('status', '=', 'broadcast')
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.anvil.mine({ blocks: CONFIRMATIONS });
    // The liar forges the payout's receipt as reverted: believed, it would let an operator refund a paid payout.
    const [sent] = await db
      .selectFrom('withdrawal_transactions')
      .select('tx_hash')
      .where('withdrawal_id', '=', held.id)
      .execute();
    s.liar.lies.forgeReceipts = [{ hash: sent!.tx_hash as Hex, status: 'reverted' }];
    expect(await s.t.app.payouts!.recheckHeld(held.id)).toBe('undetermined');
    s.liar.lies.aheadBy = 50;
    await s.nodes.rpc.refresh();
    expect(await s.t.app.payouts!.recheckHeld(held.id)).toBe('undetermined');
    Object.assign(s.liar.lies, { aheadBy: 0, forgeReceipts: [] });
    await s.nodes.rpc.refresh();
    expect(await s.t.app.payouts!.recheckHeld(held.id)).toBe('paid');
  });
});
