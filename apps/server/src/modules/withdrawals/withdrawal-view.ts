import type { Withdrawal } from '@wallx/shared';
import type { WithdrawalRow } from './repository.js';

/** A withdrawal as its owner sees it. */
export const toWithdrawal = (r: WithdrawalRow): Withdrawal => ({
  id: r.id,
  asset: r.asset,
  amount: r.amount,
  fee: r.fee,
  to_address: r.to_address,
  // A payout held for an operator is, to its owner, still being processed.
  status: r.status === 'held' ? 'processing' : (r.status as Withdrawal['status']),
  tx_hash: r.tx_hash,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});
