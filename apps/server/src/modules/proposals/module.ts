import type { ModuleContext, RouteRegistration } from '../../app/context.js';
import { createProposalsRepository } from './repository.js';
import { proposalRoutes } from './routes.js';
import { createProposals, type ProposalHandler } from './service.js';
import type { ProposalKind } from '@wallx/shared';

/** Four eyes on money decisions; the modules that own the subjects hand in what each kind decides. */
export function proposalsModule(
  { db, requireOperator, clock }: ModuleContext,
  { handlers }: { handlers: Record<ProposalKind, ProposalHandler> },
): { routes: RouteRegistration } {
  const proposals = createProposals({ db, repository: createProposalsRepository(), handlers, ...clock });
  return { routes: (api) => proposalRoutes(api, { proposals, requireOperator }) };
}
