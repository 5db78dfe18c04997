import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChain, type ChainContext } from '../../platform/chain/context.js';
import { loadConfig } from '../../platform/config/config.js';
import {
  addProduct,
  type Auth,
  buildTestApp,
  login,
  consoleLogin,
  newWallet,
  operatorLogin,
  seedOperator,
  type TestApp,
  testOperators,
  testSecondAdmin,
} from '../../test/helpers.js';

type Request = { method: 'POST' | 'PUT'; url: string; payload: object };

/**
 * Routes under /api/admin whose change has no user as its subject: the catalog, content, pick-up
 * points, settings and the operators themselves. Every other change acts on a user's account, and
 * must refuse the operator's own (a route added later fails here until it is placed).
 */
const NO_USER_SUBJECT = [
  /^POST \/api\/admin\/auth\//,
  /^(POST|PUT) \/api\/admin\/products/,
  /^(POST|PUT|DELETE) \/api\/admin\/content\//,
  /^(POST|PUT) \/api\/admin\/pickup-points/,
  /^PUT \/api\/admin\/money\/settings$/,
  /^(POST|PUT) \/api\/admin\/operators/,
  // The reward rules, the rewards budget and the crisis lines are the platform's, no one user's.
  /^POST \/api\/admin\/wellbeing\/(settings|budget)$/,
  /^(PUT|DELETE) \/api\/admin\/support-lines\/\{country\}$/,
  // The aid fund's partners and its grants to them: organisations paid from the fund, no user's account.
  /^(POST|PATCH) \/api\/admin\/aid-fund\/(partners|grants)/,
  // The staking pool's rules and additions to it are the platform's too.
  /^POST \/api\/admin\/staking\/(settings|fund)$/,
  // The companion's allowance and budget bound the platform's spend, no one's account.
  /^PUT \/api\/admin\/companion\/settings$/,
  // Taking a waiting proposal back decides nothing.
  /^POST \/api\/admin\/proposals\/\{id\}\/withdraw$/,
];

const HOME = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road, Futian, Shenzhen',
};

/**
 * An operator never acts on their own account (decision 79): every console change whose subject is a
 * user, read from the OpenAPI document, is refused when that user is the operator's own wallet, or a
 * wallet an admin recorded as the same person, and changes nothing; another operator's same request
 * goes through, so the refusal is the guard's, not the body's.
 */
describe('an operator and their own account', () => {
  let chain: ChainContext;
  let t: TestApp;
  let changes: string[];
  let own: Record<string, Request>;
  let self: Auth;
  let sameWallet: Auth;
  let other: Auth;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth?: Auth, payload?: object) =>
    t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    chain = await openChain(loadConfig({ WITHDRAW_REVIEW_USDT: '1000' }).chain);
    t = await buildTestApp({ chain });
    const admin = await operatorLogin(t.app, 'admin');
    // The admin's second wallet, recorded as the same person; and an admin who is someone else.
    const second = newWallet();
    const stranger = newWallet();
    await seedOperator(t.database, second, 'admin', { person: testOperators.admin.address });
    await seedOperator(t.database, stranger, 'admin');
    self = admin;
    sameWallet = await consoleLogin(t.app, second);
    other = await consoleLogin(t.app, stranger);

    // The admin's wallet as a user: money, a withdrawal awaiting review, orders in both markets,
    // feedback, a delivery to ship.
    const me = await t.userWith({
      account: testOperators.admin,
      usdt: '100000',
      wallx: '1000',
      fundPassword: 'pass-123',
    });
    const machine = await addProduct(t.database, { price_usdt: '10', stock: 100 });
    const physical = await addProduct(t.database, {
      name: 'en_US:::Box Miner',
      physical: true,
      price_usdt: '10',
      stock: 100,
    });
    const gift = await addProduct(t.database, {
      name: 'en_US:::Gift Miner',
      gift: true,
      price_usdt: null,
      price_wallx: null,
      stock: 100,
    });
    const mine = (method: 'GET' | 'POST', url: string, payload?: object) =>
      call(method, url, me.auth, payload).then((r) => r.json());
    const must = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const body = await mine(method, url, payload);
      expect(body.code, `${url}: ${JSON.stringify(body)}`).toBe(0);
      return body.data;
    };
    const machineOrder = (
      await must('POST', '/api/miners/buy', { product_id: machine, pay_asset: 'USDT', quantity: 1 })
    ).orders[0].id;
    const miner = (await must('POST', `/api/miners/orders/${machineOrder}/use`)).miner.id;
    const mtrade = (
      await must('POST', '/api/mtrade/orders', {
        miner_id: miner,
        unit_price: '12',
        expiry: '7D',
        fund_password: 'pass-123',
      })
    ).order.id;
    const c2c = (
      await must('POST', '/api/c2c/orders', {
        amount: '10',
        unit_price: '1.5',
        expiry: '7D',
        fund_password: 'pass-123',
      })
    ).order.id;
    const withdrawal = (
      await must('POST', '/api/funds/withdraw', { asset: 'USDT', amount: '2000', fund_password: 'pass-123' })
    ).withdrawal;
    expect(withdrawal.status).toBe('pending_review');
    const proposable = (
      await must('POST', '/api/funds/withdraw', { asset: 'USDT', amount: '2000', fund_password: 'pass-123' })
    ).withdrawal;
    // Someone else proposed approving another of mine: the approval is what I may not give.
    const approvable = (
      await must('POST', '/api/funds/withdraw', { asset: 'USDT', amount: '2000', fund_password: 'pass-123' })
    ).withdrawal;
    const proposed = (
      await call('POST', '/api/admin/proposals', await operatorLogin(t.app, 'finance'), {
        kind: 'withdrawal.approve',
        subject_id: approvable.id,
        reason: 'checked',
      })
    ).json().data.id;
    const feedback = (await must('POST', '/api/feedback', { title: 'Mine', detail: 'From an operator’s own wallet' }))
      .feedback.id;
    const physicalOrder = (
      await must('POST', '/api/miners/buy', { product_id: physical, pay_asset: 'USDT', quantity: 1 })
    ).orders[0].id;
    await must('POST', '/api/addresses', HOME);
    const delivery = (
      await must('POST', '/api/shipping/delivery', { order_id: physicalOrder, fund_password: 'pass-123' })
    ).request.id;
    const userId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('address', '=', me.userinfo.bsc)
        .executeTakeFirstOrThrow()
    ).id;

    own = {
      'POST /api/admin/withdrawals/{id}/review': {
        method: 'POST',
        url: `/api/admin/withdrawals/${withdrawal.id}/review`,
        payload: { decision: 'reject', note: 'my own' },
      },
      'POST /api/admin/proposals': {
        method: 'POST',
        url: '/api/admin/proposals',
        payload: { kind: 'withdrawal.approve', subject_id: proposable.id, reason: 'my own' },
      },
      'POST /api/admin/proposals/{id}/approve': {
        method: 'POST',
        url: `/api/admin/proposals/${proposed}/approve`,
        payload: {},
      },
      'POST /api/admin/markets/{market}/orders/{id}/cancel': {
        method: 'POST',
        url: `/api/admin/markets/c2c/orders/${c2c}/cancel`,
        payload: { reason: 'my own' },
      },
      'POST /api/admin/feedback/{id}/reply': {
        method: 'POST',
        url: `/api/admin/feedback/${feedback}/reply`,
        payload: { reply: 'Answered by myself' },
      },
      'PUT /api/admin/validators/{address}': {
        method: 'PUT',
        url: `/api/admin/validators/${me.userinfo.bsc}`,
        payload: { point_ids: [] },
      },
      'POST /api/admin/shipping/requests/{id}/ship': {
        method: 'POST',
        url: `/api/admin/shipping/requests/${delivery}/ship`,
        payload: { carrier: 'SF', tracking_no: 'SF100' },
      },
      'POST /api/admin/gifts': {
        method: 'POST',
        url: '/api/admin/gifts',
        payload: { address: me.userinfo.bsc, product_id: gift, quantity: 1, reason: 'to myself' },
      },
    };
    own['machine market cancel'] = {
      method: 'POST',
      url: `/api/admin/markets/mtrade/orders/${mtrade}/cancel`,
      payload: { reason: 'my own' },
    };
    // The weekly board: hiding (or showing again) the nickname of the operator's own account.
    const ownAddress = testOperators.admin.address.toLowerCase();
    own['POST /api/admin/leaderboard/nicknames/{user}/hide'] = {
      method: 'POST',
      url: `/api/admin/leaderboard/nicknames/${ownAddress}/hide`,
      payload: { reason: 'my own' },
    };
    own['POST /api/admin/leaderboard/nicknames/{user}/unhide'] = {
      method: 'POST',
      url: `/api/admin/leaderboard/nicknames/${ownAddress}/unhide`,
      payload: {},
    };
    // Last: a freeze withdraws the orders the others act on.
    own['POST /api/admin/users/{id}/freeze'] = {
      method: 'POST',
      url: `/api/admin/users/${userId}/freeze`,
      payload: { frozen: true, reason: 'my own' },
    };

    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    changes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => method !== 'get')
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  /** What the refusals must leave as it was: the account, its lists, its records, and the audit log about it. */
  async function snapshot() {
    const me = await login(t.app, testOperators.admin);
    const read = async (url: string) => (await call('GET', url, me.auth)).json().data;
    const audit = await t.database.db
      .selectFrom('operator_audit')
      .select(['action', 'subject_id'])
      .where('action', 'not like', 'operator.login%')
      .orderBy('id')
      .execute();
    const user = await t.database.db
      .selectFrom('users')
      .select(['is_frozen', 'is_validator'])
      .where('address', '=', testOperators.admin.address.toLowerCase())
      .executeTakeFirstOrThrow();
    return {
      user,
      info: (await read('/api/user/info')).balance,
      withdrawals: await read('/api/funds/withdrawals'),
      mtrade: await read('/api/mtrade/my/orders'),
      c2c: await read('/api/c2c/my/orders'),
      feedback: await read('/api/feedback'),
      shipping: await read('/api/shipping/requests'),
      orders: await read('/api/miners/orders'),
      audit,
    };
  }

  it('every console change is either placed here as acting on a user, or listed as having no user subject', () => {
    const unplaced = changes.filter(
      (change) => !own[change] && !NO_USER_SUBJECT.some((pattern) => pattern.test(change)),
    );
    expect(unplaced).toEqual([]);
    expect(
      Object.keys(own)
        .filter((key) => key.startsWith('POST ') || key.startsWith('PUT '))
        .every((key) => changes.includes(key)),
    ).toBe(true);
  });

  it('refuses each to the operator, and to a wallet recorded as the same person, changing nothing; another operator’s same request goes through', async () => {
    const before = await snapshot();
    for (const [name, request] of Object.entries(own)) {
      for (const [who, auth] of [
        ['self', self],
        ['same person', sameWallet],
      ] as const) {
        const answer = await call(request.method, request.url, auth, request.payload);
        expect(answer.statusCode, `${who}: ${name}`).toBe(403);
        expect(answer.json(), `${who}: ${name}`).toMatchObject({
          code: 8306,
          message: 'Operators cannot act on their own account: another operator must do this',
        });
      }
    }
    expect(await snapshot()).toEqual(before);

    // The control: someone else may.
    for (const [name, request] of Object.entries(own)) {
      const answer = await call(request.method, request.url, other, request.payload);
      expect(answer.json().code, `${name}: ${answer.body}`).toBe(0);
    }
    expect((await snapshot()).user.is_frozen).toBe(true);
  });

  it('a person is one address: naming an operator that names another person records that person; an unknown one is refused', async () => {
    const admin = await operatorLogin(t.app, 'admin');
    const admin2 = await consoleLogin(t.app, testSecondAdmin);
    const third = newWallet();
    const list = async () =>
      (await t.injectAs(admin, 'GET /api/admin/operators')).json().data.items as Array<{
        address: string;
        person: string | null;
      }>;
    const second = (await list()).find((entry) => entry.person === testOperators.admin.address.toLowerCase())!;
    const proposed = (
      await t.injectAs(admin2, 'POST /api/admin/operators', {
        address: third.address,
        role: 'viewer',
        person: second.address,
      })
    ).json();
    expect(proposed).toMatchObject({
      code: 0,
      data: { operator: { after: { person: testOperators.admin.address.toLowerCase() } } },
    });
    // The admin whose wallet it would be may not approve it; someone else may.
    expect((await t.injectAs(admin, `POST /api/admin/proposals/${proposed.data.id}/approve`)).json()).toMatchObject({
      code: 8613,
      data: { field: 'id' },
    });
    // Nor one whom the admin made an operator (`other`): an admin someone else added may.
    expect((await t.injectAs(other, `POST /api/admin/proposals/${proposed.data.id}/approve`)).json()).toMatchObject({
      code: 8613,
    });
    const outsider = newWallet();
    await seedOperator(t.database, outsider, 'admin', { addedBy: newWallet().address });
    expect(
      (
        await t.injectAs(await consoleLogin(t.app, outsider), `POST /api/admin/proposals/${proposed.data.id}/approve`)
      ).json().code,
    ).toBe(0);
    expect((await list()).find((entry) => entry.address === third.address.toLowerCase())?.person).toBe(
      testOperators.admin.address.toLowerCase(),
    );
    expect(
      (
        await t.injectAs(admin, 'POST /api/admin/operators', {
          address: newWallet().address,
          role: 'viewer',
          person: newWallet().address,
        })
      ).json(),
    ).toMatchObject({ code: 8304, data: { field: 'person' } });
  });
});
