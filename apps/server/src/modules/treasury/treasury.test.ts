import {
  createWalletClient,
  erc20Abi,
  formatUnits,
  http,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../chain/context.js';
import { devAccount, LOCAL_ROLES } from '../../chain/local-node.js';
import { loadConfig } from '../../config.js';
import { buildTestApp, checkBooks, login, operatorLogin, type TestApp } from '../../test/helpers.js';
import { chainMoves, testClient, type Anvil } from '../../test/chain-moves.js';
import { createTreasuryRepository } from './repository.js';
import { treasuryHelpers } from './treasury.fixtures.js';
import { createTreasuryWorker } from './worker.js';

/**
 * Sweeps and wallets (issue 33) on the local chain: what reaches a user's own deposit address is
 * swept into the hot wallet by the factory (gas paid by the hot wallet), the hot wallet's excess goes
 * to cold storage, payouts wait below the low-water mark, and the books say where every token is.
 */
describe('sweeps, the hot wallet and cold storage', () => {
  let chain: ChainContext;
  let anvil: Anvil;
  let t: TestApp;
  let moves: ReturnType<typeof chainMoves>;
  let exchange: PrivateKeyAccount;
  let finance: { authorization: string };

  beforeAll(async () => {
    chain = await openChain(
      loadConfig({
        CONFIRMATIONS: '2',
        SWEEP_MIN_USDT: '10',
        HOT_LOW_USDT: '1000',
        HOT_TARGET_USDT: '500000',
        HOT_HIGH_USDT: '900000',
        WITHDRAW_MIN_USDT: '20',
        WITHDRAW_FEE_USDT: '1',
        WITHDRAW_REVIEW_USDT: '1000',
        WITHDRAW_HOURLY_CAP_USDT: '100000000',
      }).chain,
    );
    anvil = testClient(chain.rpcUrl);
    t = await buildTestApp({ chain });
    moves = chainMoves(chain, anvil);
    exchange = await moves.funded();
    finance = await operatorLogin(t.app, 'viewer');
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const { withdraw, onChain, setHotUsdt } = treasuryHelpers(() => ({ t, chain, anvil }));
  const worker = () => t.app.treasury!;
  const scanAll = async () => {
    while ((await t.app.deposits!.scanOnce())!.to < (await anvil.getBlockNumber()) - 1n);
  };
  /** A user with an address of their own, and an exchange's deposit to it credited. */
  async function depositor(amount: string) {
    const user = await login(t.app, await moves.funded());
    const own = (await t.injectAs(user, 'GET /api/funds/recharge/address')).json().data.address as Address;
    await moves.send(exchange, chain.tokens.USDT, own, amount);
    await anvil.mine({ blocks: 2 });
    await scanAll();
    return { user, own };
  }
  const admin = (route: `/api/admin/${string}`) =>
    t.injectAs(finance, `GET ${route}`).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data;
    });
  const usdtRow = async () =>
    (await admin('/api/admin/dashboard')).reconciliation.find((r: { asset: string }) => r.asset === 'USDT');
  /** The books and the chain agree, bucket by bucket, once nothing is in flight. */
  async function expectClean() {
    expect((await checkBooks(t.database)).problems).toEqual([]);
    const row = await usdtRow();
    expect(row).toMatchObject({ chain_error: null, is_short: false, sweeps_in_flight: '0', cold_in_flight: '0' });
    expect(row.deposit_addresses_difference).toBe('0');
    const wallet = (await admin('/api/admin/hot-wallet')).assets[0];
    expect(row.hot_wallet_balance).toBe(wallet.hot_balance);
    expect(row.cold_balance).toBe(wallet.cold_balance);
  }
  /** This app's instance, as the hot wallet's lease names it: another worker of the same instance. */
  const leaseHolder = async () =>
    (
      await t.database.db
        .selectFrom('job_leases')
        .select('holder')
        .where('name', '=', `payout:${chain.chainId}`)
        .executeTakeFirstOrThrow()
    ).holder;
  const settle = async () => {
    await anvil.mine({ blocks: 2 });
    return worker().sweepOnce();
  };

  it('nothing to sweep: nothing is sent', async () => {
    expect(await worker().sweepOnce()).toMatchObject({ sent: 0 });
    expect((await admin('/api/admin/sweeps')).items).toEqual([]);
    expect((await admin('/api/admin/deposit-addresses')).items).toEqual([]);
  });

  it('an exchange’s deposit to a user’s own address is swept into the hot wallet, deploying it; a second one is swept by a call only', async () => {
    const { user, own } = await depositor('25');
    expect(await anvil.getCode({ address: own })).toBeUndefined();
    const listed = await admin('/api/admin/deposit-addresses');
    expect(listed.items).toEqual([
      {
        address: own.toLowerCase(),
        user: expect.any(String),
        unswept: { USDT: '25', WALLX: '0' },
        in_flight: { USDT: '0', WALLX: '0' },
      },
    ]);
    const hotBefore = await onChain(chain.hotWallet.address);
    const bnbBefore = await anvil.getBalance({ address: chain.hotWallet.address });

    expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
    expect((await admin('/api/admin/deposit-addresses')).items[0]).toMatchObject({
      unswept: { USDT: '0' },
      in_flight: { USDT: '25' },
    });
    expect((await usdtRow()).sweeps_in_flight).toBe('25');
    expect(await settle()).toMatchObject({ confirmed: 1, sent: 0 });

    expect(await onChain(own)).toBe(0n);
    expect(await onChain(chain.hotWallet.address)).toBe(hotBefore + parseUnits('25', 18));
    expect(await anvil.getCode({ address: own })).toBeDefined();
    const [sweep] = (await admin('/api/admin/sweeps')).items;
    expect(sweep).toMatchObject({
      asset: 'USDT',
      status: 'confirmed',
      addresses: 1,
      expected: '25',
      amount_received: '25',
      deployed_count: 1,
    });
    const bnbAfter = await anvil.getBalance({ address: chain.hotWallet.address });
    expect(parseUnits(sweep.gas_cost, 18)).toBe(bnbBefore - bnbAfter);
    console.info(`sweep deploying 1 address: ${sweep.gas_used} gas`);
    expect((await admin('/api/admin/deposit-addresses')).items).toEqual([]);
    // The user's balance is untouched by the sweep: it was credited once, at the deposit.
    expect((await t.injectAs(user, 'GET /api/user/info')).json().data.balance.usdt).toBe('25');
    await expectClean();

    await moves.send(exchange, chain.tokens.USDT, own, '15');
    await anvil.mine({ blocks: 2 });
    await scanAll();
    expect((await usdtRow()).unswept).toBe('15');
    expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
    expect(await settle()).toMatchObject({ confirmed: 1 });
    const [second] = (await admin('/api/admin/sweeps')).items;
    expect(second).toMatchObject({ status: 'confirmed', amount_received: '15', deployed_count: 0 });
    console.info(`sweep of 1 deployed address: ${second.gas_used} gas`);
    expect((await t.injectAs(user, 'GET /api/user/info')).json().data.balance.usdt).toBe('40');
    await expectClean();
  });

  it('below the minimum an address waits; several are swept in one sweepMany', async () => {
    const small = await depositor('5');
    const a = await depositor('30');
    const b = await depositor('12.5');
    expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
    expect(await settle()).toMatchObject({ confirmed: 1 });
    const [sweep] = (await admin('/api/admin/sweeps')).items;
    expect(sweep).toMatchObject({ addresses: 2, amount_received: '42.5', deployed_count: 2 });
    console.info(`sweepMany deploying 2 addresses: ${sweep.gas_used} gas`);
    expect(await onChain(a.own)).toBe(0n);
    expect(await onChain(b.own)).toBe(0n);
    expect(await onChain(small.own)).toBe(parseUnits('5', 18));
    expect((await admin('/api/admin/deposit-addresses')).items).toMatchObject([
      { address: small.own.toLowerCase(), unswept: { USDT: '5' } },
    ]);
    expect((await usdtRow()).deposit_addresses_balance).toBe('5');
    await expectClean();
  });

  it('a sweep the chain reverts is recorded with its gas, and its addresses are swept again by the next', async () => {
    const { own } = await depositor('20');
    const code = (await anvil.getCode({ address: chain.tokens.USDT }))!;
    await anvil.setAutomine(false);
    try {
      expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
      // The token reverts everything while the sweep is mined.
      await anvil.setCode({ address: chain.tokens.USDT, bytecode: '0x60006000fd' });
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setCode({ address: chain.tokens.USDT, bytecode: code });
      await anvil.setAutomine(true);
    }
    const [reverted] = (await admin('/api/admin/sweeps')).items;
    expect((await anvil.getTransactionReceipt({ hash: reverted.tx_hash as Hex })).status).toBe('reverted');
    // One confirmation of two: still in flight, nothing new sent for USDT.
    expect(await worker().sweepOnce()).toMatchObject({ reverted: 0, sent: 0 });
    await anvil.mine({ blocks: 1 });
    expect(await worker().sweepOnce()).toMatchObject({ reverted: 1, sent: 1 });
    expect(await settle()).toMatchObject({ confirmed: 1 });
    const [retry, failed] = (await admin('/api/admin/sweeps')).items;
    expect(failed).toMatchObject({ status: 'reverted', amount_received: null, gas_cost: expect.any(String) });
    expect(retry).toMatchObject({ status: 'confirmed', amount_received: '20' });
    expect(await onChain(own)).toBe(0n);
    await expectClean();
  });

  it('a crash between record and send: the next pass sends the same bytes, once; a pass that dies before the receipt settles it next time', async () => {
    const { own } = await depositor('50');
    // An instance whose node takes nothing: the sweep is stored, then the broadcast fails (the pass ends there).
    const failing = new Proxy(chain.client, {
      get: (target, key, receiver) =>
        key === 'sendRawTransaction'
          ? () => Promise.reject(new Error('connection reset'))
          : Reflect.get(target, key, receiver),
    }) as PublicClient;
    const crashed = createTreasuryWorker({
      db: t.database.db,
      chain: { ...chain, client: failing },
      repository: createTreasuryRepository(),
      instanceId: await leaseHolder(),
    });
    await expect(crashed.sweepOnce()).rejects.toThrow(/connection reset/);
    const [stored] = await t.database.db.selectFrom('sweeps').selectAll().where('status', '=', 'sent').execute();
    expect(stored).toBeDefined();
    await expect(anvil.getTransaction({ hash: stored!.tx_hash as Hex })).rejects.toThrow();
    expect((await usdtRow()).sweeps_in_flight).toBe('50');

    // The next pass finds it unknown to the node and sends the same signed bytes: no second sweep.
    expect(await worker().sweepOnce()).toMatchObject({ resent: 1, sent: 0 });
    expect((await anvil.getTransaction({ hash: stored!.tx_hash as Hex })).hash).toBe(stored!.tx_hash);
    // Mined; the pass that would confirm it "dies" (is never run); the next one settles it once.
    expect(await settle()).toMatchObject({ confirmed: 1, sent: 0 });
    expect(await worker().sweepOnce()).toMatchObject({ confirmed: 0, sent: 0 });
    const rows = await t.database.db
      .selectFrom('sweeps')
      .select(['tx_hash', 'status'])
      .where('tx_hash', '=', stored!.tx_hash)
      .execute();
    expect(rows).toEqual([{ tx_hash: stored!.tx_hash, status: 'confirmed' }]);
    expect(await onChain(own)).toBe(0n);
    await expectClean();
  });

  it('the RPC failing mid-pass ends the pass; the next one carries on', async () => {
    await depositor('11');
    const broken = new Proxy(chain.client, {
      get: (target, key, receiver) =>
        key === 'readContract' ? () => Promise.reject(new Error('rpc down')) : Reflect.get(target, key, receiver),
    }) as PublicClient;
    const holder = await leaseHolder();
    const down = createTreasuryWorker({
      db: t.database.db,
      chain: { ...chain, client: broken },
      repository: createTreasuryRepository(),
      instanceId: holder,
    });
    await expect(down.sweepOnce()).rejects.toThrow(/rpc down/);
    expect(await t.database.db.selectFrom('sweeps').select('id').where('status', '=', 'sent').execute()).toEqual([]);
    expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
    expect(await settle()).toMatchObject({ confirmed: 1 });
    await expectClean();
  });

  it('above the high-water mark the excess goes to cold storage, down to the target', async () => {
    const cold0 = await onChain(chain.coldWallet);
    const hot = await onChain(chain.hotWallet.address);
    expect(hot).toBeGreaterThan(parseUnits('900000', 18));
    expect(await worker().coolOnce()).toMatchObject({ sent: 1 });
    expect((await usdtRow()).cold_in_flight).toBe(formatUnits(hot - parseUnits('500000', 18), 18));
    // Settled once, after the confirmations, never sent twice.
    expect(await worker().coolOnce()).toMatchObject({ sent: 0, confirmed: 0 });
    await anvil.mine({ blocks: 2 });
    expect(await worker().coolOnce()).toMatchObject({ sent: 0, confirmed: 1 });
    expect(await onChain(chain.hotWallet.address)).toBe(parseUnits('500000', 18));
    expect(await onChain(chain.coldWallet)).toBe(cold0 + hot - parseUnits('500000', 18));
    const [transfer] = (await admin('/api/admin/cold-transfers')).items;
    expect(transfer).toMatchObject({ asset: 'USDT', status: 'confirmed', to_address: chain.coldWallet.toLowerCase() });
    expect(await worker().coolOnce()).toMatchObject({ sent: 0 });
    await expectClean();
  });

  it('below the low-water mark payouts wait (queued, the reason shown to operators) and go out once an operator tops the hot wallet up from cold', async () => {
    const hot = await onChain(chain.hotWallet.address);
    await setHotUsdt(parseUnits('900', 18));
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const w = (await withdraw(user, '50')).json().data.withdrawal;
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    const [latest] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(latest).toMatchObject({ id: w.id, status: 'queued' });
    expect((await admin('/api/admin/hot-wallet')).assets[0]).toMatchObject({
      asset: 'USDT',
      hot_balance: '900',
      low: '1000',
      target: '500000',
      high: '900000',
      payouts_waiting: true,
      payouts_wait_reason: 'hot_wallet_low',
    });
    // The operator with the cold key sends 1,000 USDT back (by hand; the server has no cold key).
    const cold = devAccount(LOCAL_ROLES.cold);
    const operator = createWalletClient({ account: cold, chain: foundry, transport: http(chain.rpcUrl) });
    await anvil.waitForTransactionReceipt({
      hash: await operator.writeContract({
        address: chain.tokens.USDT,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [chain.hotWallet.address, parseUnits('1000', 18)],
      }),
    });
    expect((await admin('/api/admin/hot-wallet')).assets[0]).toMatchObject({
      hot_balance: '1900',
      payouts_waiting: false,
      payouts_wait_reason: null,
    });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(await onChain(chain.hotWallet.address)).toBe(parseUnits('1850', 18));
    expect((await checkBooks(t.database)).problems).toEqual([]);
    await setHotUsdt(hot - parseUnits('50', 18));
  });

  it('a cold transfer stored but never broadcast (a crash) goes out as stored, once; the hot wallet ends at its target', async () => {
    await setHotUsdt(parseUnits('950000', 18));
    const cold0 = await onChain(chain.coldWallet);
    const failing = new Proxy(chain.client, {
      get: (target, key, receiver) =>
        key === 'sendRawTransaction'
          ? () => Promise.reject(new Error('connection reset'))
          : Reflect.get(target, key, receiver),
    }) as PublicClient;
    const crashed = createTreasuryWorker({
      db: t.database.db,
      chain: { ...chain, client: failing },
      repository: createTreasuryRepository(),
      instanceId: await leaseHolder(),
    });
    await expect(crashed.coolOnce()).rejects.toThrow(/connection reset/);
    const [stored] = await t.database.db
      .selectFrom('cold_transfers')
      .selectAll()
      .where('status', '=', 'sent')
      .execute();
    expect(stored).toMatchObject({ amount: expect.stringMatching(/^450000(\.0+)?$/) });
    expect((await admin('/api/admin/hot-wallet')).assets[0]).toMatchObject({ cold_in_flight: '450000' });
    expect(await worker().coolOnce()).toMatchObject({ resent: 1, sent: 0 });
    await anvil.mine({ blocks: 2 });
    expect(await worker().coolOnce()).toMatchObject({ confirmed: 1, sent: 0 });
    expect(await onChain(chain.hotWallet.address)).toBe(parseUnits('500000', 18));
    expect(await onChain(chain.coldWallet)).toBe(cold0 + parseUnits('450000', 18));
    const sent = await t.database.db
      .selectFrom('cold_transfers')
      .select('status')
      .where('tx_hash', '=', stored!.tx_hash)
      .execute();
    expect(sent).toEqual([{ status: 'confirmed' }]);
    await expectClean();
  });

  it('operators alone read these pages', async () => {
    for (const url of [
      '/api/admin/sweeps',
      '/api/admin/hot-wallet',
      '/api/admin/deposit-addresses',
      '/api/admin/cold-transfers',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const paged = await t.injectAs(finance, 'GET /api/admin/sweeps?limit=1');
    expect(paged.json().data.items).toHaveLength(1);
    const next = await t.injectAs(finance, `GET /api/admin/sweeps?limit=1&cursor=${paged.json().data.next_cursor}`);
    expect(next.json().data.items[0].id).not.toBe(paged.json().data.items[0].id);
  });
});
