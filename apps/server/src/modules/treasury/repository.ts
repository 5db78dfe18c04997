import { createColdRepository } from './cold-repository.js';
import { createHoldingsRepository } from './holdings-repository.js';
import { createMovesRepository } from './moves-repository.js';
import { createSweepsRepository } from './sweeps-repository.js';

export type { MoveTable, OpenMove, Settlement, Signed } from './moves-repository.js';
export type { AddressHoldingRow, SweepCandidate } from './holdings-repository.js';
export type { SweepRow } from './sweeps-repository.js';
export type { ColdTransferRow } from './cold-repository.js';

/**
 * Sweeps and cold transfers (migration 027). Custody only: nothing here touches the ledger. The
 * unswept figures are sums over each address's deposits and sweeps, read per query (no running
 * balance row that every deposit would update).
 */
export function createTreasuryRepository() {
  return {
    ...createHoldingsRepository(),
    ...createSweepsRepository(),
    ...createColdRepository(),
    ...createMovesRepository(),
  };
}
export type TreasuryRepository = ReturnType<typeof createTreasuryRepository>;
