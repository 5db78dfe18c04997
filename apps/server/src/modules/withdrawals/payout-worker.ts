import { undecided } from '../../platform/chain/rpc-nodes.js';
import { LEASE_TTL_MS, runLeased } from '../../platform/db/lease.js';
import { createPayoutFate } from './payout-fate.js';
import { createQueuedPayouts } from './payout-queue.js';
import { createHeldRecheck } from './payout-recheck.js';
import { createPayoutSender } from './payout-send.js';
import { createPayoutSettlement } from './payout-settle.js';
import type { PassOutcome, Deps, PayoutContext } from './payout-context.js';
export type { PassOutcome, PayoutContext } from './payout-context.js';

/** A broadcast payout not mined after this long is replaced at the same nonce (and shown as stuck to operators). */
export const PAYOUT_STUCK_AFTER_MS = 60_000;

/**
 * The payout worker: pays queued withdrawals from the hot wallet. The signed transaction is stored
 * before it is broadcast, so a crash between the two re-sends the same bytes (same hash) and never
 * pays twice. A payout that cannot be made is refunded in full.
 */
export function createPayoutWorker({ stuckAfterMs = PAYOUT_STUCK_AFTER_MS, observe, ...deps }: Deps) {
  const { db, chain, instanceId } = deps;
  const ctx: PayoutContext = {
    ...deps,
    stuckAfterMs,
    lease: `payout:${chain.chainId}`,
    leaseMs: LEASE_TTL_MS,
    gasLimit: 120_000n,
  };
  const fate = createPayoutFate(ctx);
  const sender = createPayoutSender(ctx);
  const { settleOpen } = createPayoutSettlement(ctx, fate, sender);
  const payQueued = createQueuedPayouts(ctx, sender);
  const recheck = createHeldRecheck(ctx, fate);

  /** One pass, holding the lease (renewed wherever a nonce is taken or a payout settled). */
  async function pass(outcome: PassOutcome): Promise<PassOutcome> {
    // Every question of a payout's fate is answered alike by a quorum of healthy nodes (chain/rpc-nodes.ts).
    const rpc = await chain.rpc.quorum();
    const settled = await fate.settled(rpc);
    const left = await settleOpen(rpc, settled, outcome);
    await payQueued(rpc, settled.head, left, outcome);
    return outcome;
  }

  return {
    /**
     * Whether a held payout was made, asked of the chain now, before an operator's decision on it
     * takes effect (decision 80): `paid` when any of its transactions succeeded or its nonce was
     * spent by one of them, `not_paid` only when none can be mined any more (a reverted receipt past
     * the confirmations, or the nonce spent for good by another transaction, every hash checked
     * again after), otherwise `undetermined`.
     */
    async recheckHeld(id: string): Promise<'paid' | 'not_paid' | 'undetermined'> {
      // Nodes that cannot agree now (too few healthy, or no quorum alike) determine nothing.
      return (await recheck(id).catch(undecided)) ?? 'undetermined';
    },

    /**
     * One pass (one instance at a time): settle broadcast payouts (completed after N confirmations,
     * refunded if reverted, re-sent if the node lost them, replaced if stuck), then pay queued ones
     * while the hot wallet can cover them. Held payouts are only settled.
     */
    async processOnce(): Promise<PassOutcome> {
      const idle: PassOutcome = { paid: 0, completed: 0, refunded: 0, requeued: 0, held: 0 };
      return (
        (await runLeased(db, { name: ctx.lease, holder: instanceId, ttlMs: ctx.leaseMs, observe }, () =>
          pass({ ...idle }),
        )) ?? idle
      );
    },
  };
}
export type PayoutWorker = ReturnType<typeof createPayoutWorker>;
