import { createWalletClient, erc20Abi, http, parseUnits, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainMoves, testClient, type Anvil } from '../../test/chain-moves.js';
import { buildTestApp, checkBooks, login, type Session, type TestApp } from '../../test/helpers.js';
import { openChain, type ChainContext } from './context.js';
import { devAccount, LOCAL_ROLES, startLocalNode, type LocalNode } from './local-node.js';
import { RpcNodesUnavailableError } from './rpc-nodes.js';
import { appMoves, chainConfig, MAX_LAG, withNodes } from './rpc-nodes.fixtures.js';
import { startTcpProxy, type TcpProxy } from './rpc-proxy.fixtures.js';

describe('three RPC endpoints of one chain, the first stopped while deposits and payouts are under way', () => {
  let chain: ChainContext;
  let nodes: ChainContext;
  let anvil: Anvil;
  let t: TestApp;
  let first: TcpProxy;
  let second: TcpProxy;
  let third: TcpProxy;
  let miner: ReturnType<typeof setInterval>;
  const app = appMoves(() => t);

  beforeAll(async () => {
    chain = await openChain(chainConfig('2'));
    anvil = testClient(chain.rpcUrl);
    // Three endpoints of the same node, as hosts of providers serve one chain; each can be stopped.
    first = await startTcpProxy(chain.rpcUrl);
    second = await startTcpProxy(chain.rpcUrl);
    third = await startTcpProxy(chain.rpcUrl);
    nodes = withNodes(chain, [first.url, second.url, third.url]);
    t = await buildTestApp({ chain: nodes, runJobs: true });
    // Blocks keep coming, as on BSC, so that confirmations accrue while the jobs run.
    miner = setInterval(() => void anvil.mine({ blocks: 1 }).catch(() => undefined), 150);
  });
  afterAll(async () => {
    clearInterval(miner);
    await t.close();
    await first.stop();
    await second.stop();
    await third.stop();
    await chain.stop();
  });

  it('keeps crediting deposits and paying withdrawals through the other two; the stopped one shows failing', async () => {
    const moves = chainMoves(chain, anvil);
    const exchange = await moves.funded();
    const depositors: Session[] = [];
    const payees: { address: Address; before: bigint }[] = [];
    for (let round = 0; round < 6; round++) {
      // Mid-load: deposits and payouts before are still confirming when the first endpoint goes.
      if (round === 3) await first.stop();
      const depositor = await login(t.app, await moves.funded());
      await moves.send(exchange, chain.tokens.USDT, await app.ownAddress(depositor), '10');
      depositors.push(depositor);
      const payee = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const address = payee.account.address;
      payees.push({ address, before: await tokenBalance(address) });
      const request = await app.withdraw(payee, '30');
      expect(request.statusCode, request.body).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
    }
    await expect
      .poll(async () => Promise.all(depositors.map(app.balance)), { timeout: 30_000, interval: 200 })
      .toEqual(depositors.map(() => '10'));
    await expect.poll(app.statuses, { timeout: 30_000, interval: 200 }).toEqual(payees.map(() => 'completed'));
    for (const { address, before } of payees) expect(await tokenBalance(address)).toBe(before + parseUnits('30', 18));

    const states = await nodes.rpc.states();
    expect(states.map((s) => [s.label, s.host, s.isHealthy])).toEqual([
      ['0', new URL(first.url).host, false],
      ['1', new URL(second.url).host, true],
      ['2', new URL(third.url).host, true],
    ]);
    expect(states[0]!.errors).toBeGreaterThan(0);
    expect((await checkBooks(t.database)).problems).toEqual([]);

    // Back, and caught up: it takes its rank again.
    await first.start();
    await expect
      .poll(async () => (await nodes.rpc.states())[0]!.isHealthy, { timeout: 5_000, interval: 100 })
      .toBe(true);
  }, 120_000);

  it('with fewer than a quorum of nodes up no pass decides anything, and the pass after a quorum returns does', async () => {
    await first.stop();
    await second.stop();
    await third.stop();
    // (A quorum within the refresh interval may still count nodes polled healthy: their calls then fail, the pass with them.)
    await nodes.rpc.refresh();
    expect((await nodes.rpc.states()).map((s) => s.isHealthy)).toEqual([false, false, false]);
    await expect(nodes.rpc.quorum()).rejects.toThrow(RpcNodesUnavailableError);
    // One node back is one voice: still nothing is decided on it alone.
    await second.start();
    await nodes.rpc.refresh();
    expect((await nodes.rpc.states()).map((s) => s.isHealthy)).toEqual([false, true, false]);
    await expect(nodes.rpc.quorum()).rejects.toThrow(RpcNodesUnavailableError);
    const scanned = await t.app.deposits!.scanOnce().catch((error: unknown) => error);
    expect(scanned).toBeInstanceOf(RpcNodesUnavailableError);
    await third.start();
    await expect.poll(async () => (await nodes.rpc.quorum()) !== null, { timeout: 5_000 }).toBe(true);
    await first.start();
  });

  it('a node refusing a payout sent again (its nonce spent) is answering, not failing', async () => {
    await nodes.rpc.refresh();
    const errors = (await nodes.rpc.states()).map((s) => s.errors);
    const [stored] = await t.database.db.selectFrom('withdrawal_transactions').select('raw_tx').limit(1).execute();
    await expect(nodes.client.sendRawTransaction({ serializedTransaction: stored!.raw_tx as Hex })).rejects.toThrow(
      /nonce/i,
    );
    const states = await nodes.rpc.states();
    expect(states.map((s) => s.isHealthy)).toEqual([true, true, true]);
    expect(states.map((s) => s.errors)).toEqual(errors);
  });

  const tokenBalance = (address: Address) =>
    anvil.readContract({ address: chain.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
});

describe('a node held behind, ranked first, beside two that are not', () => {
  const CONFIRMATIONS = 3;
  let chain: ChainContext;
  let nodes: ChainContext;
  let anvil: Anvil;
  let behind: LocalNode;
  let second: TcpProxy;
  let t: TestApp;
  const app = appMoves(() => t);
  const scanAll = async () => {
    while ((await t.app.deposits!.scanOnce())!.to < (await anvil.getBlockNumber()) - BigInt(CONFIRMATIONS - 1));
  };

  beforeAll(async () => {
    chain = await openChain(chainConfig(String(CONFIRMATIONS)));
    anvil = testClient(chain.rpcUrl);
    // A real second node that shares the chain up to this block and then sees none of its blocks.
    behind = await startLocalNode({ fork: { url: chain.rpcUrl, blockNumber: await anvil.getBlockNumber() } });
    await anvil.mine({ blocks: 10 });
    second = await startTcpProxy(chain.rpcUrl);
    nodes = withNodes(chain, [behind.rpcUrl, chain.rpcUrl, second.url]);
    t = await buildTestApp({ chain: nodes });
  });
  afterAll(async () => {
    await t.close();
    await behind.stop();
    await second.stop();
    await chain.stop();
  });

  it('is shown behind and unhealthy; confirmations are counted on the nodes that are not', async () => {
    const states = await nodes.rpc.states();
    expect(states[0]).toMatchObject({ label: '0', isHealthy: false });
    expect(states[0]!.behind).toBeGreaterThan(BigInt(MAX_LAG));
    expect(states[1]).toMatchObject({ label: '1', isHealthy: true, behind: 0n });
    expect(states[2]).toMatchObject({ label: '2', isHealthy: true, behind: 0n });

    const moves = chainMoves(chain, anvil);
    const user = await login(t.app, await moves.funded());
    const own = await app.ownAddress(user);
    await moves.send(devAccount(LOCAL_ROLES.firstUser + 4), chain.tokens.USDT, own, '7');
    for (let confirmations = 1; confirmations < CONFIRMATIONS; confirmations++) {
      await scanAll();
      expect(await app.balance(user)).toBe('0');
      await anvil.mine({ blocks: 1 });
    }
    await scanAll();
    expect(await app.balance(user)).toBe('7');
  });

  it('never credits a deposit that only the node held behind shows confirmed, by the scanner or a report', async () => {
    const user = await login(t.app, await chainMoves(chain, anvil).funded());
    const own = await app.ownAddress(user);
    // A dev account held tokens before the fork, so the transfer is valid on the lagging node's chain.
    const sender = createWalletClient({
      account: devAccount(LOCAL_ROLES.firstUser + 4),
      chain: foundry,
      transport: http(behind.rpcUrl),
    });
    const lagging = testClient(behind.rpcUrl);
    const hash = await sender.writeContract({
      address: chain.tokens.USDT,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [own, parseUnits('9', 18)],
    });
    await lagging.mine({ blocks: CONFIRMATIONS + 1 });
    expect((await lagging.getTransactionReceipt({ hash })).status).toBe('success');
    await scanAll();
    expect(await app.balance(user)).toBe('0');
    const report = await t.injectAs(user, 'POST /api/funds/recharge', { asset: 'USDT', tx_hash: hash });
    expect(report.json().data).toMatchObject({ status: 'pending' });
    expect(await app.balance(user)).toBe('0');
  });

  it('completes a payout mined past the lagging node’s head: never requeued, held or paid twice', async () => {
    const payee = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = payee.account.address;
    const read = (client: Anvil) =>
      client.readContract({ address: chain.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
    const before = await read(anvil);
    expect((await app.withdraw(payee, '30')).statusCode).toBe(200);
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    const [sent] = await t.database.db.selectFrom('withdrawal_transactions').select('tx_hash').execute();
    await anvil.mine({ blocks: CONFIRMATIONS });
    // (A forked anvil looks a hash it does not know up on the node it forked from: its own head is what lags.)
    const mined = await anvil.getTransactionReceipt({ hash: sent!.tx_hash as Address });
    expect(await testClient(behind.rpcUrl).getBlockNumber()).toBeLessThan(mined.blockNumber);
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1, requeued: 0, held: 0, paid: 0 });
    expect(await app.statuses()).toEqual(['completed']);
    expect(await read(anvil)).toBe(before + parseUnits('30', 18));
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
