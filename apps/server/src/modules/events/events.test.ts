import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.js';
import { buildTestApp, checkBooks, type Session, type TestApp } from '../../test/helpers.js';
import { createUserEvents } from '../../kernel/user-events/user-events.js';

const transfer = (t: TestApp, from: Session, to: Session, amount: string) =>
  t.injectAs(from, 'POST /api/funds/transfer', {
    to: to.userinfo.bsc,
    asset: 'USDT',
    amount,
    fund_password: 'pass-123',
  });

const idOf = async (t: TestApp, who: Session) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('address', '=', who.userinfo.bsc.toLowerCase())
      .executeTakeFirstOrThrow()
  ).id;

const data = (m: { data: string }) =>
  JSON.parse(m.data) as { seq: string; type: string; payload: Record<string, unknown> };

describe('the event stream', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        events: { heartbeatMs: 200, pollMs: 50, maxStreamsPerUser: 2, maxStreamsPerIp: 100, maxStreams: 1000 },
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('tells both sides of a transfer their new balance, numbered 1, 2, … per user; resumes after Last-Event-ID', async () => {
    const alice = await t.userWith({ usdt: '100', fundPassword: 'pass-123' });
    const bob = await t.userWith({ fundPassword: 'pass-123' });
    const stream = await openEventStream(base, alice.auth);
    expect(stream.status).toBe(200);
    // The deposit that funded her is event 1: a fresh stream starts after it, and says so.
    const ready = await stream.next((m) => m.event === 'ready');
    expect(JSON.parse(ready.data)).toEqual({ seq: '1', gap: false });
    const bobs = await openEventStream(base, bob.auth);
    await bobs.next((m) => m.event === 'ready');

    expect((await transfer(t, alice, bob, '30')).json().code).toBe(0);
    const first = await stream.next((m) => m.event === 'balance');
    expect(first.id).toBe('2');
    expect(data(first)).toMatchObject({ seq: '2', type: 'balance', payload: { asset: 'USDT', balance: '70' } });
    expect(data(await bobs.next((m) => m.event === 'balance'))).toMatchObject({
      seq: '1',
      payload: { asset: 'USDT', balance: '30' },
    });
    stream.close();
    bobs.close();

    // Two more while she is away; back with the last id she saw, she gets exactly those two.
    expect((await transfer(t, alice, bob, '5')).json().code).toBe(0);
    expect((await transfer(t, alice, bob, '2')).json().code).toBe(0);
    const back = await openEventStream(base, alice.auth, '2');
    expect(JSON.parse((await back.next((m) => m.event === 'ready')).data)).toEqual({ seq: '2', gap: false });
    const missed = [await back.next((m) => m.event === 'balance'), await back.next((m) => m.event === 'balance')];
    expect(missed.map((m) => [m.id, data(m).payload.balance])).toEqual([
      ['3', '65'],
      ['4', '63'],
    ]);
    // Heartbeats flow, and nothing else arrives.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(back.messages.filter((m) => m.event === 'balance')).toHaveLength(2);
    back.close();
    await checkBooks(t.database);
  });

  it('a change rolled back tells nothing and leaves no hole in the numbers', async () => {
    const carol = await t.userWith({ usdt: '10', fundPassword: 'pass-123' });
    const dave = await t.userWith({});
    const stream = await openEventStream(base, carol.auth);
    await stream.next((m) => m.event === 'ready');
    const events = createUserEvents();
    const carolId = await idOf(t, carol);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await events.emit(trx, {
          userId: carolId,
          type: 'miner_received',
          payload: { miner_no: 'WX00000001', from: dave.userinfo.bsc },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Refused by the ledger: rolled back as well.
    expect((await transfer(t, carol, dave, '11')).json().code).not.toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // (Market changes go to every stream, other test files' too on a shared PostgreSQL server.)
    expect(stream.messages.filter((m) => m.event !== 'ready' && m.event !== 'market')).toEqual([]);
    expect((await transfer(t, carol, dave, '1')).json().code).toBe(0);
    expect((await stream.next((m) => m.event === 'balance')).id).toBe('2');
    stream.close();
  });

  it('refuses a stream without a session, and more streams than the bound per user', async () => {
    const anonymous = await openEventStream(base, {});
    expect(anonymous.status).toBe(401);
    const erin = await t.userWith({});
    const [a, b] = [await openEventStream(base, erin.auth), await openEventStream(base, erin.auth)];
    const third = await openEventStream(base, erin.auth);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({ code: 7008 });
    a.close();
    await a.ended;
    // Closed streams free their place.
    const fourth = await openEventStream(base, erin.auth);
    expect(fourth.status).toBe(200);
    fourth.close();
    b.close();
  });

  it('a Last-Event-ID older than what is kept (or from elsewhere) starts at the newest, with gap: true', async () => {
    const frank = await t.userWith({ usdt: '3', fundPassword: 'pass-123' });
    const gina = await t.userWith({});
    for (let i = 0; i < 2; i++) expect((await transfer(t, frank, gina, '1')).json().code).toBe(0);
    await sql`delete from user_events where user_id = ${await idOf(t, frank)} and seq <= 2`.execute(t.database.db);
    const stream = await openEventStream(base, frank.auth, '1');
    expect(JSON.parse((await stream.next((m) => m.event === 'ready')).data)).toEqual({ seq: '3', gap: true });
    stream.close();
    const ahead = await openEventStream(base, frank.auth, '99');
    expect(JSON.parse((await ahead.next((m) => m.event === 'ready')).data)).toEqual({ seq: '3', gap: true });
    ahead.close();
    const bad = await openEventStream(base, frank.auth, 'x1');
    expect(bad.status).toBe(400);
  });

  it('a first connect with since_ms starts before the events of that many milliseconds back: what a page read before its stream opened is not missed', async () => {
    const hana = await t.userWith({ usdt: '5', fundPassword: 'pass-123' });
    const ivan = await t.userWith({});
    const hanaId = await idOf(t, hana);
    // Her deposit (event 1) long ago; a transfer (event 2) just now, between the page's reads and its stream.
    await sql`update user_events set created_at = now() - interval '10 minutes' where user_id = ${hanaId}`.execute(
      t.database.db,
    );
    expect((await transfer(t, hana, ivan, '1')).json().code).toBe(0);
    const plain = await openEventStream(base, hana.auth);
    expect(JSON.parse((await plain.next((m) => m.event === 'ready')).data)).toEqual({ seq: '2', gap: false });
    plain.close();
    for (const since of ['5000', '60000']) {
      const stream = await openEventStream(base, hana.auth, undefined, `?since_ms=${since}`);
      expect(JSON.parse((await stream.next((m) => m.event === 'ready')).data)).toEqual({ seq: '1', gap: false });
      expect(data(await stream.next((m) => m.event === 'balance'))).toMatchObject({
        seq: '2',
        payload: { balance: '4' },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.messages.filter((m) => m.event === 'balance')).toHaveLength(1);
      stream.close();
    }
    // Every kept event inside the window: from before the oldest kept, never from events long gone.
    await sql`delete from user_events where user_id = ${hanaId} and seq = 1`.execute(t.database.db);
    const recent = await openEventStream(base, hana.auth, undefined, '?since_ms=60000');
    expect(JSON.parse((await recent.next((m) => m.event === 'ready')).data)).toEqual({ seq: '1', gap: false });
    recent.close();
    // A Last-Event-ID wins over since_ms: a reconnect resumes where it was.
    const resumed = await openEventStream(base, hana.auth, '2', '?since_ms=60000');
    expect(JSON.parse((await resumed.next((m) => m.event === 'ready')).data)).toEqual({ seq: '2', gap: false });
    resumed.close();
    for (const bad of ['-1', '60001', 'soon', '1.5']) {
      const refused = await openEventStream(base, hana.auth, undefined, `?since_ms=${bad}`);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 1001, data: { field: 'since_ms' } });
    }
  });

  it('a second instance on the same database hears the first one’s commits', async () => {
    const other = await buildTestApp({ database: t.database, keys: t.keys });
    try {
      const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const hana = await t.userWith({ usdt: '5', fundPassword: 'pass-123' });
      const ivan = await t.userWith({});
      const stream = await openEventStream(otherBase, ivan.auth);
      await stream.next((m) => m.event === 'ready');
      expect((await transfer(t, hana, ivan, '2')).json().code).toBe(0);
      expect(data(await stream.next((m) => m.event === 'balance'))).toMatchObject({ payload: { balance: '2' } });
      stream.close();
    } finally {
      await other.close();
    }
  });
});
