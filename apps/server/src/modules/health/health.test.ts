import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { openRpcNodes } from '../../platform/chain/rpc-nodes.js';
import { loadConfig } from '../../platform/config/config.js';
import { createDrain } from '../../platform/http/drain.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/** The probes (issue 51): live answers while the process does; ready only when it can serve. */
describe('the health probes', () => {
  let t: TestApp;
  let chain: ChainContext;
  beforeAll(async () => {
    chain = await openChain(loadConfig({}).chain);
    t = await buildTestApp({ chain });
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('live answers 200 without asking anything', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ code: 0, message: 'ok', data: { status: 'live' } });
  });

  it('ready answers 200 with what it checked: database, migrations, the chain quorum, no drain', async () => {
    const ready = await get('/api/health/ready');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().data).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', chain: 'ok', draining: false },
    });
  });

  it('ready answers 503 (9055) naming a migration of this build the database lacks', async () => {
    const last = await sql<{ name: string }>`select max(name) as name from schema_migrations`.execute(t.database.db);
    const name = last.rows[0]!.name;
    await sql`delete from schema_migrations where name = ${name}`.execute(t.database.db);
    try {
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        code: 9055,
        message: 'This instance is not ready to serve: migrations behind',
        data: { checks: { database: 'ok', migrations: 'behind', chain: 'ok', draining: false } },
      });
    } finally {
      await sql`insert into schema_migrations (name) values (${name})`.execute(t.database.db);
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('ready answers 503 when fewer chain nodes are healthy than the quorum needs, in the caller’s language', async () => {
    // Two nodes where nothing listens: none healthy, a quorum of two needed.
    const rpc = openRpcNodes(['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b'], {
      maxLagBlocks: 5,
      refreshMs: 0,
      quorum: 2,
    });
    const cut = await buildTestApp({ chain: { ...chain, rpc }, database: t.database });
    try {
      const ready = await cut.app.inject({
        method: 'GET',
        url: '/api/health/ready',
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        code: 9055,
        message: '此实例尚未就绪，暂不能提供服务：chain below quorum',
        data: { checks: { chain: 'below_quorum', draining: false } },
      });
      // Liveness does not depend on the chain: an outage must not restart every instance.
      expect((await cut.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await cut.app.close();
    }
  });

  it('ready answers 503 once draining, while every other route still serves', async () => {
    // An instance of its own: the tests run in shuffled order, and a drain is never undone.
    const drain = createDrain();
    const stopping = await buildTestApp({ chain, database: t.database, drain });
    try {
      const inject = (url: string) => stopping.app.inject({ method: 'GET', url });
      expect((await inject('/api/health/ready')).statusCode).toBe(200);
      drain.start();
      const ready = await inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        code: 9055,
        message: 'This instance is not ready to serve: draining',
        data: { checks: { database: 'ok', migrations: 'ok', chain: 'ok', draining: true } },
      });
      expect((await inject('/api/health')).statusCode).toBe(200);
      expect((await inject('/api/health/live')).statusCode).toBe(200);
      // SHUTDOWN_DRAIN_MODE=serve (the default): every other route still serves.
      expect((await inject('/api/content/home')).statusCode).toBe(200);
    } finally {
      await stopping.app.close();
    }
  });

  it('SHUTDOWN_DRAIN_MODE=refuse: once draining, every request but the probes is a 503 before any route runs', async () => {
    const drain = createDrain();
    const stopping = await buildTestApp({
      chain,
      database: t.database,
      drain,
      config: { shutdownDrainMode: 'refuse' },
    });
    try {
      const user = await stopping.userWith({ usdt: '10' });
      const info = () => stopping.injectAs(user, 'GET /api/user/info');
      expect((await info()).statusCode).toBe(200);
      drain.start();
      const refused = await info();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.headers.connection).toBe('close');
      expect(refused.json()).toMatchObject({ code: 9055, data: { checks: { draining: true } } });
      // A write is refused before it runs: the edge may send it to another instance.
      const transfer = await stopping.injectAs(user, 'POST /api/funds/transfer', {
        to: '0x0000000000000000000000000000000000000001',
        asset: 'USDT',
        amount: '1',
        fund_password: 'x',
      });
      expect(transfer.statusCode).toBe(503);
      expect((await stopping.app.inject({ method: 'GET', url: '/mines' })).statusCode).toBe(503);
      expect((await stopping.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await stopping.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      const balance = await stopping.database.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.id', 'accounts.user_id')
        .select('accounts.balance')
        .where('users.address', '=', user.userinfo.bsc.toLowerCase())
        .where('accounts.asset', '=', 'USDT')
        .executeTakeFirstOrThrow();
      expect(balance.balance).toMatch(/^10(\.0*)?$/);
    } finally {
      await stopping.app.close();
    }
  });
});
