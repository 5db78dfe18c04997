import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import type { ChainContext } from '../../platform/chain/context.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { createOperatorMoneyRepository } from './repository.js';
import { operatorMoneyRoutes } from './routes.js';
import { createOperatorMoney } from './service.js';

/** The console's money views: withdrawals and deposits to review, the daily report, the money settings. */
export function operatorMoneyModule(
  { db, moneySettings, config, requireOperator, clock }: ModuleContext,
  chain: ChainContext,
  { stuckAfterMs, propose }: { stuckAfterMs: number; propose: Propose },
): { routes: RouteRegistration } {
  const money = createOperatorMoney({
    db,
    repository: createOperatorMoneyRepository(),
    settings: moneySettings,
    chain,
    timeZone: config.outputTimeZone,
    stuckAfterMs,
    propose,
    ...clock,
  });
  return { routes: (api) => operatorMoneyRoutes(api, { money, requireOperator }) };
}
