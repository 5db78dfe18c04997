import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  c2cOrderSchema,
  c2cPublishRequestSchema,
  envelope,
  idParamSchema,
  marketBuyRequestSchema,
  marketListQuerySchema,
  myOrdersQuerySchema,
  page,
  pageQuery,
} from '@wallx/shared';
import { activeUser, currentUser } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import { marketRouteOptions, type MarketRouteDeps } from './route-options.js';

/** C2C: the open orders, publishing, buying, cancelling, and mine. */
export async function c2cRoutes(app: FastifyInstance, deps: MarketRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { markets } = deps;
  const { auth, active, activeWithFundPassword, buyRefusals, cancelRefusals } = marketRouteOptions(deps);
  const c2c = { tags: ['c2c'] };
  const c2cAnswer = { 200: envelope(z.object({ order: c2cOrderSchema })) };

  r.get(
    '/api/c2c/orders',
    {
      ...auth,
      schema: {
        ...c2c,
        summary: 'Open WALLX sell orders of others',
        querystring: pageQuery.extend(marketListQuerySchema.shape),
        response: { 200: envelope(page(c2cOrderSchema)) },
      },
    },
    async (request) => ok(await markets.c2cMarket(currentUser(request), request.query)),
  );
  r.post(
    '/api/c2c/orders',
    {
      config: {
        errors: [
          ...fundPasswordRefusals,
          ...idempotencyRefusals,
          'unfinished_order',
          'insufficient_wallx',
          'insufficient_fee',
        ],
      },
      ...activeWithFundPassword,
      schema: {
        ...c2c,
        summary: 'Offer WALLX for USDT; amount and fee go to escrow',
        headers: idempotencyHeaders,
        body: c2cPublishRequestSchema,
        response: c2cAnswer,
      },
    },
    async (request) => ok(await markets.publishC2c(activeUser(request), request.body, idempotencyKey(request))),
  );
  r.post(
    '/api/c2c/orders/:id/buy',
    {
      config: { errors: [...fundPasswordRefusals, ...idempotencyRefusals, ...buyRefusals] },
      ...activeWithFundPassword,
      schema: {
        ...c2c,
        summary: 'Buy a whole WALLX sell order, with the fund password',
        params: idParamSchema,
        headers: idempotencyHeaders,
        body: marketBuyRequestSchema,
        response: c2cAnswer,
      },
    },
    async (request) =>
      ok(await markets.buyC2c(activeUser(request), request.params.id, request.body, idempotencyKey(request))),
  );
  r.post(
    '/api/c2c/orders/:id/cancel',
    {
      config: { errors: [...idempotencyRefusals, ...cancelRefusals] },
      ...active,
      schema: {
        ...c2c,
        summary: 'Cancel my sell order; the escrow comes back',
        params: idParamSchema,
        headers: idempotencyHeaders,
        response: c2cAnswer,
      },
    },
    async (request) => ok(await markets.cancelC2c(activeUser(request), request.params.id, idempotencyKey(request))),
  );
  r.get(
    '/api/c2c/my_orders',
    {
      ...auth,
      schema: {
        ...c2c,
        summary: 'My WALLX orders, as seller or buyer',
        querystring: pageQuery.extend(myOrdersQuerySchema.shape),
        response: { 200: envelope(page(c2cOrderSchema)) },
      },
    },
    async (request) => ok(await markets.c2cMine(currentUser(request), request.query)),
  );
}
