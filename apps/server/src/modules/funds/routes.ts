import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  fundRecordSchema,
  fundRecordsQuerySchema,
  page,
  pageQuery,
  transferRequestSchema,
  transferSchema,
} from '@wallx/shared';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import type { FundsService } from './service.js';

type Deps = { funds: FundsService; guards: Guards; limits: RouteLimits };

export async function fundsRoutes(app: FastifyInstance, { funds, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const activeWithFundPassword = [guards.requireActiveUser, ...limits.fundPassword];

  r.post(
    '/api/funds/transfer',
    {
      config: {
        errors: [
          ...fundPasswordRefusals,
          ...idempotencyRefusals,
          'insufficient_usdt',
          'insufficient_wallx',
          'invalid_wallet_account',
          'transfer_to_self',
        ],
      },
      preHandler: activeWithFundPassword,
      schema: {
        tags: ['funds'],
        summary: 'Transfer USDT or WALLX to another registered user',
        headers: idempotencyHeaders,
        body: transferRequestSchema,
        response: { 200: envelope(z.object({ transfer: transferSchema })) },
      },
    },
    async (request) => ok(await funds.transfer(activeUser(request), request.body, idempotencyKey(request))),
  );

  r.get(
    '/api/funds/records',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['funds'],
        summary: 'My fund records (ledger entries), newest first',
        querystring: pageQuery.extend(fundRecordsQuerySchema.shape),
        response: { 200: envelope(page(fundRecordSchema)) },
      },
    },
    async (request) => ok(await funds.records(currentUser(request).id, request.query)),
  );

  r.get(
    '/api/funds/transfers',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['funds'],
        summary: 'My transfers in and out, newest first',
        querystring: pageQuery,
        response: { 200: envelope(page(transferSchema)) },
      },
    },
    async (request) => ok(await funds.transfers(currentUser(request).id, request.query)),
  );
}
