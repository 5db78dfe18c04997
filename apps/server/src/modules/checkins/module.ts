import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { WorkingMiners } from './deps.js';
import { createCheckinsRepository } from './repository.js';
import { checkinsRoutes } from './routes.js';
import { createCheckinsService } from './service.js';

export type { WorkingMiners } from './deps.js';

/** Daily check-ins, mood trends and the support lines: a user's own entries only (issue 47). */
export function checkinsModule(
  { db, config, rewards, idempotency, guards, limits, clock }: ModuleContext,
  { miners }: { miners: WorkingMiners },
): { routes: RouteRegistration } {
  const checkins = createCheckinsService({
    db,
    rewards,
    idempotency,
    checkins: createCheckinsRepository(),
    miners,
    timeZone: config.outputTimeZone,
    ...clock,
  });
  return { routes: (api) => checkinsRoutes(api, { checkins, guards, limits }) };
}
