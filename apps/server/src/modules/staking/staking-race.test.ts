import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeasedRun } from '../../platform/db/lease.js';
import { buildTestApp, checkBooks, type Session, type TestApp } from '../../test/helpers.js';
import { createStakeMaturity } from './maturity.js';
import { createStakingRepository } from './repository.js';
import { PASSWORD, stakingClock, stakingHelpers } from './staking.fixtures.js';

describe('stakes under racing requests and jobs', () => {
  let t: TestApp;
  let base: string;
  const clock = stakingClock();
  const h = stakingHelpers(() => t);
  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** A real HTTP request, no Idempotency-Key: what a script or a double tap sends. */
  const post = async (who: Session, url: string, body: object) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...who.auth },
      body: JSON.stringify({ fund_password: PASSWORD, ...body }),
    });
    return { status: response.status, body: (await response.json()) as { code: number } };
  };
  const returns = async (id: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from ledger_entries
        where type = 'unstake' and ref_type = 'stake' and ref_id = ${id} and amount > 0`.execute(t.database.db)
    ).rows[0]!.n;

  it('ten racing withdrawals of one stake withdraw it once', async () => {
    const alice = await t.userWith({ wallx: '100', fundPassword: PASSWORD });
    const staked = await h.mustStake(alice, '60');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(alice, `/api/staking/stakes/${staked.id}/unstake`, {})),
    );
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([0, ...Array<number>(9).fill(9008)]);
    expect(await h.wallx(alice)).toBe('100');
    expect(await returns(staked.id)).toBe(1);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('racing stakes beyond the balance never overdraw it: each is whole or refused', async () => {
    const bob = await t.userWith({ wallx: '100', fundPassword: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(bob, '/api/staking/stakes', { amount: '30', term: 'd30' })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c !== 0 && c !== 3001)).toEqual([]);
    expect(await h.wallx(bob)).toBe('10');
    expect((await h.summary(bob)).mine).toMatchObject({ staked: '90', active: 3 });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('the maturity job returns an ended term stake once, with two instances racing, and tells its owner', async () => {
    const carol = await t.userWith({ wallx: '100', fundPassword: PASSWORD });
    const term = await h.mustStake(carol, '25', 'd30');
    const flexible = await h.mustStake(carol, '5');
    const other = await buildTestApp({ database: t.database, keys: t.keys, now: clock.now });
    try {
      // Not yet ended: nothing returned.
      clock.days(30);
      clock.ms(-1);
      await Promise.all([t.app.stakeMaturity.returnDue(), other.app.stakeMaturity.returnDue()]);
      expect(await returns(term.id)).toBe(0);
      clock.ms(1);
      // Without the lease: both instances, and the owner, race for it, more than once.
      const [runs, owner] = await Promise.all([
        Promise.all([
          t.app.stakeMaturity.returnDue(),
          other.app.stakeMaturity.returnDue(),
          t.app.stakeMaturity.returnDue(),
          other.app.stakeMaturity.returnDue(),
        ]),
        post(carol, `/api/staking/stakes/${term.id}/unstake`, {}),
      ]);
      expect(runs.every((run) => typeof run.returned === 'number')).toBe(true);
      // The owner withdrew it, or found it returned by the job.
      expect([0, 9008]).toContain(owner.body.code);
    } finally {
      await other.close();
    }
    expect(await returns(term.id)).toBe(1);
    expect(await returns(flexible.id)).toBe(0);
    expect(await h.wallx(carol)).toBe('95');
    expect((await t.app.stakeMaturity.returnDue()).returned).toBe(0);
    const closed = ((await h.stakes(carol)) as { id: string; status: string }[]).find((s) => s.id === term.id);
    expect(['returned', 'withdrawn']).toContain(closed?.status);
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('returns with status returned and a notice, once, when the scheduled job runs on two instances', async () => {
    const dave = await t.userWith({ wallx: '50', fundPassword: PASSWORD });
    // A 30-day term: the clock stays within the events' 90-day horizon (it has moved 30 days already),
    // else the instances' retention job may forget the notice before it is read.
    const term = await h.mustStake(dave, '20', 'd30');
    clock.days(30);
    const traceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-stakes-'));
    const config = (i: number) => ({
      jobs: { outputCheckIntervalMs: 50, traceFile: path.join(traceDir, `${i}.jsonl`) },
    });
    const instances = [
      await buildTestApp({ database: t.database, keys: t.keys, now: clock.now, runJobs: true, config: config(0) }),
      await buildTestApp({ database: t.database, keys: t.keys, now: clock.now, runJobs: true, config: config(1) }),
    ];
    let runs: LeasedRun[] = [];
    try {
      const started = Date.now();
      while ((await returns(term.id)) === 0 && Date.now() - started < 15_000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      for (const instance of instances) await instance.close();
      runs = fs
        .readdirSync(traceDir)
        .flatMap((file) => fs.readFileSync(path.join(traceDir, file), 'utf8').trim().split('\n'))
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LeasedRun)
        .filter((run) => run.lease === 'stake-maturity');
      fs.rmSync(traceDir, { recursive: true, force: true });
    }
    const held = runs.filter((run) => run.held).sort((a, b) => a.startedAt - b.startedAt);
    expect(held.length).toBeGreaterThan(1);
    expect(held.slice(1).filter((run, i) => run.startedAt < held[i]!.finishedAt)).toEqual([]);
    expect(await returns(term.id)).toBe(1);
    expect((await h.stakes(dave))[0]).toMatchObject({ id: term.id, status: 'returned', can_unstake: false });
    expect(await h.wallx(dave)).toBe('50');
    // The return is its owner's notice: the balance event of the credit.
    const [notice] = (await t.injectAs(dave, 'GET /api/notices')).json().data.items;
    expect(notice).toMatchObject({
      type: 'balance',
      read: false,
      payload: { asset: 'WALLX', balance: '50', credit: { type: 'unstake', amount: '20' } },
    });
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });

  it('many stakes ending at once go back in batches, once each across a killed batch and two racing instances', async () => {
    const owners = await Promise.all(
      Array.from({ length: 6 }, () => t.userWith({ wallx: '100', fundPassword: PASSWORD })),
    );
    // Five term stakes each (1 to 5 WALLX), all ending together, and a flexible one that stays.
    const terms: { id: string }[] = [];
    for (const owner of owners) {
      for (let n = 1; n <= 5; n++) terms.push(await h.mustStake(owner, String(n), 'd30'));
      await h.mustStake(owner, '10');
    }
    clock.days(30);
    // Small batches: several transactions, and owners with many stakes in one batch (rounds).
    const maturity = () =>
      createStakeMaturity({ db: t.database.db, stakes: createStakingRepository(), now: clock.now, batchSize: 7 });
    const returned = async () => {
      const counts = await Promise.all(terms.map((term) => returns(term.id)));
      return counts;
    };

    // A batch dies part-way (its credits' entries refused): it rolls back whole, its stakes still due.
    const victim = terms[11]!.id;
    await sql`create function stakes_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'killed'; end $$`.execute(t.database.db);
    await sql
      .raw(
        `create trigger stakes_test_fail before insert on ledger_entries
      for each row when (new.type = 'unstake' and new.ref_id = '${victim}') execute function stakes_test_fail()`,
      )
      .execute(t.database.db);
    try {
      await expect(maturity().returnDue()).rejects.toThrow(/killed/);
    } finally {
      await sql`drop trigger stakes_test_fail on ledger_entries`.execute(t.database.db);
      await sql`drop function stakes_test_fail()`.execute(t.database.db);
    }
    const afterKill = await returned();
    expect(afterKill[11]).toBe(0);
    expect(afterKill.every((n) => n <= 1)).toBe(true);
    const { rows: open } = await sql<{ n: number }>`select count(*)::int as n from stakes
      where id = any(${terms.map((term) => term.id)}::bigint[]) and status = 'active'`.execute(t.database.db);
    // Whatever was closed was credited, in whole batches of 7.
    expect(afterKill.filter((n) => n === 1)).toHaveLength(terms.length - open[0]!.n);
    expect((terms.length - open[0]!.n) % 7).toBe(0);
    expect((await checkBooks(t.database)).problems).toEqual([]);

    // Two instances (and a rerun) race for the rest.
    const runs = await Promise.all([maturity().returnDue(), maturity().returnDue(), maturity().returnDue()]);
    expect(runs.reduce((sum, run) => sum + run.returned, 0)).toBe(open[0]!.n);
    expect(await returned()).toEqual(terms.map(() => 1));
    expect((await maturity().returnDue()).returned).toBe(0);
    for (const owner of owners) {
      expect(await h.wallx(owner)).toBe('90');
      // Each return is its owner's notice: five balance events crediting an unstake, one per stake.
      const { rows } = await sql<{ amount: string }>`select e.payload->'credit'->>'amount' as amount from user_events e
        join users u on u.id = e.user_id
        where u.address = ${owner.userinfo.bsc.toLowerCase()} and e.notice and e.payload->'credit'->>'type' = 'unstake'
        order by 1`.execute(t.database.db);
      expect(rows.map((r) => r.amount)).toEqual(['1', '2', '3', '4', '5']);
    }
    expect((await checkBooks(t.database)).problems).toEqual([]);
  });
});
