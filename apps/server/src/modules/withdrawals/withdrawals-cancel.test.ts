import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainContext } from '../../platform/chain/context.js';
import {
  type Auth,
  checkBooks,
  consoleLogin,
  newWallet,
  type Session,
  seedOperator,
  type TestApp,
} from '../../test/helpers.js';
import { type Anvil, startWithdrawals, withdrawalsHelpers } from './withdrawals.fixtures.js';

/** The owner cancels a withdrawal awaiting review; an operator's approval may come at the same moment. */
describe('cancelling my withdrawal while it awaits review', () => {
  let chain: ChainContext;
  let t: TestApp;
  let anvil: Anvil;
  let financeA: Auth;
  let financeB: Auth;
  beforeAll(async () => {
    ({ chain, anvil, t, finance: financeA } = await startWithdrawals());
    // Approving takes two finance operators who are different people (decision 80).
    const b = newWallet();
    await seedOperator(t.database, b, 'finance');
    financeB = await consoleLogin(t.app, b);
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });
  const { withdraw, balance } = withdrawalsHelpers(() => ({ t, chain, anvil }));
  const cancel = (who: Session | Auth, id: string, headers: Record<string, string> = {}) =>
    t.injectAs(who, `POST /api/funds/withdrawals/${id}/cancel`, undefined, headers);
  const inReview = async (user: Session) => {
    const w = (await withdraw(user, '1500')).json().data.withdrawal as { id: string; status: string };
    expect(w.status).toBe('pending_review');
    return w;
  };
  const statusOf = async (id: string) =>
    (await t.database.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('gives amount and fee back exactly, once; a repeat answers the same; the books stay clean', async () => {
    const user = await t.userWith({ usdt: '1600.25', fundPassword: 'pass-123' });
    const w = await inReview(user);
    expect(await balance(user.auth)).toEqual({ usdt: '98.75', wallx: '0' });
    const first = (await cancel(user, w.id)).json();
    expect(first).toMatchObject({ code: 0, data: { withdrawal: { id: w.id, status: 'refunded', amount: '1500' } } });
    expect(await balance(user.auth)).toEqual({ usdt: '1600.25', wallx: '0' });
    // Its owner's stream heard both states: under review, then refunded (which the inbox keeps).
    const told = await t.database.db
      .selectFrom('user_events')
      .select(['payload', 'notice'])
      .where('type', '=', 'withdrawal')
      .where(sql<boolean>`payload->>'id' = ${w.id}`)
      .orderBy('seq')
      .execute();
    expect(told).toEqual([
      { notice: false, payload: { id: w.id, asset: 'USDT', amount: '1500', status: 'pending_review' } },
      { notice: true, payload: { id: w.id, asset: 'USDT', amount: '1500', status: 'refunded' } },
    ]);
    // A retry after a lost answer, without a key: the same answer, no second refund.
    expect((await cancel(user, w.id)).json()).toEqual(first);
    expect(await balance(user.auth)).toEqual({ usdt: '1600.25', wallx: '0' });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('refuses one not awaiting review with 409, and someone else’s with 404 revealing nothing', async () => {
    const user = await t.userWith({ usdt: '200', fundPassword: 'pass-123' });
    const queued = (await withdraw(user, '100')).json().data.withdrawal as { id: string; status: string };
    expect(queued.status).toBe('queued');
    const refused = await cancel(user, queued.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 3020,
      message: 'Only a withdrawal still awaiting review can be cancelled',
      data: { field: 'id' },
    });
    expect((await cancel(user, queued.id, { 'accept-language': 'zh-CN' })).json().message).toBe(
      '只有仍在审核中的提现可以取消',
    );

    const owner = await t.userWith({ usdt: '1600', fundPassword: 'pass-123' });
    const theirs = await inReview(owner);
    const other = await t.userWith({});
    for (const id of [theirs.id, '999999999']) {
      const answer = await cancel(other, id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 3015 });
    }
    expect(await statusOf(theirs.id)).toBe('pending_review');
    expect(await balance(user.auth)).toEqual({ usdt: '98.5', wallx: '0' });
  });

  it('the owner’s cancel and the operator’s approval at once, 20 rounds: exactly one wins each time; an approved one is never refunded', async () => {
    const wins = { cancel: 0, approve: 0 };
    const holdBack = [0, 5, 0, 20];
    for (let round = 0; round < 20; round++) {
      const user = await t.userWith({ usdt: '1501.5', fundPassword: 'pass-123' });
      const w = await inReview(user);
      const proposal = (
        await t.injectAs(financeA, 'POST /api/admin/proposals', {
          kind: 'withdrawal.approve',
          subject_id: w.id,
          reason: 'Checked the address and the history',
        })
      ).json().data.id as string;
      // Whichever request starts first nearly always wins, so the rounds alternate which one starts
      // first, and hold the other back by 0 (a true race), 5 or 20 ms: both orders are exercised.
      const doCancel = () => cancel(user, w.id);
      const doApprove = () => t.injectAs(financeB, `POST /api/admin/proposals/${proposal}/approve`);
      const delay = holdBack[Math.floor(round / 2) % holdBack.length]!;
      const later = <T>(send: () => Promise<T>) => (delay === 0 ? send() : sleep(delay).then(send));
      const [cancelled, approved] =
        round % 2 === 0
          ? await Promise.all([doCancel(), later(doApprove)])
          : await Promise.all([later(doCancel), doApprove()]);
      const [c, a] = [cancelled.json().code, approved.json().code];
      expect(
        [c, a].filter((code) => code === 0),
        `round ${round}`,
      ).toHaveLength(1);
      if (c === 0) {
        wins.cancel++;
        expect(a).toBe(3016);
        expect(await statusOf(w.id)).toBe('refunded');
        expect(await balance(user.auth)).toEqual({ usdt: '1501.5', wallx: '0' });
      } else {
        wins.approve++;
        expect(c).toBe(3020);
        expect(await statusOf(w.id)).toBe('queued');
        expect(await balance(user.auth)).toEqual({ usdt: '0', wallx: '0' });
      }
    }
    expect(wins.cancel + wins.approve).toBe(20);
    expect(wins.cancel, JSON.stringify(wins)).toBeGreaterThan(0);
    expect(wins.approve, JSON.stringify(wins)).toBeGreaterThan(0);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('ten cancels of one withdrawal at once without a key: one refund, the same answer to all', async () => {
    const user = await t.userWith({ usdt: '1501.5', fundPassword: 'pass-123' });
    const w = await inReview(user);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(user, w.id)));
    expect(answers.map((a) => a.json().code)).toEqual(Array(10).fill(0));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await balance(user.auth)).toEqual({ usdt: '1501.5', wallx: '0' });
    const refunds = await t.database.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('ref_type', '=', 'withdrawal')
      .where('ref_id', '=', w.id)
      .where('type', '=', 'withdrawal_refund')
      .execute();
    // Amount and fee: two postings of two entries each, once.
    expect(refunds).toHaveLength(4);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
