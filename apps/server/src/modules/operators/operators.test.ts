import { sql } from 'kysely';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOperatorLoginMessage, OPERATOR_SESSION_IDLE_MS, OPERATOR_SESSION_MAX_MS } from '@wallx/shared';
import { buildTestApp, login, operatorLogin, signedLogin, testOperators, type TestApp } from '../../test/helpers.js';

describe('operators', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const signed = async (account = testOperators.admin, message = buildOperatorLoginMessage(clock)) => ({
    address: account.address,
    message,
    signature: await account.signMessage({ message }),
  });
  const loginWith = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload });
  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/admin/auth/me', headers });

  it('opens a session for a configured operator with a signature of the console message, once per message', async () => {
    const payload = await signed();
    const first = (await loginWith(payload)).json();
    expect(first).toMatchObject({ code: 0, data: { operator: { address: testOperators.admin.address.toLowerCase(), role: 'admin' } } });
    expect(Date.parse(first.data.expires_at) - clock).toBe(OPERATOR_SESSION_MAX_MS);
    expect((await me({ authorization: `Bearer ${first.data.token}` })).json().data).toEqual({ address: testOperators.admin.address.toLowerCase(), role: 'admin' });
    // The same signed message again: a replay.
    expect((await loginWith(payload)).json()).toMatchObject({ code: 2003, data: { field: 'message' } });
    // Only the token's hash is kept.
    const stored = (await sql<{ token_hash: Buffer }>`select token_hash from operator_sessions`.execute(t.database.db)).rows;
    expect(stored.every((row) => !row.token_hash.toString('utf8').includes(first.data.token))).toBe(true);
  });

  it("refuses the app's login message, a stale or foreign signature, and a wallet that is no operator", async () => {
    const { message: appMessage } = await signedLogin(t.app, testOperators.admin);
    // Longer than any console message, it is refused as a bad parameter before any signature is read.
    expect((await loginWith(await signed(testOperators.admin, appMessage))).json()).toMatchObject({ code: 1001, data: { field: 'message' } });
    expect((await loginWith(await signed(testOperators.admin, buildOperatorLoginMessage(clock - 6 * 60_000)))).json()).toMatchObject({ code: 2002 });
    const other = await signed(testOperators.viewer);
    expect((await loginWith({ ...other, address: testOperators.admin.address })).json()).toMatchObject({ code: 2004, data: { field: 'signature' } });
    const stranger = privateKeyToAccount(`0x${'55'.repeat(32)}`);
    expect((await loginWith(await signed(stranger))).json()).toMatchObject({ code: 8001, data: { field: 'address' } });
    expect((await loginWith({ address: 'nope', message: 'x', signature: '0x' })).json()).toMatchObject({ code: 1001 });
  });

  it('a session ends when idle, at its maximum age, at logout, and when the operator is removed', async () => {
    const start = clock;
    try {
      const idle = await operatorLogin(t.app, 'viewer', clock);
      clock += OPERATOR_SESSION_IDLE_MS - 1000;
      expect((await me(idle)).statusCode).toBe(200);
      clock += OPERATOR_SESSION_IDLE_MS - 1000;
      // Kept alive by use...
      expect((await me(idle)).statusCode).toBe(200);
      clock += OPERATOR_SESSION_IDLE_MS + 1000;
      // ...but not past the idle time.
      expect((await me(idle)).json()).toMatchObject({ code: 8002 });

      const busy = await operatorLogin(t.app, 'viewer', clock);
      const end = clock + OPERATOR_SESSION_MAX_MS;
      while (clock + OPERATOR_SESSION_IDLE_MS / 2 < end) {
        clock += OPERATOR_SESSION_IDLE_MS / 2;
        expect((await me(busy)).statusCode).toBe(200);
      }
      clock = end;
      expect((await me(busy)).json()).toMatchObject({ code: 8002 });

      const leaving = await operatorLogin(t.app, 'viewer', clock);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: leaving })).json()).toMatchObject({ code: 0 });
      expect((await me(leaving)).json()).toMatchObject({ code: 8002 });
    } finally {
      clock = start;
    }

    // An operator added in the database, then disabled: their open session stops at once.
    const added = privateKeyToAccount(`0x${'66'.repeat(32)}`);
    await sql`insert into operators (address, role, added_by) values (${added.address.toLowerCase()}, 'support', 'test')`.execute(t.database.db);
    const session = (await loginWith(await signed(added))).json().data;
    expect(session.operator).toEqual({ address: added.address.toLowerCase(), role: 'support' });
    const headers = { authorization: `Bearer ${session.token}` };
    expect((await me(headers)).statusCode).toBe(200);
    await sql`update operators set disabled_at = now() where address = ${added.address.toLowerCase()}`.execute(t.database.db);
    expect((await me(headers)).json()).toMatchObject({ code: 8002 });
  });

  it("answers no user's token, and a user's session answers nothing of the console", async () => {
    const user = await login(t.app);
    expect((await me(user.auth)).json()).toMatchObject({ code: 8002 });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: user.auth })).statusCode).toBe(401);
    const operator = await operatorLogin(t.app, 'admin', clock);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: operator })).statusCode).toBe(401);
  });

  it('keeps the audit log append-only, and pages it by operator and subject', async () => {
    const support = await operatorLogin(t.app, 'support', clock);
    const u = await login(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const item = (await t.app.inject({ method: 'POST', url: '/api/feedback', headers: u.auth, payload: { title: `t${i}`, detail: 'd' } })).json().data.feedback;
      await t.app.inject({ method: 'POST', url: `/api/admin/feedback/${item.id}/reply`, headers: support, payload: { reply: `r${i}` } });
      ids.push(item.id);
    }
    const viewer = await operatorLogin(t.app, 'viewer', clock);
    const page = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: viewer }).then((r) => r.json().data);
    const first = await page(`operator=${testOperators.support.address}&action=feedback.reply&limit=2`);
    expect(first.items.map((a: { subject_id: string }) => a.subject_id)).toEqual([ids[2], ids[1]]);
    const second = await page(`operator=${testOperators.support.address}&action=feedback.reply&limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((a: { subject_id: string }) => a.subject_id)).toContain(ids[0]);
    expect((await page(`subject_type=feedback&subject_id=${ids[1]}`)).items).toMatchObject([{ action: 'feedback.reply', detail: { after: { reply: 'r1' } } }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit?operator=bob', headers: viewer })).json()).toMatchObject({ code: 1001, data: { field: 'operator' } });
    await expect(sql`update operator_audit set action = 'x'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from operator_audit`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });
});
