import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createUserOperations, type UserOperatorPorts } from './operator.js';
import { createUserOperatorRepository } from './operator-repository.js';
import { userOperatorRoutes } from './operator-routes.js';
import { userRoutes } from './routes.js';
import { createUserService } from './service.js';

/** The user's own profile, and the console's view of a user (which reads other modules through its ports). */
export function userModule(
  { db, users, guards, requireOperator }: ModuleContext,
  ports: UserOperatorPorts,
): { routes: RouteRegistration; operatorRoutes: RouteRegistration } {
  const operations = createUserOperations({ db, repository: createUserOperatorRepository(), ports });
  return {
    routes: (api) => userRoutes(api, { users: createUserService({ db, users }), guards }),
    operatorRoutes: (api) => userOperatorRoutes(api, { operations, requireOperator }),
  };
}
