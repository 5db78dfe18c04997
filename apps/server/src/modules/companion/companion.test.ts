import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorLogin, type Session, type TestApp } from '../../test/helpers.js';
import { companionApp, eventsOf, type StandIn } from './companion.fixtures.js';

type Ctx = Awaited<ReturnType<typeof companionApp>>;

async function start(t: TestApp, user: Session): Promise<string> {
  const response = await t.injectAs(user, 'POST /api/companion/conversations');
  expect(response.json()).toMatchObject({ code: 0 });
  return response.json().data.id as string;
}

async function send(
  t: TestApp,
  user: Session,
  id: string,
  content: string,
  headers: Record<string, string> = {},
  query = '',
) {
  const response = await t.injectAs(
    user,
    `POST /api/companion/conversations/${id}/messages${query}`,
    { content },
    headers,
  );
  return { response, events: response.statusCode === 200 ? eventsOf(response.payload) : [] };
}

describe('the companion, not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says it is unavailable and answers a typed refusal, never a canned imitation', async () => {
    const user = await t.userWith();
    const status = (await t.injectAs(user, 'GET /api/companion', undefined, { 'accept-language': 'zh-CN' })).json();
    expect(status.data).toMatchObject({ available: false, notice_seen: false, retention_days: 30 });
    expect(status.data.notice).toContain('AI');
    const refused = await t.injectAs(user, 'POST /api/companion/conversations');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 9033 });
    const message = await t.injectAs(user, 'POST /api/companion/conversations/1/messages', { content: 'hello' });
    expect(message.json()).toMatchObject({ code: 9033 });
  });
});

describe('the companion against a stand-in model server', () => {
  let ctx: Ctx;
  let t: TestApp;
  let standIn: StandIn;
  beforeAll(async () => {
    ctx = await companionApp({ dailyMessages: 8 });
    ({ t, standIn } = ctx);
  });
  afterAll(() => ctx.close());

  it('streams the answer as it is written, stores both sides, and tells the model the user’s language', async () => {
    const user = await t.userWith();
    standIn.set({
      kind: 'pieces',
      pieces: ['こんにちは', '、', 'ここにいます。'],
      usage: { prompt_tokens: 42, completion_tokens: 7 },
    });
    const id = await start(t, user);
    const { response, events } = await send(t, user, id, '  今日はつかれた  ', { 'accept-language': 'ja-JP' });
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events.map((e) => e.event)).toEqual(['accepted', 'delta', 'delta', 'delta', 'done']);
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual([
      'こんにちは',
      '、',
      'ここにいます。',
    ]);

    const request = standIn.requests.at(-1)!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer stand-in-key');
    expect(request.body).toMatchObject({ model: 'stand-in', stream: true });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0]).toMatchObject({ role: 'system' });
    expect(messages[0]!.content).toContain('Always answer in Japanese');
    expect(messages[0]!.content).toMatch(/not a therapist/);
    expect(messages.at(-1)).toEqual({ role: 'user', content: '今日はつかれた' });

    const read = (await t.injectAs(user, `GET /api/companion/conversations/${id}`)).json().data;
    expect(read).toMatchObject({ id, messages: 2, unanswered: false, support_line: null });
    expect(read.items.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', '今日はつかれた'],
      ['assistant', 'こんにちは、ここにいます。'],
    ]);
    const list = (await t.injectAs(user, 'GET /api/companion/conversations')).json().data;
    expect(list.items).toMatchObject([{ id, messages: 2 }]);
    expect((await t.injectAs(user, 'GET /api/companion')).json().data.allowance).toEqual({
      daily: 8,
      used: 1,
      left: 7,
    });

    // The second message carries the first exchange as context.
    standIn.set({ kind: 'pieces', pieces: ['ok'] });
    await send(t, user, id, 'ありがとう');
    expect((standIn.requests.at(-1)!.body.messages as unknown[]).length).toBe(4);
  });

  it('shows a conversation oldest first when its ids cross a power of ten (ordered as numbers, not as text)', async () => {
    const user = await t.userWith();
    const id = await start(t, user);
    // Ids 999 to 1002: as text, "1000" < "1001" < "1002" < "999".
    const { rows } = await sql<{
      next: string;
    }>`select coalesce(max(id), 0)::text as next from companion_messages`.execute(t.database.db);
    const from = Math.max(999, Number(rows[0]!.next) + 1);
    const restartAt = from + (10 ** String(from).length - 1 - from);
    await sql.raw(`alter table companion_messages alter column id restart with ${restartAt}`).execute(t.database.db);
    standIn.set({ kind: 'pieces', pieces: ['first answer'] });
    await send(t, user, id, 'first');
    standIn.set({ kind: 'pieces', pieces: ['second answer'] });
    await send(t, user, id, 'second');
    const read = (await t.injectAs(user, `GET /api/companion/conversations/${id}`)).json().data;
    expect(read.items.map((m: { id: string }) => m.id)).toEqual([0, 1, 2, 3].map((step) => String(restartAt + step)));
    expect(read.items.map((m: { content: string }) => m.content)).toEqual([
      'first',
      'first answer',
      'second',
      'second answer',
    ]);
    expect(read.unanswered).toBe(false);
  });

  it('keeps nothing readable in the table: the bodies are ciphertext, bound to their user and conversation', async () => {
    const user = await t.userWith();
    const id = await start(t, user);
    standIn.set({ kind: 'pieces', pieces: ['A secret answer ', 'stays secret'] });
    await send(t, user, id, 'my secret plaintext about my sister');
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from companion_messages where conversation_id = ${id}`.execute(t.database.db);
    expect(rows).toHaveLength(2);
    const dump =
      JSON.stringify(rows) + rows.map((row) => Buffer.from(row.body as Uint8Array).toString('latin1')).join('');
    for (const word of ['secret', 'sister', 'plaintext', 'stays']) expect(dump).not.toContain(word);
    const all = await sql<{
      text: string;
    }>`select string_agg(encode(body, 'escape'), '') as text from companion_messages`.execute(t.database.db);
    expect(all.rows[0]!.text).not.toMatch(/secret|sister/);

    // A row moved under another user's conversation does not open there (its associated data differs).
    const other = await t.userWith();
    const otherId = await start(t, other);
    await sql`update companion_messages set conversation_id = ${otherId}, user_id = (select user_id from companion_conversations where id = ${otherId})
      where conversation_id = ${id}`.execute(t.database.db);
    expect((await t.injectAs(other, `GET /api/companion/conversations/${otherId}`)).statusCode).toBe(500);
  });

  it('keeps the message when the model fails (an error status, a malformed or cut stream) and answers it on retry', async () => {
    const user = await t.userWith();
    const id = await start(t, user);
    standIn.set({ kind: 'status', status: 503 });
    const failed = await send(t, user, id, 'are you there?', { 'accept-language': 'id-ID' });
    expect(failed.events.map((e) => e.event)).toEqual(['accepted', 'error']);
    expect(failed.events[1]!.data).toEqual({
      code: 9037,
      message: 'Pendamping AI belum bisa menjawab. Pesan Anda tersimpan: coba lagi',
    });
    let read = (await t.injectAs(user, `GET /api/companion/conversations/${id}`)).json().data;
    expect(read).toMatchObject({ messages: 1, unanswered: true });

    standIn.set({ kind: 'malformed' });
    const malformed = await t.injectAs(user, `POST /api/companion/conversations/${id}/retry`);
    expect(eventsOf(malformed.payload).map((e) => [e.event, e.data.code])).toEqual([
      ['accepted', undefined],
      ['delta', undefined],
      ['error', 9037],
    ]);
    standIn.set({ kind: 'cut', pieces: ['half an ans'] });
    const cut = eventsOf((await t.injectAs(user, `POST /api/companion/conversations/${id}/retry`)).payload);
    expect(cut.at(-1)).toMatchObject({ event: 'error', data: { code: 9037 } });
    // A partial answer is never stored (decision 155).
    read = (await t.injectAs(user, `GET /api/companion/conversations/${id}`)).json().data;
    expect(read).toMatchObject({ messages: 1, unanswered: true });

    standIn.set({ kind: 'pieces', pieces: ['Yes, ', 'I am.'] });
    const retried = eventsOf((await t.injectAs(user, `POST /api/companion/conversations/${id}/retry`)).payload);
    expect(retried.map((e) => e.event)).toEqual(['accepted', 'delta', 'delta', 'done']);
    read = (await t.injectAs(user, `GET /api/companion/conversations/${id}`)).json().data;
    expect(read).toMatchObject({ messages: 2, unanswered: false });
    expect(read.items[1].content).toBe('Yes, I am.');
    const nothing = await t.injectAs(user, `POST /api/companion/conversations/${id}/retry`);
    expect(nothing.json()).toMatchObject({ code: 9039 });
    // A retry does not spend the allowance again: one message sent.
    expect((await t.injectAs(user, 'GET /api/companion')).json().data.allowance.used).toBe(1);
  });

  it('ends a stalled answer within its time-outs (first token, and between pieces)', async () => {
    const user = await t.userWith();
    const id = await start(t, user);
    for (const after of [[], ['I was saying']]) {
      standIn.set({ kind: 'stall', after });
      const began = Date.now();
      const { events } = await send(t, user, id, 'hello?');
      const took = Date.now() - began;
      expect(events.at(-1)).toMatchObject({ event: 'error', data: { code: 9038 } });
      // firstTokenTimeoutMs is 1.5 s: well under the 8 s total.
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(6000);
    }
  });

  it('puts the crisis line first, before anything of the model, whatever the model says', async () => {
    const user = await t.userWith();
    const id = await start(t, user);
    standIn.set({ kind: 'pieces', pieces: ['Nice weather today!'] });
    const { events } = await send(t, user, id, 'I want to KILL   myself');
    expect(events.map((e) => e.event)).toEqual(['crisis', 'accepted', 'delta', 'done']);
    expect(events[0]!.data).toMatchObject({
      support_line: { country: 'default', name: 'Find a Helpline', url: 'https://findahelpline.com' },
    });
    expect(events[0]!.data.notice).toMatch(/crisis line/);

    // The line of the user's country (decision 159): the app's language says nothing of where they
    // are (a Korean reader gets no Korean line for it); the country their browser names does.
    const operator = await operatorLogin(t.app, 'support');
    await t.injectAs(operator, 'PUT /api/admin/support-lines/KR', {
      name: '자살예방상담전화',
      phone: '109',
      url: null,
    });
    await t.injectAs(operator, 'PUT /api/admin/support-lines/CN', {
      name: '希望24热线',
      phone: '400-161-9995',
      url: null,
    });
    const byLanguage = await send(t, user, id, '요즘 정말 죽고 싶어요', { 'accept-language': 'ko-KR,ko;q=0.9' });
    expect(byLanguage.events[0]).toMatchObject({ event: 'crisis', data: { support_line: { country: 'default' } } });
    expect(byLanguage.events[0]!.data.notice).toMatch(/위기 상담/);
    const korean = await send(t, user, id, 'I want to die', { 'accept-language': 'en-US' }, '?country=kr');
    expect(korean.events[0]).toMatchObject({
      event: 'crisis',
      data: { support_line: { country: 'KR', phone: '109' } },
    });
    expect(korean.events[0]!.data.notice).toMatch(/crisis line/);
    // A country with no line of its own: the default one. A country that is not one: a field error.
    const elsewhere = await send(t, user, id, 'I want to die', {}, '?country=FR');
    expect(elsewhere.events[0]).toMatchObject({ data: { support_line: { country: 'default' } } });
    const bad = await send(t, user, id, 'I want to die', {}, '?country=Korea');
    expect(bad.response.statusCode).toBe(400);
    expect(bad.response.json()).toMatchObject({ code: 1001, data: { field: 'country' } });
    // The model failing does not take the crisis line away.
    standIn.set({ kind: 'status', status: 500 });
    const failing = await send(t, user, id, '我不想活了');
    expect(failing.events.map((e) => e.event)).toEqual(['crisis', 'accepted', 'error']);

    const read = (await t.injectAs(user, `GET /api/companion/conversations/${id}`)).json().data;
    expect(read.items.filter((m: { crisis: boolean }) => m.crisis)).toHaveLength(5);
    expect(read.support_line).toMatchObject({ country: 'default' });
    // After a reload the same line as the stream gave, from the same country the browser names.
    const reread = (await t.injectAs(user, `GET /api/companion/conversations/${id}?country=KR`)).json().data;
    expect(reread.support_line).toMatchObject({ country: 'KR', phone: '109' });

    // A delivery address says where the user lives: it wins over what the browser names.
    await t.injectAs(user, 'POST /api/addresses', {
      country: 'CN',
      province: 'CN-GD',
      recipient: 'Li Lei',
      phone: '138 0013 8000',
      postcode: '518000',
      detail: 'No. 1 Shennan Road, Futian, Shenzhen',
    });
    standIn.set({ kind: 'pieces', pieces: ['ok'] });
    const housed = await send(t, user, id, '我不想活了', {}, '?country=KR');
    expect(housed.events[0]).toMatchObject({ data: { support_line: { country: 'CN', phone: '400-161-9995' } } });
    const housedRead = (await t.injectAs(user, `GET /api/companion/conversations/${id}?country=KR`)).json().data;
    expect(housedRead.support_line).toMatchObject({ country: 'CN' });

    // The country the user picks on the crisis card wins over both, is remembered, and can be forgotten.
    const status = (await t.injectAs(user, 'GET /api/companion')).json().data;
    expect(status).toMatchObject({ crisis_country: null, crisis_countries: ['CN', 'KR'] });
    expect((await t.injectAs(user, 'PUT /api/companion/crisis-country', { country: 'kr' })).json()).toMatchObject({
      code: 0,
      data: { crisis_country: 'KR' },
    });
    expect((await t.injectAs(user, 'GET /api/companion')).json().data.crisis_country).toBe('KR');
    const picked = await send(t, user, id, '我不想活了', {}, '?country=CN');
    expect(picked.events[0]).toMatchObject({ data: { support_line: { country: 'KR', phone: '109' } } });
    const pickedRead = (await t.injectAs(user, `GET /api/companion/conversations/${id}`)).json().data;
    expect(pickedRead.support_line).toMatchObject({ country: 'KR' });
    // A country without a line: the default one. A code that is not a country: the field named.
    await t.injectAs(user, 'PUT /api/companion/crisis-country', { country: 'FR' });
    expect((await t.injectAs(user, `GET /api/companion/conversations/${id}`)).json().data.support_line).toMatchObject({
      country: 'default',
    });
    const notCountry = await t.injectAs(user, 'PUT /api/companion/crisis-country', { country: 'Korea' });
    expect(notCountry.statusCode).toBe(400);
    expect(notCountry.json()).toMatchObject({ code: 1001, data: { field: 'country' } });
    await t.injectAs(user, 'PUT /api/companion/crisis-country', { country: null });
    expect((await t.injectAs(user, `GET /api/companion/conversations/${id}`)).json().data.support_line).toMatchObject({
      country: 'CN',
    });
    // Another user's pick is theirs alone.
    const other = await t.userWith();
    expect((await t.injectAs(other, 'GET /api/companion')).json().data.crisis_country).toBeNull();
  });

  it('refuses another user (and a guest) anything of a conversation', async () => {
    const alice = await t.userWith();
    const bob = await t.userWith();
    standIn.set({ kind: 'pieces', pieces: ['hi'] });
    const id = await start(t, alice);
    await send(t, alice, id, 'only mine');
    for (const route of [
      `GET /api/companion/conversations/${id}`,
      `DELETE /api/companion/conversations/${id}`,
      `POST /api/companion/conversations/${id}/retry`,
    ] as const) {
      const response = await t.injectAs(bob, route);
      expect(response.statusCode, route).toBe(404);
      expect(response.json()).toMatchObject({ code: 9034 });
    }
    expect((await send(t, bob, id, 'let me in')).response.json()).toMatchObject({ code: 9034 });
    expect((await t.app.inject({ method: 'GET', url: `/api/companion/conversations/${id}` })).statusCode).toBe(401);
    expect((await t.injectAs(bob, 'GET /api/companion/conversations')).json().data.items).toEqual([]);
    expect((await t.injectAs(bob, 'DELETE /api/companion/conversations')).json().data).toEqual({ conversations: 0 });
    expect((await t.injectAs(alice, `GET /api/companion/conversations/${id}`)).json().data.messages).toBe(2);
  });

  it('deletes a conversation, and all of them, at once: nothing stays in the tables', async () => {
    const user = await t.userWith();
    standIn.set({ kind: 'pieces', pieces: ['hi'] });
    const first = await start(t, user);
    const second = await start(t, user);
    await send(t, user, first, 'one');
    await send(t, user, second, 'two');
    const deleted = await t.injectAs(user, `DELETE /api/companion/conversations/${first}`);
    expect(deleted.json().data).toEqual({ conversations: 1 });
    expect((await t.injectAs(user, `GET /api/companion/conversations/${first}`)).statusCode).toBe(404);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from companion_messages where conversation_id = ${first}`.execute(t.database.db);
    expect(rows.rows[0]!.n).toBe(0);
    expect((await t.injectAs(user, 'DELETE /api/companion/conversations')).json().data).toEqual({ conversations: 1 });
    const left = await sql<{ n: number }>`
      select count(*)::int as n from companion_conversations c join users u on u.id = c.user_id
      where u.address = ${user.userinfo.bsc.toLowerCase()}`.execute(t.database.db);
    expect(left.rows[0]!.n).toBe(0);
    // Deleting gave no allowance back.
    expect((await t.injectAs(user, 'GET /api/companion')).json().data.allowance.used).toBe(2);
  });

  it('remembers the one-time notice was shown', async () => {
    const user = await t.userWith();
    expect((await t.injectAs(user, 'GET /api/companion')).json().data).toMatchObject({
      available: true,
      notice_seen: false,
    });
    expect((await t.injectAs(user, 'POST /api/companion/notice')).json().data).toEqual({ notice_seen: true });
    expect((await t.injectAs(user, 'GET /api/companion')).json().data.notice_seen).toBe(true);
  });
});

describe('the companion’s allowance, budget, console and retention', () => {
  let ctx: Ctx;
  let t: TestApp;
  beforeAll(async () => {
    ctx = await companionApp({ dailyMessages: 3 });
    ({ t } = ctx);
  });
  afterAll(() => ctx.close());

  it('refuses a user’s messages past the daily allowance, even racing', async () => {
    const user = await t.userWith();
    const id = await start(t, user);
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(t, user, id, 'hello')));
    const refused = answers.filter((a) => a.response.statusCode === 429);
    expect(answers.filter((a) => a.response.statusCode === 200)).toHaveLength(3);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.response.json()).toMatchObject({ code: 9035 });
    expect(refused[0]!.response.json().message).toContain('3');
    for (const answer of answers.filter((a) => a.response.statusCode === 200))
      expect(answer.events.at(-1)?.event).toBe('done');
  });

  it('lets finance change the allowance and the budget (audited, on the version read); the budget stops everyone', async () => {
    const viewer = await operatorLogin(t.app, 'viewer');
    const finance = await operatorLogin(t.app, 'finance');
    const before = (await t.injectAs(viewer, 'GET /api/admin/companion/settings')).json().data;
    expect(before).toMatchObject({ daily_messages: 3, daily_token_budget: 1_000_000, version: 0 });
    expect(
      (await t.injectAs(viewer, 'PUT /api/admin/companion/settings', { ...before, daily_messages: 9 })).statusCode,
    ).toBe(403);
    const saved = await t.injectAs(finance, 'PUT /api/admin/companion/settings', {
      daily_messages: 9,
      daily_token_budget: 1,
      version: 0,
    });
    expect(saved.json().data).toMatchObject({ daily_messages: 9, daily_token_budget: 1, version: 1 });
    const stale = await t.injectAs(finance, 'PUT /api/admin/companion/settings', {
      daily_messages: 9,
      daily_token_budget: 1,
      version: 0,
    });
    expect(stale.json()).toMatchObject({ code: 9040 });
    const audit = await sql<{ action: string }>`
      select action from operator_audit where subject_type = 'companion_settings'`.execute(t.database.db);
    expect(audit.rows).toEqual([{ action: 'companion_settings.update' }]);

    // Today's tokens (the earlier answers', estimated) already pass a budget of 1.
    const user = await t.userWith();
    const id = await start(t, user);
    const refused = await send(t, user, id, 'hello');
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.json()).toMatchObject({ code: 9036 });
    await t.injectAs(finance, 'PUT /api/admin/companion/settings', {
      daily_messages: 9,
      daily_token_budget: 1_000_000,
      version: 1,
    });
    expect((await send(t, user, id, 'hello')).response.statusCode).toBe(200);
  });

  it('shows the console counts, errors and spend, and never a word of a conversation', async () => {
    const viewer = await operatorLogin(t.app, 'viewer');
    const summary = (await t.injectAs(viewer, 'GET /api/admin/companion/summary')).json().data;
    expect(summary).toMatchObject({ configured: true, model: 'stand-in' });
    const today = summary.days[0];
    // Only a few people wrote today: their counts are withheld, the day's spend is shown.
    expect(summary.min_people).toBe(20);
    expect(today).toMatchObject({ messages: null, answers: null, errors: null, crisis: null });
    expect(today.estimated_tokens).toBeGreaterThan(0);
    expect(JSON.stringify(summary)).not.toMatch(/hello|Hello/);

    // Twenty people or more wrote: the counts are shown.
    await sql`with fresh as (
        insert into users (address, share_code)
        select '0x' || lpad(to_hex(g), 40, 'c'), 'CMP' || lpad(g::text, 5, '0') from generate_series(1, 20) g
        returning id)
      insert into companion_usage (user_id, day, messages)
      select id, ${today.day}::date, 0 from fresh`.execute(t.database.db);
    const counted = (await t.injectAs(viewer, 'GET /api/admin/companion/summary')).json().data.days[0];
    expect(counted.messages).toBe(4);
    expect(counted.answers).toBe(4);
  });

  it('forgets conversations past the retention days', async () => {
    const user = await t.userWith();
    const id = await start(t, user);
    await send(t, user, id, 'old words');
    ctx.clock.advanceDays(29);
    const count = async () =>
      (
        await sql<{ messages: number; conversations: number }>`
          select (select count(*)::int from companion_messages where conversation_id = ${id}) as messages,
            (select count(*)::int from companion_conversations where id = ${id}) as conversations`.execute(
          t.database.db,
        )
      ).rows[0];
    expect(await t.app.companionRetention.forgetOld()).toEqual({ messages: 0, conversations: 0 });
    expect(await count()).toEqual({ messages: 2, conversations: 1 });
    ctx.clock.advanceDays(2);
    const forgotten = await t.app.companionRetention.forgetOld();
    expect(forgotten.messages).toBeGreaterThanOrEqual(2);
    expect(await count()).toEqual({ messages: 0, conversations: 0 });
  });
});
