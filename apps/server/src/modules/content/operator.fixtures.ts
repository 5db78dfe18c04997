import { expect } from 'vitest';
import { buildTestApp, login, operatorLogin, type TestApp } from '../../test/helpers.js';

export const BASE = '/api/admin/content';
export const MISSING = '9000000000';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Item = { id?: string; key?: string; published: boolean; sort: number } & Record<string, unknown>;
export type Kind = {
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

export type ContentOperators = {
  t: TestApp;
  user: { authorization: string };
  ADMIN: { authorization: string };
  viewer: { authorization: string };
};

/** The content console tests' app, an app user, a support and a viewer session. */
export async function startContentOperators(): Promise<ContentOperators> {
  const t = await buildTestApp();
  const user = (await login(t.app)).auth;
  const ADMIN = await operatorLogin(t.app, 'support');
  const viewer = await operatorLogin(t.app, 'viewer');
  return { t, user, ADMIN, viewer };
}

/** The content console tests' kinds of content and requests, on what `current` answers once started. */
export function contentOperatorHelpers(current: () => ContentOperators) {
  const t = () => current().t;
  let articles = 0;
  const admin = (method: Method, url: string, payload?: object) =>
    t().app.inject({ method, url, headers: current().ADMIN, ...(payload ? { payload } : {}) });
  const get = async (url: string, auth?: { authorization: string }) => {
    const response = await t().app.inject({ method: 'GET', url, ...(auth ? { headers: auth } : {}) });
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
      publicKeys: async () => ids((await get('/api/ecology', current().user)).json().data.items),
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
      publicKeys: async () => ids((await get('/api/courses', current().user)).json().data.items),
      notFound: { code: 7004, field: 'id' },
    },
  ];

  async function create(kind: Kind, input = kind.input()): Promise<Item> {
    const response = await t().injectAs(current().ADMIN, `POST ${BASE}/${kind.name}`, input);
    expect(response.json(), response.body).toMatchObject({ code: 0 });
    return response.json().data;
  }
  const list = async (kind: Kind): Promise<Item[]> =>
    (await t().injectAs(current().ADMIN, `GET ${BASE}/${kind.name}`)).json().data.items;
  const lastAudit = (subject: string, subjectId: string) =>
    t()
      .database.db.selectFrom('operator_audit')
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

  return { admin, get, keyOf, ids, kinds, create, list, lastAudit, edited, editOf };
}
