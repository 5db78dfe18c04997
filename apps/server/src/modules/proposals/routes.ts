import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  idParamSchema,
  page,
  proposalQuerySchema,
  proposalRequestSchema,
  proposalSchema,
} from '@wallx/shared';
import { ok } from '../../http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../http/operator.js';
import type { Proposals } from './service.js';

/** Four eyes on the largest money decisions: proposed by one finance operator, approved by another. */
export async function proposalRoutes(
  app: FastifyInstance,
  { proposals, requireOperator }: { proposals: Proposals; requireOperator: OperatorGuard },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  // What proposing or approving checks of its subject (a withdrawal under review, an unattributed
  // deposit and the user it is credited to): gone, or no longer in the state proposed.
  const subjectRefusals = [
    'withdrawal_not_found',
    'withdrawal_status_error',
    'unattributed_deposit_not_found',
    'deposit_already_credited',
    'user_not_found',
  ] as const;
  const money = { onRequest: requireOperator('money') };
  const one = { 200: envelope(proposalSchema) };
  r.get(
    '/api/admin/proposals',
    {
      onRequest: requireOperator('read'),
      schema: {
        tags,
        summary: 'Proposals, newest first: by status, mine, or those I may approve',
        querystring: proposalQuerySchema,
        response: { 200: envelope(page(proposalSchema)) },
      },
    },
    async (request) => ok(await proposals.list(operatorOf(request), request.query)),
  );
  r.post(
    '/api/admin/proposals',
    {
      config: { errors: ['proposal_exists', 'operator_own_account', ...subjectRefusals] },
      ...money,
      schema: {
        tags,
        summary:
          'Propose a money decision (approve a withdrawal above the threshold; approve or reject a held payout); another finance operator approves',
        body: proposalRequestSchema,
        response: one,
      },
    },
    async (request) => ok(await proposals.propose(operatorOf(request), request.body)),
  );
  r.post(
    '/api/admin/proposals/:id/approve',
    {
      config: {
        errors: [
          'proposal_not_found',
          'proposal_not_pending',
          'proposal_own',
          'operator_own_account',
          ...subjectRefusals,
          'payout_was_paid',
          'payout_undetermined',
        ],
      },
      ...money,
      schema: {
        tags,
        summary:
          'Approve a proposal someone else made: the decision is made now (a held payout after the chain is checked again)',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => ok(await proposals.approve(operatorOf(request), request.params.id)),
  );
  r.post(
    '/api/admin/proposals/:id/withdraw',
    {
      config: { errors: ['proposal_not_found', 'proposal_not_pending'] },
      ...money,
      schema: {
        tags,
        summary: 'Withdraw a waiting proposal (its proposer or another finance operator)',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => ok(await proposals.withdraw(operatorOf(request), request.params.id)),
  );
}
