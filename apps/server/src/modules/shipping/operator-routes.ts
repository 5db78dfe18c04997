import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  inventoryInputSchema,
  operatorPickupPointSchema,
  operatorPointsQuerySchema,
  operatorRequestsQuerySchema,
  operatorShippingRequestSchema,
  operatorValidatorSchema,
  page,
  pageQuery,
  pickupPointInputSchema,
  pickupPointSchema,
  shipInputSchema,
  validatorInputSchema,
  validatorParamsSchema,
} from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { ShippingOperations } from './operator.js';

type Deps = { operations: ShippingOperations; requireOperator: OperatorGuard };

/** Operators' shipping and pick-up endpoints: a console session (decision 56), support to change anything. */
export async function shippingOperatorRoutes(app: FastifyInstance, { operations, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is parsed or validated: a caller without a session learns nothing of the contract.
  const read = { onRequest: requireOperator('read') };
  const admin = { onRequest: requireOperator('support') };
  const tags = { tags: ['admin'] };
  const point = pickupPointSchema.extend({ active: z.boolean() });

  r.get(
    '/api/admin/pickup-points',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Pick-up points, active or not, by country or province, with what each keeps',
        querystring: operatorPointsQuerySchema,
        response: { 200: envelope(page(operatorPickupPointSchema)) },
      },
    },
    async (request) => ok(await operations.points(request.query)),
  );
  r.post(
    '/api/admin/pickup-points',
    {
      ...admin,
      schema: {
        ...tags,
        summary: 'Add a pick-up point',
        body: pickupPointInputSchema,
        response: { 200: envelope(point) },
      },
    },
    async (request) => ok(await operations.createPoint(operatorOf(request), request.body)),
  );
  r.put(
    '/api/admin/pickup-points/:id',
    {
      config: { errors: ['not_found'] },
      ...admin,
      schema: {
        ...tags,
        summary: 'Edit a pick-up point (its place, hours, or whether it is active)',
        params: idParamSchema,
        body: pickupPointInputSchema,
        response: { 200: envelope(point) },
      },
    },
    async (request) => ok(await operations.updatePoint(operatorOf(request), request.params.id, request.body)),
  );
  r.put(
    '/api/admin/pickup-points/:id/inventory',
    {
      config: { errors: ['not_found', 'product_info_not_found'] },
      ...admin,
      schema: {
        ...tags,
        summary: 'Set how many of one physical product a pick-up point keeps',
        params: idParamSchema,
        body: inventoryInputSchema,
        response: { 200: envelope(inventoryInputSchema.extend({ point_id: z.string() })) },
      },
    },
    async (request) => ok(await operations.setInventory(operatorOf(request), request.params.id, request.body)),
  );
  r.get(
    '/api/admin/validators',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'The validators (users who write off pick-up codes), newest first, with their points',
        querystring: pageQuery,
        response: { 200: envelope(page(operatorValidatorSchema)) },
      },
    },
    async (request) => ok(await operations.validators(request.query)),
  );
  r.put(
    '/api/admin/validators/:address',
    {
      config: { errors: ['invalid_wallet_account', 'not_found', 'operator_own_account'] },
      ...admin,
      schema: {
        ...tags,
        summary: 'Make a user the validator of exactly these points; none: no longer a validator',
        params: validatorParamsSchema,
        body: validatorInputSchema,
        response: {
          200: envelope(z.object({ address: z.string(), is_validator: z.boolean(), point_ids: z.array(z.string()) })),
        },
      },
    },
    async (request) =>
      ok(await operations.setValidator(operatorOf(request), request.params.address, request.body.point_ids)),
  );
  r.get(
    '/api/admin/shipping/requests',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Delivery and pick-up requests, by kind and status, with the address (never a pick-up code)',
        querystring: operatorRequestsQuerySchema,
        response: { 200: envelope(page(operatorShippingRequestSchema)) },
      },
    },
    async (request) => ok(await operations.requests(request.query)),
  );
  r.post(
    '/api/admin/shipping/requests/:id/ship',
    {
      config: { errors: ['not_found', 'order_status_error', 'operator_own_account'] },
      ...admin,
      schema: {
        ...tags,
        summary: 'Mark a delivery shipped, with the carrier and tracking number the user then sees',
        params: idParamSchema,
        body: shipInputSchema,
        response: { 200: envelope(z.object({ request: operatorShippingRequestSchema })) },
      },
    },
    async (request) => ok({ request: await operations.ship(operatorOf(request), request.params.id, request.body) }),
  );
}
