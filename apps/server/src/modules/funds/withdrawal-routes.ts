import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, page, pageQuery, withdrawalSchema, withdrawalConfigSchema, withdrawalRequestSchema } from '@wallx/shared';
import { requireAdminToken } from '../../http/admin-token.js';
import { activeUser, currentUser, type Guards } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import type { RouteLimits } from '../../http/rate-limits.js';
import { idempotencyHeaders, idempotencyKey } from '../../idempotency/idempotency-key.js';
import type { Withdrawals } from './withdrawals.js';

type Deps = { withdrawals: Withdrawals; guards: Guards; limits: RouteLimits; adminToken: string | undefined };

export async function withdrawalRoutes(app: FastifyInstance, { withdrawals, guards, limits, adminToken }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/funds/withdraw/config',
    { schema: { tags: ['funds'], summary: 'Minimum and fee per asset', response: { 200: envelope(withdrawalConfigSchema) } } },
    async () => ok(withdrawals.config()),
  );

  r.post(
    '/api/funds/withdraw',
    {
      preHandler: [guards.requireUser, ...limits.fundPassword],
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
      schema: { tags: ['funds'], summary: 'My withdrawals, newest first', querystring: pageQuery, response: { 200: envelope(page(withdrawalSchema)) } },
    },
    async (request) => ok(await withdrawals.list(currentUser(request).id, request.query)),
  );

  if (!adminToken) return;
  // Until the operators' console (wallet-signed operator login) lands, review is an internal call.
  r.post(
    '/api/internal/withdrawals/:id/review',
    {
      preHandler: requireAdminToken(adminToken),
      schema: {
        hide: true,
        params: z.object({ id: z.string().regex(/^\d{1,19}$/) }),
        body: z.object({ decision: z.enum(['approve', 'reject']), operator: z.string().min(1).max(100), note: z.string().max(500).optional() }),
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) => ok(await withdrawals.review(request.body.operator, request.params.id, request.body.decision, request.body.note ?? null)),
  );
}
