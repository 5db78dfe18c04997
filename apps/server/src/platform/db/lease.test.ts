import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import type { DatabaseHandle } from './database.js';
import { keepLease, LeaseLostError, runLeased, takeLease, type LeasedRun } from './lease.js';

describe('runLeased', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs for one holder at a time; the other is told no, runs nothing, and the trace shows both', async () => {
    const runs: LeasedRun[] = [];
    const observe = (run: LeasedRun) => void runs.push(run);
    const lease = { name: 'job-a', ttlMs: 60_000, observe };
    let inside = 0;
    const work = (holder: string) => async () => {
      inside++;
      // The other holder tries while this one works.
      const other = await runLeased(
        database.db,
        { ...lease, holder: holder === 'one' ? 'two' : 'one' },
        async () => 'should not run',
      );
      inside--;
      return { holder, other };
    };
    expect(await runLeased(database.db, { ...lease, holder: 'one' }, work('one'))).toEqual({
      holder: 'one',
      other: null,
    });
    // Kept from pass to pass: the holder takes it again, the other still cannot.
    expect(await runLeased(database.db, { ...lease, holder: 'one' }, async () => 'again')).toBe('again');
    expect(await runLeased(database.db, { ...lease, holder: 'two' }, async () => 'never')).toBeNull();
    expect(inside).toBe(0);
    expect(runs.map((r) => `${r.holder}:${r.held}`)).toEqual(['two:false', 'one:true', 'one:true', 'two:false']);
    const held = runs.filter((r) => r.held);
    for (const run of held) expect(run.finishedAt).toBeGreaterThanOrEqual(run.startedAt);
    expect(held[0]!.result).toEqual({ holder: 'one', other: null });
  });

  it('with release, the next pass is anyone’s; a failing pass is traced, rethrown and still gives the lease up', async () => {
    const runs: LeasedRun[] = [];
    const lease = { name: 'job-b', ttlMs: 60_000, release: true, observe: (run: LeasedRun) => void runs.push(run) };
    expect(await runLeased(database.db, { ...lease, holder: 'one' }, async () => 1)).toBe(1);
    expect(await runLeased(database.db, { ...lease, holder: 'two' }, async () => 2)).toBe(2);
    await expect(
      runLeased(database.db, { ...lease, holder: 'two' }, async () => Promise.reject(new Error('rpc down'))),
    ).rejects.toThrow('rpc down');
    expect(await takeLease(database.db, 'job-b', 'one', 60_000)).toBe(true);
    expect(runs.map((r) => `${r.holder}:${r.held}:${r.failed ?? ''}`)).toEqual([
      'one:true:',
      'two:true:',
      'two:true:rpc down',
    ]);
  });

  it('a holder that stopped renewing loses the lease once it lapses', async () => {
    expect(await runLeased(database.db, { name: 'job-c', holder: 'dead', ttlMs: 50 }, async () => 'last pass')).toBe(
      'last pass',
    );
    expect(
      await runLeased(database.db, { name: 'job-c', holder: 'alive', ttlMs: 60_000 }, async () => 'too soon'),
    ).toBeNull();
    await new Promise((r) => setTimeout(r, 80));
    expect(
      await runLeased(database.db, { name: 'job-c', holder: 'alive', ttlMs: 60_000 }, async () => 'taken over'),
    ).toBe('taken over');
  });

  it('a pass longer than its lease keeps it by heartbeat: the other holder is refused until the pass ends', async () => {
    // Long enough that a busy machine delays no beat past it; the pass lasts three lease lengths.
    const ttlMs = 900;
    const refusals: (string | null)[] = [];
    const pass = runLeased(database.db, { name: 'job-d', holder: 'slow', ttlMs }, async () => {
      const until = Date.now() + 3 * ttlMs;
      while (Date.now() < until) {
        refusals.push(await runLeased(database.db, { name: 'job-d', holder: 'other', ttlMs }, async () => 'ran'));
        await new Promise((r) => setTimeout(r, 100));
      }
      return 'done';
    });
    expect(await pass).toBe('done');
    expect(refusals.length).toBeGreaterThan(3);
    expect(refusals.every((r) => r === null)).toBe(true);
    // Once the pass is over nothing renews it: the lease lapses and the other holder takes it.
    await new Promise((r) => setTimeout(r, 2 * ttlMs));
    expect(await runLeased(database.db, { name: 'job-d', holder: 'other', ttlMs }, async () => 'ran')).toBe('ran');
  });

  it('keepLease lets the holder go on, and stops a holder whose lease another took', async () => {
    await takeLease(database.db, 'job-e', 'first', 50);
    await expect(keepLease(database.db, 'job-e', 'first', 50)).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 80));
    expect(await takeLease(database.db, 'job-e', 'second', 60_000)).toBe(true);
    await expect(keepLease(database.db, 'job-e', 'first', 50)).rejects.toBeInstanceOf(LeaseLostError);
  });
});
