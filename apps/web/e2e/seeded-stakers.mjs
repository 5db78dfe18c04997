// Stakers whose stakes were made two days ago, for the tests that show yesterday's reward: the daily
// distribution pays only stakes held all of a day that has ended, and a browser test cannot wait for
// midnight. Seeded (e2e/serve.mjs) with the pool's proceeds before the server starts; the server's own
// distribution job, which runs as it starts, shares them out. Each test takes a staker of its own.
import { mnemonicToAccount } from 'viem/accounts';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const SEEDED_STAKERS = 8;
/** In the e2e data dir: the day (YYYY-MM-DD, the pool's time zone) the seeded stakes were first held all of. */
export const SEEDED_STAKING_DAY_FILE = 'seeded-staking-day';
/** Each seeded staker's stakes (a flexible one and a 30-day one) and the WALLX it keeps besides. */
export const SEEDED_STAKES = { flexible: '100', d30: '50', kept: '850' };
/**
 * What the pool holds before the day's distribution: 10 % of it goes to the aid fund (AID_FUND_SHARE's
 * default), the rest to the stakers by weight (flexible 1, 30 days 1.2; the same for each seeded staker).
 */
export const SEEDED_POOL = { WALLX: '8', USDT: '2' };
/** So each seeded staker earned, that day: (8 − 0.8) / 8 WALLX and (2 − 0.2) / 8 USDT, split 100 : 60 between its stakes. */
export const SEEDED_REWARD = {
  wallx: '0.9',
  usdt: '0.225',
  flexible: { wallx: '0.5625', usdt: '0.140625' },
  d30: { wallx: '0.3375', usdt: '0.084375' },
};

/** The wallet of seeded staker number `index` (far from the dev accounts and the seeded miner owners). */
export function seededStaker(index) {
  if (index >= SEEDED_STAKERS) throw new Error(`only ${SEEDED_STAKERS} seeded stakers; run fewer repeats`);
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 200 + index });
}
