import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  mineSummarySchema,
  minerSchema,
  minersQuerySchema,
  minerTransferRequestSchema,
  page,
  pageQuery,
} from '@wallx/shared';
import { activeUser, currentUser } from '../../platform/http/authenticate.js';
import { ok } from '../../platform/http/envelope.js';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import type { MinerRouteDeps } from './route-deps.js';

/** My mine: the miners, the summary, turning on and transfer. */
export async function mineRoutes(app: FastifyInstance, { miners, guards, limits }: MinerRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['miners'];

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
}
