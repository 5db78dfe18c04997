// Miners that were turned on yesterday, for the test that collects a day's output: the daily job only
// produces a day once it has ended, and a browser test cannot wait for midnight. Each run of that
// test (`--repeat-each`) takes the owner of its own index.
import { mnemonicToAccount } from 'viem/accounts';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const SEEDED_MINER_OWNERS = 8;
/** In the e2e data dir: the day (YYYY-MM-DD, output time zone) the seeded miners were turned on. */
export const SEEDED_DAY_FILE = 'seeded-miners-day';

/** The wallet that owns the seeded miner number `index` (far from the dev accounts the server funds). */
export function seededMinerOwner(index) {
  if (index >= SEEDED_MINER_OWNERS)
    throw new Error(`only ${SEEDED_MINER_OWNERS} seeded miner owners; run fewer repeats`);
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 100 + index });
}
