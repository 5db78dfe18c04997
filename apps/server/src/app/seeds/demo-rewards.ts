import { sql } from 'kysely';
import { createLedger } from '../../kernel/ledger/ledger.js';
import { createRewards } from '../../kernel/rewards/rewards.js';
import type { Db } from '../../platform/db/database.js';

/** What the demo's rewards budget starts with: enough that `npm start` and the browser tests show rewards. */
export const DEMO_REWARDS_BUDGET = '100000';
const DEMO_FUNDING_REF = { type: 'demo_seed', id: 'rewards_budget' } as const;
// Any number of instances may start at once on one database: the lock lets one of them fund.
const DEMO_REWARDS_LOCK = 7_411_047;

/**
 * Funds the demo's rewards budget once, as an approved `rewards.fund` proposal would: a posting from
 * `rewards_funding` and the budget row raised with it, never a balance edited. Answers the amount
 * funded now ('0' when the demo was funded before).
 */
export async function seedDemoRewardsBudget(db: Db): Promise<string> {
  const rewards = createRewards({ ledger: createLedger() });
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_REWARDS_LOCK})`.execute(trx);
    const { rows } = await sql`select 1 from ledger_entries
      where ref_type = ${DEMO_FUNDING_REF.type} and ref_id = ${DEMO_FUNDING_REF.id} limit 1`.execute(trx);
    if (rows.length > 0) return '0';
    await rewards.fund(trx, DEMO_REWARDS_BUDGET, DEMO_FUNDING_REF);
    return DEMO_REWARDS_BUDGET;
  });
}
