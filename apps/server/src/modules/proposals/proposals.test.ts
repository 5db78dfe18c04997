import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
  publicActions,
  TransactionReceiptNotFoundError,
} from 'viem';
import { foundry } from 'viem/chains';
import { devAccount, LOCAL_ROLES } from '../../platform/chain/local-node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import {
  type Auth,
  buildTestApp,
  checkBooks,
  consoleLogin,
  newWallet,
  operatorLogin,
  seedOperator,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';

/**
 * Four eyes (decision 80): approving a withdrawal above the review threshold, and any decision on a
 * held payout, are proposed by one finance operator and made only when a different one approves;
 * a held payout only once the chain, asked again then, shows it was not paid.
 */
describe('proposals', () => {
  let chain: ChainContext;
  let t: TestApp;
  let financeA: Auth;
  let financeB: Auth;
  let financeB2: Auth;
  let anvil: ReturnType<typeof testClient>;
  const testClient = (rpcUrl: string) =>
    createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl), cacheTime: 0 }).extend(publicActions);
  const call = (method: 'GET' | 'POST', url: string, auth: Auth, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    chain = await openChain(
      loadConfig({
        CONFIRMATIONS: '2',
        WITHDRAW_MIN_USDT: '20',
        WITHDRAW_FEE_USDT: '1',
        WITHDRAW_REVIEW_USDT: '1000',
        WITHDRAW_HOURLY_CAP_USDT: '100000000',
      }).chain,
    );
    anvil = testClient(chain.rpcUrl);
    t = await buildTestApp({ chain });
    financeA = await operatorLogin(t.app, 'finance');
    // B is someone else; B2 is B's second wallet, recorded as the same person.
    const b = newWallet();
    const b2 = newWallet();
    await seedOperator(t.database, b, 'finance');
    await seedOperator(t.database, b2, 'finance', { person: b.address });
    financeB = await consoleLogin(t.app, b);
    financeB2 = await consoleLogin(t.app, b2);
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const withdraw = async (auth: Auth, amount: string) =>
    (await t.injectAs(auth, 'POST /api/funds/withdraw', { asset: 'USDT', amount, fund_password: 'pass-123' })).json()
      .data.withdrawal as { id: string; status: string };
  const propose = (auth: Auth, kind: string, subjectId: string, reason = 'Checked the address and the history') =>
    t.injectAs(auth, 'POST /api/admin/proposals', { kind, subject_id: subjectId, reason });
  const approve = (auth: Auth, id: string) => t.injectAs(auth, `POST /api/admin/proposals/${id}/approve`);
  const statusOf = async (id: string) =>
    (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const onChain = (address: `0x${string}`) =>
    anvil.readContract({ address: chain.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const audit = (subjectType: string, subjectId: string) =>
    t.database.db
      .selectFrom('operator_audit')
      .select(['operator', 'action', 'detail'])
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', subjectId)
      .orderBy('id')
      .execute();

  it('a withdrawal above the threshold: A proposes, A cannot approve, B approves, the payout worker pays it; every step audited', async () => {
    const user = await t.userWith({ usdt: '2500', fundPassword: 'pass-123' });
    const w = await withdraw(user.auth, '2000');
    expect(w.status).toBe('pending_review');
    // The single decision is gone for approvals: it takes a proposal.
    expect(
      (await call('POST', `/api/admin/withdrawals/${w.id}/review`, financeA, { decision: 'approve' })).json(),
    ).toMatchObject({ code: 8601, data: { field: 'decision' } });

    const proposed = (await propose(financeA, 'withdrawal.approve', w.id)).json();
    expect(proposed).toMatchObject({
      code: 0,
      data: {
        kind: 'withdrawal.approve',
        status: 'pending',
        proposed_by: testOperators.finance.address.toLowerCase(),
        subject: { user: user.userinfo.bsc, asset: 'USDT', amount: '2000', status: 'pending_review' },
      },
    });
    const id = proposed.data.id as string;
    expect((await approve(financeA, id)).json()).toMatchObject({ code: 8605, data: { field: 'id' } });
    expect(await statusOf(w.id)).toBe('pending_review');
    // A second proposal about the same withdrawal waits for the first.
    expect((await propose(financeB, 'withdrawal.approve', w.id)).json()).toMatchObject({
      code: 8602,
      data: { field: 'subject_id' },
    });
    // Views: A's own, and what B may approve (not what A may).
    const ids = async (auth: Auth, view: string) =>
      (
        (await t.injectAs(auth, `GET /api/admin/proposals?view=${view}`)).json().data.items as Array<{ id: string }>
      ).map((p) => p.id);
    expect(await ids(financeA, 'mine')).toContain(id);
    expect(await ids(financeA, 'to_approve')).not.toContain(id);
    expect(await ids(financeB, 'to_approve')).toContain(id);
    expect(await ids(financeB, 'mine')).not.toContain(id);
    const about = (
      await call('GET', `/api/admin/proposals?status=pending&subject_id=${w.id}`, await operatorLogin(t.app, 'viewer'))
    ).json().data.items;
    expect(about.map((p: { id: string }) => p.id)).toEqual([id]);

    const approved = (await approve(financeB, id)).json();
    expect(approved).toMatchObject({
      code: 0,
      data: { status: 'approved', decided_by: expect.any(String), subject: { status: 'queued' } },
    });
    expect((await approve(financeB, id)).json()).toMatchObject({ code: 8604 });
    const before = await onChain(user.account.address);
    expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
    await anvil.mine({ blocks: 2 });
    expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
    expect(await onChain(user.account.address)).toBe(before + parseUnits('2000', 18));

    expect((await audit('proposal', id)).map((row) => [row.operator, row.action])).toEqual([
      [testOperators.finance.address.toLowerCase(), 'proposal.create'],
      [approved.data.decided_by, 'proposal.approve'],
    ]);
    expect(await audit('withdrawal', w.id)).toEqual([
      {
        operator: approved.data.decided_by,
        action: 'withdrawal.approve',
        detail: expect.objectContaining({
          proposal: id,
          proposed_by: testOperators.finance.address.toLowerCase(),
          before: expect.objectContaining({ status: 'pending_review' }),
          after: { status: 'queued' },
        }),
      },
    ]);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a second wallet of the proposer cannot approve; either side may withdraw; a withdrawn one decides nothing', async () => {
    const user = await t.userWith({ usdt: '2500', fundPassword: 'pass-123' });
    const w = await withdraw(user.auth, '2000');
    const id = (await propose(financeB, 'withdrawal.approve', w.id)).json().data.id as string;
    expect((await approve(financeB2, id)).json()).toMatchObject({ code: 8605 });
    expect((await call('POST', `/api/admin/proposals/${id}/withdraw`, financeA)).json()).toMatchObject({
      code: 0,
      data: { status: 'withdrawn' },
    });
    expect((await approve(financeA, id)).json()).toMatchObject({ code: 8604 });
    expect(await statusOf(w.id)).toBe('pending_review');
    // Proposed again and withdrawn by its own proposer.
    const again = (await propose(financeB, 'withdrawal.approve', w.id)).json().data.id as string;
    expect((await call('POST', `/api/admin/proposals/${again}/withdraw`, financeB)).json()).toMatchObject({
      data: { status: 'withdrawn' },
    });
    // A rejection above the threshold still takes one operator: it only gives the user their money back.
    expect(
      (
        await call('POST', `/api/admin/withdrawals/${w.id}/review`, financeA, {
          decision: 'reject',
          note: 'asked by the user',
        })
      ).json(),
    ).toMatchObject({ code: 0, data: { status: 'rejected' } });
    // A proposal cannot name what may not be decided so.
    expect((await propose(financeA, 'withdrawal.approve', w.id)).json()).toMatchObject({
      code: 3016,
      data: { field: 'subject_id' },
    });
    expect((await propose(financeA, 'withdrawal.reject', w.id)).json()).toMatchObject({ code: 3016 });
    expect((await propose(financeA, 'withdrawal.approve', '999999')).json()).toMatchObject({
      code: 3015,
      data: { field: 'subject_id' },
    });
    expect((await propose(financeA, 'withdrawal.approve', w.id, ' ')).json()).toMatchObject({
      code: 1001,
      data: { field: 'reason' },
    });
    expect((await approve(financeA, '999999')).json()).toMatchObject({ code: 8603 });
    expect((await propose(await operatorLogin(t.app, 'support'), 'withdrawal.approve', w.id)).json()).toMatchObject({
      code: 1006,
    });
  });

  it('proposals and approvals raced by a script: one proposal waits, it is decided once, and the payout queued once', async () => {
    const user = await t.userWith({ usdt: '2500', fundPassword: 'pass-123' });
    const w = await withdraw(user.auth, '2000');
    // Proposed four times at once: one proposal waits, the others are told so.
    const proposed = await Promise.all(
      [financeA, financeA, financeB, financeB2].map((auth) => propose(auth, 'withdrawal.approve', w.id)),
    );
    expect(proposed.map((answer) => answer.json().code).sort()).toEqual([0, 8602, 8602, 8602]);
    const id = proposed.find((answer) => answer.json().code === 0)!.json().data.id as string;
    const proposer = proposed.find((answer) => answer.json().code === 0)!.json().data.proposed_by as string;
    const other = proposer === testOperators.finance.address.toLowerCase() ? financeB : financeA;
    const answers = await Promise.all([
      approve(other, id),
      approve(other, id),
      approve(other, id),
      t.injectAs(other, `POST /api/admin/proposals/${id}/withdraw`),
    ]);
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.every((code) => code === 0 || code === 8604)).toBe(true);
    const approvals = (await audit('withdrawal', w.id)).filter((row) => row.action === 'withdrawal.approve');
    expect(approvals.length).toBe((await statusOf(w.id)) === 'queued' ? 1 : 0);
    await t.app.payouts!.processOnce();
    await anvil.mine({ blocks: 2 });
    await t.app.payouts!.processOnce();
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  describe('held payouts: the chain is asked again when the decision is made', () => {
    it('a held payout the chain shows as paid is neither paid again nor refunded', async () => {
      const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const w = await withdraw(user.auth, '30');
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
      // A lagging or pruned node: the payout is mined, yet its receipt is "not found"; the worker holds it.
      const getReceipt = chain.client.getTransactionReceipt;
      chain.client.getTransactionReceipt = (async ({ hash }: { hash: `0x${string}` }) => {
        throw new TransactionReceiptNotFoundError({ hash });
      }) as typeof getReceipt;
      try {
        await anvil.mine({ blocks: 2 });
        expect(await t.app.payouts!.processOnce()).toMatchObject({ held: 1 });
        expect(await statusOf(w.id)).toBe('held');
        expect(
          (
            await call('POST', `/api/admin/withdrawals/${w.id}/review`, financeA, {
              decision: 'reject',
              note: 'not paid, I think',
            })
          ).json(),
        ).toMatchObject({ code: 8601 });
        for (const kind of ['withdrawal.approve', 'withdrawal.reject']) {
          const id = (await propose(financeA, kind, w.id)).json().data.id as string;
          expect((await approve(financeB, id)).json(), kind).toMatchObject({ code: 8607, data: { field: 'id' } });
          expect((await call('POST', `/api/admin/proposals/${id}/withdraw`, financeA)).json().code).toBe(0);
        }
      } finally {
        chain.client.getTransactionReceipt = getReceipt;
      }
      expect(await statusOf(w.id)).toBe('held');
      expect(
        (
          await t.database.db
            .selectFrom('withdrawal_transactions')
            .select('tx_hash')
            .where('withdrawal_id', '=', w.id)
            .execute()
        ).length,
      ).toBe(1);
      expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });

    it('a held payout whose nonce another transaction spent for good is paid anew on approval; one still unmined is undetermined', async () => {
      const user = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
      const before = await onChain(user.account.address);
      const w = await withdraw(user.auth, '30');
      await anvil.setAutomine(false);
      let proposal: string;
      try {
        expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
        // Held while ours is still in the pool: nothing can be said yet.
        await t.database.db
          .updateTable('withdrawals')
          .set({ status: 'held', review_reason: 'nonce' })
          .where('id', '=', w.id)
          .execute();
        proposal = (await propose(financeA, 'withdrawal.approve', w.id)).json().data.id as string;
        expect((await approve(financeB, proposal)).json()).toMatchObject({ code: 8608 });
        // Someone uses the hot wallet's key elsewhere: a transaction at the same nonce replaces ours.
        const row = await t.database.db
          .selectFrom('withdrawals')
          .select(['nonce', 'tx_hash'])
          .where('id', '=', w.id)
          .executeTakeFirstOrThrow();
        await anvil.dropTransaction({ hash: row.tx_hash as `0x${string}` });
        const wallet = createWalletClient({
          account: devAccount(LOCAL_ROLES.hotWallet),
          chain: foundry,
          transport: http(chain.rpcUrl),
        });
        await wallet.sendTransaction({
          to: chain.hotWallet.address,
          value: 0n,
          nonce: Number(row.nonce),
          gasPrice: (await anvil.getGasPrice()) * 2n,
        });
        await anvil.mine({ blocks: 1 });
        // One confirmation of the other transaction: a reorg could still bring ours back.
        expect((await approve(financeB, proposal)).json()).toMatchObject({ code: 8608 });
        await anvil.mine({ blocks: 1 });
      } finally {
        await anvil.setAutomine(true);
      }
      expect((await approve(financeB, proposal)).json()).toMatchObject({
        code: 0,
        data: { status: 'approved', subject: { status: 'queued' } },
      });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ paid: 1 });
      await anvil.mine({ blocks: 2 });
      expect(await t.app.payouts!.processOnce()).toMatchObject({ completed: 1 });
      expect(await onChain(user.account.address)).toBe(before + parseUnits('30', 18));
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });
  });
});
