import { sql } from 'kysely';
import { parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainContext } from '../../platform/chain/context.js';
import { buildTestApp, checkBooks, type TestApp } from '../../test/helpers.js';
import { type Anvil, startWithdrawals, withdrawalsHelpers } from './withdrawals.fixtures.js';

describe('withdrawals paid on chain', () => {
  let chain: ChainContext;
  let t: TestApp;
  let anvil: Anvil;
  beforeAll(async () => {
    ({ chain, anvil, t } = await startWithdrawals());
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });
  const { withdraw, onChain, transactionsOf } = withdrawalsHelpers(() => ({ t, chain, anvil }));

  it('a payout signed and stored but never broadcast (a crash) is sent again as the same bytes: paid once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    await withdraw(user, '30');
    const send = chain.client.sendRawTransaction;
    chain.client.sendRawTransaction = (async () => {
      throw new Error('process killed before broadcast');
    }) as typeof send;
    await expect(t.app.payouts!.processOnce()).rejects.toThrow('killed');
    chain.client.sendRawTransaction = send;
    const stored = await t.database.db.selectFrom('withdrawal_transactions').selectAll().execute();
    await t.app.payouts!.processOnce();
    await anvil.mine({ blocks: 2 });
    await t.app.payouts!.processOnce();
    await t.app.payouts!.processOnce();
    expect(await onChain(address)).toBe(before + parseUnits('30', 18));
    expect((await t.database.db.selectFrom('withdrawal_transactions').selectAll().execute()).length).toBe(
      stored.length,
    );
    const [latest] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(latest.status).toBe('completed');
  });

  it('a payout stuck unmined is replaced at the same nonce with more gas, and paid once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    await withdraw(user, '40');
    await anvil.setAutomine(false);
    try {
      await t.app.payouts!.processOnce();
      // Older than the stuck limit (60 s in production): age the stored transaction instead of waiting.
      await sql`update withdrawal_transactions set created_at = now() - interval '2 minutes'`.execute(t.database.db);
      await t.app.payouts!.processOnce();
    } finally {
      await anvil.setAutomine(true);
    }
    const sent = await t.database.db
      .selectFrom('withdrawal_transactions as t')
      .innerJoin('withdrawals as w', 'w.id', 't.withdrawal_id')
      .select(['t.nonce', 't.gas_price'])
      .where('w.to_address', '=', address.toLowerCase())
      .orderBy('t.created_at')
      .execute();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.nonce).toBe(sent[1]!.nonce);
    expect(BigInt(sent[1]!.gas_price)).toBeGreaterThan(BigInt(sent[0]!.gas_price));
    await anvil.mine({ blocks: 3 });
    await t.app.payouts!.processOnce();
    expect(await onChain(address)).toBe(before + parseUnits('40', 18));
    const [latest] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(latest.status).toBe('completed');
  });

  it('an instance dies mid-payout holding the lease; once the lease runs out another instance sends the stored payout: paid once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const before = await onChain(user.account.address);
    const w = (await withdraw(user, '20')).json().data.withdrawal;
    const send = chain.client.sendRawTransaction;
    chain.client.sendRawTransaction = (async () => {
      throw new Error('process killed before broadcast');
    }) as typeof send;
    try {
      await expect(t.app.payouts!.processOnce()).rejects.toThrow('killed');
    } finally {
      chain.client.sendRawTransaction = send;
    }
    const stored = await transactionsOf(w.id);
    expect(stored).toHaveLength(1);
    const other = await buildTestApp({ chain, database: t.database });
    try {
      // The dead instance's lease still runs: the other one waits.
      expect(await other.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
      expect(await onChain(user.account.address)).toBe(before);
      await sql`update job_leases set expires_at = now() - interval '1 second' where name = ${`payout:${chain.chainId}`}`.execute(
        t.database.db,
      );
      await other.app.payouts!.processOnce();
      await anvil.mine({ blocks: 2 });
      await other.app.payouts!.processOnce();
      // The first instance comes back: the lease is the other's, and nothing is sent twice.
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    } finally {
      await other.close();
      // The other instance is gone: its lease with it, for the tests that follow.
      await sql`delete from job_leases where name = ${`payout:${chain.chainId}`}`.execute(t.database.db);
    }
    expect(await onChain(user.account.address)).toBe(before + parseUnits('20', 18));
    expect(await transactionsOf(w.id)).toEqual(stored);
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('completed');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a crash after a gas-bumped replacement is stored but before it is sent: the replacement goes out as stored, paid once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const before = await onChain(user.account.address);
    const w = (await withdraw(user, '30')).json().data.withdrawal;
    await anvil.setAutomine(false);
    const send = chain.client.sendRawTransaction;
    try {
      await t.app.payouts!.processOnce();
      await sql`update withdrawal_transactions set created_at = now() - interval '2 minutes' where withdrawal_id = ${w.id}`.execute(
        t.database.db,
      );
      chain.client.sendRawTransaction = (async () => {
        throw new Error('process killed before broadcast');
      }) as typeof send;
      await expect(t.app.payouts!.processOnce()).rejects.toThrow('killed');
      chain.client.sendRawTransaction = send;
      const stored = await transactionsOf(w.id);
      expect(stored).toHaveLength(2);
      expect(stored[1]!.nonce).toBe(stored[0]!.nonce);
      expect(BigInt(stored[1]!.gas_price)).toBeGreaterThan(BigInt(stored[0]!.gas_price));
      // Restarted: the stored replacement is sent, not a third transaction signed.
      await t.app.payouts!.processOnce();
      expect(await transactionsOf(w.id)).toEqual(stored);
    } finally {
      chain.client.sendRawTransaction = send;
      await anvil.setAutomine(true);
    }
    await anvil.mine({ blocks: 3 });
    await t.app.payouts!.processOnce();
    expect(await onChain(user.account.address)).toBe(before + parseUnits('30', 18));
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('completed');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('another instance holding the payout lease, or taking it mid-pass, means this one pays nothing', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const w = (await withdraw(user, '20')).json().data.withdrawal;
    const lease = `payout:${chain.chainId}`;
    const steal = () =>
      sql`update job_leases set holder = 'other-instance', expires_at = now() + interval '1 minute' where name = ${lease}`.execute(
        t.database.db,
      );
    const status = async () =>
      await t.database.db
        .selectFrom('withdrawals')
        .select(['status', 'nonce'])
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow();

    await steal();
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    expect(await status()).toEqual({ status: 'queued', nonce: null });

    // The lease passes to another instance while this pass runs (its lease ran out): it must not sign and send.
    await sql`delete from job_leases where name = ${lease}`.execute(t.database.db);
    const getGasPrice = chain.client.getGasPrice;
    let stolen = false;
    chain.client.getGasPrice = (async (...args: Parameters<typeof getGasPrice>) => {
      const price = await getGasPrice(...args);
      if (!stolen) {
        stolen = true;
        await steal();
      }
      return price;
    }) as typeof getGasPrice;
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    } finally {
      chain.client.getGasPrice = getGasPrice;
    }
    expect(stolen).toBe(true);
    expect(await status()).toEqual({ status: 'queued', nonce: null });
    expect(
      await t.database.db
        .selectFrom('withdrawal_transactions')
        .select('tx_hash')
        .where('withdrawal_id', '=', w.id)
        .execute(),
    ).toEqual([]);

    await sql`delete from job_leases where name = ${lease}`.execute(t.database.db);
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(await onChain(address)).toBe(before + parseUnits('20', 18));
  });
});
