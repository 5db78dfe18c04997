import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, operatorLogin, testOperators, type TestApp } from '../../test/helpers.js';

const BASE = '/api/admin/content';
const MISSING = '9000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Item = { id?: string; key?: string; published: boolean; sort: number } & Record<string, unknown>;
type Kind = {
  name: 'scenes' | 'partners' | 'articles' | 'ecology' | 'courses';
  /** A valid new item (articles: with a fresh key). */
  input: () => Record<string, unknown>;
  /** The audit's subject type. */
  subject: string;
  /** The text field an edit changes, and the public list's keys in order. */
  textField: string;
  publicKeys: () => Promise<string[]>;
  notFound: { code: number; field: string };
};

describe('content operators', () => {
  let t: TestApp;
  let user: { authorization: string };
  let articles = 0;
  let ADMIN: { authorization: string };
  let viewer: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    user = (await login(t.app)).auth;
    ADMIN = await operatorLogin(t.app, 'support');
    viewer = await operatorLogin(t.app, 'viewer');
  });
  afterAll(() => t.close());

  const admin = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: ADMIN, ...(payload ? { payload } : {}) });
  const get = async (url: string, auth?: { authorization: string }) => {
    const response = await t.app.inject({ method: 'GET', url, ...(auth ? { headers: auth } : {}) });
    expect(response.statusCode, url).toBe(200);
    return response;
  };
  const keyOf = (item: Item) => (item.id ?? item.key)!;
  const ids = (items: Item[]) => items.map(keyOf);

  const kinds: Kind[] = [
    {
      name: 'scenes',
      input: () => ({
        title: 'en_US:::Check in\nzh_CN:::打卡',
        body: 'en_US:::Every day',
        icon: 'checkin',
        tone: 'violet',
        link: '/mine',
      }),
      subject: 'home_scene',
      textField: 'title',
      publicKeys: async () => ids((await get('/api/content/home')).json().data.scenes),
      notFound: { code: 1002, field: 'id' },
    },
    {
      name: 'partners',
      input: () => ({ name: 'BNB Chain', mark: 'B', color: '#F0B90B', link: 'https://www.bnbchain.org' }),
      subject: 'partner',
      textField: 'name',
      publicKeys: async () => ids((await get('/api/content/home')).json().data.partners),
      notFound: { code: 1002, field: 'id' },
    },
    {
      name: 'articles',
      input: () => ({
        key: `terms-${(articles += 1)}`,
        title: 'en_US:::Terms\nzh_CN:::条款',
        body: 'en_US:::# Terms\n\nRead them.',
      }),
      subject: 'article',
      textField: 'title',
      publicKeys: async () => ids((await get('/api/articles')).json().data.items),
      notFound: { code: 7003, field: 'key' },
    },
    {
      name: 'ecology',
      input: () => ({
        title: 'en_US:::Markets',
        body: 'en_US:::Trade miners and WALLX',
        icon: 'market',
        link: '/mtrade',
      }),
      subject: 'ecology_item',
      textField: 'title',
      publicKeys: async () => ids((await get('/api/ecology', user)).json().data.items),
      notFound: { code: 1002, field: 'id' },
    },
    {
      name: 'courses',
      input: () => ({
        title: 'en_US:::Welcome',
        summary: 'en_US:::Start here',
        body: 'en_US:::Watch it',
        cover: '/college/welcome-cover.svg',
        video: '/college/welcome.webm',
        duration_seconds: 120,
        regions: ['CN-GD'],
      }),
      subject: 'course',
      textField: 'title',
      publicKeys: async () => ids((await get('/api/courses', user)).json().data.items),
      notFound: { code: 7004, field: 'id' },
    },
  ];

  async function create(kind: Kind, input = kind.input()): Promise<Item> {
    const response = await t.injectAs(ADMIN, `POST ${BASE}/${kind.name}`, input);
    expect(response.json(), response.body).toMatchObject({ code: 0 });
    return response.json().data;
  }
  const list = async (kind: Kind): Promise<Item[]> =>
    (await t.injectAs(ADMIN, `GET ${BASE}/${kind.name}`)).json().data.items;
  const lastAudit = (subject: string, subjectId: string) =>
    t.database.db
      .selectFrom('operator_audit')
      .select(['operator', 'action', 'detail'])
      .where('subject_type', '=', subject)
      .where('subject_id', '=', subjectId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  const edited = (kind: Kind) => (kind.name === 'partners' ? 'Trust Wallet' : 'en_US:::Edited\nzh_CN:::已修改');
  const editOf = (kind: Kind, input: Record<string, unknown>) => {
    const { key: _key, ...rest } = input;
    return { ...rest, [kind.textField]: edited(kind) };
  };

  it('refuses every endpoint without a console session, and every change to a viewer', async () => {
    for (const kind of kinds) {
      const input = kind.input();
      const item = await create(kind, input);
      const one = `${BASE}/${kind.name}/${keyOf(item)}`;
      const calls: [Method, string, object?][] = [
        ['POST', `${BASE}/${kind.name}`, kind.input()],
        ['PUT', one, editOf(kind, input)],
        ['DELETE', one],
        ['POST', `${one}/publish`],
        ['POST', `${one}/unpublish`],
        ['POST', `${BASE}/${kind.name}/order`, { ids: ids(await list(kind)) }],
      ];
      for (const [method, url, payload] of [['GET', `${BASE}/${kind.name}`] as [Method, string], ...calls]) {
        // No session, a forged one, a user's token: the console's door stays shut.
        for (const headers of [{}, { authorization: 'Bearer forged' }, user]) {
          const refused = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
          expect(refused.statusCode, `${method} ${url}`).toBe(401);
          expect(refused.json()).toMatchObject({ code: 8002 });
        }
      }
      for (const [method, url, payload] of calls) {
        const viewed = await t.app.inject({ method, url, headers: viewer, ...(payload ? { payload } : {}) });
        expect(viewed.json(), `${method} ${url}`).toMatchObject({ code: 1006 });
      }
      // A viewer reads every list.
      expect((await t.app.inject({ method: 'GET', url: `${BASE}/${kind.name}`, headers: viewer })).statusCode).toBe(
        200,
      );
      expect((await list(kind)).find((i) => keyOf(i) === keyOf(item))).toEqual(item);
    }
  });

  it('starts an item unpublished, shows it once published, changes it at once, hides it when unpublished, and audits each step', async () => {
    for (const kind of kinds) {
      const input = kind.input();
      const item = await create(kind, input);
      const key = keyOf(item);
      expect(item.published, kind.name).toBe(false);
      expect(await kind.publicKeys()).not.toContain(key);
      expect(await lastAudit(kind.subject, key)).toMatchObject({
        operator: testOperators.support.address.toLowerCase(),
        action: `${kind.subject}.create`,
        detail: { before: null, after: item },
      });

      const published = (await t.injectAs(ADMIN, `POST ${BASE}/${kind.name}/${key}/publish`)).json().data;
      expect(published).toEqual({ ...item, published: true });
      expect(await kind.publicKeys()).toContain(key);
      expect(await lastAudit(kind.subject, key)).toMatchObject({
        action: `${kind.subject}.publish`,
        detail: { before: { published: false }, after: { published: true } },
      });

      const update = await t.injectAs(ADMIN, `PUT ${BASE}/${kind.name}/${key}`, editOf(kind, input));
      expect(update.json().data).toMatchObject({ [kind.textField]: edited(kind), published: true, sort: item.sort });
      expect(await lastAudit(kind.subject, key)).toMatchObject({
        action: `${kind.subject}.update`,
        detail: { before: published, after: update.json().data },
      });

      await t.injectAs(ADMIN, `POST ${BASE}/${kind.name}/${key}/unpublish`);
      expect(await kind.publicKeys()).not.toContain(key);
      expect(await lastAudit(kind.subject, key)).toMatchObject({
        action: `${kind.subject}.unpublish`,
        detail: { before: { published: true }, after: { published: false } },
      });
      expect((await list(kind)).find((i) => keyOf(i) === key)).toMatchObject({
        published: false,
        [kind.textField]: edited(kind),
      });
    }
  });

  it('shows public content as edited, with a minute of caching', async () => {
    const scene = await create(kinds[0]!);
    await t.injectAs(ADMIN, `POST ${BASE}/scenes/${keyOf(scene)}/publish`);
    await t.injectAs(ADMIN, `PUT ${BASE}/scenes/${keyOf(scene)}`, {
      title: 'en_US:::Renamed',
      body: 'en_US:::New text',
      icon: 'staking',
      tone: 'amber',
      link: 'https://example.com/x',
    });
    const home = await get('/api/content/home');
    expect(home.headers['cache-control']).toBe('public, max-age=60');
    expect(home.json().data.scenes.find((s: Item) => s.id === scene.id)).toEqual({
      id: scene.id,
      title: 'en_US:::Renamed',
      body: 'en_US:::New text',
      icon: 'staking',
      tone: 'amber',
      link: 'https://example.com/x',
    });

    const article = await create(kinds[2]!, { key: 'pricing', title: 'en_US:::Pricing', body: 'en_US:::Old' });
    await t.injectAs(ADMIN, `POST ${BASE}/articles/pricing/publish`);
    await t.injectAs(ADMIN, `PUT ${BASE}/articles/pricing`, { title: 'en_US:::Pricing', body: 'en_US:::New' });
    const read = (await get('/api/articles/pricing')).json().data;
    expect(read.body).toBe('en_US:::New');
    expect(Date.parse(read.updated_at)).toBeGreaterThanOrEqual(Date.parse(article.updated_at as string));
  });

  it('orders the public lists as the operator lists them, and refuses an order that misses or repeats an item', async () => {
    for (const kind of kinds) {
      for (let i = 0; i < 3; i += 1) {
        const item = await create(kind);
        await t.injectAs(ADMIN, `POST ${BASE}/${kind.name}/${keyOf(item)}/publish`);
      }
      const before = ids(await list(kind));
      const wanted = [...before].reverse();
      const ordered = await t.injectAs(ADMIN, `POST ${BASE}/${kind.name}/order`, { ids: wanted });
      expect(ids(ordered.json().data.items), kind.name).toEqual(wanted);
      expect(ordered.json().data.items.map((i: Item) => i.sort)).toEqual(wanted.map((_, index) => index));
      const shown = await kind.publicKeys();
      expect(shown).toEqual(wanted.filter((key) => shown.includes(key)));
      expect(shown.length).toBeGreaterThanOrEqual(3);
      expect(await lastAudit(kind.subject, '*')).toMatchObject({
        action: `${kind.subject}.order`,
        detail: { before, after: wanted },
      });

      const stale = await t.injectAs(ADMIN, `POST ${BASE}/${kind.name}/order`, { ids: wanted.slice(1) });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 7007, data: { field: 'ids' } });
      const twice = await t.injectAs(ADMIN, `POST ${BASE}/${kind.name}/order`, { ids: [...wanted, wanted[0]] });
      expect(twice.json()).toMatchObject({ code: 1001, data: { field: 'ids' } });
      expect(ids(await list(kind))).toEqual(wanted);
    }
  });

  it('names the field of every refused value, on create and on update', async () => {
    const long = (n: number) => `en_US:::${'x'.repeat(n - 8)}`;
    const refusals: Record<Kind['name'], [Record<string, unknown>, string][]> = {
      scenes: [
        [{ title: '' }, 'title'],
        [{ title: 'en_US:::Hello\nzh_CN:::' }, 'title'],
        [{ title: long(2001) }, 'title'],
        [{ body: long(8001) }, 'body'],
        [{ icon: 'skull' }, 'icon'],
        [{ tone: 'pink' }, 'tone'],
        [{ link: 'javascript:alert(1)' }, 'link'],
        [{ link: '//evil.example' }, 'link'],
        [{ link: `/${'a'.repeat(500)}` }, 'link'],
      ],
      partners: [
        [{ name: '' }, 'name'],
        [{ name: 'n'.repeat(101) }, 'name'],
        [{ mark: 'ABCD' }, 'mark'],
        [{ color: '#f0b90' }, 'color'],
        [{ color: 'red' }, 'color'],
        [{ link: 'http://insecure.example' }, 'link'],
      ],
      articles: [
        [{ title: 'zh_CN:::   ' }, 'title'],
        [{ body: long(200_001) }, 'body'],
        [{ body: 'a\u0000b' }, 'body'],
      ],
      ecology: [
        [{ title: 'en_US:::' }, 'title'],
        [{ icon: 'checkin' }, 'icon'],
        [{ link: 'data:text/html,x' }, 'link'],
      ],
      courses: [
        [{ summary: 'en_US:::' }, 'summary'],
        [{ cover: 'college/a.svg' }, 'cover'],
        [{ video: 'javascript:alert(1)' }, 'video'],
        [{ poster: 'ftp://x.example/p.png' }, 'poster'],
        [{ duration_seconds: 0 }, 'duration_seconds'],
        [{ duration_seconds: 1.5 }, 'duration_seconds'],
        [{ regions: ['CN', 'FR'] }, 'regions.1'],
        // A province of the pattern that the address list does not have.
        [{ regions: ['CN-ZZ'] }, 'regions.0'],
        [{ requires_miner: 'yes' }, 'requires_miner'],
      ],
    };
    for (const kind of kinds) {
      const item = await create(kind);
      for (const [change, field] of refusals[kind.name]) {
        const created = await t.injectAs(ADMIN, `POST ${BASE}/${kind.name}`, { ...kind.input(), ...change });
        expect(created.statusCode, `${kind.name} ${field}`).toBe(400);
        expect(created.json(), `${kind.name} ${JSON.stringify(change).slice(0, 60)}`).toMatchObject({
          code: 1001,
          data: { field },
        });
        const { key: _key, ...edit } = { ...kind.input(), ...change };
        expect((await t.injectAs(ADMIN, `PUT ${BASE}/${kind.name}/${keyOf(item)}`, edit)).json()).toMatchObject({
          code: 1001,
          data: { field },
        });
      }
    }
    expect(
      (await t.injectAs(ADMIN, `POST ${BASE}/articles`, { ...kinds[2]!.input(), key: 'Not A Key' })).json(),
    ).toMatchObject({
      code: 1001,
      data: { field: 'key' },
    });
    const taken = kinds[2]!.input();
    await create(kinds[2]!, taken);
    const again = await t.injectAs(ADMIN, `POST ${BASE}/articles`, taken);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 7005, data: { field: 'key' } });
    // The longest body the table holds passes the route's body limit.
    expect(
      (await t.injectAs(ADMIN, `POST ${BASE}/articles`, { ...kinds[2]!.input(), body: long(200_000) })).json().code,
    ).toBe(0);
  });

  it('answers a clear 404 for a change to an item that does not exist, and 400 for a malformed id', async () => {
    for (const kind of kinds) {
      const missing = kind.name === 'articles' ? 'no-such-article' : MISSING;
      const { key: _key, ...edit } = kind.input();
      for (const [method, url, payload] of [
        ['PUT', `${BASE}/${kind.name}/${missing}`, edit],
        ['DELETE', `${BASE}/${kind.name}/${missing}`],
        ['POST', `${BASE}/${kind.name}/${missing}/publish`],
        ['POST', `${BASE}/${kind.name}/${missing}/unpublish`],
      ] as [Method, string, object?][]) {
        const response = await admin(method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ code: kind.notFound.code, data: { field: kind.notFound.field } });
      }
      const malformed = await t.injectAs(ADMIN, `PUT ${BASE}/${kind.name}/Not-An-Id!`, edit);
      expect(malformed.json()).toMatchObject({ code: 1001, data: { field: kind.notFound.field } });
    }
  });

  it('deletes an item for good (audited), but refuses a course someone has watched: unpublish it instead', async () => {
    for (const kind of kinds) {
      const item = await create(kind);
      await t.injectAs(ADMIN, `POST ${BASE}/${kind.name}/${keyOf(item)}/publish`);
      const deleted = await t.injectAs(ADMIN, `DELETE ${BASE}/${kind.name}/${keyOf(item)}`);
      expect(deleted.json(), kind.name).toEqual({ code: 0, message: 'ok', data: {} });
      expect(ids(await list(kind))).not.toContain(keyOf(item));
      expect(await kind.publicKeys()).not.toContain(keyOf(item));
      expect(await lastAudit(kind.subject, keyOf(item))).toMatchObject({
        action: `${kind.subject}.delete`,
        detail: { before: { ...item, published: true }, after: null },
      });
      expect((await t.injectAs(ADMIN, `DELETE ${BASE}/${kind.name}/${keyOf(item)}`)).statusCode).toBe(404);
    }

    const course = await create(kinds[4]!, { ...kinds[4]!.input(), regions: [] });
    await t.injectAs(ADMIN, `POST ${BASE}/courses/${course.id}/publish`);
    const watched = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}/progress`,
      headers: user,
      payload: { position_seconds: 30 },
    });
    expect(watched.json().code).toBe(0);
    const refused = await t.injectAs(ADMIN, `DELETE ${BASE}/courses/${course.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 7006, data: { field: 'id' } });
    expect(ids(await list(kinds[4]!))).toContain(course.id);
    expect((await t.injectAs(ADMIN, `POST ${BASE}/courses/${course.id}/unpublish`)).json().data.published).toBe(false);
    expect(await kinds[4]!.publicKeys()).not.toContain(course.id);
  });

  it('keeps markup in an article body as written: the app renders Markdown without HTML, so it is only text', async () => {
    const body =
      'en_US:::# Safety\n\n<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n[link](javascript:alert(3))\nzh_CN:::# 安全';
    await create(kinds[2]!, { key: 'safety', title: 'en_US:::Safety', body });
    await t.injectAs(ADMIN, `POST ${BASE}/articles/safety/publish`);
    expect((await get('/api/articles/safety')).json().data.body).toBe(body);
  });

  it('is in the contract, tagged admin', async () => {
    const spec = (await get('/api/openapi.json')).json();
    expect(spec.paths).toHaveProperty([`${BASE}/courses/{id}`, 'put', 'tags'], ['admin']);
    expect(spec.paths).toHaveProperty([`${BASE}/articles/order`, 'post', 'tags'], ['admin']);
  });

  it('keeps every course field an operator sets, and the region list as codes', async () => {
    const course = await create(kinds[4]!, {
      ...kinds[4]!.input(),
      poster: 'https://cdn.example.com/p.png',
      regions: ['cn', 'JP-13', 'CN'],
      requires_miner: true,
    });
    expect(course).toMatchObject({
      poster: 'https://cdn.example.com/p.png',
      regions: ['CN', 'JP-13'],
      requires_miner: true,
      duration_seconds: 120,
      published: false,
    });
    expect(Date.parse(course.created_at as string)).not.toBeNaN();
  });
});
