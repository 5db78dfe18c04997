import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';

describe('PGlite dialect under concurrency', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    await sql`create table counter (id int primary key, n int not null)`.execute(handle.db);
    await sql`insert into counter values (1, 0)`.execute(handle.db);
    await sql`create table writes (tx int primary key)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it('200 concurrent transactions neither lose a committed write nor leak a rolled-back one', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, tx) =>
        handle.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
          // Yield between read and write: if transactions shared a session, this is where they'd interleave.
          await new Promise((resolve) => setTimeout(resolve, tx % 3));
          await sql`update counter set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
          await sql`insert into writes (tx) values (${tx})`.execute(trx);
          if (tx % 4 === 0) throw new Error(`rollback ${tx}`);
        }),
      ),
    );
    const committed = outcomes.flatMap((o, tx) => (o.status === 'fulfilled' ? [tx] : []));
    expect(committed).toHaveLength(150);
    const counter = await sql<{ n: number }>`select n from counter`.execute(handle.db);
    expect(counter.rows[0]!.n).toBe(150);
    const writes = await sql<{ tx: number }>`select tx from writes order by tx`.execute(handle.db);
    expect(writes.rows.map((r) => r.tx)).toEqual(committed);
  });

  it('queries outside transactions interleave safely with transactions', async () => {
    const committed = (await sql<{ n: number }>`select n from counter where id = 1`.execute(handle.db)).rows[0]!.n;
    const results = await Promise.all([
      handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`update counter set n = -1 where id = 1`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new Error('abort');
        })
        .catch(() => 'aborted'),
      sql<{ n: number }>`select n from counter where id = 1`.execute(handle.db).then((r) => r.rows[0]!.n),
    ]);
    // The plain read waited for the transaction and never saw its uncommitted -1.
    expect(results).toEqual(['aborted', committed]);
  });

  it('runs multi-statement scripts and reports affected rows', async () => {
    await sql.raw('create table a (x int); insert into a values (1), (2);').execute(handle.db);
    const result = await handle.db
      .updateTable('a' as never)
      .set({ x: 3 } as never)
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
  });
});
