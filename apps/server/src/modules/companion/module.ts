import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createMessageCipher } from './crypto.js';
import type { CompanionDeps } from './deps.js';
import { createCompanionConsole } from './operator.js';
import { companionConsoleRoutes } from './operator-routes.js';
import { createCompanionRepository } from './repository.js';
import { createCompanionRetention, type CompanionRetention } from './retention.js';
import { companionRoutes } from './routes.js';
import { createCompanionService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention job, run by the scheduler under a lease and by tests. */
    companionRetention: CompanionRetention;
  }
}

/** Absent from a test's configuration: not configured, conversations kept 30 days. */
const UNCONFIGURED = { model: null, dataKey: null, retentionDays: 30, dailyMessages: 50, dailyTokenBudget: 2_000_000 };

/** The AI companion (issue 49): the user's conversations, the console's counts, the retention job. */
export function companionModule({ app, db, config, guards, limits, requireOperator, clock }: ModuleContext) {
  const companionConfig = config.companion ?? UNCONFIGURED;
  const deps: CompanionDeps = {
    db,
    repository: createCompanionRepository(),
    config: companionConfig,
    cipher: companionConfig.dataKey ? createMessageCipher(companionConfig.dataKey) : null,
    timeZone: config.outputTimeZone,
    ...clock,
  };
  const companion = createCompanionService(deps);
  const routes: RouteRegistration = (api) => companionRoutes(api, { companion, guards, limits });
  const operatorRoutes: RouteRegistration = (api) =>
    companionConsoleRoutes(api, { console: createCompanionConsole(deps), requireOperator });
  const retention = createCompanionRetention(deps);
  app.decorate('companionRetention', retention);
  return { routes, operatorRoutes, retention };
}
