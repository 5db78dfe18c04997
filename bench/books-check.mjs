// After a mixed load (bench/mixed-load/): the books, the markets, the chain and the idempotency
// keys, each checked against the others. Every check answers { check, ok, detail }.
// The checks live in bench/books-check/, one module per record checked; checkAll runs them all.
import pg from 'pg';
import { result } from './books-check/common.mjs';
import { checkChain } from './books-check/chain.mjs';
import { checkIdempotency, effectCounts } from './books-check/idempotency.mjs';
import { ledgerCheck } from './books-check/ledger.mjs';
import { checkMarkets } from './books-check/markets.mjs';
import { checkMiners, checkWriteoffs } from './books-check/miners.mjs';
import { checkDonations, checkStaking } from './books-check/staking.mjs';
import { checkTreasury } from './books-check/treasury.mjs';

export {
  checkChain,
  checkDonations,
  checkIdempotency,
  checkMarkets,
  checkMiners,
  checkStaking,
  checkTreasury,
  checkWriteoffs,
  effectCounts,
  ledgerCheck,
};

/** `distributed`: the load made the staking pool's days due (crash's clock does), so a day must have been paid. */
export async function checkAll({ databaseUrl, chain, world, http, distributed = false }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const checks = [
      ledgerCheck(databaseUrl),
      await checkMarkets(db),
      await checkMiners(db, world),
      await checkChain(db, chain),
      await checkTreasury(db, chain),
      await checkWriteoffs(db, world),
      await checkStaking(db, { distributed }),
      await checkDonations(db),
    ];
    const before = await effectCounts(db);
    checks.push(await checkIdempotency(db, http));
    const after = await effectCounts(db);
    const moved = Object.keys(before).filter((k) => before[k] !== after[k]);
    checks.push(
      result(
        'replays moved nothing',
        moved.map((k) => `${k}: ${before[k]} → ${after[k]}`),
        `ledger entries, withdrawals, orders, stakes, donations unchanged (${before.entries} entries)`,
      ),
    );
    return checks;
  } finally {
    await db.end();
  }
}
