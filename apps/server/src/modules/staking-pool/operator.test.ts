import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  checkBooks,
  consoleLogin,
  operatorLogin,
  testOperators,
  testSecondAdmin,
  type Auth,
  type TestApp,
} from '../../test/helpers.js';
import { fillPool, poolOf, stakeOf } from './staking-pool.fixtures.js';

const NOW = Date.parse('2026-11-21T04:00:00Z');

describe('operators: the staking pool', () => {
  let t: TestApp;
  let viewer: Auth;
  let finance: Auth;
  let admin: Auth;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => NOW });
    [viewer, finance, admin] = [
      await operatorLogin(t.app, 'viewer'),
      await operatorLogin(t.app, 'finance'),
      await operatorLogin(t.app, 'admin'),
    ];
  });
  afterAll(() => t.close());
  const approve = (who: Auth, id: string) => t.injectAs(who, `POST /api/admin/proposals/${id}/approve`);
  const audit = (action: string) =>
    t.database.db.selectFrom('operator_audit').selectAll().where('action', '=', action).orderBy('id').execute();

  it('every operator reads the pool, its stakes (with their owners) and its distributions; guests do not', async () => {
    const alice = await t.userWith();
    const bob = await t.userWith();
    await stakeOf(t.database, alice, { amount: '100', term: 'flexible', startedAt: '2026-11-19T10:00:00Z' });
    await stakeOf(t.database, bob, { amount: '50', term: 'd90', startedAt: '2026-11-19T10:00:00Z' });
    await fillPool(t.database, 'WALLX', '10');
    await fillPool(t.database, 'USDT', '1');
    await t.app.stakingDistribution.distributeDue();

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/staking' })).statusCode).toBe(401);
    expect((await t.injectAs(alice, 'GET /api/admin/staking')).statusCode).toBe(401);
    const pool = (await t.injectAs(viewer, 'GET /api/admin/staking')).json().data;
    expect(pool).toMatchObject({
      // What rounding left: 9 × 100/175 and 9 × 75/175 are rounded down.
      pool: { WALLX: '0.000000000000000001', USDT: '0.000000000000000001' },
      funded: '10',
      staked: { amount: '150', stakes: 2, users: 2 },
      terms: [
        { term: 'flexible', amount: '100', stakes: 1 },
        { term: 'd30', amount: '0', stakes: 0 },
        { term: 'd90', amount: '50', stakes: 1 },
        { term: 'd180', amount: '0', stakes: 0 },
      ],
      last_day: '2026-11-20',
    });
    // Two days, two assets each, newest first.
    expect(pool.distributions.map((d: { day: string; asset: string }) => `${d.day} ${d.asset}`)).toEqual([
      '2026-11-20 WALLX',
      '2026-11-20 USDT',
      '2026-11-19 WALLX',
      '2026-11-19 USDT',
    ]);
    // Weights 100 and 75: 9 WALLX after the aid share, 0.9 USDT.
    expect(pool.distributions[0]).toMatchObject({
      proceeds: '10',
      aid: '1',
      paid: '8.999999999999999999',
      kept: '0.000000000000000001',
      stakes: 2,
      users: 2,
      total_weight: '175',
    });

    const stakes = (await t.injectAs(viewer, 'GET /api/admin/staking/stakes?limit=1')).json().data;
    expect(stakes.items).toEqual([
      expect.objectContaining({
        user: bob.userinfo.bsc.toLowerCase(),
        amount: '50',
        term: 'd90',
        status: 'active',
        earned_wallx: '3.857142857142857142',
        last_day: '2026-11-20',
      }),
    ]);
    const rest = (await t.injectAs(viewer, `GET /api/admin/staking/stakes?limit=1&cursor=${stakes.next_cursor}`)).json()
      .data;
    expect(rest.items.map((s: { user: string }) => s.user)).toEqual([alice.userinfo.bsc.toLowerCase()]);
    expect((await t.injectAs(viewer, 'GET /api/admin/staking/stakes?status=withdrawn')).json().data.items).toEqual([]);
    expect((await t.injectAs(viewer, 'GET /api/admin/staking/stakes?status=gone')).json()).toMatchObject({
      code: 1001,
      data: { field: 'status' },
    });

    const first = (await t.injectAs(viewer, 'GET /api/admin/staking/distributions?limit=3')).json().data;
    expect(first.items).toHaveLength(3);
    const next = (
      await t.injectAs(viewer, `GET /api/admin/staking/distributions?limit=3&cursor=${first.next_cursor}`)
    ).json().data;
    expect(next).toMatchObject({ items: [{ day: '2026-11-19', asset: 'USDT' }], next_cursor: null });
    expect((await t.injectAs(viewer, 'GET /api/admin/staking/distributions?cursor=bad')).json()).toMatchObject({
      code: 1001,
      data: { field: 'cursor' },
    });
  });

  it('adding to the pool is a proposal: its proposer cannot approve it, another does, and the pool and books follow', async () => {
    const before = await poolOf(t.database);
    expect(
      (await t.injectAs(viewer, 'POST /api/admin/staking/fund', { amount: '5', reason: 'Launch' })).json(),
    ).toMatchObject({
      code: 1006,
    });
    expect(
      (await t.injectAs(finance, 'POST /api/admin/staking/fund', { amount: '0', reason: 'Launch' })).json(),
    ).toMatchObject({ code: 1001, data: { field: 'amount' } });
    const proposed = (
      await t.injectAs(finance, 'POST /api/admin/staking/fund', { amount: '250.5', reason: 'Launch week' })
    ).json();
    expect(proposed).toMatchObject({
      code: 0,
      data: {
        kind: 'staking.fund',
        subject_type: 'staking_budget',
        subject_id: 'WALLX',
        status: 'pending',
        funding: { asset: 'WALLX', amount: '250.5' },
      },
    });
    const id = proposed.data.id as string;
    expect(await poolOf(t.database)).toEqual(before);
    expect((await approve(finance, id)).json()).toMatchObject({ code: 8605 });
    expect((await approve(viewer, id)).json()).toMatchObject({ code: 1006 });
    expect((await approve(admin, id)).json()).toMatchObject({ code: 0, data: { status: 'approved' } });
    expect((await poolOf(t.database)).WALLX).toBe('250.500000000000000001');
    expect((await t.injectAs(viewer, 'GET /api/admin/staking')).json().data.funded).toBe('260.5');
    expect((await audit('staking.fund'))[0]).toMatchObject({
      operator: testOperators.admin.address.toLowerCase(),
      subject_type: 'staking_budget',
      detail: expect.objectContaining({ amount: '250.5', reason: 'Launch week', pool: '250.500000000000000001' }),
    });
    expect((await approve(admin, id)).json()).toMatchObject({ code: 8604 });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('a change of the rules is a proposal made on the version read, in force once another operator approves it', async () => {
    const current = (await t.injectAs(viewer, 'GET /api/admin/staking/settings')).json().data;
    expect(current).toMatchObject({ version: 0, aid_share: '0.1', fee_share: '0.2', updated_by: null });
    const { version, updated_by: _u, approved_by: _a, updated_at: _t, ...values } = current;
    const change = { ...values, version, aid_share: '0.25', term_weights: { ...values.term_weights, d180: '3' } };
    expect(
      (await t.injectAs(finance, 'POST /api/admin/staking/settings', { ...values, version })).json(),
    ).toMatchObject({
      code: 8611,
    });
    expect(
      (await t.injectAs(finance, 'POST /api/admin/staking/settings', { ...change, aid_share: '1.5' })).json(),
    ).toMatchObject({ code: 1001, data: { field: 'aid_share' } });
    const proposed = (await t.injectAs(finance, 'POST /api/admin/staking/settings', change)).json();
    expect(proposed).toMatchObject({
      code: 0,
      data: {
        kind: 'staking_settings.update',
        subject_type: 'staking_settings',
        staking_settings: { version: 0, before: { aid_share: '0.1' }, after: { aid_share: '0.25' } },
      },
    });
    expect((await approve(finance, proposed.data.id)).json()).toMatchObject({ code: 8605 });
    expect((await t.injectAs(viewer, 'GET /api/admin/staking/settings')).json().data.version).toBe(0);
    const second = await consoleLogin(t.app, testSecondAdmin);
    expect((await approve(second, proposed.data.id)).json()).toMatchObject({ code: 0, data: { status: 'approved' } });
    expect((await t.injectAs(viewer, 'GET /api/admin/staking/settings')).json().data).toMatchObject({
      version: 1,
      aid_share: '0.25',
      term_weights: { d180: '3' },
      updated_by: testOperators.finance.address.toLowerCase(),
      approved_by: testSecondAdmin.address.toLowerCase(),
    });
    // Made on version 0, now stale.
    expect(
      (await t.injectAs(finance, 'POST /api/admin/staking/settings', { ...change, aid_share: '0.3' })).json(),
    ).toMatchObject({
      code: 9020,
      data: { field: 'version' },
    });
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from operator_audit where action = 'staking_settings.update'`.execute(t.database.db);
    expect(rows.rows[0]!.n).toBe(1);
  });
});
