import { createWalletClient, http, parseUnits, TransactionReceiptNotFoundError } from 'viem';
import { foundry } from 'viem/chains';
import { devAccount, LOCAL_ROLES } from '../../platform/chain/local-node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainContext } from '../../platform/chain/context.js';
import { checkBooks, operatorLogin, type TestApp, testOperators } from '../../test/helpers.js';
import { type Anvil, startWithdrawals, withdrawalsHelpers } from './withdrawals.fixtures.js';

describe('withdrawals paid on chain', () => {
  let chain: ChainContext;
  let t: TestApp;
  let finance: { authorization: string };
  let anvil: Anvil;
  beforeAll(async () => {
    ({ chain, anvil, t, finance } = await startWithdrawals());
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });
  const { withdraw, onChain, balance, setHotUsdt, transactionsOf } = withdrawalsHelpers(() => ({ t, chain, anvil }));

  it('approved but more than the hot wallet holds: stays queued, nothing lost', async () => {
    const user = await t.userWith({ usdt: '2000000', fundPassword: 'pass-123' });
    const w = (await withdraw(user, '1500000')).json().data.withdrawal;
    // Four eyes: one finance operator proposes, another (the admin here) approves.
    const proposal = (
      await t.injectAs(finance, 'POST /api/admin/proposals', {
        kind: 'withdrawal.approve',
        subject_id: w.id,
        reason: 'large but known',
      })
    ).json().data;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/proposals/${proposal.id}/approve`,
      headers: await operatorLogin(t.app, 'admin'),
    });
    expect(approved.json().data.subject.status).toBe('queued');
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_type', '=', 'withdrawal')
      .where('subject_id', '=', w.id)
      .execute();
    expect(audit.map((a) => [a.operator, a.action])).toEqual([
      [testOperators.admin.address.toLowerCase(), 'withdrawal.approve'],
    ]);
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
    const [latest] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(latest.status).toBe('queued');
    expect(await balance(user.auth)).toEqual({ usdt: '499998.5', wallx: '0' });
  });

  it('a payout the chain reverts (the hot wallet ran short between check and mining) is refunded in full, only after the confirmations', async () => {
    const hot = await onChain(chain.hotWallet.address);
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const w = (await withdraw(user, '50')).json().data.withdrawal;
    await anvil.setAutomine(false);
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
      await setHotUsdt(parseUnits('10', 18));
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
      await setHotUsdt(hot);
    }
    const [tx] = await transactionsOf(w.id);
    expect((await anvil.getTransactionReceipt({ hash: tx!.tx_hash as `0x${string}` })).status).toBe('reverted');
    // Reverted in the newest block: one confirmation of two. A reorg could still mine the same signed bytes with success.
    expect(await t.app.payouts!.processOnce()).toMatchObject({ refunded: 0, completed: 0 });
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('broadcast');
    expect(await balance(user.auth)).toEqual({ usdt: '48.5', wallx: '0' });
    await anvil.mine({ blocks: 1 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ refunded: 1 });
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('refunded');
    expect(await balance(user.auth)).toEqual({ usdt: '100', wallx: '0' });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('payouts that each fit the hot wallet but not together: one goes out per what the pass already sent, the other waits queued (no revert, no gas spent)', async () => {
    const hot = await onChain(chain.hotWallet.address);
    // Lowered for this test, so that two ordinary payouts cannot both be covered.
    await setHotUsdt(parseUnits('100', 18));
    try {
      const a = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const b = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const ids: string[] = [];
      for (const u of [a, b]) ids.push((await withdraw(u, '60')).json().data.withdrawal.id);
      const sentBefore = await t.database.db
        .selectFrom('withdrawal_transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      // Both would go out before either is mined (as on BSC, where a block takes seconds).
      await anvil.setAutomine(false);
      try {
        expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
        // Not mined yet: the next pass still counts it against the balance.
        expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
      } finally {
        await anvil.setAutomine(true);
      }
      const sentAfter = await t.database.db
        .selectFrom('withdrawal_transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(sentAfter.n) - Number(sentBefore.n)).toBe(1);
      await anvil.mine({ blocks: 2 });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1, paid: 0, refunded: 0 });
      const statuses = await t.database.db
        .selectFrom('withdrawals')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      expect(statuses.map((w) => w.status)).toEqual(['completed', 'queued']);
      // Topped up, the second is paid.
      await setHotUsdt(parseUnits('100', 18));
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
      await anvil.mine({ blocks: 2 });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    } finally {
      // What the two payouts took left the hot wallet, as in every other test.
      await setHotUsdt(hot - parseUnits('120', 18));
    }
  });

  it('a hot wallet without BNB for gas leaves the payout queued; topped up, it is paid', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    await withdraw(user, '20');
    const bnb = await anvil.getBalance({ address: chain.hotWallet.address });
    await anvil.setBalance({ address: chain.hotWallet.address, value: 1000n });
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
      const [latest] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
      expect(latest).toMatchObject({ status: 'queued', tx_hash: null });
    } finally {
      await anvil.setBalance({ address: chain.hotWallet.address, value: bnb });
    }
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
  });

  it('a payout whose nonce another transaction of the hot wallet spent is paid anew, once', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const w = (await withdraw(user, '30')).json().data.withdrawal;
    await anvil.setAutomine(false);
    let nonce: number;
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
      const row = await t.database.db
        .selectFrom('withdrawals')
        .select(['nonce', 'tx_hash'])
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow();
      nonce = Number(row.nonce);
      // Someone uses the hot wallet's key elsewhere: a transaction at the same nonce with more gas replaces ours.
      await anvil.dropTransaction({ hash: row.tx_hash as `0x${string}` });
      const wallet = createWalletClient({
        account: devAccount(LOCAL_ROLES.hotWallet),
        chain: foundry,
        transport: http(chain.rpcUrl),
      });
      await wallet.sendTransaction({
        to: chain.hotWallet.address,
        value: 0n,
        nonce,
        gasPrice: (await anvil.getGasPrice()) * 2n,
      });
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
    }
    // One confirmation of the other transaction: the payout stays sent (a reorg could still bring it back).
    expect(await t.app.payouts!.processOnce()).toMatchObject({ requeued: 0, paid: 0 });
    // Confirmed: ours can never be mined; it goes back to the queue and is paid at a new nonce.
    await anvil.mine({ blocks: 1 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ requeued: 1, paid: 1 });
    const row = await t.database.db
      .selectFrom('withdrawals')
      .select(['nonce', 'status'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.nonce)).toBeGreaterThan(nonce);
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(await onChain(address)).toBe(before + parseUnits('30', 18));
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a queued withdrawal without its debit is never paid, and ledger:check names it', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const userId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', user.userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;
    // What a request that failed after writing its row left behind before requests were one transaction.
    const orphan = await t.database.db
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        asset: 'USDT',
        amount: '80',
        fee: '1.5',
        to_address: address.toLowerCase(),
        status: 'queued',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 0 });
      expect(
        await t.database.db
          .selectFrom('withdrawal_transactions')
          .select('tx_hash')
          .where('withdrawal_id', '=', orphan.id)
          .execute(),
      ).toEqual([]);
      await anvil.mine({ blocks: 2 });
      expect(await onChain(address)).toBe(before);
      const problems = (await checkBooks(t.database)).problems;
      expect(problems).toEqual([
        expect.objectContaining({
          problem: 'withdrawal without its debit',
          user: user.userinfo.bsc,
          detail: expect.stringContaining(`withdrawal ${orphan.id} `),
        }),
      ]);
    } finally {
      await t.database.db.deleteFrom('withdrawals').where('id', '=', orphan.id).execute();
    }
  });

  it('a payout mined but whose receipt the node does not return is held (shown as processing), never paid again', async () => {
    const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const address = user.account.address;
    const before = await onChain(address);
    const w = (await withdraw(user, '30')).json().data.withdrawal;
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    // A lagging or pruned node: the payout is mined, yet its receipt is "not found".
    const getReceipt = chain.client.getTransactionReceipt;
    chain.client.getTransactionReceipt = (async ({ hash }: { hash: `0x${string}` }) => {
      throw new TransactionReceiptNotFoundError({ hash });
    }) as typeof getReceipt;
    try {
      await anvil.mine({ blocks: 2 });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ requeued: 0, paid: 0, held: 1 });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ requeued: 0, paid: 0 });
    } finally {
      chain.client.getTransactionReceipt = getReceipt;
    }
    const row = await t.database.db
      .selectFrom('withdrawals')
      .select(['status', 'review_reason', 'failure_reason'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'held',
      review_reason: 'nonce',
      failure_reason: expect.stringContaining('by our own payout'),
    });
    const [shown] = (await t.injectAs(user, 'GET /api/funds/withdrawals')).json().data.items;
    expect(shown).toMatchObject({ id: w.id, status: 'processing' });
    expect(
      await t.database.db
        .selectFrom('withdrawal_transactions')
        .select('tx_hash')
        .where('withdrawal_id', '=', w.id)
        .execute(),
    ).toHaveLength(1);
    expect(await onChain(address)).toBe(before + parseUnits('30', 18));
    // Once the node shows the receipt, the worker settles the held payout itself.
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(
      (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('completed');
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
