import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, checkBooks, type Session, type TestApp } from '../../test/helpers.js';
import { releaseLease, takeLease } from '../../platform/db/lease.js';
import { minersClock, minersHelpers } from './miners.fixtures.js';

describe('miners', () => {
  let t: TestApp;
  const { now, day, app } = minersClock();
  beforeAll(async () => {
    t = await app();
  });
  afterAll(() => t.close());
  const { addProduct, buy, balance, ownMiner } = minersHelpers(() => t);

  describe('daily output and collection', () => {
    // Only a day that has ended can be produced: miners are moved back in time instead of the clock forward.
    const runDay = (day: string) => t.app.outputJob.runDay(day);
    /** Turns a miner on, as if that had happened `daysAgo` days ago. */
    async function turnedOnDaysAgo(owner: Session, miner: { id: string }, daysAgo: number, outputDays: number) {
      expect((await t.injectAs(owner, `POST /api/miners/${miner.id}/turn_on`)).statusCode).toBe(200);
      await t.database.db
        .updateTable('miners')
        .set({ first_output_day: day(-daysAgo), last_output_day: day(-daysAgo + outputDays - 1) })
        .where('id', '=', miner.id)
        .execute();
    }

    it('refuses to produce today or a day to come', async () => {
      for (const offset of [0, 1]) {
        await expect(runDay(day(offset))).rejects.toMatchObject({
          key: 'output_day_not_over',
          field: 'date',
          params: { day: day(offset), zone: 'Asia/Shanghai' },
        });
      }
    });

    it('gives each on miner one record a day, never twice, and expires it after its output days', async () => {
      const wendy = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const id = await addProduct({ daily_output: '1.5', output_days: 2 });
      const miner = await ownMiner(wendy, id);
      const idle = await ownMiner(wendy, id);
      await turnedOnDaysAgo(wendy, miner, 3, 2);

      // Day before it was turned on: nothing.
      expect(totalFor(await runDay(day(-4)), day(-4))).toBe(0);
      await runDay(day(-3));
      const again = await runDay(day(-3));
      expect(totalFor(again, day(-3))).toBe(0);
      // Its owner is told once, by the run that produced it.
      const notices = (await t.injectAs(wendy, 'GET /api/notices')).json().data.items;
      expect(notices.filter((n: { type: string }) => n.type === 'output_ready')).toEqual([
        expect.objectContaining({ payload: { day: day(-3), miners: 1, amount: '1.5' }, read: false }),
      ]);
      let outputs = (await t.injectAs(wendy, 'GET /api/miners/outputs')).json().data.items;
      expect(outputs).toEqual([
        expect.objectContaining({
          miner_id: miner.id,
          machine_no: miner.machine_no,
          day: day(-3),
          amount: '1.5',
          status: 'to_collect',
        }),
      ]);

      const last = await runDay(day(-2));
      expect(last?.at(-1)).toMatchObject({ day: day(-2) });
      const mine = (await t.injectAs(wendy, 'GET /api/miners/mine')).json().data.items as Array<{
        id: string;
        state: string;
        days_produced: number;
        output_total: string;
      }>;
      expect(mine.find((m) => m.id === miner.id)).toMatchObject({
        state: 'expired',
        days_produced: 2,
        output_total: '3',
      });
      expect(mine.find((m) => m.id === idle.id)).toMatchObject({ state: 'off', days_produced: 0 });
      await runDay(day(-1));
      outputs = (await t.injectAs(wendy, 'GET /api/miners/outputs?status=to_collect')).json().data.items;
      expect(outputs.map((o: { day: string }) => o.day)).toEqual([day(-2), day(-3)]);
    });

    it('catches up a missed day before the day asked for', async () => {
      // On a database of its own: which days are pending depends on every run before.
      const shared = t;
      t = await app();
      try {
        const xena = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
        const miner = await ownMiner(xena, await addProduct({ output_days: 10 }));
        await turnedOnDaysAgo(xena, miner, 3, 10);
        await runDay(day(-3));
        const days = await runDay(day(-1));
        expect(days?.map((d) => d.day)).toEqual([day(-2), day(-1)]);
        const outputs = (await t.injectAs(xena, 'GET /api/miners/outputs'))
          .json()
          .data.items.map((o: { day: string }) => o.day);
        expect(outputs).toEqual([day(-1), day(-2), day(-3)]);
        // The scheduled run has nothing left up to yesterday, and a second instance waits its turn.
        expect(await t.app.outputJob.catchUp()).toEqual([]);
      } finally {
        await t.close();
        t = shared;
      }
    });

    it('the scheduled run produces yesterday once it has ended, and waits while another instance holds the job', async () => {
      const shared = t;
      t = await buildTestApp({ adminToken: 'admin-token-for-tests-0123456789', now });
      try {
        const bea = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
        const miner = await ownMiner(bea, await addProduct({ output_days: 5 }));
        await t.injectAs(bea, `POST /api/miners/${miner.id}/turn_on`);
        // As if it had been turned on yesterday.
        await t.database.db
          .updateTable('miners')
          .set({ first_output_day: day(-1), last_output_day: day(3) })
          .where('id', '=', miner.id)
          .execute();

        await takeLease(t.database.db, 'miner-output', 'another-instance', 60_000);
        expect(await t.app.outputJob.catchUp()).toBeNull();
        expect((await t.injectAs(bea, 'GET /api/miners/outputs')).json().data.items).toEqual([]);
        await releaseLease(t.database.db, 'miner-output', 'another-instance');

        expect(await t.app.outputJob.catchUp()).toEqual([{ day: day(-1), outputs: 1, expired: 0 }]);
        expect(await t.app.outputJob.catchUp()).toEqual([]);
        expect(
          (await t.injectAs(bea, 'GET /api/miners/outputs')).json().data.items.map((o: { day: string }) => o.day),
        ).toEqual([day(-1)]);

        // By hand, through the running server (what `npm run jobs:output` does on the embedded database).
        const run = (payload: object, token = 'admin-token-for-tests-0123456789') =>
          t.app.inject({
            method: 'POST',
            url: '/api/internal/jobs/miner_output',
            headers: { 'x-wallx-admin-token': token },
            payload,
          });
        expect((await run({ date: day(-1) })).json().data.days).toEqual([{ day: day(-1), outputs: 0, expired: 0 }]);
        // Today has not ended: nothing is produced, and the answer says why.
        const early = await run({ date: day(0) });
        expect(early.statusCode).toBe(400);
        expect(early.json()).toMatchObject({
          code: 4018,
          message: `Day ${day(0)} has not ended yet in Asia/Shanghai`,
          data: { field: 'date' },
        });
        expect(
          (await t.injectAs(bea, 'GET /api/miners/outputs')).json().data.items.map((o: { day: string }) => o.day),
        ).toEqual([day(-1)]);
        const bad = await run({ date: '2026-02-30' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().data.field).toBe('date');
        expect((await run({ date: day(0) }, 'wrong-token-wrong-token-wrong-tok')).statusCode).toBe(403);
      } finally {
        await t.close();
        t = shared;
      }
    });

    it('collects one record, then all, crediting WALLX through the ledger', async () => {
      const yan = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const miner = await ownMiner(yan, await addProduct({ daily_output: '2.5', output_days: 30 }));
      await turnedOnDaysAgo(yan, miner, 3, 30);
      for (const offset of [-3, -2, -1]) await runDay(day(offset));
      const summary = (await t.injectAs(yan, 'GET /api/miners/summary')).json().data;
      expect(summary).toEqual({
        miners: 1,
        mining: 1,
        to_collect_count: 3,
        to_collect_amount: '7.5',
        collected_amount: '0',
        output_time_zone: 'Asia/Shanghai',
      });

      const [newest] = (await t.injectAs(yan, 'GET /api/miners/outputs?status=to_collect')).json().data.items;
      const one = await t.injectAs(yan, `POST /api/miners/outputs/${newest.id}/collect`);
      expect(one.json().data).toEqual({ collected: 1, amount: '2.5', balance: { wallx: '2.5' } });
      const twice = await t.injectAs(yan, `POST /api/miners/outputs/${newest.id}/collect`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('This output has already been collected');

      const all = await t.injectAs(yan, 'POST /api/miners/outputs/collect_all');
      expect(all.json().data).toEqual({ collected: 2, amount: '5', balance: { wallx: '7.5' } });
      const none = await t.injectAs(yan, 'POST /api/miners/outputs/collect_all');
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe('Nothing to collect');
      expect(await balance(yan.auth)).toEqual({ usdt: '900', wallx: '7.5' });
      const records = (await t.injectAs(yan, 'GET /api/funds/records?type=mining_output')).json().data.items;
      expect(records.map((r: { amount: string; ref_type: string }) => [r.amount, r.ref_type])).toEqual([
        ['5', 'output_collection'],
        ['2.5', 'output_collection'],
      ]);
      expect((await t.injectAs(yan, 'GET /api/miners/summary')).json().data).toMatchObject({
        to_collect_count: 0,
        collected_amount: '7.5',
      });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });

    it("cannot collect another user's record (BOLA), and says so for an unknown one", async () => {
      const zed = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
      const miner = await ownMiner(zed, await addProduct({ output_days: 30 }));
      await turnedOnDaysAgo(zed, miner, 1, 30);
      await runDay(day(-1));
      const [record] = (await t.injectAs(zed, 'GET /api/miners/outputs')).json().data.items;
      const thief = await t.userWith({ fundPassword: 'pass-123' });
      const stolen = await t.injectAs(thief, `POST /api/miners/outputs/${record.id}/collect`);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().message).toBe('Output record not found');
      expect((await t.injectAs(thief, 'POST /api/miners/outputs/collect_all')).json().message).toBe(
        'Nothing to collect',
      );
      expect(await balance(thief.auth)).toEqual({ usdt: '0', wallx: '0' });
      expect((await t.injectAs(thief, 'GET /api/miners/outputs')).json().data.items).toEqual([]);
    });

    it('credits parallel collect-alls of the same records once', async () => {
      const amy = await t.userWith({ usdt: '10000', fundPassword: 'pass-123' });
      const id = await addProduct({ daily_output: '0.125', output_days: 30 });
      const bought = (await buy(amy.auth, { product_id: id, pay_asset: 'USDT', quantity: 20 })).json().data
        .orders as Array<{ id: string }>;
      for (const order of bought) {
        const miner = (await t.injectAs(amy, `POST /api/miners/orders/${order.id}/use`)).json().data.miner;
        await turnedOnDaysAgo(amy, miner, 2, 30);
      }
      for (const offset of [-2, -1]) await runDay(day(offset));
      const responses = await Promise.all(
        Array.from({ length: 16 }, () => t.injectAs(amy, 'POST /api/miners/outputs/collect_all')),
      );
      const ok = responses.filter((r) => r.json().code === 0);
      const collected = ok.reduce((n, r) => n + (r.json().data.collected as number), 0);
      expect(collected).toBe(40);
      expect(responses.filter((r) => r.json().code !== 0).every((r) => r.json().message === 'Nothing to collect')).toBe(
        true,
      );
      expect((await balance(amy.auth)).wallx).toBe('5');
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });
  });
});

function totalFor(days: Array<{ day: string; outputs: number }> | null, day: string): number {
  return days?.find((d) => d.day === day)?.outputs ?? 0;
}
