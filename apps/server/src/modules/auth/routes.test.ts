import crypto from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@wallx/shared/i18n/catalogs';
import {
  buildTestApp,
  login,
  newWallet,
  signedLogin,
  signInMessage,
  testConfig,
  type TestApp,
} from '../../test/helpers.js';

describe('wallet login and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const verify = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/web3/verify', payload, headers });
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/web3/refresh_token', headers: { authorization: `Bearer ${token}` } });
  const info = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${accessToken}` } });
  /** The session's access token as it would be two minutes after a one-minute life. */
  const expiredAccessToken = (session: Awaited<ReturnType<typeof login>>) => {
    const claims = JSON.parse(Buffer.from(session.token.access_token.split('.')[1]!, 'base64url').toString());
    return createSigner({
      key: t.keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      algorithm: 'EdDSA',
      iss: 'wallx',
      aud: 'wallx-api',
      expiresIn: 60_000,
      clockTimestamp: Date.now() - 120_000,
    })({ sub: claims.sub, sid: claims.sid, typ: 'access' });
  };

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

  it('rotates refresh tokens; the new access token works', async () => {
    const session = await login(t.app);
    const first = await refresh(session.token.refresh_token);
    expect(first.statusCode).toBe(200);
    const tokens = first.json().data;
    expect(tokens.refresh_token).not.toBe(session.token.refresh_token);
    expect((await info(tokens.access_token)).json().code).toBe(0);
    const second = await refresh(tokens.refresh_token);
    expect(second.json().code).toBe(0);
  });

  it('stores refresh tokens only as their SHA-256 (hex), never the token itself', async () => {
    const session = await login(t.app);
    const hashes = async () =>
      (
        await t.database.db
          .selectFrom('refresh_tokens as r')
          .innerJoin('sessions as s', 's.id', 'r.session_id')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select('r.token_hash')
          .where('u.address', '=', session.userinfo.bsc)
          .execute()
      ).map((r) => r.token_hash);
    const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

    const [stored, ...others] = await hashes();
    expect(others).toEqual([]);
    expect(stored).not.toBe(session.token.refresh_token);
    expect(stored).toBe(sha256(session.token.refresh_token));
    const rotated = (await refresh(session.token.refresh_token)).json().data;
    expect((await hashes()).sort()).toEqual(
      [sha256(session.token.refresh_token), sha256(rotated.refresh_token)].sort(),
    );
    const raw = await sql<{ n: string }>`select count(*)::text as n from refresh_tokens
      where token_hash in (${session.token.refresh_token}, ${rotated.refresh_token})`.execute(t.database.db);
    expect(raw.rows[0]?.n).toBe('0');
  });

  it('a spent refresh token revokes the whole session', async () => {
    const session = await login(t.app);
    const rotated = (await refresh(session.token.refresh_token)).json().data;
    const reuse = await refresh(session.token.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 2006 });
    // Every token of that session is dead now, including the ones the thief or the user still holds.
    expect((await refresh(rotated.refresh_token)).json().code).toBe(2005);
    expect((await info(rotated.access_token)).statusCode).toBe(401);
    expect((await info(session.token.access_token)).json().code).toBe(401);
    // Other sessions of the same wallet live on.
    const other = await login(t.app, session.account);
    expect((await info(other.token.access_token)).json().code).toBe(0);
  });

  it('two tabs refreshing with the same token at once: one gets new tokens, the other reuses a spent token and the session ends', async () => {
    const session = await login(t.app);
    const [a, b] = await Promise.all([refresh(session.token.refresh_token), refresh(session.token.refresh_token)]);
    const answers = [a, b].map((r) => ({ status: r.statusCode, code: r.json().code }));
    // Pinned: a refresh token is single-use, whoever presents it second is treated as a thief.
    expect(answers.filter((r) => r.code === 0)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 401 && r.code === 2006)).toHaveLength(1);
    const winner = [a, b].find((r) => r.json().code === 0)!.json().data;
    // The reuse revoked the whole session: the winner's fresh tokens are dead too.
    expect((await info(winner.access_token)).statusCode).toBe(401);
    expect((await refresh(winner.refresh_token)).json().code).toBe(2005);
  });

  it('refuses unknown, missing and expired refresh tokens', async () => {
    expect((await refresh('rt_nope')).json()).toMatchObject({ code: 2005 });
    const missing = await t.app.inject({ method: 'POST', url: '/api/web3/refresh_token' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe(2005);
    const withJsonHeader = await t.app.inject({
      method: 'POST',
      url: '/api/web3/refresh_token',
      headers: { 'content-type': 'application/json', authorization: 'Bearer rt_nope' },
    });
    expect(withJsonHeader.json().code).toBe(2005);

    const session = await login(t.app);
    await sql`update refresh_tokens set expires_at = now() - interval '1 second'`.execute(t.database.db);
    expect((await refresh(session.token.refresh_token)).json()).toMatchObject({ code: 2005 });
  });

  it('logout revokes the session: access and refresh tokens stop working', async () => {
    const session = await login(t.app);
    const response = await t.injectAs(session, 'POST /api/web3/logout');
    expect(response.json()).toEqual({ code: 0, message: 'ok', data: null });
    expect((await info(session.token.access_token)).statusCode).toBe(401);
    expect((await refresh(session.token.refresh_token)).json().code).toBe(2005);
  });

  it('logout ends the session after the access token expired, by that token or by the refresh token', async () => {
    const logout = (headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method: 'POST', url: '/api/web3/logout', headers, ...(payload ? { payload } : {}) });

    const first = await login(t.app);
    const expired = expiredAccessToken(first);
    expect((await info(expired)).statusCode).toBe(401);
    expect((await logout({ authorization: `Bearer ${expired}` })).json()).toEqual({
      code: 0,
      message: 'ok',
      data: null,
    });
    expect((await refresh(first.token.refresh_token)).json().code).toBe(2005);

    // Only the refresh token (the app sends it along): the session ends too.
    const second = await login(t.app);
    expect((await logout({}, { refresh_token: second.token.refresh_token })).json().code).toBe(0);
    expect((await refresh(second.token.refresh_token)).json().code).toBe(2005);
    expect((await info(second.token.access_token)).statusCode).toBe(401);

    // A forged token names nothing; with a refresh token beside it the session still ends.
    const third = await login(t.app);
    const [header, payload] = third.token.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    expect((await logout({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    expect((await info(third.token.access_token)).statusCode).toBe(200);
    expect(
      (await logout({ authorization: `Bearer ${forged}` }, { refresh_token: third.token.refresh_token })).json().code,
    ).toBe(0);
    expect((await info(third.token.access_token)).statusCode).toBe(401);
    expect((await logout({})).statusCode).toBe(401);
  });

  it('answers 401 with body code 401 for a missing, forged or expired access token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/user/info' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 401, message: 'Please log in' });
    expect((await info('garbage')).json().code).toBe(401);

    const session = await login(t.app);
    const [header, payload] = session.token.access_token.split('.');
    expect((await info(`${header}.${payload}.${'A'.repeat(86)}`)).statusCode).toBe(401);

    const response = await info(expiredAccessToken(session));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(401);
  });

  describe('my sessions', () => {
    const IPHONE_TP =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 TokenPocket_iOS';
    const ANDROID_CHROME =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    async function loginFrom(wallet: ReturnType<typeof newWallet>, userAgent: string, remoteAddress: string) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/web3/verify',
        headers: { 'user-agent': userAgent },
        remoteAddress,
        payload: await signedLogin(t.app, wallet),
      });
      const data = response.json().data;
      return { ...data, auth: { authorization: `Bearer ${data.token.access_token}` } };
    }
    const list = async (auth: { authorization: string }) => (await t.injectAs(auth, 'GET /api/user/sessions')).json();

    it('lists my live sessions with device, coarse network and last use, the current one marked; others are not mine to see', async () => {
      const wallet = newWallet();
      const phone = await loginFrom(wallet, IPHONE_TP, '203.0.113.77');
      const other = await loginFrom(wallet, ANDROID_CHROME, '198.51.100.9');
      const stranger = await login(t.app);
      const { data } = await list(phone.auth);
      expect(data.items).toHaveLength(2);
      expect(data.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            device: 'iPhone · TokenPocket',
            network: '203.0.113.0/24',
            is_current: true,
            last_used_at: null,
          }),
          expect.objectContaining({ device: 'Android · Chrome', network: '198.51.100.0/24', is_current: false }),
        ]),
      );
      // The whole address is never kept.
      const rows = await t.database.db
        .selectFrom('sessions')
        .select('ip_prefix')
        .where('ip_prefix', 'like', '203.0.113.%')
        .execute();
      expect(rows.map((r) => r.ip_prefix)).not.toContain('203.0.113.77');
      // A refresh is a use.
      const refreshed = await refresh(other.token.refresh_token);
      expect(refreshed.json().code).toBe(0);
      const again = (await list(phone.auth)).data.items.find(
        (s: { device: string }) => s.device === 'Android · Chrome',
      );
      expect(again.last_used_at).not.toBeNull();
      expect((await list(stranger.auth)).data.items).toHaveLength(1);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/sessions' })).statusCode).toBe(401);
    });

    it('ends another session at once: its access and refresh tokens stop working; not someone else’s', async () => {
      const wallet = newWallet();
      const mine = await loginFrom(wallet, IPHONE_TP, '203.0.113.77');
      const thief = await loginFrom(wallet, ANDROID_CHROME, '198.51.100.9');
      const stranger = await login(t.app);
      const thiefSession = (await list(mine.auth)).data.items.find((s: { is_current: boolean }) => !s.is_current);
      // Nobody else may end it, or learn whether it exists.
      const foreign = await t.injectAs(stranger, `POST /api/user/sessions/${thiefSession.id}/end`);
      expect(foreign.json()).toMatchObject({ code: 1002, data: { field: 'id' } });
      expect((await t.injectAs(mine, 'POST /api/user/sessions/not-a-uuid/end')).json()).toMatchObject({
        code: 1001,
        data: { field: 'id' },
      });
      expect((await info(thief.token.access_token)).statusCode).toBe(200);

      expect((await t.injectAs(mine, `POST /api/user/sessions/${thiefSession.id}/end`)).json().code).toBe(0);
      expect((await info(thief.token.access_token)).statusCode).toBe(401);
      expect((await refresh(thief.token.refresh_token)).json().code).not.toBe(0);
      expect((await info(mine.token.access_token)).statusCode).toBe(200);
      expect((await list(mine.auth)).data.items).toHaveLength(1);
      // Ending it twice: it is gone.
      expect((await t.injectAs(mine, `POST /api/user/sessions/${thiefSession.id}/end`)).json().code).toBe(1002);
    });

    it('ends all the others, and keeps this one', async () => {
      const wallet = newWallet();
      const sessions = [];
      for (let i = 0; i < 3; i++) sessions.push(await loginFrom(wallet, ANDROID_CHROME, `198.51.100.${i + 1}`));
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/user/sessions/end_others',
        headers: sessions[0].auth,
      });
      expect(answer.json()).toEqual({ code: 0, message: 'ok', data: { ended: 2 } });
      expect((await info(sessions[0].token.access_token)).statusCode).toBe(200);
      for (const other of sessions.slice(1)) expect((await info(other.token.access_token)).statusCode).toBe(401);
      expect((await list(sessions[0].auth)).data.items).toEqual([expect.objectContaining({ is_current: true })]);
    });
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
