import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, checkBooks, credit, type Session, type TestApp } from '../../test/helpers.js';

const ASSETS = ['USDT', 'WALLX'] as const;
// Small against the amounts drawn, so balances run dry and refusals race successes.
const START = 300n;

describe('transfers under real parallel HTTP load', () => {
  let t: TestApp;
  let base: string;
  let users: Session[];
  beforeAll(async () => {
    t = await buildTestApp({ config: { logLevel: process.env.TEST_LOG_LEVEL ?? 'silent' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    users = [];
    for (let i = 0; i < 10; i++) {
      users.push(await t.userWith({ usdt: START.toString(), wallx: START.toString(), fundPassword: 'pass-123' }));
    }
  });
  afterAll(() => t.close());

  it('50 clients for several seconds: no error but insufficient balance, books balance, balances match the answers', async () => {
    const expected = new Map(users.map((u) => [u.userinfo.bsc, { USDT: START, WALLX: START }]));
    const statuses = new Map<string, number>();
    const deadline = Date.now() + 4_000;
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor(seed / 65_536) % n;
    };

    async function client(id: number) {
      while (Date.now() < deadline) {
        // Pairs drawn so that A→B and B→A run at the same time, across both assets.
        const from = users[(id + random(3)) % users.length]!;
        const to = users[(id + 1 + random(users.length - 1)) % users.length]!;
        if (from === to) continue;
        const asset = ASSETS[random(2)]!;
        const amount = BigInt(1 + random(120));
        const response = await fetch(`${base}/api/funds/transfer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...from.auth },
          body: JSON.stringify({ to: to.userinfo.bsc, asset, amount: amount.toString(), fund_password: 'pass-123' }),
        });
        const body = (await response.json()) as { code: number };
        const key = `${response.status}/${body.code}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (body.code === 0) {
          expected.get(from.userinfo.bsc)![asset] -= amount;
          expected.get(to.userinfo.bsc)![asset] += amount;
        }
      }
    }
    await Promise.all(Array.from({ length: 50 }, (_, i) => client(i)));

    // Only successes and clear insufficient-balance refusals reach users: no deadlock, no 500.
    expect([...statuses.keys()].filter((k) => !['200/0', '409/3001', '409/3002'].includes(k))).toEqual([]);
    expect(statuses.get('200/0') ?? 0).toBeGreaterThan(50);
    console.info('parallel transfers by status/code:', Object.fromEntries(statuses));

    for (const user of users) {
      const { balance } = (
        (await (await fetch(`${base}/api/user/info`, { headers: user.auth })).json()) as {
          data: { balance: { usdt: string; wallx: string } };
        }
      ).data;
      const mine = expected.get(user.userinfo.bsc)!;
      expect({ usdt: balance.usdt, wallx: balance.wallx }).toEqual({
        usdt: mine.USDT.toString(),
        wallx: mine.WALLX.toString(),
      });
      expect(mine.USDT >= 0n && mine.WALLX >= 0n).toBe(true);
    }
    const books = await checkBooks(t.database);
    expect(books.problems).toEqual([]);
    expect(books.totals).toEqual({ USDT: '0', WALLX: '0' });
  }, 60_000);
});

describe('transfers against an in-memory model (property-based)', () => {
  let t: TestApp;
  let users: Session[];
  beforeAll(async () => {
    t = await buildTestApp();
    users = [];
    for (let i = 0; i < 4; i++) {
      users.push(await t.userWith({ fundPassword: 'pass-123' }));
    }
  });
  afterAll(() => t.close());

  it('any sequence of transfers leaves the same balances as the model', async () => {
    const step = fc.record({
      from: fc.integer({ min: 0, max: 3 }),
      to: fc.integer({ min: 0, max: 3 }),
      asset: fc.constantFrom(...ASSETS),
      amount: fc.bigInt({ min: 1n, max: 60n }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.bigInt({ min: 0n, max: 100n }),
        async (steps, deposit) => {
          const model = users.map(() => ({ USDT: 0n, WALLX: 0n }));
          // Start each run from the real balances plus a deposit, so runs build on each other.
          for (const [i, user] of users.entries()) {
            if (deposit > 0n)
              for (const asset of ASSETS) await credit(t.database, user.userinfo.bsc, asset, deposit.toString());
            const { balance } = (await t.injectAs(user, 'GET /api/user/info')).json().data;
            model[i] = { USDT: BigInt(balance.usdt), WALLX: BigInt(balance.wallx) };
          }
          for (const s of steps) {
            const response = await t.app.inject({
              method: 'POST',
              url: '/api/funds/transfer',
              headers: users[s.from]!.auth,
              payload: {
                to: users[s.to]!.userinfo.bsc,
                asset: s.asset,
                amount: s.amount.toString(),
                fund_password: 'pass-123',
              },
            });
            const { code } = response.json();
            const expectedCode =
              s.from === s.to ? 3006 : model[s.from]![s.asset] < s.amount ? (s.asset === 'USDT' ? 3002 : 3001) : 0;
            expect(code).toBe(expectedCode);
            if (code === 0) {
              model[s.from]![s.asset] -= s.amount;
              model[s.to]![s.asset] += s.amount;
            }
          }
          for (const [i, user] of users.entries()) {
            const { balance } = (await t.injectAs(user, 'GET /api/user/info')).json().data;
            expect(balance).toEqual({ usdt: model[i]!.USDT.toString(), wallx: model[i]!.WALLX.toString() });
          }
        },
      ),
      { numRuns: 25 },
    );
    expect((await checkBooks(t.database)).problems).toEqual([]);
  }, 120_000);
});
