import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, newWallet, signedLogin, type TestApp } from '../../test/helpers.js';
import { authHelpers } from './auth.fixtures.js';

describe('wallet login and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const { refresh, info, expiredAccessToken } = authHelpers(() => t);

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
