import { createWalletClient, formatUnits, http, parseAbi, type Address, type PublicClient } from 'viem';
import { foundry } from 'viem/chains';
import { beforeAll, describe, expect, it } from 'vitest';
import { plus } from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import { depositAddressOf, depositSalt } from '../../platform/chain/deposit-address.js';
import { devAccount, LOCAL_ROLES } from '../../platform/chain/local-node.js';
import { login, newWallet, type TestApp } from '../../test/helpers.js';
import type { Anvil, chainMoves } from '../../test/chain-moves.js';
import { createTreasuryRepository } from './repository.js';
import { SWEEP_BATCH, createTreasuryWorker } from './worker.js';
import { useTreasuryWorld } from './treasury.fixtures.js';

/** The factory as anyone may call it: no key of the server's is needed to sweep (decision 93). */
const factoryAbi = parseAbi([
  'function sweep(bytes32 salt, address token) returns (uint256 moved)',
  'function sweepMany(bytes32[] salts, address token) returns (uint256 moved)',
]);

type Depositor = { own: Address; userId: string };

/**
 * Sweeps sent by someone else (issue 44): the factory's sweep is open to anyone, so the books of
 * users' deposit addresses follow the chain's Swept events, each recorded once, and the sweeper
 * chooses by what the chain holds. Before, the books subtracted only the server's own sweeps: after
 * 40 addresses were swept by a stranger the sweeper picked those 40 empty ones forever.
 */
describe('sweeps by anyone: the books of deposit addresses follow the chain', () => {
  const world = useTreasuryWorld();
  const { onChain, worker, scanAll, admin, usdtRow, expectClean, settle, leaseHolder } = world;
  let t: TestApp;
  let chain: ChainContext;
  let anvil: Anvil;
  let moves: ReturnType<typeof chainMoves>;
  let exchange: Parameters<ReturnType<typeof chainMoves>['send']>[0];
  let stranger: ReturnType<typeof createWalletClient>;
  beforeAll(async () => {
    ({ t, chain, anvil, moves } = world.state());
    // An exchange's hot wallet with enough for a hundred deposits.
    exchange = world.state().exchange;
    await moves.send(devAccount(LOCAL_ROLES.firstUser), chain.tokens.USDT, exchange.address, '5000');
    stranger = createWalletClient({ account: await moves.funded(), chain: foundry, transport: http(chain.rpcUrl) });
  });

  /** Users, each with an address of their own and an exchange's deposit to it, credited. */
  async function depositors(amounts: string[]): Promise<Depositor[]> {
    const made: Depositor[] = [];
    for (const amount of amounts) {
      const user = await login(t.app, newWallet());
      const own = (await t.injectAs(user, 'GET /api/funds/recharge/address')).json().data.address as Address;
      await moves.send(exchange, chain.tokens.USDT, own, amount);
      const { user_id } = await t.database.db
        .selectFrom('deposit_addresses')
        .select('user_id')
        .where('address', '=', own.toLowerCase())
        .executeTakeFirstOrThrow();
      made.push({ own, userId: user_id });
    }
    await anvil.mine({ blocks: 2 });
    await scanAll();
    return made;
  }

  /** The stranger (no role anywhere in the server) calls the factory's sweep itself, one address a transaction. */
  async function strangerSweeps(users: Depositor[]) {
    for (const { userId } of users) {
      const hash = await stranger.writeContract({
        account: stranger.account!,
        chain: foundry,
        address: chain.depositFactory.address,
        abi: factoryAbi,
        functionName: 'sweep',
        args: [depositSalt(userId), chain.tokens.USDT],
      });
      await anvil.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    }
  }

  /** What all users' deposit addresses hold on chain, each read. */
  async function chainHeld(): Promise<string> {
    const rows = await t.database.db.selectFrom('deposit_addresses').select('address').execute();
    const balances = await Promise.all(rows.map((row) => onChain(row.address as Address)));
    return formatUnits(
      balances.reduce((sum, b) => sum + b, 0n),
      18,
    );
  }

  /** What the console says users' deposit addresses hold (unswept and in flight), the same on each of its pages. */
  async function consoleHeld(): Promise<string> {
    const wallet = (await admin('/api/admin/hot-wallet')).assets.find((a: { asset: string }) => a.asset === 'USDT');
    const row = await usdtRow();
    let listed = '0';
    let cursor: string | null = null;
    do {
      const page: { items: { unswept: { USDT: string }; in_flight: { USDT: string } }[]; next_cursor: string | null } =
        await admin(`/api/admin/deposit-addresses?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      for (const item of page.items) listed = plus(listed, plus(item.unswept.USDT, item.in_flight.USDT));
      cursor = page.next_cursor;
    } while (cursor);
    const books = plus(wallet.unswept, wallet.sweeps_in_flight);
    expect(plus(row.unswept, row.sweeps_in_flight)).toBe(books);
    expect(listed).toBe(books);
    return books;
  }

  /** The Swept events recorded: someone else's (count, sum), and how many times each transaction is there. */
  async function recorded() {
    const rows = await t.database.db.selectFrom('swept_events').selectAll().execute();
    const others = rows.filter((r) => r.sweep_id === null);
    return {
      others: others.length,
      othersSum: others.reduce((sum, r) => plus(sum, r.amount), '0'),
      ours: rows.length - others.length,
      rows,
    };
  }
  const cursorName = () => `swept:${chain.chainId}:${chain.depositFactory.address.toLowerCase()}`;

  it('40 addresses swept by a stranger: the next deposit is swept at the next pass, and the console’s unswept is what the chain holds', async () => {
    const before = await usdtRow();
    const swept = await depositors(Array.from({ length: SWEEP_BATCH }, () => '20'));
    await depositors(['5']);
    await strangerSweeps(swept);
    expect(await chainHeld()).toBe('5');
    const [late] = await depositors(['15']);

    const pass = await worker().sweepOnce();
    expect(pass.sent).toBe(1);
    expect(pass.sweptByOthers).toBe(40);
    expect(await settle()).toMatchObject({ confirmed: 1, sent: 0 });
    expect(await onChain(late!.own)).toBe(0n);
    const [sweep] = (await admin('/api/admin/sweeps')).items;
    expect(sweep).toMatchObject({ addresses: 1, expected: '15', amount_received: '15' });

    expect(await chainHeld()).toBe('5');
    expect(await consoleHeld()).toBe('5');
    expect(await recorded()).toMatchObject({ others: 40, othersSum: '800', ours: 1 });
    await expectClean();
    // Where the tokens are changed, not how much the platform holds against what it owes.
    expect((await usdtRow()).difference).toBe(before.difference);
  });

  it('each sweep is recorded once: read again, and read from the start by a reader that died mid-way', async () => {
    const once = await recorded();
    expect(await worker().readSweptOnce()).toMatchObject({ others: 0, ours: 0 });

    // As if the reader had never run: no events, no cursor. A reader reading ten blocks a range dies
    // at its third range (the node fails); what it committed stays, and the next reader goes on from there.
    await t.database.db.deleteFrom('swept_events').execute();
    await t.database.db.deleteFrom('chain_cursors').where('name', '=', cursorName()).execute();
    const holder = await leaseHolder();
    let calls = 0;
    const failingQuorum = async (): Promise<PublicClient> => {
      const rpc = await chain.rpc.quorum();
      return new Proxy(rpc, {
        get: (target, key, receiver) =>
          key === 'getLogs' && ++calls >= 3
            ? () => Promise.reject(new Error('node gone'))
            : Reflect.get(target, key, receiver),
      });
    };
    const dying = createTreasuryWorker({
      db: t.database.db,
      chain: { ...chain, scanBlockRange: 10, rpc: { ...chain.rpc, quorum: failingQuorum } },
      repository: createTreasuryRepository(),
      instanceId: holder,
    });
    await expect(dying.readSweptOnce()).rejects.toThrow(/node gone/);
    const cursor = await t.database.db
      .selectFrom('chain_cursors')
      .select('block_number')
      .where('name', '=', cursorName())
      .executeTakeFirstOrThrow();
    expect(cursor.block_number).toBe('19');

    const restarted = createTreasuryWorker({
      db: t.database.db,
      chain,
      repository: createTreasuryRepository(),
      instanceId: holder,
    });
    expect(await restarted.readSweptOnce()).toMatchObject({ from: 20n });
    const again = await recorded();
    expect(again).toMatchObject({ others: 40, othersSum: '800', ours: 1 });
    expect(again.rows.map((r) => `${r.tx_hash}:${r.log_index}`).sort()).toEqual(
      once.rows.map((r) => `${r.tx_hash}:${r.log_index}`).sort(),
    );
    expect(await restarted.readSweptOnce()).toMatchObject({ others: 0, ours: 0 });
    expect(await consoleHeld()).toBe(await chainHeld());
    await expectClean();
  });

  it('our own sweep seen on chain before it is settled counts once, and the address owes exactly its next deposit', async () => {
    const [d] = await depositors(['20']);
    expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
    const [sweep] = (await admin('/api/admin/sweeps')).items;
    await anvil.mine({ blocks: 2 });
    // The reader first: the event is recorded with our sweep, which is still in flight by the books.
    expect(await worker().readSweptOnce()).toMatchObject({ ours: 1, others: 0 });
    const entry = async () =>
      (await admin('/api/admin/deposit-addresses?limit=100')).items.find(
        (item: { address: string }) => item.address === d!.own.toLowerCase(),
      );
    expect(await entry()).toMatchObject({ unswept: { USDT: '0' }, in_flight: { USDT: '20' } });
    expect(await worker().sweepOnce()).toMatchObject({ confirmed: 1, sent: 0 });
    expect(await entry()).toBeUndefined();
    const mine = (await recorded()).rows.filter((r) => r.tx_hash === sweep.tx_hash);
    expect(mine).toMatchObject([{ sweep_id: sweep.id, address: d!.own.toLowerCase() }]);

    // Counted twice, the books would hold nothing here after this deposit (20 + 12 − 20 − 20, kept at 0).
    await moves.send(exchange, chain.tokens.USDT, d!.own, '12');
    await anvil.mine({ blocks: 2 });
    await scanAll();
    expect(await entry()).toMatchObject({ unswept: { USDT: '12' } });
    expect(await consoleHeld()).toBe(await chainHeld());
    expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
    expect(await settle()).toMatchObject({ confirmed: 1 });
    expect(await onChain(d!.own)).toBe(0n);
    expect(await recorded()).toMatchObject({ others: 40, ours: 3 });
    await expectClean();
  });

  it('a sweep of ours mined as the transaction it replaced is still recognised as ours', async () => {
    const [d] = await depositors(['25']);
    const open = () =>
      t.database.db
        .selectFrom('sweeps')
        .select(['id', 'tx_hash', 'replaced_tx_hashes'])
        .where('status', '=', 'sent')
        .executeTakeFirstOrThrow();
    const holder = await leaseHolder();
    await anvil.setAutomine(false);
    let first: Awaited<ReturnType<typeof open>>;
    try {
      expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
      first = await open();
      await t.database.db
        .updateTable('sweeps')
        .set({ signed_at: new Date(Date.now() - 120_000) })
        .where('id', '=', first.id)
        .execute();
      // This instance stores a replacement with more gas, then dies before broadcasting it: the node mines the first.
      const crashed = createTreasuryWorker({
        db: t.database.db,
        chain: {
          ...chain,
          client: new Proxy(chain.client, {
            get: (target, key, receiver) =>
              key === 'sendRawTransaction'
                ? () => Promise.reject(new Error('connection reset'))
                : Reflect.get(target, key, receiver),
          }),
        },
        repository: createTreasuryRepository(),
        instanceId: holder,
      });
      await expect(crashed.sweepOnce()).rejects.toThrow(/connection reset/);
      expect((await open()).replaced_tx_hashes).toEqual([first.tx_hash]);
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
    }
    await anvil.mine({ blocks: 1 });
    expect(await worker().readSweptOnce()).toMatchObject({ ours: 1, others: 0 });
    const mine = (await recorded()).rows.filter((r) => r.tx_hash === first.tx_hash);
    expect(mine).toMatchObject([
      { sweep_id: first.id, address: d!.own.toLowerCase(), amount: expect.stringMatching(/^25(\.0+)?$/) },
    ]);
    expect(await worker().sweepOnce()).toMatchObject({ confirmed: 1, sent: 0 });
    expect(await onChain(d!.own)).toBe(0n);
    expect(await consoleHeld()).toBe(await chainHeld());
    await expectClean();
  });

  it('swept by a stranger in a block not yet confirmed: the sweeper passes the empty addresses over and sweeps the next', async () => {
    const full = await depositors(Array.from({ length: SWEEP_BATCH }, () => '30'));
    const [late] = await depositors(['16']);
    await anvil.setAutomine(false);
    try {
      await stranger.writeContract({
        account: stranger.account!,
        chain: foundry,
        address: chain.depositFactory.address,
        abi: factoryAbi,
        functionName: 'sweepMany',
        args: [full.map((d) => depositSalt(d.userId)), chain.tokens.USDT],
      });
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
    }
    // One confirmation of two: the books still hold the 40 addresses full, the chain has them empty.
    expect(await worker().sweepOnce()).toMatchObject({ sweptByOthers: 0, sent: 1 });
    expect((await admin('/api/admin/sweeps')).items[0]).toMatchObject({ addresses: 1, expected: '16' });
    expect(await settle()).toMatchObject({ confirmed: 1, sweptByOthers: 40 });
    expect(await onChain(late!.own)).toBe(0n);
    expect(await consoleHeld()).toBe(await chainHeld());
    expect(await recorded()).toMatchObject({ others: 80 });
    await expectClean();
  });

  it('records nothing of a sweep that moved nothing, or of an address no user has', async () => {
    const [d] = await depositors(['10']);
    expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
    expect(await settle()).toMatchObject({ confirmed: 1 });
    const before = await recorded();
    // The stranger sweeps the now empty address, and one of an id no user has, holding tokens sent there.
    const nobody = { userId: '987654321', own: depositAddressOf(chain.depositFactory, '987654321') };
    await moves.send(exchange, chain.tokens.USDT, nobody.own, '7');
    await strangerSweeps([d!, nobody]);
    await anvil.mine({ blocks: 2 });
    expect(await worker().sweepOnce()).toMatchObject({ sweptByOthers: 0, sent: 0 });
    expect((await recorded()).rows).toHaveLength(before.rows.length);
    expect(await consoleHeld()).toBe(await chainHeld());
    await expectClean();
  });
});
