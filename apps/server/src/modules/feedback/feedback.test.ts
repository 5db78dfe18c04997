import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, buildTestApp, login, operatorLogin, type TestApp, testOperators } from '../../test/helpers.js';

const HOUR = 3_600_000;

describe('feedback', () => {
  let t: TestApp;
  let clock = Date.now();
  let ADMIN: Auth;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
    ADMIN = await operatorLogin(t.app, 'support');
  });
  afterAll(() => t.close());

  const user = () => login(t.app);
  const send = (auth: Auth, payload: object) => t.injectAs(auth, 'POST /api/feedback', payload);
  const reply = (id: string, text: string, headers: Record<string, string> | undefined = ADMIN) =>
    t.app.inject({ method: 'POST', url: `/api/admin/feedback/${id}/reply`, headers, payload: { reply: text } });

  it('sends, lists newest first, and shows the operator’s reply with a badge until read', async () => {
    const u = await user();
    const first = (
      await send(u.auth, { title: '  Withdrawal question ', detail: 'When does a withdrawal reach my wallet?' })
    ).json().data.feedback;
    expect(first).toMatchObject({ title: 'Withdrawal question', status: 'open', reply: null, unread: false });
    const second = (await send(u.auth, { title: 'Miner', detail: 'Can I turn a miner off?' })).json().data.feedback;
    expect((await t.injectAs(u, 'GET /api/feedback')).json().data.items.map((f: { id: string }) => f.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await t.injectAs(u, 'GET /api/feedback/unread')).json().data.count).toBe(0);

    const answered = await reply(first.id, 'Within a few minutes once confirmed on chain.');
    expect(answered.json().data.feedback).toMatchObject({
      status: 'replied',
      replied_by: testOperators.support.address.toLowerCase(),
      user: u.userinfo.bsc,
    });
    expect((await t.injectAs(u, 'GET /api/feedback/unread')).json().data.count).toBe(1);
    // The reply is a notice too (the bell, a toast when the app is open).
    expect((await t.injectAs(u, 'GET /api/notices')).json().data.items[0]).toMatchObject({
      type: 'feedback_reply',
      payload: { id: first.id, title: 'Withdrawal question' },
    });
    const listed = (await t.injectAs(u, 'GET /api/feedback'))
      .json()
      .data.items.find((f: { id: string }) => f.id === first.id);
    expect(listed).toMatchObject({
      status: 'replied',
      reply: 'Within a few minutes once confirmed on chain.',
      unread: true,
      replied_at: expect.any(String),
    });

    await t.injectAs(u, 'POST /api/feedback/read');
    expect((await t.injectAs(u, 'GET /api/feedback/unread')).json().data.count).toBe(0);
    // A changed reply is news again.
    await reply(first.id, 'Within a few minutes; large amounts are reviewed first.');
    expect((await t.injectAs(u, 'GET /api/feedback/unread')).json().data.count).toBe(1);

    const audit = await t.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_type', '=', 'feedback')
      .where('subject_id', '=', first.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['feedback.reply', 'feedback.reply']);
  });

  it('refuses a missing, blank or too long title or detail, naming the field, and writes nothing', async () => {
    const u = await user();
    for (const [body, field] of [
      [{ detail: 'd' }, 'title'],
      [{ title: '   ', detail: 'd' }, 'title'],
      [{ title: 't'.repeat(101), detail: 'd' }, 'title'],
      [{ title: 't' }, 'detail'],
      [{ title: 't', detail: 'd'.repeat(2001) }, 'detail'],
    ] as const) {
      expect((await send(u.auth, body)).json(), field).toMatchObject({ code: 1001, data: { field } });
    }
    expect((await send(u.auth, { title: 't'.repeat(100), detail: 'd'.repeat(2000) })).json().code).toBe(0);
    expect((await t.injectAs(u, 'GET /api/feedback')).json().data.items).toHaveLength(1);
  });

  it('allows 5 an hour and 20 a day, even when requests race', async () => {
    const start = clock;
    try {
      const u = await user();
      const burst = await Promise.all(
        Array.from({ length: 8 }, (_, i) => send(u.auth, { title: `t${i}`, detail: 'd' })),
      );
      expect(burst.filter((r) => r.json().code === 0)).toHaveLength(5);
      const refused = burst.find((r) => r.json().code !== 0)!;
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 7001 });
      for (let hour = 1; hour <= 4; hour++) {
        clock = start + hour * HOUR + 1000;
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push((await send(u.auth, { title: 'x', detail: 'y' })).json().code);
        expect(answers, `hour ${hour}`).toEqual(
          hour < 4 ? [0, 0, 0, 0, 0, 7001] : [7001, 7001, 7001, 7001, 7001, 7001],
        );
      }
      clock = start + 25 * HOUR;
      expect((await send(u.auth, { title: 'next day', detail: 'y' })).json().code).toBe(0);
    } finally {
      clock = start;
    }
  });

  it('BOLA: a user sees only their own feedback and replies', async () => {
    const a = await user();
    const b = await user();
    const mine = (await send(a.auth, { title: 'private', detail: 'mine' })).json().data.feedback;
    await reply(mine.id, 'answer for a');
    expect((await t.injectAs(b, 'GET /api/feedback')).json().data.items).toEqual([]);
    expect((await t.injectAs(b, 'GET /api/feedback/unread')).json().data.count).toBe(0);
    await t.injectAs(b, 'POST /api/feedback/read');
    expect((await t.injectAs(a, 'GET /api/feedback/unread')).json().data.count).toBe(1);
  });

  it('operators: a console session comes first, replying needs support, the reply is validated and audited, an unknown id is a 404', async () => {
    const u = await user();
    const item = (await send(u.auth, { title: 't', detail: 'd' })).json().data.feedback;
    expect((await reply(item.id, 'x', {})).json()).toMatchObject({ code: 8002 });
    // A user's token opens nothing under /api/admin.
    expect((await reply(item.id, 'x', u.auth)).statusCode).toBe(401);
    expect((await t.injectAs(u, 'GET /api/admin/feedback?status=open')).statusCode).toBe(401);
    const viewer = await operatorLogin(t.app, 'viewer');
    expect((await reply(item.id, 'x', viewer)).json()).toMatchObject({ code: 1006 });
    expect((await t.injectAs(viewer, 'GET /api/admin/feedback?status=open&limit=100')).statusCode).toBe(200);
    expect((await reply(item.id, '  ')).json()).toMatchObject({ code: 1001, data: { field: 'reply' } });
    expect((await reply('99999999', 'x')).json()).toMatchObject({ code: 7002 });
    expect((await reply(item.id, 'Thanks')).json().data.feedback).toMatchObject({
      status: 'replied',
      replied_by: testOperators.support.address.toLowerCase(),
    });
    const audit = (await t.injectAs(viewer, `GET /api/admin/audit?subject_type=feedback&subject_id=${item.id}`)).json()
      .data.items;
    expect(audit.map((a: { operator: string; action: string }) => [a.operator, a.action])).toEqual([
      [testOperators.support.address.toLowerCase(), 'feedback.reply'],
    ]);
    const open = (await t.injectAs(ADMIN, 'GET /api/admin/feedback?status=replied&limit=100')).json().data.items;
    expect(open.map((f: { id: string }) => f.id)).toContain(item.id);
    for (const url of ['/api/feedback', '/api/feedback/unread'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
