import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { Executor } from '../../platform/db/database.js';
import { createStakeMaturity, type StakeMaturity } from './maturity.js';
import { createStakingRepository } from './repository.js';
import { stakingRoutes } from './routes.js';
import { createStakingService, type StakingService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The maturity job, run by the scheduler under a lease and by tests. */
    stakeMaturity: StakeMaturity;
  }
}

/** What other modules may ask of the stakes (app/ports.ts hands it on). */
export type StakeHolders = {
  /** Whether the user has an active stake, read in the caller's transaction. */
  holdsStake(executor: Executor, userId: string): Promise<boolean>;
};

/** The user's side of the emotion staking pool (issue 48): stakes, withdrawals, the maturity job. */
export function stakingModule(ctx: ModuleContext): {
  staking: StakingService;
  maturity: StakeMaturity;
  holders: StakeHolders;
  routes: RouteRegistration;
} {
  const { app, db, config, ledger, users, idempotency, fundPasswords, stakingSettings, guards, limits, clock } = ctx;
  const stakes = createStakingRepository();
  const staking = createStakingService({
    db,
    ledger,
    users,
    idempotency,
    fundPasswords,
    stakingSettings,
    stakes,
    timeZone: config.outputTimeZone,
    ...clock,
  });
  const maturity = createStakeMaturity({ db, stakes, ...clock });
  app.decorate('stakeMaturity', maturity);
  return {
    staking,
    maturity,
    holders: { holdsStake: (executor, userId) => stakes.holdsStake(executor, userId) },
    routes: (api) => stakingRoutes(api, { staking, guards, limits }),
  };
}
