import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../test/helpers.js';
import { createAuthRepository } from './repository.js';

const sidOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/** The event streams' session check (decision 122): which of the sessions asked for may no longer listen. */
describe('inactive sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const inactive = (ids: string[]) => createAuthRepository().inactiveSessions(t.database.db, ids);

  it('names the ended, the unknown and those of a frozen user, and no live one', async () => {
    const [live, ended, frozen, liveToo] = await Promise.all([login(t.app), login(t.app), login(t.app), login(t.app)]);
    const sid = (session: typeof live) => sidOf(session.token.access_token);
    await t.app.inject({ method: 'POST', url: '/api/web3/logout', headers: ended.auth, payload: {} });
    await sql`update users set is_frozen = true where address = ${frozen.userinfo.bsc.toLowerCase()}`.execute(
      t.database.db,
    );
    const unknown = crypto.randomUUID();
    const asked = [sid(live), sid(ended), unknown, sid(frozen), sid(liveToo)];
    expect((await inactive(asked)).sort()).toEqual([sid(ended), unknown, sid(frozen)].sort());
    expect(await inactive([sid(live), sid(liveToo)])).toEqual([]);
    expect(await inactive([])).toEqual([]);
  });
});
