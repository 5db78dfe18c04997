import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { createDistribution, type Distribution } from './distribution.js';
import { createStakingPoolConsole } from './operator.js';
import { stakingPoolRoutes } from './operator-routes.js';
import { stakingProposalHandlers } from './proposal-handlers.js';
import { createStakingPoolRepository } from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily distribution, run by the scheduler under a lease and by tests. */
    stakingDistribution: Distribution;
  }
}

/**
 * The staking pool's proceeds (issue 48): the daily distribution, and the console's pool page with
 * its two proposal kinds (the rules, an addition to the pool), whose routes open proposals through
 * the proposals module's `propose`, given when the routes are registered.
 */
export function stakingPoolModule({
  app,
  db,
  ledger,
  stakingSettings,
  config,
  requireOperator,
  clock,
}: ModuleContext): {
  distribution: Distribution;
  proposalHandlers: ReturnType<typeof stakingProposalHandlers>;
  routes: (propose: Propose) => RouteRegistration;
} {
  const repository = createStakingPoolRepository();
  const distribution = createDistribution({
    db,
    repository,
    ledger,
    stakingSettings,
    timeZone: config.outputTimeZone,
    ...clock,
  });
  app.decorate('stakingDistribution', distribution);
  const pool = createStakingPoolConsole({ db, repository, stakingSettings });
  return {
    distribution,
    proposalHandlers: stakingProposalHandlers(stakingSettings, ledger, repository),
    routes: (propose) => (api) => stakingPoolRoutes(api, { pool, propose, requireOperator }),
  };
}
