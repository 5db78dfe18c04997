import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyMinerRequestSchema,
  buyMinerResultSchema,
  envelope,
  idParamSchema,
  minerOrderSchema,
  minerOrdersQuerySchema,
  minerProductSchema,
  minerProductsQuerySchema,
  minerSchema,
  page,
  pageQuery,
} from '@wallx/shared';
import { activeUser, currentUser } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import type { MinerRouteDeps } from './route-deps.js';

/** The catalog, buying, and my purchase orders. */
export async function shopRoutes(app: FastifyInstance, { miners, guards }: MinerRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['miners'];

  r.get(
    '/api/miners/products',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The miner catalog (guests too), by category',
        querystring: minerProductsQuerySchema,
        response: { 200: envelope(z.object({ items: z.array(minerProductSchema) })) },
      },
    },
    async (request) => ok({ items: await miners.products(request.query.category) }),
  );

  r.post(
    '/api/miners/buy',
    {
      config: {
        errors: [
          ...idempotencyRefusals,
          'product_info_not_found',
          'gift_not_transferable',
          'pay_asset_unavailable',
          'product_sold_out',
          'purchase_limit_reached',
          'insufficient_usdt',
          'insufficient_wallx',
        ],
      },
      preHandler: guards.requireActiveUser,
      schema: {
        tags,
        summary: 'Buy (USDT) or exchange (WALLX) miners; each unit becomes an order to use',
        headers: idempotencyHeaders,
        body: buyMinerRequestSchema,
        response: { 200: envelope(buyMinerResultSchema) },
      },
    },
    async (request) => ok(await miners.buy(activeUser(request), request.body, idempotencyKey(request))),
  );

  r.get(
    '/api/miners/orders',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: 'My purchase orders, newest first',
        querystring: pageQuery.extend(minerOrdersQuerySchema.shape),
        response: { 200: envelope(page(minerOrderSchema)) },
      },
    },
    async (request) => ok(await miners.orders(currentUser(request).id, request.query)),
  );

  r.post(
    '/api/miners/orders/:id/use',
    {
      config: { errors: ['order_not_found', 'order_status_error'] },
      preHandler: guards.requireActiveUser,
      schema: {
        tags,
        summary: 'Place the miner of an unused order in my mine',
        params: idParamSchema,
        response: { 200: envelope(z.object({ miner: minerSchema })) },
      },
    },
    async (request) => ok(await miners.useOrder(activeUser(request).id, request.params.id)),
  );
}
