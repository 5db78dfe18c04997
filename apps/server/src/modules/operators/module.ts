import type { RouteRegistration, SharedDeps } from '../../app/context.js';
import { registerOperatorAuthentication, type OperatorGuard } from '../../http/operator.js';
import { createOperatorsRepository } from './repository.js';
import { operatorRoutes } from './routes.js';
import { createOperatorsService } from './service.js';

export type OperatorsPorts = Pick<Parameters<typeof createOperatorsService>[0], 'confirmSignIn'>;

/** The console's operators and their sessions; the guard every operator route runs is registered here. */
export function operatorsModule(
  { app, db, config, clock }: SharedDeps,
  { confirmSignIn }: OperatorsPorts,
): { requireOperator: OperatorGuard; routes: RouteRegistration } {
  const operators = createOperatorsService({
    db,
    operators: createOperatorsRepository(),
    configured: config.operators,
    confirmSignIn,
    ...clock,
  });
  const requireOperator = registerOperatorAuthentication(app, operators);
  return {
    requireOperator,
    routes: (api) =>
      operatorRoutes(api, { operators, requireOperator, loginPerMinute: config.rateLimit.loginPerMinute }),
  };
}
