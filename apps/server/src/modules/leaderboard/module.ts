import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { Executor } from '../../platform/db/database.js';
import { createLeaderboardOperations } from './operator.js';
import { leaderboardOperatorRoutes } from './operator-routes.js';
import { createLeaderboardRepository } from './repository.js';
import { leaderboardRoutes } from './routes.js';
import { createLeaderboardService, type LeaderboardService } from './service.js';
import { createWeeklyClose, type WeeklyClose } from './weekly-close.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The weekly close, run by the scheduler under a lease and by tests. */
    leaderboardClose: WeeklyClose;
  }
}

/** What the board reads of other modules (app/ports.ts fills it). */
export type LeaderboardPorts = {
  /** The miners module's: whether the user has a working miner on a day — who may earn, as for check-ins. */
  miners: { holdsWorkingMiner: (db: Executor, userId: string, day: string) => Promise<boolean> };
};

/** The weekly board (issue 47): its pages, the user's board profile, the console's view, the weekly prizes. */
export function leaderboardModule(
  ctx: ModuleContext,
  ports: LeaderboardPorts,
): {
  board: LeaderboardService;
  weeklyClose: WeeklyClose;
  routes: RouteRegistration;
  operatorRoutes: RouteRegistration;
} {
  const { app, db, config, rewards, guards, requireOperator, clock } = ctx;
  const repository = createLeaderboardRepository();
  const timeZone = config.outputTimeZone;
  const board = createLeaderboardService({ db, repository, rewards, timeZone, ...clock });
  const weeklyClose = createWeeklyClose({
    db,
    repository,
    rewards,
    holdsWorkingMiner: ports.miners.holdsWorkingMiner,
    timeZone,
    ...clock,
  });
  app.decorate('leaderboardClose', weeklyClose);
  const operations = createLeaderboardOperations({ db, repository, board });
  return {
    board,
    weeklyClose,
    routes: (api) => leaderboardRoutes(api, { board, guards }),
    operatorRoutes: (api) => leaderboardOperatorRoutes(api, { operations, requireOperator }),
  };
}
