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
import { ok } from '../../platform/http/envelope.js';
import { currentOperator, operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { Proposals } from './service.js';

/**
 * Four eyes: money decisions are proposed here by one finance operator and approved by another;
 * operator changes and the fees and limits are proposed where they are edited, and approved here too
 * (by an admin, or finance for the fees). `isMoneyProposable`: the money kinds exist (a chain is
 * configured).
 */
export async function proposalRoutes(
  app: FastifyInstance,
  {
    proposals,
    requireOperator,
    isMoneyProposable,
  }: { proposals: Proposals; requireOperator: OperatorGuard; isMoneyProposable: boolean },
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
  // What approving checks of an operator change and of a change of the fees and limits.
  const changeRefusals = [
    'proposal_subject_changed',
    'proposal_about_own',
    'operator_exists',
    'operator_not_found',
    'operator_configured',
  ] as const;
  // What approving an aid grant checks again (decision 147): its partner, and what the fund holds now.
  const grantRefusals = ['aid_partner_not_found', 'aid_partner_inactive', 'aid_fund_insufficient'] as const;
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
    async (request) => ok(await proposals.list(currentOperator(request), request.query)),
  );
  if (isMoneyProposable)
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
      async (request) => {
        const { kind, subject_id, reason, user } = request.body;
        return ok(
          await proposals.propose(operatorOf(request), {
            kind,
            subjectId: subject_id,
            reason,
            detail: user ? { user } : {},
          }),
        );
      },
    );
  r.post(
    '/api/admin/proposals/:id/approve',
    {
      config: {
        errors: [
          'proposal_not_found',
          'proposal_not_pending',
          'proposal_own',
          'proposal_related',
          'proposal_proposer_inactive',
          'operator_cooling_down',
          'operator_own_account',
          ...subjectRefusals,
          ...changeRefusals,
          ...grantRefusals,
          'payout_was_paid',
          'payout_undetermined',
        ],
      },
      ...money,
      schema: {
        tags,
        summary:
          'Approve a proposal someone unrelated made (not while your own access is new): the decision is made now (a held payout after the chain is checked again)',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => ok(await proposals.approve(currentOperator(request), request.params.id)),
  );
  r.post(
    '/api/admin/proposals/:id/withdraw',
    {
      config: { errors: ['proposal_not_found', 'proposal_not_pending'] },
      ...money,
      schema: {
        tags,
        summary: 'Withdraw a waiting proposal (its proposer, or another operator who decides its kind)',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => ok(await proposals.withdraw(currentOperator(request), request.params.id)),
  );
}
