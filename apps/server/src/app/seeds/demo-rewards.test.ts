import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../kernel/ledger/ledger.js';
import { createRewards } from '../../kernel/rewards/rewards.js';
import { checkBooks, createTestDatabase } from '../../test/helpers.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { DEMO_REWARDS_BUDGET, seedDemoRewardsBudget } from './demo-rewards.js';

describe('the demo’s rewards budget', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is funded once through the books, however many instances start together', async () => {
    const funded = await Promise.all([1, 2, 3].map(() => seedDemoRewardsBudget(database.db)));
    expect(funded.sort()).toEqual(['0', '0', DEMO_REWARDS_BUDGET]);
    expect(await seedDemoRewardsBudget(database.db)).toBe('0');
    expect(await createRewards({ ledger: createLedger() }).balance(database.db)).toBe(DEMO_REWARDS_BUDGET);
    const books = await checkBooks(database);
    expect(books.problems).toEqual([]);
  });
});
