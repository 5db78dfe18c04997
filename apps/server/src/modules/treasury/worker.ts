import { assets } from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import type { Db } from '../../platform/db/database.js';
import { LEASE_TTL_MS, runLeased, type LeaseObserver } from '../../platform/db/lease.js';
import { createColdTransfers, type ColdOutcome } from './cold.js';
import { createMoves, type MoveOutcome } from './moves.js';
import type { TreasuryRepository } from './repository.js';
import { createSweeps, type SweepOutcome } from './sweep.js';
import { createSweptReader, type SweptReadOutcome } from './swept-reader.js';
import { createSweptRepository } from './swept-repository.js';

export { depositFactoryAbi, SWEEP_BATCH, SWEEP_CANDIDATE_READS, type SweepOutcome } from './sweep.js';
export type { ColdOutcome } from './cold.js';

/** A sweep or cold transfer not mined after this long is signed again at its nonce with more gas, as a stuck payout is. */
export const MOVE_STUCK_AFTER_MS = 60_000;

type Deps = {
  db: Db;
  chain: ChainContext;
  repository: TreasuryRepository;
  instanceId: string;
  stuckAfterMs?: number;
  observe?: LeaseObserver | undefined;
};

/**
 * The sweep job and the cold job (issue 33). Both send from the hot wallet, so they run under the
 * payout worker's lease (`payout:<chain>`): one holder at a time signs for the hot wallet and the
 * nonce sequence has one writer. Every transaction is stored with its signed bytes before it is
 * broadcast; a pass first settles what is stored (receipt after the confirmations, the same bytes
 * again if the node never saw them), so a crash anywhere neither sends twice nor forgets a send.
 * Neither job touches the ledger: what users own does not change when tokens change address.
 */
export function createTreasuryWorker({
  db,
  chain,
  repository,
  instanceId,
  stuckAfterMs = MOVE_STUCK_AFTER_MS,
  observe,
}: Deps) {
  const lease = `payout:${chain.chainId}`;
  const swept = createSweptReader({ db, chain, repository: createSweptRepository() });
  const moves = createMoves({ db, chain, repository, instanceId, lease, stuckAfterMs });
  const sweeps = createSweeps({ db, chain, repository, moves });
  const cold = createColdTransfers({ db, chain, repository, moves });

  const idle = (): MoveOutcome => ({ sent: 0, confirmed: 0, reverted: 0, dropped: 0, resent: 0, replaced: 0 });
  const idleSweep = (): SweepOutcome => ({ ...idle(), sweptByOthers: 0 });
  const leased = <T>(work: () => Promise<T>) =>
    runLeased(db, { name: lease, holder: instanceId, ttlMs: LEASE_TTL_MS, observe }, () => {
      moves.startPass();
      return work();
    });

  return {
    /**
     * One sweep pass: settle the sweeps stored, record the sweeps anyone made up to the confirmed
     * head (the books then hold what the chain holds), then one new sweep per token with none in flight.
     */
    async sweepOnce(): Promise<SweepOutcome> {
      return (
        (await leased(async () => {
          const outcome = idleSweep();
          const at = await moves.settled();
          const busy = await sweeps.settleSweeps(at, outcome);
          outcome.sweptByOthers = (await swept.readOnce(at)).others;
          for (const asset of assets) if (!busy.has(asset) && (await sweeps.sweepAsset(asset))) outcome.sent++;
          return outcome;
        })) ?? idleSweep()
      );
    },

    /** The Swept events alone, as a sweep pass reads them (null: another instance holds the lease). */
    async readSweptOnce(): Promise<SweptReadOutcome | null> {
      return leased(async () => {
        const rpc = await chain.rpc.quorum();
        return swept.readOnce({ rpc, head: await rpc.getBlockNumber() });
      });
    },

    /** One cold pass: settle the cold transfers stored, then one per token above its high-water mark with none in flight. */
    async coolOnce(): Promise<ColdOutcome> {
      return (
        (await leased(async () => {
          const outcome = idle();
          const busy = await cold.settleColdTransfers(outcome);
          for (const asset of assets) if (!busy.has(asset) && (await cold.coolAsset(asset))) outcome.sent++;
          return outcome;
        })) ?? idle()
      );
    },
  };
}
export type TreasuryWorker = ReturnType<typeof createTreasuryWorker>;
