import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOperators, type TestApp } from '../../test/helpers.js';
import { BASE, contentOperatorHelpers, type Item, type Method, startContentOperators } from './operator.fixtures.js';

describe('content operators', () => {
  let t: TestApp;
  let user: { authorization: string };
  let ADMIN: { authorization: string };
  let viewer: { authorization: string };
  beforeAll(async () => {
    ({ t, user, ADMIN, viewer } = await startContentOperators());
  });
  afterAll(() => t.close());
  const { get, keyOf, ids, kinds, create, list, lastAudit, edited, editOf } = contentOperatorHelpers(() => ({
    t,
    user,
    ADMIN,
    viewer,
  }));

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
});
