import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { ChainContext } from '../../platform/chain/context.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { createMoneyConsole } from './operator.js';
import { createMoneyConsoleRepository } from './operator-repository.js';
import { moneyConsoleRoutes } from './operator-routes.js';

/** The console's money settings and daily money report; withdrawals and deposits have their own pages in their modules. */
export function moneyConsoleModule(
  { db, moneySettings, config, requireOperator, clock }: ModuleContext,
  chain: ChainContext,
  { propose }: { propose: Propose },
): { routes: RouteRegistration } {
  const money = createMoneyConsole({
    db,
    repository: createMoneyConsoleRepository(),
    settings: moneySettings,
    chain,
    timeZone: config.outputTimeZone,
    propose,
    ...clock,
  });
  return { routes: (api) => moneyConsoleRoutes(api, { money, requireOperator }) };
}
