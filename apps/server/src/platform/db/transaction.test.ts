import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import type { DatabaseHandle } from './database.js';
import { transaction } from './transaction.js';

describe('transaction()', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs the work again after a deadlock or serialization failure', async () => {
    let attempts = 0;
    const result = await transaction(database.db, async (trx) => {
      attempts++;
      await sql`select 1`.execute(trx);
      if (attempts < 3)
        throw Object.assign(new Error('deadlock detected'), { code: attempts === 1 ? '40P01' : '40001' });
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(3);
  });

  it('gives up after four attempts, and never retries other errors', async () => {
    let attempts = 0;
    await expect(
      transaction(database.db, async () => {
        attempts++;
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }),
    ).rejects.toThrow('deadlock detected');
    expect(attempts).toBe(4);

    attempts = 0;
    await expect(
      transaction(database.db, async () => {
        attempts++;
        throw Object.assign(new Error('check violation'), { code: '23514' });
      }),
    ).rejects.toThrow('check violation');
    expect(attempts).toBe(1);
  });
});
