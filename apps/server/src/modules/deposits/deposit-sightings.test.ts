import { sql } from 'kysely';
import type { Address } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import { buildTestApp, checkBooks, login, type TestApp } from '../../test/helpers.js';
import { chainMoves, testClient, type Anvil } from './deposits.fixtures.js';

/**
 * A deposit is seen at its first sighting, before its confirmations (issue 45, decision 126): listed
 * with its amount, counting up, credited once when confirmed; a reorganised one disappears.
 */
describe('deposits seen before their confirmations', () => {
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
    exchange = await moves.funded();
  });
  beforeEach(async () => {
    user = await login(t.app, await moves.funded());
    own = (await t.injectAs(user, 'GET /api/funds/recharge/address')).json().data.address;
    // Every earlier test's blocks read: only this test's transfers are open.
    await scanAll();
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const scanAll = async () => {
    while ((await t.app.deposits!.scanOnce())!.to < (await anvil.getBlockNumber()) - 2n);
  };
  const listed = async () =>
    (await t.injectAs(user, 'GET /api/funds/recharges')).json().data.items as Array<Record<string, unknown>>;
  const balance = async () => (await t.injectAs(user, 'GET /api/user/info')).json().data.balance;
  const told = async (hash: string) =>
    (
      await t.database.db
        .selectFrom('user_events')
        .select('payload')
        .where('type', '=', 'deposit')
        .where(sql<boolean>`payload->>'tx_hash' = ${hash}`)
        .orderBy('seq')
        .execute()
    ).map(({ payload }) => payload);

  it('an exchange deposit is listed with its amount at its first sighting, counts up, and is credited once', async () => {
    const hash = await moves.send(exchange, chain.tokens.USDT, own, '12.5');
    // Its block is the head: 1 of 3 confirmations, nothing credited yet, but the user sees it.
    await t.app.deposits!.scanOnce();
    expect(await listed()).toMatchObject([
      {
        tx_hash: hash,
        asset: 'USDT',
        status: 'confirming',
        amount: '12.5',
        confirmations: 1,
        required_confirmations: 3,
      },
    ]);
    expect(await balance()).toEqual({ usdt: '0', wallx: '0' });

    // Nothing new on chain: nothing more told. One block more: 2 of 3.
    await t.app.deposits!.scanOnce();
    await anvil.mine({ blocks: 1 });
    await t.app.deposits!.scanOnce();
    expect(await listed()).toMatchObject([{ tx_hash: hash, status: 'confirming', amount: '12.5', confirmations: 2 }]);

    // Confirmed: credited once, listed once, the sighting gone; passes after it change nothing.
    await anvil.mine({ blocks: 1 });
    await scanAll();
    await scanAll();
    expect(await listed()).toMatchObject([{ tx_hash: hash, status: 'credited', amount: '12.5' }]);
    expect(await listed()).toHaveLength(1);
    expect(await balance()).toEqual({ usdt: '12.5', wallx: '0' });
    expect(
      await t.database.db.selectFrom('deposit_sightings').selectAll().where('tx_hash', '=', hash).execute(),
    ).toEqual([]);
    expect(await told(hash)).toEqual([
      expect.objectContaining({ status: 'confirming', amount: '12.5', confirmations: 1 }),
      expect.objectContaining({ status: 'confirming', amount: '12.5', confirmations: 2 }),
      expect.objectContaining({ status: 'credited', amount: '12.5', confirmations: 3 }),
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a sighting whose block is reorganised away disappears, is told, and credits nothing', async () => {
    const snapshot = await anvil.snapshot();
    const hash = await moves.send(exchange, chain.tokens.USDT, own, '50');
    await t.app.deposits!.scanOnce();
    expect(await listed()).toMatchObject([{ tx_hash: hash, status: 'confirming', amount: '50' }]);

    // The block is replaced by one without the transfer, at the same height.
    await anvil.revert({ id: snapshot });
    await anvil.mine({ blocks: 1 });
    await t.app.deposits!.scanOnce();
    expect(await listed()).toEqual([]);
    expect((await told(hash)).at(-1)).toMatchObject({ status: 'pending', confirmations: 0 });

    await anvil.mine({ blocks: 5 });
    await scanAll();
    expect(await listed()).toEqual([]);
    expect(await balance()).toEqual({ usdt: '0', wallx: '0' });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a deposit reported from the app shows its amount while it confirms', async () => {
    const wallet = await moves.funded();
    const sender = await login(t.app, wallet);
    const hash = await moves.send(wallet, chain.tokens.WALLX, chain.depositAddress, '7');
    const reported = (await t.injectAs(sender, 'POST /api/funds/recharge', { asset: 'WALLX', tx_hash: hash })).json()
      .data;
    expect(reported).toMatchObject({ status: 'confirming', amount: '7', confirmations: 1 });
    await t.app.deposits!.scanOnce();
    const list = (await t.injectAs(sender, 'GET /api/funds/recharges')).json().data.items;
    expect(list).toMatchObject([{ tx_hash: hash, status: 'confirming', amount: '7' }]);
    expect(list).toHaveLength(1);
    await anvil.mine({ blocks: 2 });
    await scanAll();
    expect((await t.injectAs(sender, 'GET /api/funds/recharges')).json().data.items).toMatchObject([
      { tx_hash: hash, status: 'credited', amount: '7' },
    ]);
    expect((await t.injectAs(sender, 'GET /api/user/info')).json().data.balance.wallx).toBe('7');
  });
});
