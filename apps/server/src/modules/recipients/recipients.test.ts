import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, testConfig, type TestApp } from '../../test/helpers.js';

describe('recipients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const check = (who: Parameters<TestApp['injectAs']>[0], to: string) =>
    t.injectAs(who, `GET /api/recipients/check?to=${encodeURIComponent(to)}`);

  it('says a registered account can receive, with its address as stored', async () => {
    const alice = await t.userWith({});
    const bob = await login(t.app);
    const response = await check(alice, `  ${bob.account.address.toUpperCase().replace('0X', '0x')}  `.trim());
    expect(response.json()).toMatchObject({ code: 0, data: { address: bob.userinfo.bsc } });
  });

  it('refuses as the transfer would: not an address, never signed in, myself — the field named', async () => {
    const alice = await t.userWith({});
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const refusals = await Promise.all([
      check(alice, '0x1234'),
      check(alice, stranger),
      check(alice, alice.account.address),
    ]);
    expect(refusals.map((r) => [r.statusCode, r.json().code, r.json().data?.field])).toEqual([
      [400, 3005, 'to'],
      [400, 3005, 'to'],
      [400, 3006, 'to'],
    ]);
    // The same answer a transfer to the stranger gives before it asks for the fund password.
    const transfer = await t.injectAs(alice, 'POST /api/funds/transfer', {
      to: stranger,
      asset: 'USDT',
      amount: '1',
      fund_password: 'wrong-one',
    });
    expect(transfer.json()).toMatchObject({ code: 3005, message: refusals[1]!.json().message });
  });

  it('asks for a signed-in, active account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/recipients/check?to=0x1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/recipients/recent' })).statusCode).toBe(401);
    const alice = await t.userWith({});
    const bob = await login(t.app);
    await t.database.db
      .updateTable('users')
      .set({ is_frozen: true })
      .where('address', '=', alice.userinfo.bsc)
      .execute();
    expect((await check(alice, bob.account.address)).json()).toMatchObject({ code: 1005 });
  });

  it('is limited per user', async () => {
    const limited = await buildTestApp({
      database: t.database,
      keys: t.keys,
      config: { rateLimit: { ...testConfig.rateLimit, recipientChecksPerMinute: 3 } },
    });
    try {
      const alice = await login(limited.app);
      const bob = await login(limited.app);
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await limited.injectAs(alice, `GET /api/recipients/check?to=${bob.account.address}`)).json().code);
      expect(codes).toEqual([0, 0, 0, 1004]);
    } finally {
      await limited.close();
    }
  });

  it('is limited per client IP, higher than per user, whoever asks', async () => {
    const limited = await buildTestApp({
      database: t.database,
      keys: t.keys,
      config: { rateLimit: { ...testConfig.rateLimit, recipientChecksPerMinute: 3, recipientChecksPerIpPerMinute: 5 } },
    });
    try {
      const [alice, bob, cal, dee] = [
        await login(limited.app),
        await login(limited.app),
        await login(limited.app),
        await login(limited.app),
      ];
      const codes = [];
      // Three people behind one address, none past their own 3: the address's sixth check is refused.
      for (const asker of [alice, bob, alice, bob, cal, cal])
        codes.push((await limited.injectAs(asker, `GET /api/recipients/check?to=${dee.account.address}`)).json().code);
      expect(codes).toEqual([0, 0, 0, 0, 0, 1004]);
    } finally {
      await limited.close();
    }
  });

  it('recent: where my own transfers went, each address once, the latest first', async () => {
    const alice = await t.userWith({ usdt: '1000', fundPassword: 'pass-123' });
    const [bob, cal, dee] = [await login(t.app), await login(t.app), await login(t.app)];
    expect((await t.injectAs(alice, 'GET /api/recipients/recent')).json().data.items).toEqual([]);
    const send = (to: string) =>
      t.injectAs(alice, 'POST /api/funds/transfer', { to, asset: 'USDT', amount: '1', fund_password: 'pass-123' });
    await send(bob.account.address);
    await send(cal.account.address);
    await send(bob.account.address);
    await send(dee.account.address);
    // Money received is not a recipient of mine.
    const eve = await t.userWith({ usdt: '5', fundPassword: 'pass-123' });
    await t.injectAs(eve, 'POST /api/funds/transfer', {
      to: alice.account.address,
      asset: 'USDT',
      amount: '1',
      fund_password: 'pass-123',
    });

    const items = (await t.injectAs(alice, 'GET /api/recipients/recent')).json().data.items;
    expect(items.map((item: { address: string }) => item.address)).toEqual([
      dee.userinfo.bsc,
      bob.userinfo.bsc,
      cal.userinfo.bsc,
    ]);
    expect(items[0].last_sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Nobody else's.
    expect((await t.injectAs(bob, 'GET /api/recipients/recent')).json().data.items).toEqual([]);
  });
});
