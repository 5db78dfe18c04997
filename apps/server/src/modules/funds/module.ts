import type { ModuleContext, RouteRegistration } from '../../app/context.js';
import { createFundsRepository } from './repository.js';
import { fundsRoutes } from './routes.js';
import { createFundsService, type FundsService } from './service.js';

/** Balances, transfers, fund records and the fund password's routes. */
export function fundsModule(ctx: ModuleContext): { funds: FundsService; routes: RouteRegistration } {
  const { db, ledger, users, fundPasswords, idempotency, guards, limits } = ctx;
  const funds = createFundsService({ db, ledger, users, funds: createFundsRepository(), fundPasswords, idempotency });
  return { funds, routes: (api) => fundsRoutes(api, { funds, fundPasswords, guards, limits }) };
}
