import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_ACTION_STATEMENTS } from '@wallx/shared';
import {
  buildTestApp,
  credit,
  login,
  newWallet,
  setFundPassword,
  signedAction,
  type TestApp,
} from '../../test/helpers.js';

describe('fund password', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const setPassword = (auth: { authorization: string }, payload: object) =>
    t.injectAs(auth, 'POST /api/user/fund_password', payload);
  const SET = WALLET_ACTION_STATEMENTS.set_fund_password;
  const info = async (auth: { authorization: string }) =>
    (await t.injectAs(auth, 'GET /api/user/info')).json().data.userinfo;

  it('sets a first password, then shows it as set', async () => {
    const me = await login(t.app);
    expect((await info(me.auth)).has_fund_password).toBe(false);
    const response = await setPassword(me.auth, {
      password: 'abc123',
      confirm: 'abc123',
      ...(await signedAction(t.app, me.account, SET)),
    });
    expect(response.json()).toEqual({ code: 0, message: 'ok', data: null });
    expect((await info(me.auth)).has_fund_password).toBe(true);
  });

  it('stores only an Argon2id hash, salted per user', async () => {
    const hashOf = async (address: string) =>
      (
        await t.database.db
          .selectFrom('users')
          .select('fund_password_hash')
          .where('address', '=', address)
          .executeTakeFirstOrThrow()
      ).fund_password_hash;
    const alice = await login(t.app);
    const bob = await login(t.app);
    expect(await hashOf(alice.userinfo.bsc)).toBeNull();
    for (const me of [alice, bob]) await setFundPassword(t.app, me, 'same-pw-1');
    const aliceHash = await hashOf(alice.userinfo.bsc);
    expect(aliceHash).toMatch(/^\$argon2id\$/);
    expect(aliceHash).not.toContain('same-pw-1');
    expect(await hashOf(bob.userinfo.bsc)).not.toBe(aliceHash);

    await setPassword(alice.auth, { old_password: 'same-pw-1', password: 'changed-2', confirm: 'changed-2' });
    const changed = await hashOf(alice.userinfo.bsc);
    expect(changed).toMatch(/^\$argon2id\$/);
    expect(changed).not.toBe(aliceHash);
  });

  it('requires at least 6 characters and a matching confirmation', async () => {
    const me = await login(t.app);
    const signed = await signedAction(t.app, me.account, SET);
    const short = await setPassword(me.auth, { password: '12345', confirm: '12345', ...signed });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 3010,
      message: 'Password must be at least 6 characters',
      data: { field: 'password' },
    });
    const mismatch = await setPassword(me.auth, { password: '123456', confirm: '123457', ...signed });
    expect(mismatch.json()).toMatchObject({
      code: 3011,
      message: 'Fund passwords do not match',
      data: { field: 'confirm' },
    });
    const missing = await setPassword(me.auth, { password: '123456', ...signed });
    expect(missing.json()).toMatchObject({ code: 1001, data: { field: 'confirm' } });
    expect((await info(me.auth)).has_fund_password).toBe(false);
  });

  it('changes only with the correct old password', async () => {
    const me = await login(t.app);
    await setFundPassword(t.app, me, 'first-1');
    const without = await setPassword(me.auth, {
      password: 'second',
      confirm: 'second',
      ...(await signedAction(t.app, me.account, SET)),
    });
    expect(without.statusCode).toBe(409);
    expect(without.json().code).toBe(3013);
    const wrong = await setPassword(me.auth, { old_password: 'nope!!', password: 'second', confirm: 'second' });
    expect(wrong.json()).toMatchObject({
      code: 3007,
      message: 'Incorrect fund password. Tries left before a 15-minute lock: 4',
      data: { field: 'old_password', tries_left: 4 },
    });
    const right = await setPassword(me.auth, { old_password: 'first-1', password: 'second', confirm: 'second' });
    expect(right.json().code).toBe(0);
    const oldAgain = await setPassword(me.auth, { old_password: 'first-1', password: 'third!', confirm: 'third!' });
    expect(oldAgain.json().code).toBe(3007);
  });

  it('locks for 15 minutes after five wrong tries, then lets the owner in again', async () => {
    const me = await login(t.app);
    await setFundPassword(t.app, me, 'right-pw');
    const change = (old: string) =>
      setPassword(me.auth, { old_password: old, password: 'next-pw', confirm: 'next-pw' });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await change('wrong-pw')).json().code);
    expect(codes).toEqual([3007, 3007, 3007, 3007, 3008]);
    const locked = await change('right-pw');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong fund passwords, try again in 15 minutes');

    clock += 14 * 60_000;
    expect((await change('right-pw')).json().message).toMatch(/try again in 1 minutes/);
    clock += 61_000;
    expect((await change('right-pw')).json().code).toBe(0);
    clock = Date.now();
  });

  it('parallel wrong guesses cannot exceed five tries', async () => {
    const me = await login(t.app);
    await setFundPassword(t.app, me, 'right-pw');
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        setPassword(me.auth, { old_password: 'guess!!', password: 'next-pw', confirm: 'next-pw' }),
      ),
    );
    const codes = responses.map((r) => r.json().code);
    expect(codes.filter((c) => c === 3007)).toHaveLength(4);
    expect(codes.filter((c) => c === 3008)).toHaveLength(8);
    // The right password is locked out too until the lock ends.
    expect(
      (await setPassword(me.auth, { old_password: 'right-pw', password: 'next-pw', confirm: 'next-pw' })).json().code,
    ).toBe(3008);
  });

  it('a frozen account cannot set a fund password', async () => {
    const me = await login(t.app);
    await t.database.db.updateTable('users').set({ is_frozen: true }).where('address', '=', me.userinfo.bsc).execute();
    const response = await setPassword(me.auth, {
      password: 'abc123',
      confirm: 'abc123',
      ...(await signedAction(t.app, me.account, SET)),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 1005, message: 'Account frozen' });
  });

  // A phished login or a stolen token must not choose the password that then moves the money.
  it('a session alone cannot set the first password: no signature, a sign-in’s, a reset’s, another wallet’s, another site’s', async () => {
    const me = await login(t.app);
    await credit(t.database, me.userinfo.bsc, 'USDT', '10');
    const body = { password: 'thief-1234', confirm: 'thief-1234' };
    const bare = await setPassword(me.auth, body);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      code: 3018,
      message: 'A signature by your wallet is needed to confirm this',
      data: { field: 'signature' },
    });
    const signIn = await signedAction(t.app, me.account, 'Welcome to wallx! Please sign this message to login.');
    expect((await setPassword(me.auth, { ...body, ...signIn })).json()).toMatchObject({
      code: 2001,
      data: { field: 'message' },
    });
    const resetStatement = await signedAction(t.app, me.account, WALLET_ACTION_STATEMENTS.reset_fund_password);
    expect((await setPassword(me.auth, { ...body, ...resetStatement })).json()).toMatchObject({
      code: 2001,
      data: { field: 'message' },
    });
    expect(
      (await setPassword(me.auth, { ...body, ...(await signedAction(t.app, newWallet(), SET)) })).json(),
    ).toMatchObject({ code: 2004, data: { field: 'signature' } });
    expect(
      (
        await setPassword(me.auth, {
          ...body,
          ...(await signedAction(t.app, me.account, SET, { origin: 'https://wallx-help.example' })),
        })
      ).json(),
    ).toMatchObject({ code: 2001 });
    expect((await info(me.auth)).has_fund_password).toBe(false);
    // With no password the session moves nothing.
    const friend = await login(t.app);
    const transfer = await t.injectAs(me, 'POST /api/funds/transfer', {
      to: friend.userinfo.bsc,
      asset: 'USDT',
      amount: '1',
      fund_password: 'thief-1234',
    });
    expect(transfer.json()).toMatchObject({ code: 3009, data: { field: 'fund_password' } });

    // The owner's wallet signs once; the signature cannot be replayed for another set.
    const once = await signedAction(t.app, me.account, SET);
    expect((await setPassword(me.auth, { password: 'owner-1234', confirm: 'owner-1234', ...once })).json().code).toBe(
      0,
    );
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/user/fund_password',
      headers: (await login(t.app, me.account)).auth,
      payload: { ...body, ...once },
    });
    expect(replay.json().code).toBe(3013);
  });

  it('two first sets racing with two signatures: one wins, the other must give the old password', async () => {
    const me = await login(t.app);
    const proofs = [await signedAction(t.app, me.account, SET), await signedAction(t.app, me.account, SET)];
    const answers = await Promise.all(
      proofs.map((proof, i) => setPassword(me.auth, { password: `racer-${i}-1`, confirm: `racer-${i}-1`, ...proof })),
    );
    expect(answers.map((a) => a.json().code).sort()).toEqual([0, 3013]);
    // The loser's signature is spent with its set or not at all: its nonce rolled back with it.
    const nonces = proofs.map((p) => /Nonce: (\w+)/.exec(p.message)![1]!);
    const spent = await t.database.db
      .selectFrom('login_nonces')
      .select('nonce')
      .where('nonce', 'in', nonces)
      .where('used_at', 'is not', null)
      .execute();
    expect(spent).toHaveLength(1);
  });

  describe('reset by the wallet’s signature', () => {
    const RESET = WALLET_ACTION_STATEMENTS.reset_fund_password;
    const reset = (auth: { authorization: string }, payload: object) =>
      t.injectAs(auth, 'POST /api/user/fund_password/reset', payload);
    const transfer = (auth: { authorization: string }, to: string, fund_password: string) =>
      t.injectAs(auth, 'POST /api/funds/transfer', { to, asset: 'USDT', amount: '1', fund_password });

    it('replaces a forgotten password, and what it guards waits 24 hours, saying until when', async () => {
      const me = await login(t.app);
      const friend = await login(t.app);
      await setFundPassword(t.app, me, 'forgotten1');
      await credit(t.database, me.userinfo.bsc, 'USDT', '10');
      const answer = await reset(me.auth, {
        password: 'new-pass-1',
        confirm: 'new-pass-1',
        ...(await signedAction(t.app, me.account, RESET)),
      });
      expect(answer.json().code).toBe(0);
      const holdUntil = Date.parse(answer.json().data.hold_until);
      expect(holdUntil).toBe(clock + 24 * 3_600_000);

      const held = await transfer(me.auth, friend.userinfo.bsc, 'new-pass-1');
      expect(held.statusCode).toBe(409);
      expect(held.json()).toMatchObject({
        code: 3019,
        message: 'Your fund password was reset: transfers, withdrawals and market trades wait 24 more hours',
        data: { field: 'fund_password', hold_until: new Date(holdUntil).toISOString() },
      });
      // The hold spends no try of the lock, whatever is typed.
      for (let i = 0; i < 6; i++)
        expect((await transfer(me.auth, friend.userinfo.bsc, `guess-${i}`)).json().code).toBe(3019);

      clock = holdUntil + 60_000;
      expect((await transfer(me.auth, friend.userinfo.bsc, 'forgotten1')).json().code).toBe(3007);
      expect((await transfer(me.auth, friend.userinfo.bsc, 'new-pass-1')).json().code).toBe(0);
    });

    // A session alone (a phished login, an unlocked phone) must not be able to take over the password.
    it('a session alone cannot reset: no signature, a sign-in signature, another wallet’s, or another site’s', async () => {
      const me = await login(t.app);
      await setFundPassword(t.app, me, 'mine-12345');
      const body = { password: 'thief-1234', confirm: 'thief-1234' };
      expect((await reset(me.auth, body)).json()).toMatchObject({ code: 1001, data: { field: 'message' } });
      const signIn = await signedAction(t.app, me.account, 'Welcome to wallx! Please sign this message to login.');
      expect((await reset(me.auth, { ...body, ...signIn })).json()).toMatchObject({
        code: 2001,
        data: { field: 'message' },
      });
      const stranger = newWallet();
      expect((await reset(me.auth, { ...body, ...(await signedAction(t.app, stranger, RESET)) })).json()).toMatchObject(
        { code: 2004, data: { field: 'signature' } },
      );
      const elsewhere = await signedAction(t.app, me.account, RESET, { origin: 'https://wallx-help.example' });
      expect((await reset(me.auth, { ...body, ...elsewhere })).json()).toMatchObject({ code: 2001 });
      // A signature is spent once.
      const once = await signedAction(t.app, me.account, RESET);
      expect((await reset(me.auth, { password: 'mine-67890', confirm: 'mine-67890', ...once })).json().code).toBe(0);
      expect((await reset(me.auth, { ...body, ...once })).json().code).toBe(2003);
      const row = await t.database.db
        .selectFrom('users')
        .select('fund_password_hold_until')
        .where('address', '=', me.userinfo.bsc)
        .executeTakeFirstOrThrow();
      expect(row.fund_password_hold_until).not.toBeNull();
      // Refused resets changed nothing: the owner's reset stands.
      clock += 25 * 3_600_000;
      const friend = await login(t.app);
      await credit(t.database, me.userinfo.bsc, 'USDT', '1');
      expect((await transfer(me.auth, friend.userinfo.bsc, 'mine-67890')).json().code).toBe(0);
    });

    it('checks the new password as a set does, and lifts a lock', async () => {
      const me = await login(t.app);
      await setFundPassword(t.app, me, 'mine-12345');
      for (let i = 0; i < 5; i++)
        await setPassword(me.auth, { password: 'other-123', confirm: 'other-123', old_password: `wrong-${i}` });
      expect(
        (await setPassword(me.auth, { password: 'other-123', confirm: 'other-123', old_password: 'mine-12345' })).json()
          .code,
      ).toBe(3008);
      expect(
        (
          await reset(me.auth, {
            password: 'short',
            confirm: 'short',
            ...(await signedAction(t.app, me.account, RESET)),
          })
        ).json(),
      ).toMatchObject({ code: 3010, data: { field: 'password' } });
      expect(
        (
          await reset(me.auth, {
            password: 'long-enough',
            confirm: 'other',
            ...(await signedAction(t.app, me.account, RESET)),
          })
        ).json(),
      ).toMatchObject({ code: 3011, data: { field: 'confirm' } });
      expect(
        (
          await reset(me.auth, {
            password: 'long-enough',
            confirm: 'long-enough',
            ...(await signedAction(t.app, me.account, RESET)),
          })
        ).json().code,
      ).toBe(0);
      expect(
        (
          await setPassword(me.auth, { password: 'other-123', confirm: 'other-123', old_password: 'long-enough' })
        ).json().code,
      ).toBe(0);
    });
  });
});
