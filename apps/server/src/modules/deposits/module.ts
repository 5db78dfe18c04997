import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { ChainContext } from '../../platform/chain/context.js';
import { createDepositOperations } from './operator.js';
import { createDepositOperatorRepository } from './operator-repository.js';
import { depositOperatorRoutes } from './operator-routes.js';
import { createDepositRepository } from './repository.js';
import { depositRoutes } from './routes.js';
import { createDeposits, type Deposits } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when the app has a chain; tests drive the scanner through it. */
    deposits?: Deposits;
  }
}

/** Deposits credited from the chain: the scanner, the users' reports and the unattributed ones. */
export function depositsModule(
  ctx: ModuleContext,
  chain: ChainContext,
): { deposits: Deposits; routes: RouteRegistration; operatorRoutes: RouteRegistration } {
  const { app, db, ledger, users, config, guards, limits, requireOperator } = ctx;
  const deposits = createDeposits({
    db,
    chain,
    ledger,
    events: ctx.events,
    users,
    repository: createDepositRepository(),
    instanceId: ctx.instanceId,
    maxUnresolvedReports: config.rateLimit.unresolvedDepositReports,
    observe: ctx.observe,
  });
  app.decorate('deposits', deposits);
  return {
    deposits,
    routes: (api) => depositRoutes(api, { deposits, guards, limits, requireOperator }),
    operatorRoutes: (api) =>
      depositOperatorRoutes(api, {
        operations: createDepositOperations({ db, repository: createDepositOperatorRepository() }),
        requireOperator,
      }),
  };
}
