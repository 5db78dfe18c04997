import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import { buildTestApp, login, operatorLogin, type TestApp } from '../../test/helpers.js';

type Operation = { method: string; path: string };

/** The console's routes: /api/admin, and /api/operator where the well-being ecosystem's are (issue 47). */
const isConsolePath = (path: string) => path.startsWith('/api/admin/') || path.startsWith('/api/operator/');

// A value each path parameter accepts, so that the guard (not the parameter check) answers.
const samples: Record<string, string> = {
  id: '1',
  address: '0x1111111111111111111111111111111111111111',
  market: 'c2c',
  kind: 'scenes',
  key: 'about-us',
  user: '0x1111111111111111111111111111111111111111',
};

/**
 * Every operator route the server has, read from its own OpenAPI document: one added later is
 * checked without anyone remembering to. Each refuses a request without a console session and one
 * with a user's token (401, 8002), before anything else; each change refuses a viewer (403, 1006).
 */
describe('every /api/admin route', () => {
  let chain: ChainContext;
  let t: TestApp;
  let operations: Operation[];
  beforeAll(async () => {
    chain = await openChain(loadConfig({}).chain);
    t = await buildTestApp({ chain });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(doc.paths)
      .filter(([path]) => isConsolePath(path) && !path.startsWith('/api/admin/auth/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{(\w+)\}/g, (_, name: string) => samples[name] ?? 'x'),
        })),
      );
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  const send = (operation: Operation, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: operation.method as 'GET',
      url: operation.path,
      headers,
      ...(operation.method === 'GET' ? {} : { payload: {} }),
    });

  it('are all in the OpenAPI document, tagged admin, and cover every section of the console', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const admin = Object.entries(doc.paths).filter(([path]) => isConsolePath(path));
    for (const [path, methods] of admin)
      for (const [method, operation] of Object.entries(methods))
        expect(operation.tags, `${method} ${path}`).toContain('admin');
    const prefixes = [
      'users',
      'products',
      'gifts',
      'withdrawals',
      'deposits',
      'money',
      'markets',
      'dashboard',
      'operators',
      'pickup-points',
      'validators',
      'shipping',
      'content',
      'feedback',
      'audit',
    ];
    for (const prefix of prefixes)
      expect(
        operations.some((o) => o.path.startsWith(`/api/admin/${prefix}`)),
        prefix,
      ).toBe(true);
    expect(operations.length).toBeGreaterThan(40);
  });

  it('refuse a request without a session, with a forged token and with a user’s token', async () => {
    const user = await login(t.app);
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`;
      expect((await send(operation)).json(), name).toMatchObject({ code: 8002 });
      expect((await send(operation, { authorization: 'Bearer forged' })).statusCode, name).toBe(401);
      expect((await send(operation, user.auth)).json(), name).toMatchObject({ code: 8002 });
    }
  });

  it('refuse every change to a viewer, who may read', async () => {
    const viewer = await operatorLogin(t.app, 'viewer');
    const changes = operations.filter((o) => o.method !== 'GET');
    expect(changes.length).toBeGreaterThan(20);
    for (const operation of changes)
      expect((await send(operation, viewer)).json(), `${operation.method} ${operation.path}`).toMatchObject({
        code: 1006,
      });
  });
});
