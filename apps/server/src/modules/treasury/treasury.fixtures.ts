import { encodeAbiParameters, erc20Abi, keccak256, type Address } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import { chainMoves, testClient, type Anvil } from '../../test/chain-moves.js';
import { buildTestApp, checkBooks, login, operatorLogin, type Session, type TestApp } from '../../test/helpers.js';

/** The treasury tests' reads and moves: token balances, a withdrawal, and the hot wallet's balance set by hand. */
export function treasuryHelpers(current: () => { t: TestApp; chain: ChainContext; anvil: Anvil }) {
  const onChain = (address: Address) =>
    current().anvil.readContract({
      address: current().chain.tokens.USDT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  const withdraw = (who: Session, amount: string) =>
    current().t.injectAs(who, 'POST /api/funds/withdraw', { asset: 'USDT', amount, fund_password: 'pass-123' });

  /** Sets the hot wallet's USDT balance in the token's storage (balanceOf is slot 3 of TestToken). */
  async function setHotUsdt(value: bigint) {
    const { chain, anvil } = current();
    const slot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [chain.hotWallet.address, 3n]),
    );
    await anvil.setStorageAt({
      address: chain.tokens.USDT,
      index: slot,
      value: `0x${value.toString(16).padStart(64, '0')}`,
    });
  }

  return { onChain, withdraw, setHotUsdt };
}

/**
 * One local chain (2 confirmations, the USDT marks 1,000 / 500,000 / 900,000, sweeps from 10) and one
 * app on it for a test file, with the reads and moves its tests share. `state()` holds the chain, the
 * app and an operator session once the file's first beforeAll has run.
 */
export function useTreasuryWorld() {
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

  return {
    state: () => ({ t, chain, anvil, moves, exchange, finance }),
    withdraw,
    onChain,
    setHotUsdt,
    worker,
    scanAll,
    depositor,
    admin,
    usdtRow,
    expectClean,
    leaseHolder,
    settle,
  };
}
