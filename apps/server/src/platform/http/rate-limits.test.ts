import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, setFundPassword, type TestApp, testConfig } from '../../test/helpers.js';

describe('limits on fund-password checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        rateLimit: { ...testConfig.rateLimit, fundPasswordPerUserPerMinute: 3, fundPasswordPerIpPerMinute: 5 },
      },
    });
  });
  afterAll(() => t.close());

  const user = () => t.userWith({ usdt: '100' });
  const transfer = (auth: { authorization: string }, to: string) =>
    t.injectAs(auth, 'POST /api/funds/transfer', { to, asset: 'USDT', amount: '1', fund_password: 'guess-123' });

  it('counts per user and per client IP, answering 429 with the wait, before any Argon2 check', async () => {
    const [alice, bob, carol] = [await user(), await user(), await user()];
    for (const session of [alice, bob]) {
      await setFundPassword(t.app, session, 'pass-123');
    }
    // Setting the passwords counted twice for this IP (each may check an old password).
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await transfer(alice.auth, carol.userinfo.bsc)).json().code);
    expect(codes).toEqual([3007, 3007, 1004]);
    const limited = await transfer(alice.auth, carol.userinfo.bsc);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 1004, data: { retry_after_seconds: expect.any(Number) } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Refused by the limit, not by the password: the lock counter saw two wrong tries only.
    const row = await t.database.db
      .selectFrom('users')
      .select('fund_password_failures')
      .where('address', '=', alice.userinfo.bsc)
      .executeTakeFirstOrThrow();
    expect(row.fund_password_failures).toBe(2);

    // Another user from the same address hits the per-IP limit although under the per-user one.
    expect((await transfer(bob.auth, carol.userinfo.bsc)).statusCode).toBe(429);
    // Routes without the fund password are not counted.
    expect((await t.injectAs(bob, 'GET /api/user/info')).statusCode).toBe(200);
  });
});

describe('per-IP limits and IPv6', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { trustProxy: 1, rateLimit: { ...testConfig.rateLimit, loginPerMinute: 3 } } });
  });
  afterAll(() => t.close());

  const verifyFrom = (ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/web3/verify', headers: { 'x-forwarded-for': ip }, payload: {} });

  // Each IPv6 address was counted apart: one /64 network had 2⁶⁴ budgets.
  it('counts every address of one IPv6 /64 as one client, and another /64 apart', async () => {
    const sameNetwork = [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:db8:1:2::ffff',
    ];
    const statuses = [];
    for (const ip of sameNetwork) statuses.push((await verifyFrom(ip)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await verifyFrom('2001:db8:1:3::1')).statusCode).toBe(400);
    // IPv4 addresses are still one each.
    expect((await verifyFrom('198.51.100.1')).statusCode).toBe(400);
    expect((await verifyFrom('198.51.100.2')).statusCode).toBe(400);
  });
});
