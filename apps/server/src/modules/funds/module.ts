import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createFundsRepository } from './repository.js';
import { fundsRoutes } from './routes.js';
import { createFundsService, type FundsService } from './service.js';

/** Balances, transfers and fund records. */
export function fundsModule(ctx: ModuleContext): { funds: FundsService; routes: RouteRegistration } {
  const { db, ledger, users, fundPasswords, idempotency, guards, limits } = ctx;
  const funds = createFundsService({ db, ledger, users, funds: createFundsRepository(), fundPasswords, idempotency });
  return { funds, routes: (api) => fundsRoutes(api, { funds, guards, limits }) };
}
