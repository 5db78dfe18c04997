import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  page,
  pageQuery,
  withdrawalSchema,
  withdrawalConfigSchema,
  withdrawalRequestSchema,
  withdrawalReviewSchema,
} from '@wallx/shared';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import type { Withdrawals } from './service.js';

type Deps = { withdrawals: Withdrawals; guards: Guards; limits: RouteLimits; requireOperator: OperatorGuard };

export async function withdrawalRoutes(app: FastifyInstance, { withdrawals, guards, limits, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/funds/withdraw/config',
    {
      config: { public: true },
      schema: {
        tags: ['funds'],
        summary: 'Minimum and fee per asset',
        response: { 200: envelope(withdrawalConfigSchema) },
      },
    },
    async () => ok(await withdrawals.config()),
  );

  r.post(
    '/api/funds/withdraw',
    {
      config: {
        errors: [
          ...fundPasswordRefusals,
          ...idempotencyRefusals,
          'withdrawal_too_small',
          'withdrawal_not_multiple',
          'insufficient_usdt',
          'insufficient_wallx',
          'insufficient_fee',
        ],
      },
      preHandler: [guards.requireActiveUser, ...limits.fundPassword],
      schema: {
        tags: ['funds'],
        summary: 'Withdraw to my own login address; amount and fee leave the balance at once',
        headers: idempotencyHeaders,
        body: withdrawalRequestSchema,
        response: { 200: envelope(z.object({ withdrawal: withdrawalSchema })) },
      },
    },
    async (request) => ok(await withdrawals.request(activeUser(request), request.body, idempotencyKey(request))),
  );

  r.get(
    '/api/funds/withdrawals',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['funds'],
        summary: 'My withdrawals, newest first',
        querystring: pageQuery,
        response: { 200: envelope(page(withdrawalSchema)) },
      },
    },
    async (request) => ok(await withdrawals.list(currentUser(request).id, request.query)),
  );

  r.post(
    '/api/funds/withdrawals/:id/cancel',
    {
      config: { errors: [...idempotencyRefusals, 'withdrawal_not_found', 'withdrawal_not_cancellable'] },
      preHandler: guards.requireActiveUser,
      schema: {
        tags: ['funds'],
        summary: 'Cancel my withdrawal while it awaits review; amount and fee come back at once',
        params: idParamSchema,
        headers: idempotencyHeaders,
        response: { 200: envelope(z.object({ withdrawal: withdrawalSchema })) },
      },
    },
    async (request) => ok(await withdrawals.cancel(activeUser(request), request.params.id, idempotencyKey(request))),
  );

  // A withdrawal above the review threshold waits for a finance operator's decision (decision 56).
  r.post(
    '/api/admin/withdrawals/:id/review',
    {
      config: {
        errors: ['withdrawal_not_found', 'withdrawal_status_error', 'proposal_required', 'operator_own_account'],
      },
      onRequest: requireOperator('money'),
      schema: {
        tags: ['admin'],
        summary:
          'Approve a withdrawal awaiting review (or a held payout), or reject it with a reason (a rejection refunds amount and fee)',
        params: idParamSchema,
        body: withdrawalReviewSchema,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) => ok(await withdrawals.review(operatorOf(request), request.params.id, request.body)),
  );
}
