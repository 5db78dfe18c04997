import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  inventoryInputSchema,
  operatorRequestsQuerySchema,
  page,
  pickupPointInputSchema,
  pickupPointSchema,
  shipInputSchema,
  shippingRequestSchema,
  validatorInputSchema,
  validatorParamsSchema,
} from '@wallx/shared';
import { requireAdminToken } from '../../http/admin-token.js';
import { ok } from '../../http/envelope.js';
import { operatorOf } from '../../http/operator.js';
import type { ShippingOperations } from './operator.js';

type Deps = { operations: ShippingOperations; adminToken: string | undefined };

/**
 * Operators' shipping and pick-up endpoints. Until operators log in with their wallets (issue 16)
 * they take the internal admin token and the operator's name, and stay out of the public contract.
 */
export async function shippingOperatorRoutes(app: FastifyInstance, { operations, adminToken }: Deps) {
  if (!adminToken) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is parsed or validated: a caller without the token learns nothing of the contract.
  const admin = { onRequest: requireAdminToken(adminToken) };
  const tags = { tags: ['admin'], hide: true };
  const point = pickupPointSchema.extend({ active: z.boolean() });

  r.get('/api/admin/pickup-points', { ...admin, schema: { ...tags, response: { 200: envelope(z.object({ items: z.array(point) })) } } }, async () => ok({ items: await operations.points() }));
  r.post('/api/admin/pickup-points', { ...admin, schema: { ...tags, body: pickupPointInputSchema, response: { 200: envelope(point) } } }, async (request) =>
    ok(await operations.createPoint(operatorOf(request), request.body)),
  );
  r.put('/api/admin/pickup-points/:id', { ...admin, schema: { ...tags, params: idParamSchema, body: pickupPointInputSchema, response: { 200: envelope(point) } } }, async (request) =>
    ok(await operations.updatePoint(operatorOf(request), request.params.id, request.body)),
  );
  r.put(
    '/api/admin/pickup-points/:id/inventory',
    { ...admin, schema: { ...tags, params: idParamSchema, body: inventoryInputSchema, response: { 200: envelope(inventoryInputSchema.extend({ point_id: z.string() })) } } },
    async (request) => ok(await operations.setInventory(operatorOf(request), request.params.id, request.body)),
  );
  r.put(
    '/api/admin/validators/:address',
    { ...admin, schema: { ...tags, params: validatorParamsSchema, body: validatorInputSchema, response: { 200: envelope(z.object({ address: z.string(), is_validator: z.boolean(), point_ids: z.array(z.string()) })) } } },
    async (request) => ok(await operations.setValidator(operatorOf(request), request.params.address, request.body.point_ids)),
  );
  r.get('/api/admin/shipping/requests', { ...admin, schema: { ...tags, querystring: operatorRequestsQuerySchema, response: { 200: envelope(page(shippingRequestSchema)) } } }, async (request) =>
    ok(await operations.requests(request.query)),
  );
  r.post(
    '/api/admin/shipping/requests/:id/ship',
    { ...admin, schema: { ...tags, params: idParamSchema, body: shipInputSchema, response: { 200: envelope(z.object({ request: shippingRequestSchema })) } } },
    async (request) => ok({ request: await operations.ship(operatorOf(request), request.params.id, request.body) }),
  );
}
