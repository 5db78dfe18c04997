import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyMinerRequestSchema,
  buyMinerResultSchema,
  collectResultSchema,
  dayString,
  envelope,
  idParamSchema,
  mineSummarySchema,
  minerOrderSchema,
  minerOrdersQuerySchema,
  minerOutputSchema,
  minerOutputsQuerySchema,
  minerProductSchema,
  minerProductsQuerySchema,
  minerSchema,
  minersQuerySchema,
  minerTransferRequestSchema,
  page,
  pageQuery,
} from '@wallx/shared';
import { requireAdminToken } from '../../platform/http/admin-token.js';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import type { OutputJob } from './output-job.js';
import type { MinersService } from './service.js';

type Deps = {
  miners: MinersService;
  outputJob: OutputJob;
  guards: Guards;
  limits: RouteLimits;
  adminToken: string | undefined;
};

export async function minersRoutes(app: FastifyInstance, { miners, outputJob, guards, limits, adminToken }: Deps) {
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

  r.get(
    '/api/miners/mine',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: 'My miners, newest first',
        querystring: pageQuery.extend(minersQuerySchema.shape),
        response: { 200: envelope(page(minerSchema)) },
      },
    },
    async (request) => ok(await miners.mine(currentUser(request).id, request.query)),
  );

  r.get(
    '/api/miners/summary',
    {
      preHandler: guards.requireUser,
      schema: { tags, summary: 'My mine at a glance', response: { 200: envelope(mineSummarySchema) } },
    },
    async (request) => ok(await miners.summary(currentUser(request).id)),
  );

  r.post(
    '/api/miners/:id/turn_on',
    {
      config: { errors: ['miner_not_found', 'miner_already_on', 'miner_is_selling', 'miner_is_expired'] },
      preHandler: guards.requireActiveUser,
      schema: {
        tags,
        summary: 'Turn an off miner on',
        params: idParamSchema,
        response: { 200: envelope(z.object({ miner: minerSchema })) },
      },
    },
    async (request) => ok(await miners.turnOn(activeUser(request).id, request.params.id)),
  );

  r.post(
    '/api/miners/:id/transfer',
    {
      config: {
        errors: [
          ...fundPasswordRefusals,
          ...idempotencyRefusals,
          'miner_not_found',
          'gift_not_transferable',
          'miner_claimed',
          'miner_is_on',
          'miner_is_selling',
          'miner_is_expired',
          'invalid_wallet_account',
          'transfer_to_self',
        ],
      },
      preHandler: [guards.requireActiveUser, ...limits.fundPassword],
      schema: {
        tags,
        summary: 'Give an off, non-gift miner to another registered user',
        params: idParamSchema,
        headers: idempotencyHeaders,
        body: minerTransferRequestSchema,
        response: { 200: envelope(z.object({ miner_id: z.string(), to: z.string() })) },
      },
    },
    async (request) =>
      ok(await miners.transfer(activeUser(request), request.params.id, request.body, idempotencyKey(request))),
  );

  r.get(
    '/api/miners/outputs',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: 'My output records, newest first',
        querystring: pageQuery.extend(minerOutputsQuerySchema.shape),
        response: { 200: envelope(page(minerOutputSchema)) },
      },
    },
    async (request) => ok(await miners.outputs(currentUser(request).id, request.query)),
  );

  r.post(
    '/api/miners/outputs/collect_all',
    {
      config: { errors: [...idempotencyRefusals, 'nothing_to_collect'] },
      preHandler: guards.requireActiveUser,
      schema: {
        tags,
        summary: 'Collect every output record to collect',
        headers: idempotencyHeaders,
        response: { 200: envelope(collectResultSchema) },
      },
    },
    async (request) => ok(await miners.collect(activeUser(request).id, null, idempotencyKey(request))),
  );

  r.post(
    '/api/miners/outputs/:id/collect',
    {
      config: { errors: [...idempotencyRefusals, 'output_not_found', 'output_already_collected'] },
      preHandler: guards.requireActiveUser,
      schema: {
        tags,
        summary: 'Collect one output record',
        params: idParamSchema,
        headers: idempotencyHeaders,
        response: { 200: envelope(collectResultSchema) },
      },
    },
    async (request) => ok(await miners.collect(activeUser(request).id, request.params.id, idempotencyKey(request))),
  );

  if (!adminToken) return;
  // `npm run jobs:output` against a running server.
  r.post(
    '/api/internal/jobs/miner_output',
    { preHandler: requireAdminToken(adminToken), schema: { hide: true, body: z.object({ date: dayString }) } },
    async (request) => ok({ days: await outputJob.runDay(request.body.date) }),
  );
}
