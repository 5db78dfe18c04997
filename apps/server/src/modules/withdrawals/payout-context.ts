import type { ChainContext } from '../../platform/chain/context.js';
import type { Db } from '../../platform/db/database.js';
import type { LeaseObserver } from '../../platform/db/lease.js';
import type { WithdrawalPostings } from './postings.js';
import type { WithdrawalRepository } from './repository.js';

export type PassOutcome = { paid: number; completed: number; refunded: number; requeued: number; held: number };

export type Deps = {
  db: Db;
  chain: ChainContext;
  repository: WithdrawalRepository;
  postings: WithdrawalPostings;
  instanceId: string;
  /** A broadcast transaction not mined after this long is replaced at the same nonce with more gas. */
  stuckAfterMs?: number;
  /** Sees every pass, held or not (JOB_TRACE_FILE). */
  observe?: LeaseObserver | undefined;
};

/** What each part of the worker (payout-fate, -send, -settle, -queue, -recheck) is built from. */
export type PayoutContext = Omit<Required<Deps>, 'observe'> & {
  /** The payout lease: a signed payout is stored, or a sent one settled, only while this instance holds it. */
  lease: string;
  leaseMs: number;
  gasLimit: bigint;
};
