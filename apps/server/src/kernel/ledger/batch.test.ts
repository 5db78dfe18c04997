import { sql } from 'kysely';
import { plus } from '@wallx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../platform/db/database.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { creditUsersFrom } from './batch.js';
import { checkLedger } from './check.js';
import { createLedger } from './ledger.js';

describe('the ledger batch credit', () => {
  let t: TestApp;
  const ledger = createLedger();
  /** `count` fresh users with their two accounts, as sign-in makes them; their ids in order. */
  async function users(count: number, tag: string): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      insert into users (address, share_code)
      select '0x' || lpad(${tag} || to_hex(g), 40, '0'), ${tag} || lpad(g::text, 7, '0') from generate_series(1, ${count}::int) g
      returning id::text`.execute(t.database.db);
    await sql`insert into accounts (user_id, kind, asset)
      select u.id, 'user', a.asset from users u cross join (values ('USDT'), ('WALLX')) as a (asset)
      where u.id = any(${rows.map((r) => r.id)}::bigint[])`.execute(t.database.db);
    return rows.map((r) => r.id);
  }
  /** Credits (user → amount) from the staking pool, through a temporary table as the distribution fills one. */
  const creditAll = (credits: Array<[string, string]>, batchSize?: number) =>
    t.database.db.transaction().execute(async (trx: Trx) => {
      await sql`create temporary table batch_test (user_id bigint primary key, amount numeric) on commit drop`.execute(
        trx,
      );
      await sql`insert into batch_test select * from unnest(${credits.map((c) => c[0])}::bigint[], ${credits.map((c) => c[1])}::numeric[])`.execute(
        trx,
      );
      const credited = await creditUsersFrom(trx, {
        from: 'staking_pool',
        type: 'staking_reward',
        ref: { type: 'staking_day', id: '2026-11-27' },
        source: { table: 'batch_test', amounts: { WALLX: 'amount' } },
        ...(batchSize ? { batchSize } : {}),
      });
      return credited.WALLX!;
    });
  const fundPool = (amount: string) =>
    t.database.db.transaction().execute((trx) =>
      ledger.post(trx, {
        debit: { platform: 'staking_funding' },
        credit: { platform: 'staking_pool' },
        asset: 'WALLX',
        amount,
        type: 'staking_funding',
      }),
    );
  const balanceOf = async (id: string) =>
    (
      await sql<{
        b: string;
      }>`select trim_scale(balance)::text as b from accounts where user_id = ${id} and asset = 'WALLX'`.execute(
        t.database.db,
      )
    ).rows[0]!.b;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('credits each user once, as a posting would: two entries, the balance moved, one balance event each, the credit its notice', async () => {
    const [a, b, c] = await users(3, 'a');
    await fundPool('100');
    // A user already has a counter: their event follows on from it.
    await ledger.post(t.database.db, {
      debit: { platform: 'deposits' },
      credit: { user: a! },
      asset: 'WALLX',
      amount: '1',
      type: 'deposit',
      ref: { type: 'test', id: 'x' },
    });
    const result = await creditAll([
      [a!, '1.000000000000000001'],
      [b!, '2'],
      [c!, '0'],
    ]);
    expect(result).toEqual({ users: 2, total: '3.000000000000000001' });
    expect(await balanceOf(a!)).toBe('2.000000000000000001');
    expect(await balanceOf(b!)).toBe('2');
    expect(await balanceOf(c!)).toBe('0');

    const entries = await sql<{
      transaction_id: string;
      kind: string;
      user_id: string | null;
      amount: string;
      balance_after: string | null;
      counterpart: string;
      type: string;
      ref_id: string;
    }>`select e.transaction_id::text, a.kind, a.user_id::text, trim_scale(e.amount)::text as amount,
        trim_scale(e.balance_after)::text as balance_after, ca.kind as counterpart, e.type, e.ref_id
      from ledger_entries e join accounts a on a.id = e.account_id join accounts ca on ca.id = e.counterpart_account_id
      where e.type = 'staking_reward' order by e.id`.execute(t.database.db);
    expect(entries.rows.map(({ transaction_id: _, ...row }) => row)).toEqual([
      {
        kind: 'staking_pool',
        user_id: null,
        amount: '-1.000000000000000001',
        balance_after: null,
        counterpart: 'user',
        type: 'staking_reward',
        ref_id: '2026-11-27',
      },
      {
        kind: 'user',
        user_id: a,
        amount: '1.000000000000000001',
        balance_after: '2.000000000000000001',
        counterpart: 'staking_pool',
        type: 'staking_reward',
        ref_id: '2026-11-27',
      },
      {
        kind: 'staking_pool',
        user_id: null,
        amount: '-2',
        balance_after: null,
        counterpart: 'user',
        type: 'staking_reward',
        ref_id: '2026-11-27',
      },
      {
        kind: 'user',
        user_id: b,
        amount: '2',
        balance_after: '2',
        counterpart: 'staking_pool',
        type: 'staking_reward',
        ref_id: '2026-11-27',
      },
    ]);
    // One transaction per user, each of its own id.
    expect(new Set(entries.rows.map((r) => r.transaction_id)).size).toBe(2);
    expect(entries.rows[0]!.transaction_id).toBe(entries.rows[1]!.transaction_id);

    const events = await sql<{ user_id: string; seq: string; notice: boolean; payload: unknown }>`
      select user_id::text, seq::text, notice, payload from user_events
      where user_id = any(${[a!, b!, c!]}::bigint[]) order by user_id, seq`.execute(t.database.db);
    expect(events.rows).toEqual([
      { user_id: a, seq: '1', notice: false, payload: expect.objectContaining({ asset: 'WALLX', balance: '1' }) },
      {
        user_id: a,
        seq: '2',
        notice: true,
        payload: {
          asset: 'WALLX',
          balance: '2.000000000000000001',
          credit: { type: 'staking_reward', amount: '1.000000000000000001', from: null },
        },
      },
      {
        user_id: b,
        seq: '1',
        notice: true,
        payload: { asset: 'WALLX', balance: '2', credit: { type: 'staking_reward', amount: '2', from: null } },
      },
    ]);
    const seqs = await sql<{ user_id: string; seq: string }>`select user_id::text, seq::text from user_event_seqs
      where user_id = any(${[a!, b!, c!]}::bigint[]) order by user_id`.execute(t.database.db);
    expect(seqs.rows).toEqual([
      { user_id: a, seq: '2' },
      { user_id: b, seq: '1' },
    ]);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('credits a user in both assets in one statement: a transaction per asset, the counter bumped by two, events in order', async () => {
    const [a, b] = await users(2, 'd');
    await fundPool('10');
    await t.database.db.transaction().execute((trx) =>
      ledger.post(trx, {
        debit: { platform: 'fees' },
        credit: { platform: 'staking_pool' },
        asset: 'USDT',
        amount: '10',
        type: 'staking_fee_share',
      }),
    );
    const credited = await t.database.db.transaction().execute(async (trx: Trx) => {
      await sql`create temporary table batch_two (user_id bigint primary key, wallx numeric, usdt numeric) on commit drop`.execute(
        trx,
      );
      await sql`insert into batch_two values (${a}::bigint, 1.5, 0.25), (${b}::bigint, 0, 2)`.execute(trx);
      return creditUsersFrom(trx, {
        from: 'staking_pool',
        type: 'staking_reward',
        ref: { type: 'staking_day', id: '2026-11-26' },
        source: { table: 'batch_two', amounts: { WALLX: 'wallx', USDT: 'usdt' } },
      });
    });
    expect(credited).toEqual({ WALLX: { users: 1, total: '1.5' }, USDT: { users: 2, total: '2.25' } });
    const events = await sql<{ user_id: string; seq: string; asset: string; amount: string }>`
      select user_id::text, seq::text, payload ->> 'asset' as asset, payload -> 'credit' ->> 'amount' as amount
      from user_events where user_id = any(${[a!, b!]}::bigint[]) order by user_id, seq`.execute(t.database.db);
    expect(events.rows).toEqual([
      { user_id: a, seq: '1', asset: 'WALLX', amount: '1.5' },
      { user_id: a, seq: '2', asset: 'USDT', amount: '0.25' },
      { user_id: b, seq: '1', asset: 'USDT', amount: '2' },
    ]);
    const seqs = await sql<{ seq: string }>`select seq::text from user_event_seqs
      where user_id = any(${[a!, b!]}::bigint[]) order by user_id`.execute(t.database.db);
    expect(seqs.rows.map((r) => r.seq)).toEqual(['2', '1']);
    const transactions = await sql<{ n: number }>`select count(distinct transaction_id)::int as n from ledger_entries
      where ref_type = 'staking_day' and ref_id = '2026-11-26'`.execute(t.database.db);
    expect(transactions.rows[0]!.n).toBe(3);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('many users over several batches: every one credited once, the sums whole, the books clean', async () => {
    const ids = await users(1234, 'b');
    await fundPool('2000');
    const before = await sql<{ n: number }>`select count(*)::int as n from ledger_entries`.execute(t.database.db);
    const result = await creditAll(
      ids.map((id, i) => [id, `1.${String(i).padStart(4, '0')}`]),
      500,
    );
    expect(result.users).toBe(1234);
    expect(result.total).toBe(ids.reduce((sum, _, i) => plus(sum, `1.${String(i).padStart(4, '0')}`), '0'));
    const after = await sql<{ n: number }>`select count(*)::int as n from ledger_entries`.execute(t.database.db);
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(2 * 1234);
    const users1 = await sql<{ n: number; total: string }>`
      select count(*)::int as n, trim_scale(sum(balance))::text as total from accounts
      where asset = 'WALLX' and user_id = any(${ids}::bigint[]) and balance > 0`.execute(t.database.db);
    expect(users1.rows[0]).toEqual({ n: 1234, total: result.total });
    const events = await sql<{ n: number }>`select count(*)::int as n from user_events
      where user_id = any(${ids}::bigint[]) and payload -> 'credit' ->> 'type' = 'staking_reward'`.execute(
      t.database.db,
    );
    expect(events.rows[0]!.n).toBe(1234);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('a user without an account row fails the whole batch and moves nothing', async () => {
    const [a] = await users(1, 'c');
    await expect(
      creditAll([
        [a!, '1'],
        ['999999999', '1'],
      ]),
    ).rejects.toMatchObject({ code: 'WX002' });
    expect(await balanceOf(a!)).toBe('0');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
