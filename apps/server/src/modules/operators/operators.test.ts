import { sql } from 'kysely';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_CONSOLE_PATH,
  OPERATOR_LOGIN_STATEMENT,
  OPERATOR_SESSION_IDLE_MS,
  OPERATOR_SESSION_MAX_MS,
} from '@wallx/shared';
import {
  buildTestApp,
  login,
  operatorLogin,
  signedConsoleLogin,
  signedLogin,
  TEST_ORIGIN,
  testOperators,
  type TestApp,
} from '../../test/helpers.js';

describe('operators', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const signed = (account = testOperators.admin, options: Parameters<typeof signedConsoleLogin>[2] = {}) =>
    signedConsoleLogin(t.app, account, options);
  const loginWith = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload, headers });
  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/admin/auth/me', headers });
  const signIns = async (address: string) => {
    const rows = await sql<{
      action: string;
      operator: string;
      detail: { reason?: string; role?: string; user_agent: string | null; network: string | null };
    }>`
      select action, operator, detail from operator_audit where subject_type = 'operator' and subject_id = ${address.toLowerCase()} and action like 'operator.login%' order by id`.execute(
      t.database.db,
    );
    return rows.rows;
  };

  it('opens a session for a configured operator with an EIP-4361 signature for this site’s console, once per nonce, and audits it', async () => {
    const before = (await signIns(testOperators.admin.address)).length;
    const payload = await signed();
    expect(payload.message).toContain(`\nURI: ${TEST_ORIGIN}${OPERATOR_CONSOLE_PATH}\n`);
    expect(payload.message).toContain(`\n\n${OPERATOR_LOGIN_STATEMENT}\n\n`);
    const first = (await loginWith(payload, { 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/140' })).json();
    expect(first).toMatchObject({
      code: 0,
      data: { operator: { address: testOperators.admin.address.toLowerCase(), role: 'admin' } },
    });
    expect(Date.parse(first.data.expires_at) - clock).toBe(OPERATOR_SESSION_MAX_MS);
    expect((await me({ authorization: `Bearer ${first.data.token}` })).json().data).toEqual({
      address: testOperators.admin.address.toLowerCase(),
      role: 'admin',
    });
    // The same signed message again: a replay.
    expect((await loginWith(payload)).json()).toMatchObject({ code: 2003, data: { field: 'message' } });
    // Only the token's hash is kept.
    const stored = (await sql<{ token_hash: Buffer }>`select token_hash from operator_sessions`.execute(t.database.db))
      .rows;
    expect(stored.every((row) => !row.token_hash.toString('utf8').includes(first.data.token))).toBe(true);
    // Both are in the audit log: the sign-in with its device and coarse network, the replay with its reason.
    expect((await signIns(testOperators.admin.address)).slice(before)).toEqual([
      {
        action: 'operator.login',
        operator: testOperators.admin.address.toLowerCase(),
        detail: { role: 'admin', user_agent: 'Mozilla/5.0 (Macintosh) Chrome/140', network: '127.0.0.0/24' },
      },
      {
        action: 'operator.login_failed',
        operator: testOperators.admin.address.toLowerCase(),
        detail: { reason: 'login_message_used', user_agent: 'lightMyRequest', network: '127.0.0.0/24' },
      },
    ]);
  });

  it("refuses the app's sign-in, a console message for another site or URI, the old fixed message, a stale or foreign signature, and a wallet that is no operator; each refusal audited", async () => {
    const before = (await signIns(testOperators.admin.address)).length;
    const { message: appMessage, signature: appSignature } = await signedLogin(t.app, testOperators.admin);
    expect(
      (await loginWith({ address: testOperators.admin.address, message: appMessage, signature: appSignature })).json(),
    ).toMatchObject({ code: 2001, data: { field: 'message' } });
    // A look-alike or staging console collects a signature for its own domain: it opens nothing here.
    expect(
      (await loginWith(await signed(testOperators.admin, { origin: 'https://wallx-admin.example' }))).json(),
    ).toMatchObject({ code: 2001, data: { field: 'message' } });
    expect((await loginWith(await signed(testOperators.admin, { path: '' }))).json()).toMatchObject({
      code: 2001,
      data: { field: 'message' },
    });
    expect((await loginWith(await signed(testOperators.admin, { path: '/admin/evil' }))).json()).toMatchObject({
      code: 2001,
      data: { field: 'message' },
    });
    const fixed = `WALLX operator console: sign in. Nonce: ${clock}`;
    expect(
      (
        await loginWith({
          address: testOperators.admin.address,
          message: fixed,
          signature: await testOperators.admin.signMessage({ message: fixed }),
        })
      ).json(),
    ).toMatchObject({ code: 2001 });
    const stale = await signed();
    clock += 6 * 60_000;
    try {
      expect((await loginWith(stale)).json()).toMatchObject({ code: 2002, data: { field: 'message' } });
    } finally {
      clock -= 6 * 60_000;
    }
    const other = await signed(testOperators.viewer);
    expect((await loginWith({ ...other, address: testOperators.admin.address })).json()).toMatchObject({
      code: 2004,
      data: { field: 'signature' },
    });
    const stranger = privateKeyToAccount(`0x${'55'.repeat(32)}`);
    expect((await loginWith(await signed(stranger))).json()).toMatchObject({ code: 8001, data: { field: 'address' } });
    expect((await signIns(stranger.address)).map((row) => row.detail.reason)).toEqual(['operator_unknown']);
    expect((await loginWith({ address: 'nope', message: 'x', signature: '0x' })).json()).toMatchObject({ code: 1001 });
    expect(
      (await signIns(testOperators.admin.address)).slice(before).map((row) => [row.action, row.detail.reason]),
    ).toEqual([
      ['operator.login_failed', 'login_message_invalid'],
      ['operator.login_failed', 'login_message_invalid'],
      ['operator.login_failed', 'login_message_invalid'],
      ['operator.login_failed', 'login_message_invalid'],
      ['operator.login_failed', 'login_message_invalid'],
      ['operator.login_failed', 'login_message_expired'],
      ['operator.login_failed', 'signature_invalid'],
    ]);
  });

  it('a session ends when idle, at its maximum age, at logout, and when the operator is removed', async () => {
    const start = clock;
    try {
      const idle = await operatorLogin(t.app, 'viewer');
      clock += OPERATOR_SESSION_IDLE_MS - 1000;
      expect((await me(idle)).statusCode).toBe(200);
      clock += OPERATOR_SESSION_IDLE_MS - 1000;
      // Kept alive by use...
      expect((await me(idle)).statusCode).toBe(200);
      clock += OPERATOR_SESSION_IDLE_MS + 1000;
      // ...but not past the idle time.
      expect((await me(idle)).json()).toMatchObject({ code: 8002 });

      const busy = await operatorLogin(t.app, 'viewer');
      const end = clock + OPERATOR_SESSION_MAX_MS;
      while (clock + OPERATOR_SESSION_IDLE_MS / 2 < end) {
        clock += OPERATOR_SESSION_IDLE_MS / 2;
        expect((await me(busy)).statusCode).toBe(200);
      }
      clock = end;
      expect((await me(busy)).json()).toMatchObject({ code: 8002 });

      const leaving = await operatorLogin(t.app, 'viewer');
      expect((await t.injectAs(leaving, 'POST /api/admin/auth/logout')).json()).toMatchObject({ code: 0 });
      expect((await me(leaving)).json()).toMatchObject({ code: 8002 });
    } finally {
      clock = start;
    }

    // An operator added in the database, then disabled: their open session stops at once.
    const added = privateKeyToAccount(`0x${'66'.repeat(32)}`);
    await sql`insert into operators (address, role, added_by) values (${added.address.toLowerCase()}, 'support', 'test')`.execute(
      t.database.db,
    );
    const session = (await loginWith(await signed(added))).json().data;
    expect(session.operator).toEqual({ address: added.address.toLowerCase(), role: 'support' });
    const headers = { authorization: `Bearer ${session.token}` };
    expect((await me(headers)).statusCode).toBe(200);
    await sql`update operators set disabled_at = now() where address = ${added.address.toLowerCase()}`.execute(
      t.database.db,
    );
    expect((await me(headers)).json()).toMatchObject({ code: 8002 });
  });

  it("answers no user's token, and a user's session answers nothing of the console", async () => {
    const user = await login(t.app);
    expect((await me(user.auth)).json()).toMatchObject({ code: 8002 });
    expect((await t.injectAs(user, 'GET /api/admin/audit')).statusCode).toBe(401);
    const operator = await operatorLogin(t.app, 'admin');
    expect((await t.injectAs(operator, 'GET /api/user/info')).statusCode).toBe(401);
  });

  it('keeps the audit log append-only, and pages it by operator and subject', async () => {
    const support = await operatorLogin(t.app, 'support');
    const u = await login(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const item = (await t.injectAs(u, 'POST /api/feedback', { title: `t${i}`, detail: 'd' })).json().data.feedback;
      await t.injectAs(support, `POST /api/admin/feedback/${item.id}/reply`, { reply: `r${i}` });
      ids.push(item.id);
    }
    const viewer = await operatorLogin(t.app, 'viewer');
    const page = (query: string) => t.injectAs(viewer, `GET /api/admin/audit?${query}`).then((r) => r.json().data);
    const first = await page(`operator=${testOperators.support.address}&action=feedback.reply&limit=2`);
    expect(first.items.map((a: { subject_id: string }) => a.subject_id)).toEqual([ids[2], ids[1]]);
    const second = await page(
      `operator=${testOperators.support.address}&action=feedback.reply&limit=2&cursor=${first.next_cursor}`,
    );
    expect(second.items.map((a: { subject_id: string }) => a.subject_id)).toContain(ids[0]);
    expect((await page(`subject_type=feedback&subject_id=${ids[1]}`)).items).toMatchObject([
      { action: 'feedback.reply', detail: { after: { reply: 'r1' } } },
    ]);
    expect((await t.injectAs(viewer, 'GET /api/admin/audit?operator=bob')).json()).toMatchObject({
      code: 1001,
      data: { field: 'operator' },
    });
    await expect(sql`update operator_audit set action = 'x'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from operator_audit`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });
});
