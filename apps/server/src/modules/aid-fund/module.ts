import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { DecisionHandler, Propose } from '../../kernel/money-decisions/decision-handler.js';
import type { GrantPayoutQueue } from './deps.js';
import { createAidFundConsole } from './operator.js';
import { aidFundOperatorRoutes } from './operator-routes.js';
import { aidGrantHandler } from './proposal-handlers.js';
import { createAidFundRepository } from './repository.js';
import { aidFundRoutes } from './routes.js';
import { createAidFundService } from './service.js';

export type { GrantPayoutQueue } from './deps.js';

/** Public reads of the fund, per client IP per minute. */
const PUBLIC_READS_PER_MINUTE = 120;

/**
 * The mental-health aid fund (issue 48, decision 147): its public page, donations, and the console's
 * partners and grants. Grants are paid by the withdrawals' payout worker (the port `payouts`), so the
 * fund's grants and its proposal handler exist only where the app has a chain.
 */
export function aidFundModule(
  { db, ledger, users, fundPasswords, idempotency, guards, limits, requireOperator }: ModuleContext,
  { payouts }: { payouts: GrantPayoutQueue | null },
): {
  proposalHandlers: Record<'aid_grant.pay', DecisionHandler> | Record<string, never>;
  routes: RouteRegistration;
  operatorRoutes: (propose: Propose) => RouteRegistration;
} {
  const repository = createAidFundRepository();
  const aidFund = createAidFundService({ db, ledger, users, fundPasswords, idempotency, repository });
  const console = createAidFundConsole({ db, repository });
  return {
    proposalHandlers: payouts ? { 'aid_grant.pay': aidGrantHandler(repository, payouts) } : {},
    routes: (api) => aidFundRoutes(api, { aidFund, guards, limits, publicPerMinute: PUBLIC_READS_PER_MINUTE }),
    operatorRoutes: (propose) => (api) => aidFundOperatorRoutes(api, { console, propose, requireOperator }),
  };
}
