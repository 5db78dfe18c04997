import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  c2cOrderSchema,
  envelope,
  mtradeOrderSchema,
  operatorCancelParamsSchema,
  operatorCancelRequestSchema,
  operatorOrdersQuerySchema,
  page,
} from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { MarketOperations } from './operator.js';

type Deps = { operations: MarketOperations; requireOperator: OperatorGuard };

/** Operators' market endpoints: a console session (decision 56); cancelling needs `money`. */
export async function marketOperatorRoutes(app: FastifyInstance, { operations, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is parsed or validated: a caller without a session learns nothing of the contract.
  const read = { onRequest: requireOperator('read') };
  const money = { onRequest: requireOperator('money') };
  const tags = { tags: ['admin'] };

  r.get(
    '/api/admin/markets/mtrade/orders',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Every machine order, newest first, by status, seller or buyer',
        querystring: operatorOrdersQuerySchema,
        response: { 200: envelope(page(mtradeOrderSchema)) },
      },
    },
    async (request) => ok(await operations.mtradeOrders(request.query)),
  );
  r.get(
    '/api/admin/markets/c2c/orders',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Every C2C order, newest first, by status, seller or buyer',
        querystring: operatorOrdersQuerySchema,
        response: { 200: envelope(page(c2cOrderSchema)) },
      },
    },
    async (request) => ok(await operations.c2cOrders(request.query)),
  );
  r.post(
    '/api/admin/markets/:market/orders/:id/cancel',
    {
      config: { errors: ['order_not_found', 'market_order_not_pending', 'operator_own_account'] },
      ...money,
      schema: {
        ...tags,
        summary: 'Cancel a pending order with a reason the seller sees; the miner is off again or the escrow returns',
        params: operatorCancelParamsSchema,
        body: operatorCancelRequestSchema,
        response: { 200: envelope(z.object({ order: z.union([mtradeOrderSchema, c2cOrderSchema]) })) },
      },
    },
    async (request) =>
      ok({
        order: await operations.cancel(
          operatorOf(request),
          request.params.market,
          request.params.id,
          request.body.reason,
        ),
      }),
  );
}
