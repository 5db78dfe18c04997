import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createProposalsRepository } from './repository.js';
import { proposalRoutes } from './operator-routes.js';
import { createProposals, type ProposalHandler, type ProposalOperators } from './service.js';
import { moneyProposalKinds, type ProposalKind } from '@wallx/shared';

/**
 * Four eyes on money decisions, operator changes and the fees and limits; the modules that own the
 * subjects hand in what each kind decides.
 */
export function proposalsModule(
  { db, requireOperator, clock, config }: ModuleContext,
  { handlers, operators }: { handlers: Partial<Record<ProposalKind, ProposalHandler>>; operators: ProposalOperators },
): { proposals: ReturnType<typeof createProposals>; routes: RouteRegistration } {
  const proposals = createProposals({
    db,
    repository: createProposalsRepository(),
    handlers,
    operators,
    cooldownMs: config.operatorCooldownMs,
    ...clock,
  });
  const isMoneyProposable = moneyProposalKinds.every((kind) => handlers[kind] !== undefined);
  return { proposals, routes: (api) => proposalRoutes(api, { proposals, requireOperator, isMoneyProposable }) };
}
