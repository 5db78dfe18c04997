import { parseUnits, type Hex, type PublicClient } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChainContext } from '../../platform/chain/context.js';
import type { TestApp } from '../../test/helpers.js';
import type { Anvil } from '../../test/chain-moves.js';
import { createTreasuryRepository } from './repository.js';
import { useTreasuryWorld } from './treasury.fixtures.js';
import { createTreasuryWorker } from './worker.js';

/**
 * Sweeps and cold transfers when things go wrong (issue 33): a revert, a crash between storing and
 * sending, an RPC failing mid-pass, a transaction stuck unmined (replaced with more gas). Each time
 * nothing moves twice and the books match the chain.
 */
describe('sweeps and cold transfers that fail, crash or get stuck', () => {
  const world = useTreasuryWorld();
  const { onChain, setHotUsdt, worker, depositor, admin, usdtRow, expectClean, leaseHolder, settle } = world;
  let t: TestApp;
  let chain: ChainContext;
  let anvil: Anvil;
  beforeAll(() => {
    ({ t, chain, anvil } = world.state());
  });
  /** A worker of this instance (the lease's holder) whose node fails `method` with `message`: an instance that dies there. */
  const failingWorker = async (method: keyof PublicClient, message: string) =>
    createTreasuryWorker({
      db: t.database.db,
      chain: {
        ...chain,
        client: new Proxy(chain.client, {
          get: (target, key, receiver) =>
            key === method ? () => Promise.reject(new Error(message)) : Reflect.get(target, key, receiver),
        }),
      },
      repository: createTreasuryRepository(),
      instanceId: await leaseHolder(),
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
    const crashed = await failingWorker('sendRawTransaction', 'connection reset');
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
    const down = await failingWorker('readContract', 'rpc down');
    await expect(down.sweepOnce()).rejects.toThrow(/rpc down/);
    expect(await t.database.db.selectFrom('sweeps').select('id').where('status', '=', 'sent').execute()).toEqual([]);
    expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
    expect(await settle()).toMatchObject({ confirmed: 1 });
    await expectClean();
  });

  it('a cold transfer stored but never broadcast (a crash) goes out as stored, once; the hot wallet ends at its target', async () => {
    await setHotUsdt(parseUnits('950000', 18));
    const cold0 = await onChain(chain.coldWallet);
    const crashed = await failingWorker('sendRawTransaction', 'connection reset');
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

  /** The open move's row: its hashes, nonce and gas price. */
  const openMove = (table: 'sweeps' | 'cold_transfers') =>
    t.database.db
      .selectFrom(table)
      .select(['id', 'tx_hash', 'replaced_tx_hashes', 'nonce', 'gas_price', 'status'])
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
  const ageOpenMoves = () =>
    t.database.db.transaction().execute(async (trx) => {
      // Older than the stuck limit (60 s): the rows are aged instead of waiting.
      for (const table of ['sweeps', 'cold_transfers'] as const)
        await trx
          .updateTable(table)
          .set({ signed_at: new Date(Date.now() - 120_000) })
          .where('status', '=', 'sent')
          .execute();
    });

  it('a sweep stuck unmined is signed again at its nonce with more gas; the replacement is mined and settled once', async () => {
    const { own } = await depositor('20');
    await anvil.setAutomine(false);
    let first: Awaited<ReturnType<typeof openMove>>;
    let second: Awaited<ReturnType<typeof openMove>>;
    try {
      expect(await worker().sweepOnce()).toMatchObject({ sent: 1 });
      first = await openMove('sweeps');
      // Not stuck yet: left alone.
      expect(await worker().sweepOnce()).toMatchObject({ replaced: 0, sent: 0 });
      await ageOpenMoves();
      expect(await worker().sweepOnce()).toMatchObject({ replaced: 1, sent: 0 });
      second = await openMove('sweeps');
      expect(second).toMatchObject({ id: first.id, nonce: first.nonce, replaced_tx_hashes: [first.tx_hash] });
      expect(second.tx_hash).not.toBe(first.tx_hash);
      expect(BigInt(second.gas_price)).toBeGreaterThanOrEqual((BigInt(first.gas_price) * 125n) / 100n);
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
    }
    expect(await settle()).toMatchObject({ confirmed: 1, sent: 0 });
    const rows = await t.database.db.selectFrom('sweeps').selectAll().where('id', '=', first.id).execute();
    expect(rows).toMatchObject([{ status: 'confirmed', tx_hash: second.tx_hash }]);
    expect((await admin('/api/admin/sweeps')).items[0]).toMatchObject({
      tx_hash: second.tx_hash,
      amount_received: '20',
    });
    expect((await anvil.getTransactionReceipt({ hash: second.tx_hash as Hex })).status).toBe('success');
    expect(await onChain(own)).toBe(0n);
    expect(await worker().sweepOnce()).toMatchObject({ confirmed: 0, sent: 0, replaced: 0 });
    await expectClean();
  });

  it('a cold transfer replaced while the crash kept the replacement off the chain: the one mined (the first) settles it, once', async () => {
    await setHotUsdt(parseUnits('950000', 18));
    const cold0 = await onChain(chain.coldWallet);
    await anvil.setAutomine(false);
    let first: Awaited<ReturnType<typeof openMove>>;
    try {
      expect(await worker().coolOnce()).toMatchObject({ sent: 1 });
      first = await openMove('cold_transfers');
      await ageOpenMoves();
      // This instance stores the replacement, then dies before its broadcast.
      const crashed = await failingWorker('sendRawTransaction', 'connection reset');
      await expect(crashed.coolOnce()).rejects.toThrow(/connection reset/);
      const stored = await openMove('cold_transfers');
      expect(stored.replaced_tx_hashes).toEqual([first.tx_hash]);
      await expect(anvil.getTransaction({ hash: stored.tx_hash as Hex })).rejects.toThrow();
      // The first one is what the node holds, and what it mines.
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
    }
    await anvil.mine({ blocks: 1 });
    expect(await worker().coolOnce()).toMatchObject({ confirmed: 1, sent: 0 });
    const rows = await t.database.db.selectFrom('cold_transfers').selectAll().where('id', '=', first.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', tx_hash: first.tx_hash });
    expect(rows[0]!.replaced_tx_hashes).toHaveLength(1);
    expect(rows[0]!.replaced_tx_hashes[0]).not.toBe(first.tx_hash);
    expect(await onChain(chain.hotWallet.address)).toBe(parseUnits('500000', 18));
    expect(await onChain(chain.coldWallet)).toBe(cold0 + parseUnits('450000', 18));
    await expectClean();
  });
});
