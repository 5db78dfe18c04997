import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainContext } from '../../platform/chain/context.js';
import { type Auth, checkBooks, login, type TestApp, testOperators } from '../../test/helpers.js';
import { operatorMoneyHelpers, startOperatorMoney } from '../../test/operator-money.js';

describe('operators: money (withdrawals, deposits, fees and limits, the daily report)', () => {
  let chain: ChainContext;
  let t: TestApp;
  let viewer: Auth;
  let support: Auth;
  let finance: Auth;

  beforeAll(async () => {
    ({ chain, t, viewer, support, finance } = await startOperatorMoney());
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });
  const { withdraw, get } = operatorMoneyHelpers(() => t);

  const reads = [
    '/api/admin/withdrawals',
    '/api/admin/deposits',
    '/api/admin/deposit-reports',
    '/api/admin/money/settings',
    `/api/admin/money/report?from=2026-01-01&to=2026-01-02`,
  ];

  it('every page needs an operator session: none, a forged one and a user’s token are refused; every role reads', async () => {
    const user = await login(t.app);
    for (const url of reads) {
      expect((await t.app.inject({ method: 'GET', url })).json(), url).toMatchObject({ code: 8002 });
      expect((await get(url, { authorization: 'Bearer forged' })).statusCode, url).toBe(401);
      expect((await get(url, user.auth)).json(), url).toMatchObject({ code: 8002 });
      for (const role of [viewer, support, finance])
        expect((await get(url, role)).json(), url).toMatchObject({ code: 0 });
    }
  });

  it('lists withdrawals of every user in their real state, filtered by state, asset and user, page by page', async () => {
    const alice = await t.userWith({ usdt: '5000', fundPassword: 'pass-123' });
    const bob = await t.userWith({ usdt: '500', fundPassword: 'pass-123' });
    const big = (await withdraw(alice.auth, '2000')).json().data.withdrawal;
    const small = (await withdraw(bob.auth, '100')).json().data.withdrawal;
    expect([big.status, small.status]).toEqual(['pending_review', 'queued']);

    const waiting = (await t.injectAs(viewer, 'GET /api/admin/withdrawals?status=pending_review')).json().data.items;
    expect(waiting.map((w: { id: string }) => w.id)).toContain(big.id);
    expect(waiting.find((w: { id: string }) => w.id === big.id)).toMatchObject({
      user: alice.userinfo.bsc.toLowerCase(),
      asset: 'USDT',
      amount: '2000',
      fee: '1.5',
      status: 'pending_review',
      review_reason: 'amount',
      is_stuck: false,
      tx_hash: null,
    });
    expect(waiting.every((w: { status: string }) => w.status === 'pending_review')).toBe(true);

    const bobs = (
      await t.injectAs(viewer, `GET /api/admin/withdrawals?user=${bob.userinfo.bsc.toUpperCase().replace('0X', '0x')}`)
    ).json().data.items;
    expect(bobs.map((w: { id: string }) => w.id)).toEqual([small.id]);
    expect((await t.injectAs(viewer, 'GET /api/admin/withdrawals?asset=WALLX')).json().data.items).toEqual([]);

    const first = (await t.injectAs(viewer, 'GET /api/admin/withdrawals?limit=1')).json().data;
    expect(first.items).toHaveLength(1);
    const second = (await t.injectAs(viewer, `GET /api/admin/withdrawals?limit=1&cursor=${first.next_cursor}`)).json()
      .data;
    expect(Number(second.items[0].id)).toBeLessThan(Number(first.items[0].id));

    expect((await t.injectAs(viewer, 'GET /api/admin/withdrawals?status=processing')).json()).toMatchObject({
      code: 1001,
      data: { field: 'status' },
    });
    expect((await t.injectAs(viewer, 'GET /api/admin/withdrawals?user=alice')).json()).toMatchObject({
      code: 1001,
      data: { field: 'user' },
    });
    expect((await t.injectAs(viewer, 'GET /api/admin/withdrawals?cursor=nonsense')).json()).toMatchObject({
      code: 1001,
      data: { field: 'cursor' },
    });
  });

  it('a rejection needs a reason, refunds amount and fee, and its audit row says what changed', async () => {
    const user = await t.userWith({ usdt: '3000', fundPassword: 'pass-123' });
    const w = (await withdraw(user.auth, '1500')).json().data.withdrawal;
    const review = (payload: object, headers: Auth = finance) =>
      t.injectAs(headers, `POST /api/admin/withdrawals/${w.id}/review`, payload);
    expect((await review({ decision: 'reject' })).json()).toMatchObject({ code: 1001, data: { field: 'note' } });
    expect((await review({ decision: 'reject', note: ' x ' })).json()).toMatchObject({
      code: 1001,
      data: { field: 'note' },
    });
    expect((await review({ decision: 'maybe' })).json()).toMatchObject({ code: 1001, data: { field: 'decision' } });
    expect((await review({ decision: 'reject', note: 'Address flagged by compliance' }, viewer)).json()).toMatchObject({
      code: 1006,
    });
    expect((await review({ decision: 'reject', note: 'Address flagged by compliance' })).json().data.status).toBe(
      'rejected',
    );
    expect((await t.injectAs(user, 'GET /api/user/info')).json().data.balance.usdt).toBe('3000');
    const [row] = await t.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_type', '=', 'withdrawal')
      .where('subject_id', '=', w.id)
      .execute();
    expect(row).toMatchObject({ operator: testOperators.finance.address.toLowerCase(), action: 'withdrawal.reject' });
    expect(row!.detail).toMatchObject({
      before: { status: 'pending_review', amount: '1500', fee: '1.5' },
      after: { status: 'rejected' },
      note: 'Address flagged by compliance',
    });
    const [listed] = (await t.injectAs(viewer, `GET /api/admin/withdrawals?user=${user.userinfo.bsc}`)).json().data
      .items;
    expect(listed).toMatchObject({
      status: 'rejected',
      failure_reason: 'rejected by operator: Address flagged by compliance',
    });
  });

  it('an approval and rejections of one withdrawal at once, as a script sends them: exactly one rejection wins, refunded once; the approval takes a proposal', async () => {
    const user = await t.userWith({ usdt: '3000', fundPassword: 'pass-123' });
    const w = (await withdraw(user.auth, '1500')).json().data.withdrawal;
    const decide = (payload: object) => t.injectAs(finance, `POST /api/admin/withdrawals/${w.id}/review`, payload);
    const answers = await Promise.all([
      decide({ decision: 'approve' }),
      decide({ decision: 'reject', note: 'duplicate request' }),
      decide({ decision: 'reject', note: 'duplicate request' }),
    ]);
    const won = answers.filter((a) => a.json().code === 0);
    expect(won).toHaveLength(1);
    expect(won[0]!.json().data.status).toBe('rejected');
    // The approval is refused either way: it needs two operators (8601), or the withdrawal was already rejected (3016).
    expect([8601, 3016]).toContain(answers[0]!.json().code);
    expect(answers.slice(1).filter((a) => a.json().code === 3016)).toHaveLength(1);
    expect((await t.injectAs(user, 'GET /api/user/info')).json().data.balance.usdt).toBe('3000');
    const rows = await t.database.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject_type', '=', 'withdrawal')
      .where('subject_id', '=', w.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
