import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createLedger } from '../../kernel/ledger/ledger.js';
import { createRewards } from '../../kernel/rewards/rewards.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import {
  type Auth,
  buildTestApp,
  checkBooks,
  operatorLogin,
  type TestApp,
  testOperators,
  testSecondAdmin,
  consoleLogin,
} from '../../test/helpers.js';

const ZONE = 'Asia/Shanghai';

/** Users straight in the database, with a check-in each on `day` at these moods (no route writes a past day). */
async function seedCheckins(t: TestApp, day: string, moods: number[], note: string | null = null): Promise<string[]> {
  const ids: string[] = [];
  for (const mood of moods) {
    const hex = crypto.randomUUID().replace(/-/g, '').padEnd(40, '0').slice(0, 40);
    const { id } = await t.database.db
      .insertInto('users')
      .values({ address: `0x${hex}`, share_code: hex.slice(0, 12) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('checkins')
      .values({ user_id: id, day, mood, feelings: ['lonely'], note, streak: 1 })
      .execute();
    ids.push(id);
  }
  return ids;
}

describe('operators: well-being (aggregates only, reward rules, budget, crisis lines)', () => {
  let t: TestApp;
  let viewer: Auth;
  let support: Auth;
  let finance: Auth;
  let admin: Auth;
  let today: string;
  beforeAll(async () => {
    t = await buildTestApp();
    [viewer, support, finance, admin] = [
      await operatorLogin(t.app, 'viewer'),
      await operatorLogin(t.app, 'support'),
      await operatorLogin(t.app, 'finance'),
      await operatorLogin(t.app, 'admin'),
    ];
    today = dayInZone(Date.now(), ZONE);
  });
  afterAll(() => t.close());

  const audit = (action: string) =>
    t.database.db.selectFrom('operator_audit').selectAll().where('action', '=', action).orderBy('id').execute();
  const approve = (who: Auth, id: string) => t.injectAs(who, `POST /api/admin/proposals/${id}/approve`);

  describe('the summary', () => {
    it('shows a day’s count and average mood only once 20 people checked in: 19 hide them, 20 show them', async () => {
      const nineteen = addDays(today, -1);
      const twenty = addDays(today, -2);
      await seedCheckins(
        t,
        nineteen,
        Array.from({ length: 19 }, () => 5),
      );
      await seedCheckins(t, twenty, [...Array.from({ length: 10 }, () => 5), ...Array.from({ length: 10 }, () => 2)]);
      const summary = (
        await t.injectAs(viewer, `GET /api/admin/wellbeing/summary?from=${twenty}&to=${nineteen}`)
      ).json();
      expect(summary).toMatchObject({
        code: 0,
        data: {
          from: twenty,
          to: nineteen,
          time_zone: ZONE,
          min_people: 20,
          days: [
            { day: nineteen, checkins: null, average_mood: null, rewards_paid: '0' },
            { day: twenty, checkins: 20, average_mood: '3.50', rewards_paid: '0' },
          ],
        },
      });
      // A 20th person on the hidden day brings it into view.
      await seedCheckins(t, nineteen, [1]);
      const again = (
        await t.injectAs(viewer, `GET /api/admin/wellbeing/summary?from=${nineteen}&to=${nineteen}`)
      ).json();
      expect(again.data.days).toEqual([{ day: nineteen, checkins: 20, average_mood: '4.80', rewards_paid: '0' }]);
    });

    it('defaults to the last 7 days up to today in the check-in zone, every day listed, newest first', async () => {
      const summary = (await t.injectAs(viewer, 'GET /api/admin/wellbeing/summary')).json().data;
      expect(summary.to).toBe(today);
      expect(summary.from).toBe(addDays(today, -6));
      expect(summary.days.map((d: { day: string }) => d.day)).toEqual(
        Array.from({ length: 7 }, (_, i) => addDays(today, -i)),
      );
      // Nobody checked in today: as hidden as a small group.
      expect(summary.days[0]).toMatchObject({ checkins: null, average_mood: null });
    });

    it('refuses a range backwards, longer than 92 days or with one end, naming the field', async () => {
      const get = (query: string) => t.injectAs(viewer, `GET /api/admin/wellbeing/summary?${query}`);
      expect((await get(`from=${today}&to=${addDays(today, -1)}`)).json()).toMatchObject({
        code: 8502,
        data: { field: 'from' },
      });
      expect((await get(`from=${addDays(today, -92)}&to=${today}`)).json()).toMatchObject({
        code: 8502,
        data: { field: 'to' },
      });
      expect((await get(`from=${addDays(today, -91)}&to=${today}`)).json().data.days).toHaveLength(92);
      expect((await get(`from=${today}`)).json()).toMatchObject({ code: 1001, data: { field: 'to' } });
      expect((await get('from=2026-02-30&to=2026-03-01')).json()).toMatchObject({
        code: 1001,
        data: { field: 'from' },
      });
    });
  });

  describe('the rewards budget', () => {
    it('only finance and admins propose funding it; a bad amount or reason is refused naming the field', async () => {
      const fund = (who: Auth, body: object) => t.injectAs(who, 'POST /api/admin/wellbeing/budget', body);
      expect((await fund(viewer, { amount: '100', reason: 'Launch' })).json()).toMatchObject({ code: 1006 });
      expect((await fund(support, { amount: '100', reason: 'Launch' })).json()).toMatchObject({ code: 1006 });
      expect((await fund(finance, { amount: '0', reason: 'Launch' })).json()).toMatchObject({
        code: 1001,
        data: { field: 'amount' },
      });
      expect((await fund(finance, { amount: '-5', reason: 'Launch' })).json()).toMatchObject({
        code: 1001,
        data: { field: 'amount' },
      });
      expect((await fund(finance, { amount: '5', reason: ' ' })).json()).toMatchObject({
        code: 1001,
        data: { field: 'reason' },
      });
      expect(
        (await t.database.db.selectFrom('proposals').select('id').where('kind', '=', 'rewards.fund').execute()).length,
      ).toBe(0);
    });

    it('a funding is a proposal: its proposer cannot approve it, another does, and the budget and books follow', async () => {
      const proposed = (
        await t.injectAs(finance, 'POST /api/admin/wellbeing/budget', { amount: '100.5', reason: 'Launch budget' })
      ).json();
      expect(proposed).toMatchObject({
        code: 0,
        data: {
          kind: 'rewards.fund',
          subject_type: 'rewards_budget',
          subject_id: 'WALLX',
          status: 'pending',
          reason: 'Launch budget',
          funding: { asset: 'WALLX', amount: '100.5' },
          checkin_settings: null,
          settings: null,
        },
      });
      const id = proposed.data.id as string;
      // One waits at a time.
      expect(
        (await t.injectAs(admin, 'POST /api/admin/wellbeing/budget', { amount: '1', reason: 'Second one' })).json(),
      ).toMatchObject({ code: 8602 });
      // Nothing moved yet.
      expect((await t.injectAs(viewer, 'GET /api/admin/wellbeing/summary')).json().data.budget).toEqual({
        balance: '0',
        funded: '0',
        paid: '0',
      });
      expect((await approve(finance, id)).json()).toMatchObject({ code: 8605 });
      expect((await approve(viewer, id)).json()).toMatchObject({ code: 1006 });
      expect((await approve(admin, id)).json()).toMatchObject({ code: 0, data: { status: 'approved' } });
      expect((await t.injectAs(viewer, 'GET /api/admin/wellbeing/summary')).json().data.budget).toEqual({
        balance: '100.5',
        funded: '100.5',
        paid: '0',
      });
      expect((await checkBooks(t.database)).problems).toEqual([]);
      const [row] = await audit('rewards.fund');
      expect(row).toMatchObject({
        operator: testOperators.admin.address.toLowerCase(),
        subject_type: 'rewards_budget',
        subject_id: 'WALLX',
      });
      expect(row!.detail).toMatchObject({
        amount: '100.5',
        reason: 'Launch budget',
        balance: '100.5',
        proposal: id,
        proposed_by: testOperators.finance.address.toLowerCase(),
      });
      expect((await approve(admin, id)).json()).toMatchObject({ code: 8604 });
    });

    it('what the budget pays shows per day and against the budget', async () => {
      const rewards = createRewards({ ledger: createLedger() });
      // A real account (the ledger credits its balance row); the day's one check-in stays hidden.
      const session = await t.userWith();
      const { id: user } = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', session.userinfo.bsc.toLowerCase())
        .executeTakeFirstOrThrow();
      await t.database.db
        .insertInto('checkins')
        .values({ user_id: user, day: today, mood: 4, feelings: [], streak: 1 })
        .execute();
      const paid = await t.database.db.transaction().execute((trx) =>
        rewards.pay(trx, {
          userId: user,
          amount: '1.5',
          type: 'checkin_reward',
          ref: { type: 'checkin', id: `${user}:${today}` },
        }),
      );
      expect(paid).not.toBeNull();
      const summary = (await t.injectAs(viewer, `GET /api/admin/wellbeing/summary?from=${today}&to=${today}`)).json()
        .data;
      expect(summary.days).toEqual([{ day: today, checkins: null, average_mood: null, rewards_paid: '1.5' }]);
      expect(summary.budget).toEqual({ balance: '99', funded: '100.5', paid: '1.5' });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });
  });

  describe('the reward rules', () => {
    const rules = (version: number, overrides: Record<string, unknown> = {}) => ({
      version,
      checkin_reward: '2',
      streak_bonus: '5',
      streak_every: 7,
      require_holding: true,
      prizes: ['50', '30', '20', '10', '10'],
      low_mood_days: 3,
      ...overrides,
    });
    const propose = (who: Auth, body: object) => t.injectAs(who, 'POST /api/admin/wellbeing/settings', body);

    it('start from the defaults, readable by every role', async () => {
      expect((await t.injectAs(viewer, 'GET /api/admin/wellbeing/settings')).json()).toMatchObject({
        code: 0,
        data: {
          version: 0,
          checkin_reward: '1',
          streak_bonus: '5',
          streak_every: 7,
          require_holding: true,
          prizes: ['50', '30', '20', '10', '10'],
          updated_by: null,
          approved_by: null,
        },
      });
    });

    it('refuses a viewer and support, bad values naming the field, a stale version and a change of nothing', async () => {
      expect((await propose(viewer, rules(0))).json()).toMatchObject({ code: 1006 });
      expect((await propose(support, rules(0))).json()).toMatchObject({ code: 1006 });
      expect(
        (await propose(finance, rules(0, { prizes: Array.from({ length: 11 }, () => '1') }))).json(),
      ).toMatchObject({
        code: 1001,
        data: { field: 'prizes' },
      });
      expect((await propose(finance, rules(0, { checkin_reward: '1.5.0' }))).json()).toMatchObject({
        code: 1001,
        data: { field: 'checkin_reward' },
      });
      expect((await propose(finance, rules(0, { streak_every: 1 }))).json()).toMatchObject({
        code: 1001,
        data: { field: 'streak_every' },
      });
      expect((await propose(finance, rules(3))).json()).toMatchObject({ code: 9003, data: { field: 'version' } });
      expect((await propose(finance, rules(0, { checkin_reward: '1' }))).json()).toMatchObject({ code: 8611 });
      expect(
        (
          await t.database.db
            .selectFrom('proposals')
            .select('id')
            .where('kind', '=', 'checkin_settings.update')
            .execute()
        ).length,
      ).toBe(0);
    });

    it('a change is a proposal: nothing applies until another operator approves it, then it is in force and audited', async () => {
      const ten = Array.from({ length: 10 }, (_, i) => String(100 - i * 10));
      const proposed = (await propose(finance, rules(0, { prizes: ten, require_holding: false }))).json();
      expect(proposed).toMatchObject({
        code: 0,
        data: {
          kind: 'checkin_settings.update',
          subject_type: 'checkin_settings',
          subject_id: 'current',
          status: 'pending',
          checkin_settings: {
            version: 0,
            before: { checkin_reward: '1', require_holding: true },
            after: { checkin_reward: '2', require_holding: false, prizes: ten },
          },
          funding: null,
        },
      });
      const id = proposed.data.id as string;
      expect((await t.injectAs(viewer, 'GET /api/admin/wellbeing/settings')).json().data).toMatchObject({
        version: 0,
        checkin_reward: '1',
      });
      expect((await approve(finance, id)).json()).toMatchObject({ code: 8605 });
      expect((await approve(support, id)).json()).toMatchObject({ code: 1006 });
      const second = await consoleLogin(t.app, testSecondAdmin);
      expect((await approve(second, id)).json()).toMatchObject({ code: 0, data: { status: 'approved' } });
      expect((await t.injectAs(viewer, 'GET /api/admin/wellbeing/settings')).json().data).toMatchObject({
        version: 1,
        checkin_reward: '2',
        require_holding: false,
        prizes: ten,
        updated_by: testOperators.finance.address.toLowerCase(),
        approved_by: testSecondAdmin.address.toLowerCase(),
      });
      // In force where rewards are paid: the kernel reads the same row.
      const inForce = await createRewards({ ledger: createLedger() }).settings(t.database.db);
      expect(inForce).toMatchObject({ version: 1, values: { checkin_reward: '2', require_holding: false } });
      const [row] = await audit('checkin_settings.update');
      expect(row).toMatchObject({ operator: testSecondAdmin.address.toLowerCase(), subject_id: 'current' });
      expect(row!.detail).toMatchObject({
        before: { version: 0, checkin_reward: '1' },
        after: { version: 1, checkin_reward: '2' },
        proposal: id,
        proposed_by: testOperators.finance.address.toLowerCase(),
      });
      // A proposal made on version 0 is now stale.
      expect((await propose(admin, rules(0, { checkin_reward: '3' }))).json()).toMatchObject({ code: 9003 });
    });

    it('a proposal overtaken by another approved change cannot be approved', async () => {
      const first = (await propose(finance, rules(1, { checkin_reward: '4' }))).json().data.id as string;
      // Saved meanwhile by other means (as a second instance's approval would): the proposal's version is gone.
      await sql`update checkin_settings set version = version + 1`.execute(t.database.db);
      expect((await approve(admin, first)).json()).toMatchObject({ code: 8606 });
      expect((await t.injectAs(admin, `POST /api/admin/proposals/${first}/withdraw`)).json().code).toBe(0);
    });
  });

  describe('crisis lines', () => {
    const line = {
      name: 'Beijing Psychological Crisis Center',
      phone: '010-82951332',
      url: 'https://www.crisis.org.cn',
    };

    it('every role reads them; the default is there from the start', async () => {
      const lines = (await t.injectAs(viewer, 'GET /api/admin/support-lines')).json();
      expect(lines).toMatchObject({
        code: 0,
        data: { items: [{ country: 'default', url: 'https://findahelpline.com' }] },
      });
    });

    it('support and admins keep them; finance and viewers cannot; bad input names the field', async () => {
      expect((await t.injectAs(finance, 'PUT /api/admin/support-lines/CN', line)).json()).toMatchObject({ code: 1006 });
      expect((await t.injectAs(viewer, 'PUT /api/admin/support-lines/CN', line)).json()).toMatchObject({ code: 1006 });
      expect((await t.injectAs(finance, 'DELETE /api/admin/support-lines/CN')).json()).toMatchObject({ code: 1006 });
      expect((await t.injectAs(support, 'PUT /api/admin/support-lines/cn', line)).json()).toMatchObject({
        code: 1001,
        data: { field: 'country' },
      });
      expect(
        (await t.injectAs(support, 'PUT /api/admin/support-lines/CN', { ...line, url: 'http://example.com' })).json(),
      ).toMatchObject({ code: 1001, data: { field: 'url' } });
      expect(
        (await t.injectAs(support, 'PUT /api/admin/support-lines/CN', { ...line, name: '' })).json(),
      ).toMatchObject({
        code: 1001,
        data: { field: 'name' },
      });

      const saved = (await t.injectAs(support, 'PUT /api/admin/support-lines/CN', line)).json();
      expect(saved).toMatchObject({
        code: 0,
        data: { country: 'CN', ...line, updated_by: testOperators.support.address.toLowerCase() },
      });
      const changed = (await t.injectAs(admin, 'PUT /api/admin/support-lines/CN', { ...line, phone: null })).json();
      expect(changed.data).toMatchObject({ country: 'CN', phone: null });
      const items = (await t.injectAs(viewer, 'GET /api/admin/support-lines')).json().data.items as Array<{
        country: string;
      }>;
      expect(items.map((i) => i.country)).toEqual(['default', 'CN']);
      expect((await audit('support_line.add'))[0]).toMatchObject({
        operator: testOperators.support.address.toLowerCase(),
        subject_type: 'support_line',
        subject_id: 'CN',
        detail: { before: null, after: line },
      });
      expect((await audit('support_line.update'))[0]!.detail).toMatchObject({ before: line, after: { phone: null } });
    });

    it('a line is removed (audited), never the default, and an unknown one is not found', async () => {
      expect((await t.injectAs(support, 'DELETE /api/admin/support-lines/default')).json()).toMatchObject({
        code: 9005,
        data: { field: 'country' },
      });
      expect((await t.injectAs(support, 'DELETE /api/admin/support-lines/XX')).json()).toMatchObject({ code: 9004 });
      expect((await t.injectAs(support, 'DELETE /api/admin/support-lines/CN')).json()).toMatchObject({
        code: 0,
        data: { country: 'CN' },
      });
      const items = (await t.injectAs(viewer, 'GET /api/admin/support-lines')).json().data.items as Array<{
        country: string;
      }>;
      expect(items.map((i) => i.country)).toEqual(['default']);
      expect((await audit('support_line.delete'))[0]).toMatchObject({
        operator: testOperators.support.address.toLowerCase(),
        subject_id: 'CN',
        detail: { after: null },
      });
      // The default is edited instead.
      expect(
        (
          await t.injectAs(support, 'PUT /api/admin/support-lines/default', { ...line, name: 'Find a Helpline (all)' })
        ).json().code,
      ).toBe(0);
    });
  });
});
