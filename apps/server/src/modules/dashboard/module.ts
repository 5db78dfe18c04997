import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createChainBalances } from '../../platform/chain/balances.js';
import { createDashboardHealth, type ScannerProgress } from './health.js';
import { createDashboardRepository } from './repository.js';
import { dashboardRoutes } from './operator-routes.js';
import { createDashboardService, type DashboardService, type HoldingsOf } from './service.js';

/** The console's overview: today's figures, and the platform wallets' balances when there is a chain. */
export function dashboardModule(
  { app, db, chain, config, requireOperator, clock }: ModuleContext,
  { holdings, scanner }: { holdings: HoldingsOf | null; scanner: ScannerProgress | null },
): {
  dashboard: DashboardService;
  routes: RouteRegistration;
} {
  const repository = createDashboardRepository();
  const dashboard = createDashboardService({
    db,
    dashboard: repository,
    chainBalances: chain ? createChainBalances(chain) : null,
    holdings,
    timeZone: config.outputTimeZone,
    log: app.log,
    ...clock,
  });
  const health = createDashboardHealth({
    db,
    dashboard: repository,
    scanner,
    timeZone: config.outputTimeZone,
    confirmations: chain?.confirmations ?? 0,
    log: app.log,
    ...clock,
  });
  return { dashboard, routes: (api) => dashboardRoutes(api, { dashboard, health, requireOperator }) };
}
