import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../test/helpers.js';

describe('GET /api/user/info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the caller’s own userinfo and exact decimal balances', async () => {
    const me = await login(t.app);
    const other = await login(t.app);
    await sql`update accounts set balance = '1234567.000000000000000001' where asset = 'USDT'
      and user_id = (select id from users where address = ${me.userinfo.bsc})`.execute(t.database.db);
    await sql`update users set is_validator = true where address = ${me.userinfo.bsc}`.execute(t.database.db);

    const response = await t.injectAs(me, 'GET /api/user/info');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.userinfo).toMatchObject({
      bsc: me.userinfo.bsc,
      is_validator: true,
      share_code: me.userinfo.share_code,
    });
    expect(data.balance).toEqual({ usdt: '1234567.000000000000000001', wallx: '0' });

    const theirs = (await t.injectAs(other, 'GET /api/user/info')).json().data;
    expect(theirs.userinfo.bsc).toBe(other.userinfo.bsc);
    expect(theirs.balance).toEqual({ usdt: '0', wallx: '0' });
  });

  it('shows a frozen account as frozen; it can still read', async () => {
    const me = await login(t.app);
    await sql`update users set is_frozen = true where address = ${me.userinfo.bsc}`.execute(t.database.db);
    const response = await t.injectAs(me, 'GET /api/user/info');
    expect(response.json().data.userinfo.is_frozen).toBe(true);
  });

  it('a user balance can never go below zero, whatever the code above it does', async () => {
    const me = await login(t.app);
    await expect(
      sql`update accounts set balance = -1 where user_id = (select id from users where address = ${me.userinfo.bsc})`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
