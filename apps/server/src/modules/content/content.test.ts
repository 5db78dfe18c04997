import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, type Auth, buildTestApp, credit, login, type TestApp } from '../../test/helpers.js';

describe('content', () => {
  let t: TestApp;
  let open: string;
  let guangdong: string;
  let china: string;
  let holders: string;
  let both: string;
  let productId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    await sql`insert into home_scenes (title, body, icon, tone, sort, published) values
      ('en_US:::Second\nzh_CN:::第二', 'en_US:::b', 'therapy', 'cyan', 2, true),
      ('en_US:::First', 'en_US:::a', 'checkin', 'violet', 1, true),
      ('en_US:::Hidden', 'x', 'checkin', 'violet', 0, false)`.execute(db);
    await sql`insert into partners (name, mark, color, link, sort) values ('BNB Chain', 'B', '#f0b90b', 'https://www.bnbchain.org', 1)`.execute(
      db,
    );
    await sql`insert into articles (key, title, body, published) values
      ('privacy', 'en_US:::Privacy policy\nzh_CN:::隐私政策', ${'en_US:::# Privacy\n\nWe keep little.\n<script>alert(1)</script>\nzh_CN:::# 隐私\n\n我们只保存很少的数据。'}, true),
      ('draft', 'en_US:::Draft', 'x', false)`.execute(db);
    await sql`insert into ecology_items (title, body, icon) values ('en_US:::Check-ins', 'en_US:::Daily', 'checkin')`.execute(
      db,
    );
    const course = async (title: string, regions: string[], requiresMiner: boolean, sort: number) =>
      (
        await sql<{
          id: string;
        }>`insert into courses (title, cover, video, duration_seconds, regions, requires_miner, sort, body)
          values (${title}, '/college/cover.svg', '/college/intro.webm', 120, ${regions}::text[], ${requiresMiner}, ${sort}, 'en_US:::Watch it')
          returning id::text as id`.execute(db)
      ).rows[0]!.id;
    open = await course('en_US:::Open to all', [], false, 1);
    guangdong = await course('en_US:::Guangdong only', ['CN-GD'], false, 2);
    china = await course('en_US:::China', ['CN'], false, 3);
    holders = await course('en_US:::Holders', [], true, 4);
    both = await course('en_US:::Both', ['JP-13'], true, 5);
    productId = await addProduct(t.database, { price_usdt: '10' });
  });
  afterAll(() => t.close());

  const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, ...(auth ? { headers: auth } : {}) });
  const progress = (id: string, auth: Auth, position_seconds: unknown) =>
    t.injectAs(auth, `PUT /api/courses/${id}/progress`, { position_seconds });
  const locks = async (auth: Auth) =>
    Object.fromEntries(
      (await t.injectAs(auth, 'GET /api/courses'))
        .json()
        .data.items.map((c: { id: string; locked_by: string[] }) => [c.id, c.locked_by]),
    );
  const setHome = (auth: Auth, country: string, province: string, phone: string, postcode: string) =>
    t.injectAs(auth, 'POST /api/addresses', { country, province, recipient: 'R', phone, postcode, detail: 'D' });

  it('home and articles are public, published only, in order, cacheable', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/api/content/home' });
    expect(home.headers['cache-control']).toBe('public, max-age=60');
    expect(home.json().data.scenes.map((s: { title: string }) => s.title)).toEqual([
      'en_US:::First',
      'en_US:::Second\nzh_CN:::第二',
    ]);
    expect(home.json().data.partners).toEqual([
      expect.objectContaining({ name: 'BNB Chain', mark: 'B', color: '#f0b90b' }),
    ]);
    const article = (await t.app.inject({ method: 'GET', url: '/api/articles/privacy' })).json().data;
    // Stored as written: the app renders Markdown without HTML, so the script tag is only text.
    expect(article.body).toContain('<script>alert(1)</script>');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/articles' }))
        .json()
        .data.items.map((a: { key: string }) => a.key),
    ).toEqual(['privacy']);
    expect((await t.app.inject({ method: 'GET', url: '/api/articles/draft' })).json()).toMatchObject({
      code: 7003,
      message: 'Article not found',
      data: { field: 'key' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/articles/Bad%20Key' })).json()).toMatchObject({
      code: 1001,
      data: { field: 'key' },
    });
  });

  it('ecology and courses need a login', async () => {
    for (const url of ['/api/ecology', '/api/courses', `/api/courses/${open}`])
      expect((await get(url)).statusCode, url).toBe(401);
    const u = await login(t.app);
    expect((await t.injectAs(u, 'GET /api/ecology')).json().data.items).toEqual([
      expect.objectContaining({ icon: 'checkin' }),
    ]);
  });

  it('a course limited to regions or to miner holders says which condition is unmet, until it is met', async () => {
    const u = await login(t.app);
    expect(await locks(u.auth)).toEqual({
      [open]: [],
      [guangdong]: ['region'],
      [china]: ['region'],
      [holders]: ['miner'],
      [both]: ['region', 'miner'],
    });
    const refused = await t.injectAs(u, `GET /api/courses/${both}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 5010,
      message: 'course not available in area or no permission',
      data: { locked_by: ['region', 'miner'] },
    });

    await setHome(u.auth, 'CN', 'CN-SH', '13800138000', '200000');
    expect(await locks(u.auth)).toMatchObject({ [guangdong]: ['region'], [china]: [] });
    await setHome(u.auth, 'CN', 'CN-GD', '13800138000', '518000');
    const second = (await t.injectAs(u, 'GET /api/addresses'))
      .json()
      .data.items.find((a: { province: string }) => a.province === 'CN-GD');
    await t.injectAs(u, `POST /api/addresses/${second.id}/default`);
    expect(await locks(u.auth)).toMatchObject({ [guangdong]: [], [china]: [] });

    await credit(t.database, u.userinfo.bsc, 'USDT', '10');
    await t.injectAs(u, 'POST /api/miners/buy', { product_id: productId, pay_asset: 'USDT', quantity: 1 });
    expect(await locks(u.auth)).toMatchObject({ [holders]: [], [both]: ['region'] });
    expect((await t.injectAs(u, `GET /api/courses/${holders}`)).json().data).toMatchObject({
      id: holders,
      video: '/college/intro.webm',
      body: 'en_US:::Watch it',
      locked_by: [],
    });
  });

  it('remembers the position per user and course, at most the course’s length; a locked course keeps none', async () => {
    const a = await login(t.app);
    const b = await login(t.app);
    expect((await progress(open, a.auth, 42.5)).json().data).toEqual({ position_seconds: 42.5 });
    expect((await t.injectAs(a, `GET /api/courses/${open}`)).json().data.position_seconds).toBe(42.5);
    expect((await t.injectAs(b, `GET /api/courses/${open}`)).json().data.position_seconds).toBe(0);
    expect((await progress(open, a.auth, 500)).json().data).toEqual({ position_seconds: 120 });
    expect((await progress(open, a.auth, -1)).json()).toMatchObject({
      code: 1001,
      data: { field: 'position_seconds' },
    });
    expect((await progress(open, a.auth, 'x')).json()).toMatchObject({
      code: 1001,
      data: { field: 'position_seconds' },
    });
    expect((await progress(holders, b.auth, 10)).json()).toMatchObject({ code: 5010, data: { locked_by: ['miner'] } });
    expect((await progress('99999999', a.auth, 10)).json()).toMatchObject({ code: 7004 });
    const stored = await sql<{
      n: string;
    }>`select count(*) as n from course_progress where course_id = ${holders}::bigint`.execute(t.database.db);
    expect(stored.rows[0]!.n).toBe('0');
  });

  it('pages the courses in (sort, id) order, each with its own locks and my position, and refuses a cursor it did not write', async () => {
    // A course tied on sort with `china`: the id breaks the tie, on either side of a page's end.
    const tied = (
      await sql<{
        id: string;
      }>`insert into courses (title, cover, video, duration_seconds, regions, requires_miner, sort)
        values ('en_US:::Tied', '/college/cover.svg', '/college/intro.webm', 60, '{CN-GD}'::text[], true, 3) returning id::text as id`.execute(
        t.database.db,
      )
    ).rows[0]!.id;
    const u = await login(t.app);
    await setHome(u.auth, 'CN', 'CN-SH', '13800138000', '200000');
    await progress(open, u.auth, 7);
    await progress(china, u.auth, 3);

    type Summary = { id: string; locked_by: string[]; position_seconds: number };
    const pages: Summary[][] = [];
    let cursor: string | null = null;
    do {
      const answer = await t.injectAs(
        u,
        `GET /api/courses?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(answer.statusCode).toBe(200);
      const data = answer.json().data as { items: Summary[]; next_cursor: string | null };
      pages.push(data.items);
      cursor = data.next_cursor;
    } while (cursor && pages.length < 10);

    // The third page is full, so it offers a cursor; the page after it is empty and ends the list.
    expect(pages.map((items) => items.length)).toEqual([2, 2, 2, 0]);
    const rows = pages.flat();
    expect(rows.map((c) => c.id)).toEqual([open, guangdong, china, tied, holders, both]);
    expect(rows.map((c) => [c.locked_by, c.position_seconds])).toEqual([
      [[], 7],
      [['region'], 0],
      [[], 3],
      [['region', 'miner'], 0],
      [['miner'], 0],
      [['region', 'miner'], 0],
    ]);
    expect((await t.injectAs(u, 'GET /api/courses?limit=7')).json().data).toMatchObject({
      items: expect.any(Array),
      next_cursor: null,
    });

    const base64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const bad of [
      'x',
      base64(open),
      base64('{"v":"1; drop table courses","id":"1"}'),
      base64('{"v":"99999999999","id":"1"}'),
      base64('{"v":"1","id":"0"}'),
      'a'.repeat(201),
    ]) {
      const refused = await t.injectAs(u, `GET /api/courses?cursor=${encodeURIComponent(bad)}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json(), bad).toMatchObject({ code: 1001, data: { field: 'cursor' } });
    }
    expect((await t.injectAs(u, 'GET /api/courses?limit=0')).json()).toMatchObject({
      code: 1001,
      data: { field: 'limit' },
    });
  });
});
