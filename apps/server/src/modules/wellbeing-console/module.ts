import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { createWellbeingConsole } from './operator.js';
import { createWellbeingConsoleRepository } from './operator-repository.js';
import { wellbeingConsoleRoutes } from './operator-routes.js';
import { wellbeingProposalHandlers } from './proposal-handlers.js';

/**
 * The console's well-being page: aggregates of the check-ins, the reward rules, the rewards budget and
 * the crisis lines. It hands the proposals module what its two kinds decide, and its routes open them
 * through the proposals module's `propose`, given when the routes are registered (as operators do).
 */
export function wellbeingConsoleModule({ db, rewards, config, requireOperator, clock }: ModuleContext): {
  proposalHandlers: ReturnType<typeof wellbeingProposalHandlers>;
  routes: (propose: Propose) => RouteRegistration;
} {
  const wellbeing = createWellbeingConsole({
    db,
    repository: createWellbeingConsoleRepository(),
    rewards,
    timeZone: config.outputTimeZone,
    ...clock,
  });
  return {
    proposalHandlers: wellbeingProposalHandlers(rewards),
    routes: (propose) => (api) => wellbeingConsoleRoutes(api, { wellbeing, propose, requireOperator }),
  };
}
