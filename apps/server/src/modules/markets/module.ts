import { createFeeShare } from '../../kernel/staking-settings/fee-share.js';
import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createMarketOperations, type MarketOperations } from './operator.js';
import { marketOperatorRoutes } from './operator-routes.js';
import { createMarketsRepository } from './repository.js';
import { marketsRoutes } from './routes.js';
import type { MinerSales } from './ports.js';
import { createMarketsService, type MarketsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The markets, whose expiry sweeper tests run by hand. */
    markets: MarketsService;
  }
}

/** The mtrade and c2c markets, and the console's cancelling of their orders. */
export function marketsModule(
  ctx: ModuleContext,
  { miners }: { miners: MinerSales },
): { markets: MarketsService; operations: MarketOperations; routes: RouteRegistration } {
  const { app, db, ledger, events, users, fundPasswords, idempotency, moneySettings, guards, limits, requireOperator } =
    ctx;
  const repository = createMarketsRepository();
  const markets = createMarketsService({
    db,
    ledger,
    events,
    miners,
    markets: repository,
    users,
    fundPasswords,
    idempotency,
    fees: moneySettings,
    feeShare: createFeeShare({ ledger, stakingSettings: ctx.stakingSettings }),
    ...ctx.clock,
  });
  app.decorate('markets', markets);
  const operations = createMarketOperations({ db, ledger, events, miners, markets: repository });
  return {
    markets,
    operations,
    routes: async (api) => {
      await marketsRoutes(api, { markets, guards, limits });
      await marketOperatorRoutes(api, { operations, requireOperator });
    },
  };
}
