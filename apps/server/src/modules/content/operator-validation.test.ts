import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../test/helpers.js';
import {
  BASE,
  contentOperatorHelpers,
  type Kind,
  type Method,
  MISSING,
  startContentOperators,
} from './operator.fixtures.js';

describe('content operators', () => {
  let t: TestApp;
  let user: { authorization: string };
  let ADMIN: { authorization: string };
  let viewer: { authorization: string };
  beforeAll(async () => {
    ({ t, user, ADMIN, viewer } = await startContentOperators());
  });
  afterAll(() => t.close());
  const { admin, keyOf, kinds, create } = contentOperatorHelpers(() => ({
    t,
    user,
    ADMIN,
    viewer,
  }));

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
