import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import { buildTestApp, login, operatorLogin, type TestApp } from '../../test/helpers.js';
import { testClient } from '../../test/chain-moves.js';
import { createDashboardHealth } from './health.js';
import { createDashboardRepository } from './repository.js';

describe('dashboard health', () => {
  let t: TestApp;
  let userId: string;
  let toAddress: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const session = await login(t.app);
    toAddress = session.userinfo.bsc;
    userId = (
      await t.database.db.selectFrom('users').select('id').where('address', '=', toAddress).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  let hashes = 0;
  const deposit = (amount: string, creditedAt: string, asset = 'USDT') =>
    sql`insert into deposits (user_id, asset, tx_hash, log_index, from_address, amount, block_number, block_hash, credited_at)
      values (${userId}, ${asset}, ${`0x${(++hashes).toString(16).padStart(64, 'a')}`}, 0, ${toAddress}, ${amount}, 1,
        ${`0x${'f'.repeat(64)}`}, ${creditedAt}::timestamptz)`.execute(t.database.db);
  const withdrawal = (amount: string, status: string, at: string, asset = 'USDT') =>
    sql`insert into withdrawals (user_id, asset, amount, fee, to_address, status, created_at, updated_at)
      values (${userId}, ${asset}, ${amount}, '1', ${toAddress}, ${status}, ${at}::timestamptz, ${at}::timestamptz)`.execute(
      t.database.db,
    );
  const healthAt = (iso: string, timeZone = 'Asia/Shanghai') =>
    createDashboardHealth({
      db: t.database.db,
      dashboard: createDashboardRepository(),
      scanner: null,
      timeZone,
      confirmations: 15,
      now: () => Date.parse(iso),
    }).get();
  const dayOf = (health: Awaited<ReturnType<typeof healthAt>>, day: string) => health.days.find((d) => d.day === day);

  it('needs a console session; any role reads it; without a chain the scanner says so', async () => {
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/admin/dashboard/health', headers });
    expect((await get()).json()).toMatchObject({ code: 8002 });
    expect((await get((await login(t.app)).auth)).statusCode).toBe(401);
    for (const role of ['viewer', 'support', 'finance', 'admin'] as const) {
      const response = await get(await operatorLogin(t.app, role));
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.days).toHaveLength(30);
      expect(data.scanner).toEqual([
        expect.objectContaining({ asset: 'USDT', lag_blocks: null, chain_error: 'no_chain' }),
        expect.objectContaining({ asset: 'WALLX', lag_blocks: null, chain_error: 'no_chain' }),
      ]);
    }
  });

  it('30 days, oldest first, each present: a day with nothing is zero, amounts summed exactly', async () => {
    // 2026-03-10 12:00 in Shanghai (UTC+8); the chart runs from 2026-02-09 to 2026-03-10.
    await deposit('12345678901234567890.123456789012345678', '2026-03-10T01:00:00Z');
    await deposit('0.000000000000000001', '2026-03-10T02:00:00Z');
    await deposit('7', '2026-03-10T02:00:00Z', 'WALLX');
    await withdrawal('10', 'completed', '2026-03-08T05:00:00Z');
    await withdrawal('20', 'queued', '2026-03-08T06:00:00Z');
    const health = await healthAt('2026-03-10T04:00:00Z');
    expect(health.days.map((d) => d.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 1, 9 + i)).toISOString().slice(0, 10)),
    );
    expect(dayOf(health, '2026-03-10')).toEqual({
      day: '2026-03-10',
      deposits: [
        { asset: 'USDT', count: 2, sum: '12345678901234567890.123456789012345679' },
        { asset: 'WALLX', count: 1, sum: '7' },
      ],
      withdrawals: [
        { asset: 'USDT', count: 0, sum: '0' },
        { asset: 'WALLX', count: 0, sum: '0' },
      ],
    });
    expect(dayOf(health, '2026-03-08')?.withdrawals).toEqual([
      { asset: 'USDT', count: 2, sum: '30' },
      { asset: 'WALLX', count: 0, sum: '0' },
    ]);
    expect(dayOf(health, '2026-03-09')).toEqual({
      day: '2026-03-09',
      deposits: [
        { asset: 'USDT', count: 0, sum: '0' },
        { asset: 'WALLX', count: 0, sum: '0' },
      ],
      withdrawals: [
        { asset: 'USDT', count: 0, sum: '0' },
        { asset: 'WALLX', count: 0, sum: '0' },
      ],
    });
  });

  it('days are the platform time zone’s: one second either side of its midnight falls on two days', async () => {
    // Midnight of 2026-05-02 in Shanghai is 2026-05-01T16:00:00Z.
    await deposit('1.5', '2026-05-01T15:59:59Z');
    await deposit('2.25', '2026-05-01T16:00:00Z');
    const shanghai = await healthAt('2026-05-02T10:00:00Z');
    expect(dayOf(shanghai, '2026-05-01')?.deposits[0]).toEqual({ asset: 'USDT', count: 1, sum: '1.5' });
    expect(dayOf(shanghai, '2026-05-02')?.deposits[0]).toEqual({ asset: 'USDT', count: 1, sum: '2.25' });
    // In UTC both are on 2026-05-01.
    const utc = await healthAt('2026-05-02T10:00:00Z', 'UTC');
    expect(dayOf(utc, '2026-05-01')?.deposits[0]).toEqual({ asset: 'USDT', count: 2, sum: '3.75' });
    // The first day starts at its own midnight: 30 days back, a second earlier is out of the chart.
    await deposit('4', '2026-04-02T15:59:59Z');
    await deposit('8', '2026-04-02T16:00:00Z');
    const first = await healthAt('2026-05-02T10:00:00Z');
    expect(first.days[0]).toMatchObject({ day: '2026-04-03', deposits: [{ asset: 'USDT', count: 1, sum: '8' }, {}] });
  });

  it('the payout queue: how many are queued and since when, held, broadcast and in review', async () => {
    const before = await healthAt('2026-07-01T00:00:00Z');
    await withdrawal('5', 'queued', '2026-06-30T23:00:00Z');
    await withdrawal('6', 'queued', '2026-06-30T23:59:00Z');
    await withdrawal('7', 'held', '2026-06-30T20:00:00Z');
    await withdrawal('8', 'broadcast', '2026-06-30T20:00:00Z');
    await withdrawal('9', 'pending_review', '2026-06-30T20:00:00Z');
    const { payout_queue: queue } = await healthAt('2026-07-01T00:00:00Z');
    expect(queue).toEqual({
      queued: before.payout_queue.queued + 2,
      // The 20 USDT queued on 2026-03-08 of the test before is older, whichever order tests run in.
      oldest_queued_at: expect.any(String),
      oldest_queued_seconds: expect.any(Number),
      held: before.payout_queue.held + 1,
      broadcast: before.payout_queue.broadcast + 1,
      awaiting_review: before.payout_queue.awaiting_review + 1,
    });
    await sql`update withdrawals set status = 'completed' where status = 'queued' and updated_at < '2026-06-30T23:00:00Z'`.execute(
      t.database.db,
    );
    const { payout_queue: now } = await healthAt('2026-07-01T00:00:00Z');
    expect(now).toMatchObject({ queued: 2, oldest_queued_at: '2026-06-30T23:00:00.000Z', oldest_queued_seconds: 3600 });
  });
});

describe('dashboard health on a chain', () => {
  let chain: ChainContext;
  let t: TestApp;
  beforeAll(async () => {
    chain = await openChain(loadConfig({ CONFIRMATIONS: '3' }).chain);
    t = await buildTestApp({ chain });
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  it('the scanner’s lag in confirmed blocks not read yet, per token', async () => {
    const read = async () =>
      (await t.injectAs(await operatorLogin(t.app, 'viewer'), 'GET /api/admin/dashboard/health')).json().data.scanner;
    const anvil = testClient(chain.rpcUrl);
    await anvil.mine({ blocks: 1 });
    await t.app.deposits!.scanOnce();
    const head = Number(await anvil.getBlockNumber());
    // Read through head − 2 (3 confirmations): nothing confirmed is left.
    expect(await read()).toEqual(
      ['USDT', 'WALLX'].map((asset) => ({
        asset,
        head_block: head,
        scanned_through: head - 2,
        confirmations: 3,
        lag_blocks: 0,
        chain_error: null,
      })),
    );
    await anvil.mine({ blocks: 5 });
    expect(await read()).toEqual(
      ['USDT', 'WALLX'].map((asset) => expect.objectContaining({ asset, head_block: head + 5, lag_blocks: 5 })),
    );
    await t.app.deposits!.scanOnce();
    expect((await read())[0]).toMatchObject({ lag_blocks: 0, scanned_through: head + 3 });
  });
});
