import { createWalletClient, erc20Abi, formatUnits, http, parseUnits, type PrivateKeyAccount } from 'viem';
import { foundry } from 'viem/chains';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChainContext } from '../../platform/chain/context.js';
import { devAccount, LOCAL_ROLES } from '../../platform/chain/local-node.js';
import { checkBooks, type TestApp } from '../../test/helpers.js';
import type { Anvil, chainMoves } from '../../test/chain-moves.js';
import { useTreasuryWorld } from './treasury.fixtures.js';

/**
 * Sweeps and wallets (issue 33) on the local chain: what reaches a user's own deposit address is
 * swept into the hot wallet by the factory (gas paid by the hot wallet), the hot wallet's excess goes
 * to cold storage, payouts wait below the low-water mark, and the books say where every token is.
 */
describe('sweeps, the hot wallet and cold storage', () => {
  const world = useTreasuryWorld();
  const { withdraw, onChain, setHotUsdt, worker, scanAll, depositor, admin, usdtRow, expectClean, settle } = world;
  let t: TestApp;
  let chain: ChainContext;
  let anvil: Anvil;
  let moves: ReturnType<typeof chainMoves>;
  let exchange: PrivateKeyAccount;
  let finance: { authorization: string };
  beforeAll(() => {
    ({ t, chain, anvil, moves, exchange, finance } = world.state());
  });

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
