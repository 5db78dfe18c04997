import type { RouteRegistration, SharedDeps } from '../../kernel/module-context.js';
import { registerOperatorAuthentication, type OperatorGuard } from '../../platform/http/operator.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { operatorProposalHandlers } from './proposal-handlers.js';
import { createOperatorsRepository } from './repository.js';
import { operatorRoutes } from './routes.js';
import { createOperatorsService, type OperatorsService } from './service.js';

export type OperatorsPorts = Pick<Parameters<typeof createOperatorsService>[0], 'confirmSignIn'>;

/**
 * The console's operators and their sessions; the guard every operator route runs is registered here.
 * Changes of access are proposals (decision 118): this module hands the proposals module what each
 * kind decides, and its routes open them through the proposals module's `propose`, given when the
 * routes are registered (the proposals module is built after this one, with the guard it makes).
 */
export function operatorsModule(
  { app, db, config, clock }: SharedDeps,
  { confirmSignIn }: OperatorsPorts,
): {
  requireOperator: OperatorGuard;
  operators: OperatorsService;
  proposalHandlers: ReturnType<typeof operatorProposalHandlers>;
  routes: (propose: Propose) => RouteRegistration;
} {
  const repository = createOperatorsRepository();
  const operators = createOperatorsService({
    db,
    operators: repository,
    configured: config.operators,
    confirmSignIn,
    cooldownMs: config.operatorCooldownMs,
    ...clock,
  });
  const requireOperator = registerOperatorAuthentication(app, operators);
  return {
    requireOperator,
    operators,
    proposalHandlers: operatorProposalHandlers({
      operators: repository,
      isConfigured: operators.isConfigured,
      now: clock.now ?? Date.now,
    }),
    routes: (propose) => (api) =>
      operatorRoutes(api, {
        operators,
        propose,
        requireOperator,
        loginPerMinute: config.rateLimit.loginPerMinute,
      }),
  };
}
