import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { ChainContext } from '../../platform/chain/context.js';
import { createTreasuryRepository } from './repository.js';
import { treasuryRoutes } from './routes.js';
import { createTreasury, type Treasury } from './service.js';
import { createTreasuryWorker, type TreasuryWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when the app has a chain; tests drive the sweep and cold jobs through it. */
    treasury?: TreasuryWorker;
  }
}

/** Sweeps of users' deposit addresses into the hot wallet, the hot wallet's excess to cold, and where the tokens are. */
export function treasuryModule(
  ctx: ModuleContext,
  chain: ChainContext,
): { treasury: Treasury; worker: TreasuryWorker; routes: RouteRegistration } {
  const { app, db, requireOperator } = ctx;
  const repository = createTreasuryRepository();
  const treasury = createTreasury({ db, chain, repository });
  const worker = createTreasuryWorker({ db, chain, repository, instanceId: ctx.instanceId, observe: ctx.observe });
  app.decorate('treasury', worker);
  return { treasury, worker, routes: (api) => treasuryRoutes(api, { treasury, requireOperator }) };
}
