import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, testConfig, type TestApp } from '../../test/helpers.js';
import type { DatabaseHandle } from '../../platform/db/database.js';

// Runs where a Redis is given (CI exports TEST_REDIS_URL); the in-memory store is covered in routes.test.ts.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis by several instances', () => {
  let database: DatabaseHandle;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // A fresh key space per run: the limit is per client IP, and every inject comes from 127.0.0.1.
    const ip = `10.${crypto.randomInt(255)}.${crypto.randomInt(255)}.${crypto.randomInt(255)}`;
    const config = {
      redisUrl: redisUrl!,
      rateLimit: { ...testConfig.rateLimit, loginPerMinute: 4, refreshPerMinute: 100 },
    };
    first = await buildTestApp({ database, config });
    second = await buildTestApp({ database, config });
    for (const t of [first, second])
      t.app.addHook('onRequest', async (request) => void Object.defineProperty(request, 'ip', { value: ip }));
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it('counts a client across instances', async () => {
    const statuses: number[] = [];
    for (const t of [first, second, first, second, first]) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/web3/verify', payload: {} })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });
});
