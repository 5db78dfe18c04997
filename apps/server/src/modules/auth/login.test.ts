import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiweMessage } from 'siwe';
import { LOGIN_STATEMENT } from '@wallx/shared';
import { translate } from '@wallx/shared/i18n/catalogs';
import {
  buildTestApp,
  login,
  newWallet,
  signedLogin,
  signInMessage,
  testConfig,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/helpers.js';
import { authHelpers } from './auth.fixtures.js';

describe('wallet login and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const { verify } = authHelpers(() => t);

  it('first login creates the user with zero balances and answers userinfo, token and balance', async () => {
    const wallet = newWallet();
    const response = await verify(await signedLogin(t.app, wallet));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.data.userinfo).toMatchObject({
      bsc: wallet.address.toLowerCase(),
      is_validator: false,
      is_frozen: false,
      inviter: null,
    });
    expect(body.data.userinfo.share_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(body.data.balance).toEqual({ usdt: '0', wallx: '0' });
    expect(body.data.first_login).toBe(true);
    expect(body.data.token.access_token.split('.')).toHaveLength(3);
    expect(body.data.token.refresh_token).toMatch(/^rt_/);

    const again = await verify(await signedLogin(t.app, wallet));
    expect(again.json().data.userinfo.share_code).toBe(body.data.userinfo.share_code);
    expect(again.json().data.first_login).toBe(false);
    const count = await sql<{ n: string }>`select count(*)::text as n from users`.execute(t.database.db);
    expect(Number(count.rows.at(0)?.n)).toBeGreaterThanOrEqual(1);
  });

  it('accepts a checksummed or lower-case address alike', async () => {
    const wallet = newWallet();
    const signed = await signedLogin(t.app, wallet);
    const response = await verify({ ...signed, address: signed.address.toLowerCase() });
    expect(response.json().data.userinfo.bsc).toBe(wallet.address.toLowerCase());
  });

  it('records the referee by share code or by address at the first login only', async () => {
    const inviter = await login(t.app);
    const byCode = await login(t.app, newWallet(), inviter.userinfo.share_code.toLowerCase());
    expect(byCode.userinfo.inviter).toBe(inviter.userinfo.bsc);

    const byAddress = await login(t.app, newWallet(), inviter.account.address);
    expect(byAddress.userinfo.inviter).toBe(inviter.userinfo.bsc);

    const other = await login(t.app);
    const later = await login(t.app, byCode.account, other.userinfo.share_code);
    expect(later.userinfo.inviter).toBe(inviter.userinfo.bsc);
  });

  it('ignores a referee that matches nobody', async () => {
    const unknownCode = await login(t.app, newWallet(), 'NOSUCHCD');
    expect(unknownCode.userinfo.inviter).toBeNull();
    const unknownAddress = await login(t.app, newWallet(), newWallet().address);
    expect(unknownAddress.userinfo.inviter).toBeNull();
  });

  /** A nonce the test app issued, and the fields of a message carrying it that a test then changes. */
  async function nonceFor(app = t.app) {
    const { data } = (await app.inject({ method: 'POST', url: '/api/web3/nonce' })).json();
    return {
      nonce: data.nonce as string,
      chainId: data.chain_id as number,
      issuedAt: data.issued_at as string,
      expirationTime: data.expiration_time as string,
    };
  }
  const signAs = async (wallet: ReturnType<typeof newWallet>, message: string) => ({
    address: wallet.address,
    message,
    signature: await wallet.signMessage({ message }),
  });

  it('issues single-use nonces with the chain and times the message must carry', async () => {
    const before = Date.now();
    const first = await nonceFor();
    const second = await nonceFor();
    expect(first.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(second.nonce).not.toBe(first.nonce);
    expect(first.chainId).toBe(31337);
    expect(Date.parse(first.issuedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first.expirationTime) - Date.parse(first.issuedAt)).toBe(5 * 60_000);
  });

  // The login message was bound to nothing: any site could collect a signature that opened a session here.
  it('refuses the old fixed message, and a message for another site, URI, chain or statement, without spending the nonce', async () => {
    const wallet = newWallet();
    const legacy = await signAs(wallet, `Welcome to wallx! Please sign this message to login. Nonce: ${Date.now()}`);
    expect((await verify(legacy)).json()).toMatchObject({
      code: 2001,
      message: 'Invalid login message',
      data: { field: 'message' },
    });

    const fields = await nonceFor();
    const genuineText = signInMessage({ ...fields, address: wallet.address });
    const phished = [
      signInMessage({ ...fields, address: wallet.address, origin: 'https://wallx-login.example' }),
      signInMessage({ ...fields, address: wallet.address, origin: 'https://localhost' }),
      signInMessage({ ...fields, address: wallet.address, chainId: 1 }),
      genuineText.replace('Please sign this message to login.', 'Claim your airdrop.'),
      genuineText.replace('\nURI: http://localhost', '\nURI: http://localhost.evil.example'),
      `${genuineText}\nResources:\n- https://evil.example/`,
    ];
    for (const message of phished) {
      const response = await verify(await signAs(wallet, message));
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ code: 2001, data: { field: 'message' } });
    }
    // None of those spent the nonce: the real page still signs in with it, once.
    const genuine = await signAs(wallet, genuineText);
    expect((await verify(genuine)).json().code).toBe(0);
    expect((await verify(genuine)).json().code).toBe(2003);
  });

  /** The sign-in message as the reference `siwe` library writes it, with the nonce's fields and `changes`. */
  const siweMessage = (
    wallet: ReturnType<typeof newWallet>,
    fields: Awaited<ReturnType<typeof nonceFor>>,
    changes: Record<string, unknown>,
  ) =>
    new SiweMessage({
      domain: new URL(TEST_ORIGIN).host,
      address: wallet.address,
      statement: LOGIN_STATEMENT,
      uri: TEST_ORIGIN,
      version: '1',
      chainId: fields.chainId,
      nonce: fields.nonce,
      issuedAt: fields.issuedAt,
      expirationTime: fields.expirationTime,
      ...changes,
    }).prepareMessage();

  // Issue 50: the message was compared byte for byte with our own spelling, so another standard
  // client's message with the same fields (the reference `siwe` library's, a scheme, other times) failed.
  it('signs in with a message the siwe library wrote with the same fields: scheme, times without milliseconds or with an offset', async () => {
    const offset = (iso: string, hours: number) => {
      // The same instant written at UTC+hours, seconds only: 2026-11-29T09:37:01+09:00.
      const local = new Date(Date.parse(iso) + hours * 3_600_000).toISOString().slice(0, 19);
      return `${local}+${String(hours).padStart(2, '0')}:00`;
    };
    const spellings = [
      (f: Awaited<ReturnType<typeof nonceFor>>) => ({
        scheme: 'http',
        issuedAt: f.issuedAt,
        expirationTime: f.expirationTime,
      }),
      (f: Awaited<ReturnType<typeof nonceFor>>) => ({
        issuedAt: f.issuedAt.replace(/\.\d+Z$/, 'Z'),
        expirationTime: offset(f.expirationTime, 9),
      }),
      (f: Awaited<ReturnType<typeof nonceFor>>) => ({
        scheme: 'http',
        issuedAt: offset(f.issuedAt, 7),
        expirationTime: f.expirationTime.replace('T', 't').replace('Z', 'z'),
      }),
    ];
    for (const spell of spellings) {
      const wallet = newWallet();
      const fields = await nonceFor();
      const message = siweMessage(wallet, fields, spell(fields));
      expect(message).not.toBe(signInMessage({ ...fields, address: wallet.address }));
      const response = await verify(await signAs(wallet, message));
      expect(response.json(), message).toMatchObject({ code: 0 });
    }
  });

  it('refuses siwe-library messages that carry what we never ask for, or mean another site, scheme, chain, statement or time', async () => {
    const wallet = newWallet();
    const fields = await nonceFor();
    const write = (changes: Record<string, unknown>) => siweMessage(wallet, fields, changes);
    const genuine = write({});
    const invalid = [
      write({ notBefore: fields.issuedAt }),
      write({ requestId: 'r-1' }),
      write({ resources: ['https://evil.example/'] }),
      write({ scheme: 'https' }),
      write({ domain: 'localhost:8080' }),
      write({ uri: 'https://localhost' }),
      write({ chainId: 1 }),
      write({ statement: 'Claim your airdrop.' }),
      write({ statement: undefined }),
      write({ expirationTime: undefined }),
      // EIP-55 is required (the library itself refuses to write it otherwise).
      genuine.replace(wallet.address, wallet.address.toLowerCase()),
      // Dates that are none, or not in RFC 3339's form.
      genuine.replace(`Issued At: ${fields.issuedAt}`, 'Issued At: 2026-02-30T10:00:00Z'),
      genuine.replace(`Issued At: ${fields.issuedAt}`, `Issued At: ${new Date(fields.issuedAt).toUTCString()}`),
      genuine.replace(`Issued At: ${fields.issuedAt}`, `Issued At: ${fields.issuedAt.slice(0, 19)}`),
      // Anything around or between the lines.
      `${genuine}\n`,
      ` ${genuine}`,
      genuine.replaceAll('\n', '\r\n'),
      genuine.replace('\nVersion: 1', '\nExtra: 1\nVersion: 1'),
    ];
    for (const message of invalid) {
      const response = await verify(await signAs(wallet, message));
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toMatchObject({ code: 2001, data: { field: 'message' } });
    }
    // Issued in the future, or living past the nonce's five minutes: expired, whatever the spelling.
    const later = new Date(Date.parse(fields.issuedAt) + 2 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const longer = new Date(Date.parse(fields.issuedAt) + 10 * 60_000).toISOString().replace(/\.\d+Z$/, '+00:00');
    for (const message of [write({ issuedAt: later }), write({ expirationTime: longer })])
      expect((await verify(await signAs(wallet, message))).json(), message).toMatchObject({ code: 2002 });
    // None of those spent the nonce.
    expect((await verify(await signAs(wallet, genuine))).json().code).toBe(0);
  });

  it('refuses a nonce it never issued, and a message signed for another address', async () => {
    const wallet = newWallet();
    const fields = await nonceFor();
    const madeUp = await signAs(wallet, signInMessage({ ...fields, nonce: 'a'.repeat(32), address: wallet.address }));
    expect((await verify(madeUp)).json()).toMatchObject({ code: 2001, data: { field: 'message' } });
    const forOther = await signAs(wallet, signInMessage({ ...fields, address: newWallet().address }));
    expect((await verify(forOther)).json()).toMatchObject({ code: 2004, data: { field: 'signature' } });
  });

  it('checks the message against the configured public origin when there is one', async () => {
    const site = await buildTestApp({
      database: t.database,
      keys: t.keys,
      config: { publicAppUrl: 'https://app.wallx.example' },
    });
    try {
      const wallet = newWallet();
      const fields = await nonceFor(site.app);
      const asInjected = await signAs(wallet, signInMessage({ ...fields, address: wallet.address }));
      expect(
        (await site.app.inject({ method: 'POST', url: '/api/web3/verify', payload: asInjected })).json().code,
      ).toBe(2001);
      const asServed = await signAs(
        wallet,
        signInMessage({ ...fields, address: wallet.address, origin: 'https://app.wallx.example' }),
      );
      expect((await site.app.inject({ method: 'POST', url: '/api/web3/verify', payload: asServed })).json().code).toBe(
        0,
      );
    } finally {
      await site.app.close();
    }
  });

  // Issue 44: a signature collected on evil.example, sent with `Host: evil.example`, opened a session
  // wherever PUBLIC_APP_URL was unset — which CHAIN=bsc now refuses to start without (config.test.ts).
  it('a message for another site replayed with that site as Host: refused once PUBLIC_APP_URL is set', async () => {
    const site = await buildTestApp({
      database: t.database,
      keys: t.keys,
      config: { publicAppUrl: 'https://app.wallx.example' },
    });
    try {
      const replay = async (app: TestApp['app']) => {
        const wallet = newWallet();
        const fields = await nonceFor(app);
        const signed = await signAs(
          wallet,
          signInMessage({ ...fields, address: wallet.address, origin: 'http://evil.example' }),
        );
        return app.inject({
          method: 'POST',
          url: '/api/web3/verify',
          payload: signed,
          headers: { host: 'evil.example' },
        });
      };
      // On development defaults the request's own Host is the site: the replay signs in.
      expect((await replay(t.app)).json().code).toBe(0);
      const refused = await replay(site.app);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 2001, data: { field: 'message' } });
    } finally {
      await site.app.close();
    }
  });

  it('refuses a nonce past its five minutes, and a message issued in the future', async () => {
    let clock = Date.now();
    const timed = await buildTestApp({ database: t.database, keys: t.keys, now: () => clock });
    try {
      const wallet = newWallet();
      const send = (payload: object) => timed.app.inject({ method: 'POST', url: '/api/web3/verify', payload });
      const stale = await nonceFor(timed.app);
      clock += 5 * 60_000 + 1_000;
      const late = await send(await signAs(wallet, signInMessage({ ...stale, address: wallet.address })));
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: 2002, message: 'Login message expired, please sign again' });

      const fresh = await nonceFor(timed.app);
      const future = new Date(clock + 2 * 60_000).toISOString();
      expect(
        (
          await send(await signAs(wallet, signInMessage({ ...fresh, issuedAt: future, address: wallet.address })))
        ).json().code,
      ).toBe(2002);
      // Just inside: four minutes after the nonce was issued.
      clock += 4 * 60_000;
      expect((await send(await signAs(wallet, signInMessage({ ...fresh, address: wallet.address })))).json().code).toBe(
        0,
      );
    } finally {
      await timed.app.close();
    }
  });

  it('accepts each signed message once', async () => {
    const signed = await signedLogin(t.app, newWallet());
    expect((await verify(signed)).json().code).toBe(0);
    const replay = await verify(signed);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ code: 2003 });
  });

  it('accepts a replayed message once even when the replays race', async () => {
    const signed = await signedLogin(t.app, newWallet());
    const responses = await Promise.all(Array.from({ length: 8 }, () => verify(signed)));
    const codes = responses.map((r) => r.json().code).sort();
    expect(codes).toEqual([0, 2003, 2003, 2003, 2003, 2003, 2003, 2003]);
  });

  it('creates one user when a wallet logs in from several devices at once', async () => {
    const wallet = newWallet();
    const responses = await Promise.all(
      Array.from({ length: 6 }, async () => verify(await signedLogin(t.app, wallet))),
    );
    expect(responses.map((r) => r.json().code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(responses.filter((r) => r.json().data.first_login)).toHaveLength(1);
    const codes = new Set(responses.map((r) => r.json().data.userinfo.share_code));
    expect(codes.size).toBe(1);
    const rows = await sql<{
      n: string;
    }>`select count(*)::text as n from users where address = ${wallet.address.toLowerCase()}`.execute(t.database.db);
    expect(rows.rows[0]?.n).toBe('1');
    const accounts = await sql<{
      n: string;
    }>`select count(*)::text as n from accounts a join users u on u.id = a.user_id
      where u.address = ${wallet.address.toLowerCase()}`.execute(t.database.db);
    expect(accounts.rows[0]?.n).toBe('2');
  });

  it('rejects a signature made by another address', async () => {
    const wallet = newWallet();
    const signed = await signedLogin(t.app, newWallet());
    const response = await verify({ ...signed, address: wallet.address });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 2004, data: { field: 'signature' } });
  });

  it('rejects a well-formed but unrecoverable signature', async () => {
    const wallet = newWallet();
    const { message } = await signedLogin(t.app, wallet);
    const response = await verify({ address: wallet.address, message, signature: `0x${'00'.repeat(65)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(2004);
  });

  it.each([
    [{}, 'address'],
    [{ address: '0x1234', signature: '0x', message: 'x' }, 'address'],
    [{ address: newWallet().address, signature: '0xabc', message: 'localhost wants you to sign in' }, 'signature'],
    [{ address: newWallet().address, signature: `0x${'11'.repeat(65)}` }, 'message'],
    [{ address: newWallet().address, signature: `0x${'11'.repeat(65)}`, message: 'm', referee: 5 }, 'referee'],
  ])('names the bad field: %j → %s', async (payload, field) => {
    const response = await verify(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 1001,
      message: `Invalid request parameters: ${field}`,
      data: { field },
    });
  });

  it('answers malformed JSON with 400 invalid request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/web3/verify',
      headers: { 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1000, message: 'Invalid request' });
  });

  it('translates errors into the caller language', async () => {
    const response = await verify({}, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    expect(response.json().message).toBe(translate('zh_CN', 'errors.invalid_params_field', { field: 'address' }));
    expect(response.json().message).toMatch(/^[\u4e00-\u9fff]+：address$/);
    const ko = await verify({}, { 'accept-language': 'ko_KR' });
    expect(ko.json().message).not.toBe(response.json().message);
    expect(ko.json().message).toContain('address');
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { rateLimit: { ...testConfig.rateLimit, loginPerMinute: 3, refreshPerMinute: 2 } },
    });
  });
  afterAll(() => t.close());

  it('limits login attempts per client with a clear 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/web3/verify', payload: {} });
      codes.push(response.statusCode);
      if (i === 3) {
        expect(response.json()).toMatchObject({ code: 1004, data: { retry_after_seconds: expect.any(Number) } });
        expect(response.json().message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it('limits refresh attempts per client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/web3/refresh_token',
        headers: { authorization: 'Bearer rt_x' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 429]);
  });
});
