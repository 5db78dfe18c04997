import { createWithdrawalCancel } from './cancel.js';
import { createWithdrawalRequests } from './request.js';
import { createWithdrawalReviews } from './review.js';
import type { WithdrawalsDeps } from './service-deps.js';
export type { WithdrawalsDeps } from './service-deps.js';

/** WITHDRAW_REVIEW_HOURS's default, for apps built without the full configuration (tests). */
export const DEFAULT_WITHDRAW_REVIEW_HOURS = 24;

/**
 * Withdrawals: the amount and fee leave the balance at once (ledger); the payout worker
 * (`payout-worker.ts`) pays them from the hot wallet. Some wait for an operator's review first; a
 * withdrawal an operator rejects is refunded in full.
 */
export function createWithdrawals(deps: WithdrawalsDeps) {
  return {
    ...createWithdrawalRequests(deps),
    ...createWithdrawalCancel(deps),
    ...createWithdrawalReviews(deps),
  };
}
export type Withdrawals = ReturnType<typeof createWithdrawals>;
