import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  marketBuyRequestSchema,
  marketListQuerySchema,
  mtradeOrderSchema,
  mtradePublishRequestSchema,
  myOrdersQuerySchema,
  page,
  pageQuery,
} from '@wallx/shared';
import { activeUser, currentUser } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import { marketRouteOptions, type MarketRouteDeps } from './route-options.js';

/** Machine trade: the open orders, publishing, buying, cancelling, and mine. */
export async function mtradeRoutes(app: FastifyInstance, deps: MarketRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { markets } = deps;
  const { auth, active, activeWithFundPassword, buyRefusals, cancelRefusals } = marketRouteOptions(deps);
  const mtrade = { tags: ['mtrade'] };
  const mtradeAnswer = { 200: envelope(z.object({ order: mtradeOrderSchema })) };

  r.get(
    '/api/mtrade/orders',
    {
      ...auth,
      schema: {
        ...mtrade,
        summary: 'Open machine sell orders of others',
        querystring: pageQuery.extend(marketListQuerySchema.shape),
        response: { 200: envelope(page(mtradeOrderSchema)) },
      },
    },
    async (request) => ok(await markets.mtradeMarket(currentUser(request), request.query)),
  );
  r.post(
    '/api/mtrade/orders',
    {
      config: {
        errors: [
          ...fundPasswordRefusals,
          ...idempotencyRefusals,
          'sell_order_incomplete',
          'miner_not_found',
          'gift_not_transferable',
          'miner_claimed',
          'miner_is_on',
          'miner_is_selling',
          'miner_is_expired',
          'order_status_error',
        ],
      },
      ...activeWithFundPassword,
      schema: {
        ...mtrade,
        summary: 'List one of my off miners for sale',
        headers: idempotencyHeaders,
        body: mtradePublishRequestSchema,
        response: mtradeAnswer,
      },
    },
    async (request) => ok(await markets.publishMtrade(activeUser(request), request.body, idempotencyKey(request))),
  );
  r.post(
    '/api/mtrade/orders/:id/buy',
    {
      config: { errors: [...fundPasswordRefusals, ...idempotencyRefusals, ...buyRefusals] },
      ...activeWithFundPassword,
      schema: {
        ...mtrade,
        summary: 'Buy a listed miner, with the fund password',
        params: idParamSchema,
        headers: idempotencyHeaders,
        body: marketBuyRequestSchema,
        response: mtradeAnswer,
      },
    },
    async (request) =>
      ok(await markets.buyMtrade(activeUser(request), request.params.id, request.body, idempotencyKey(request))),
  );
  r.post(
    '/api/mtrade/orders/:id/cancel',
    {
      config: { errors: [...idempotencyRefusals, ...cancelRefusals] },
      ...active,
      schema: {
        ...mtrade,
        summary: 'Cancel my sell order; the miner is off again',
        params: idParamSchema,
        headers: idempotencyHeaders,
        response: mtradeAnswer,
      },
    },
    async (request) => ok(await markets.cancelMtrade(activeUser(request), request.params.id, idempotencyKey(request))),
  );
  r.get(
    '/api/mtrade/my_orders',
    {
      ...auth,
      schema: {
        ...mtrade,
        summary: 'My machine orders, as seller or buyer',
        querystring: pageQuery.extend(myOrdersQuerySchema.shape),
        response: { 200: envelope(page(mtradeOrderSchema)) },
      },
    },
    async (request) => ok(await markets.mtradeMine(currentUser(request), request.query)),
  );
}
