import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { ChainContext } from '../../platform/chain/context.js';
import { createGrantPayouts, type GrantPayouts } from './grant-payouts.js';
import { createWithdrawalOperations } from './operator.js';
import { createWithdrawalOperatorRepository } from './operator-repository.js';
import { withdrawalOperatorRoutes } from './operator-routes.js';
import { createPayoutWorker, PAYOUT_STUCK_AFTER_MS, type PayoutWorker } from './payout-worker.js';
import { createWithdrawalPostings } from './postings.js';
import { createWithdrawalRepository } from './repository.js';
import { withdrawalRoutes } from './routes.js';
import { createWithdrawals, DEFAULT_WITHDRAW_REVIEW_HOURS, type Withdrawals } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when the app has a chain; tests drive the payout worker through it. */
    payouts?: PayoutWorker;
  }
}

/** Withdrawals requested, reviewed and paid from the hot wallet by the payout worker. */
export function withdrawalsModule(
  ctx: ModuleContext,
  chain: ChainContext,
): {
  withdrawals: Withdrawals;
  payouts: PayoutWorker;
  /** Aid grants paid through the same queue (decision 147). */
  grantPayouts: GrantPayouts;
  /** When the console calls a broadcast payout stuck: when the worker replaces it. */
  stuckAfterMs: number;
  routes: RouteRegistration;
  operatorRoutes: RouteRegistration;
} {
  const { app, db, ledger, users, moneySettings, fundPasswords, idempotency, guards, limits, requireOperator } = ctx;
  const repository = createWithdrawalRepository();
  const postings = createWithdrawalPostings({ ledger, repository });
  const withdrawals = createWithdrawals({
    db,
    settings: moneySettings,
    users,
    fundPasswords,
    idempotency,
    repository,
    postings,
    reviewHours: ctx.config.withdrawReviewHours ?? DEFAULT_WITHDRAW_REVIEW_HOURS,
  });
  const payouts = createPayoutWorker({
    db,
    chain,
    repository,
    postings,
    instanceId: ctx.instanceId,
    observe: ctx.observe,
  });
  app.decorate('payouts', payouts);
  return {
    withdrawals,
    payouts,
    grantPayouts: createGrantPayouts({ ledger }),
    stuckAfterMs: PAYOUT_STUCK_AFTER_MS,
    routes: (api) => withdrawalRoutes(api, { withdrawals, guards, limits, requireOperator }),
    operatorRoutes: (api) =>
      withdrawalOperatorRoutes(api, {
        operations: createWithdrawalOperations({
          db,
          repository: createWithdrawalOperatorRepository(),
          stuckAfterMs: PAYOUT_STUCK_AFTER_MS,
        }),
        requireOperator,
      }),
  };
}
