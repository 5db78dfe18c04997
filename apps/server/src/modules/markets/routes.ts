import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  c2cOrderSchema,
  c2cPublishRequestSchema,
  envelope,
  idParamSchema,
  marketBuyRequestSchema,
  marketConfigSchema,
  marketListQuerySchema,
  mtradeOrderSchema,
  mtradePublishRequestSchema,
  myOrdersQuerySchema,
  page,
  pageQuery,
} from '@wallx/shared';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import type { MarketsService } from './service.js';

type Deps = { markets: MarketsService; guards: Guards; limits: RouteLimits };

export async function marketsRoutes(app: FastifyInstance, { markets, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  const active = { preHandler: guards.requireActiveUser };
  const activeWithFundPassword = { preHandler: [guards.requireActiveUser, ...limits.fundPassword] };
  // An order by id that is not there (or, to cancel, not the caller's), not open, or the buyer's own.
  const buyRefusals = ['order_not_found', 'order_status_error', 'own_order', 'insufficient_usdt'] as const;
  const cancelRefusals = ['order_not_found', 'order_status_error'] as const;
  const mtrade = { tags: ['mtrade'] };
  const c2c = { tags: ['c2c'] };
  const mtradeAnswer = { 200: envelope(z.object({ order: mtradeOrderSchema })) };
  const c2cAnswer = { 200: envelope(z.object({ order: c2cOrderSchema })) };

  r.get(
    '/api/markets/config',
    {
      ...auth,
      schema: {
        tags: ['mtrade', 'c2c'],
        summary: 'Fee rates of both markets',
        response: { 200: envelope(marketConfigSchema) },
      },
    },
    async () => ok(await markets.config()),
  );

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
