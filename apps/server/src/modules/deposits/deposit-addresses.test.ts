import { getAddress, type Address } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { depositAddressOf } from '../../platform/chain/deposit-address.js';
import { loadConfig } from '../../platform/config/config.js';
import { buildTestApp, checkBooks, login, type TestApp } from '../../test/helpers.js';
import { chainMoves, testClient, type Anvil } from './deposits.fixtures.js';

/**
 * Each user's own deposit address (decision 92): what any wallet or exchange sends there is
 * credited to that user, once, after the confirmations; a reorganised transfer credits nothing.
 */
describe('a deposit address of one’s own', () => {
  let chain: ChainContext;
  let anvil: Anvil;
  let t: TestApp;
  let moves: ReturnType<typeof chainMoves>;
  let user: Awaited<ReturnType<typeof login>>;
  let exchange: PrivateKeyAccount;
  let own: Address;

  beforeAll(async () => {
    chain = await openChain(loadConfig({ CONFIRMATIONS: '3' }).chain);
    anvil = testClient(chain.rpcUrl);
    t = await buildTestApp({ chain });
    moves = chainMoves(chain, anvil);
    // An exchange's hot wallet: no user of ours.
    exchange = await moves.funded();
  });
  beforeEach(async () => {
    user = await login(t.app, await moves.funded());
    own = (await t.injectAs(user, 'GET /api/funds/recharge/address')).json().data.address;
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const idOf = async (who: { account: { address: string } }) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', who.account.address.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
  const balance = async () => (await t.injectAs(user, 'GET /api/user/info')).json().data.balance;
  const report = (asset: string, tx_hash: string) => t.injectAs(user, 'POST /api/funds/recharge', { asset, tx_hash });
  const scanAll = async () => {
    while ((await t.app.deposits!.scanOnce())!.to < (await anvil.getBlockNumber()) - 2n);
  };

  it('is the user’s own, the same each time, another user’s differs, and it needs a session', async () => {
    expect(own).toBe(getAddress(depositAddressOf(chain.depositFactory, await idOf(user))));
    expect((await t.injectAs(user, 'GET /api/funds/recharge/address')).json().data.address).toBe(own);
    const other = await login(t.app, await moves.funded());
    expect((await t.injectAs(other, 'GET /api/funds/recharge/address')).json().data.address).not.toBe(own);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/funds/recharge/address' });
    expect(anonymous.statusCode).toBe(401);
    // No code there until the first sweep: nothing is deployed for an address handed out.
    expect(await anvil.getCode({ address: own })).toBeUndefined();
  });

  it('credits what an exchange sends there once, after the confirmations, and the user sees it', async () => {
    const hash = await moves.send(exchange, chain.tokens.USDT, own, '25.5');
    await t.app.deposits!.scanOnce();
    expect(await balance()).toEqual({ usdt: '0', wallx: '0' });
    await anvil.mine({ blocks: 2 });
    await scanAll();
    expect(await balance()).toEqual({ usdt: '25.5', wallx: '0' });
    // The user's report of the same transfer finds it theirs, and credits nothing twice.
    expect((await report('USDT', hash)).json().data).toMatchObject({ status: 'credited', amount: '25.5' });
    await scanAll();
    expect(await balance()).toEqual({ usdt: '25.5', wallx: '0' });
    const list = (await t.injectAs(user, 'GET /api/funds/recharges')).json().data.items;
    expect(list).toMatchObject([{ tx_hash: hash, asset: 'USDT', status: 'credited', amount: '25.5' }]);
    const row = await t.database.db
      .selectFrom('deposits')
      .select(['user_id', 'from_address', 'to_address'])
      .where('tx_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      user_id: await idOf(user),
      from_address: exchange.address.toLowerCase(),
      to_address: own.toLowerCase(),
    });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a report by the user of a transfer to their address is credited before the scanner gets there', async () => {
    const hash = await moves.send(exchange, chain.tokens.WALLX, own, '3');
    await anvil.mine({ blocks: 2 });
    expect((await report('WALLX', hash)).json().data).toMatchObject({ status: 'credited', amount: '3' });
    await scanAll();
    expect(await balance()).toEqual({ usdt: '0', wallx: '3' });
  });

  it('a report made while the transfer confirms is marked credited when the scanner credits it', async () => {
    const hash = await moves.send(exchange, chain.tokens.USDT, own, '4');
    expect((await report('USDT', hash)).json().data).toMatchObject({ status: 'confirming' });
    await anvil.mine({ blocks: 2 });
    await scanAll();
    expect(await balance()).toEqual({ usdt: '4', wallx: '0' });
    const saved = await t.database.db
      .selectFrom('deposit_reports')
      .select(['status', 'reason'])
      .where('user_id', '=', await idOf(user))
      .where('tx_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ status: 'credited', reason: null });
  });

  it('a transfer to someone else’s address is not this user’s, and credits the owner only', async () => {
    const other = await login(t.app, await moves.funded());
    const theirs = (await t.injectAs(other, 'GET /api/funds/recharge/address')).json().data.address;
    const hash = await moves.send(exchange, chain.tokens.USDT, theirs, '4');
    await anvil.mine({ blocks: 2 });
    expect((await report('USDT', hash)).json().data).toMatchObject({ status: 'invalid', reason: 'other_sender' });
    await scanAll();
    expect(await balance()).toEqual({ usdt: '0', wallx: '0' });
    expect((await t.injectAs(other, 'GET /api/user/info')).json().data.balance.usdt).toBe('4');
  });

  it('a transfer reorganised away before its confirmations credits nothing', async () => {
    await scanAll();
    const snapshot = await anvil.snapshot();
    await moves.send(exchange, chain.tokens.USDT, own, '50');
    await anvil.revert({ id: snapshot });
    await anvil.mine({ blocks: 5 });
    await scanAll();
    expect(await balance()).toEqual({ usdt: '0', wallx: '0' });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('transfers of the tokens to addresses that are no user’s are read and left alone', async () => {
    const before = await t.database.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await moves.send(exchange, chain.tokens.USDT, (await moves.funded()).address, '9');
    await anvil.mine({ blocks: 3 });
    await scanAll();
    const after = await t.database.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await t.database.db.selectFrom('unattributed_deposits').selectAll().execute()).toEqual([]);
  });
});
