import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryAddressInputSchema,
  deliveryAddressSchema,
  deliveryRequestSchema,
  envelope,
  holdingsSchema,
  idParamSchema,
  page,
  pageQuery,
  pickupPointSchema,
  pickupPointsQuerySchema,
  pickupRequestSchema,
  regionsSchema,
  shippingRequestSchema,
  voucherLookupRequestSchema,
  voucherSchema,
  writeoffRequestSchema,
} from '@wallx/shared';
import { activeUser, currentUser, type Guards } from '../../platform/http/authenticate.js';
import { fundPasswordRefusals } from '../../kernel/fund-password/fund-password.js';
import { ok } from '../../platform/http/envelope.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { ShippingService } from './service.js';

type Deps = { shipping: ShippingService; guards: Guards; limits: RouteLimits };

/** The user's shipping routes, in three groups registered in this order (the OpenAPI document keeps it). */
export async function shippingRoutes(app: FastifyInstance, deps: Deps) {
  addressRoutes(app, deps);
  requestRoutes(app, deps);
  validatorRoutes(app, deps);
}

/** The regions an address may name, and the user's delivery addresses. */
function addressRoutes(app: FastifyInstance, { shipping, guards }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  const active = { preHandler: guards.requireActiveUser };
  const tags = { tags: ['shipping'] };
  const addressAnswer = { 200: envelope(z.object({ address: deliveryAddressSchema })) };

  r.get(
    '/api/regions',
    {
      config: { public: true },
      schema: {
        tags: ['shipping'],
        summary: 'Countries and provinces an address may name',
        response: { 200: envelope(regionsSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(shipping.regions());
    },
  );

  r.get(
    '/api/addresses',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'My delivery addresses, the default first',
        response: { 200: envelope(z.object({ items: z.array(deliveryAddressSchema) })) },
      },
    },
    async (request) => ok({ items: await shipping.addresses(currentUser(request).id) }),
  );
  r.post(
    '/api/addresses',
    {
      config: { errors: ['phone_invalid', 'addresses_limit'] },
      ...active,
      schema: {
        ...tags,
        summary: 'Add an address (the first one becomes the default)',
        body: deliveryAddressInputSchema,
        response: addressAnswer,
      },
    },
    async (request) => ok({ address: await shipping.createAddress(activeUser(request).id, request.body) }),
  );
  r.put(
    '/api/addresses/:id',
    {
      config: { errors: ['phone_invalid', 'address_not_found'] },
      ...active,
      schema: {
        ...tags,
        summary: 'Edit one of my addresses',
        params: idParamSchema,
        body: deliveryAddressInputSchema,
        response: addressAnswer,
      },
    },
    async (request) =>
      ok({ address: await shipping.updateAddress(activeUser(request).id, request.params.id, request.body) }),
  );
  r.delete(
    '/api/addresses/:id',
    {
      config: { errors: ['address_not_found'] },
      ...active,
      schema: {
        ...tags,
        summary: 'Delete one of my addresses (the newest left becomes the default)',
        params: idParamSchema,
        response: { 200: envelope(z.object({})) },
      },
    },
    async (request) => {
      await shipping.deleteAddress(activeUser(request).id, request.params.id);
      return ok({});
    },
  );
  r.post(
    '/api/addresses/:id/default',
    {
      config: { errors: ['address_not_found'] },
      ...active,
      schema: {
        ...tags,
        summary: 'Make an address my default (my region)',
        params: idParamSchema,
        response: addressAnswer,
      },
    },
    async (request) => ok({ address: await shipping.setDefaultAddress(activeUser(request).id, request.params.id) }),
  );
}

/** What the user holds, where it can be picked up, and the one delivery or pick-up request. */
function requestRoutes(app: FastifyInstance, { shipping, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  const tags = { tags: ['shipping'] };
  const requestAnswer = { 200: envelope(z.object({ request: shippingRequestSchema })) };

  r.get(
    '/api/shipping/holdings',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'Physical products I hold, and whether my one request is made',
        response: { 200: envelope(holdingsSchema) },
      },
    },
    async (request) => ok(await shipping.holdings(currentUser(request).id)),
  );
  r.get(
    '/api/shipping/points',
    {
      config: { errors: ['product_not_held', 'product_info_not_found', 'delivery_address_required'] },
      ...auth,
      schema: {
        ...tags,
        summary:
          'Pick-up points of a region (country and province; without them, that of my default address); with product_id, those that stock it',
        querystring: pickupPointsQuerySchema,
        response: { 200: envelope(z.object({ items: z.array(pickupPointSchema) })) },
      },
    },
    async (request) => ok({ items: await shipping.points(currentUser(request).id, request.query) }),
  );
  // A request gives the machine away for good: the fund password, with the same per-client and per-user limits as transfers.
  const activeWithFundPassword = { preHandler: [guards.requireActiveUser, ...limits.fundPassword] };
  r.post(
    '/api/shipping/delivery',
    {
      config: {
        errors: [
          ...fundPasswordRefusals,
          'product_not_held',
          'product_info_not_found',
          'address_not_found',
          'delivery_address_required',
          'delivery_already_requested',
        ],
      },
      ...activeWithFundPassword,
      schema: {
        ...tags,
        summary: 'Request delivery of a held physical product (one per account)',
        body: deliveryRequestSchema,
        response: requestAnswer,
      },
    },
    async (request) => ok({ request: await shipping.requestDelivery(activeUser(request).id, request.body) }),
  );
  r.post(
    '/api/shipping/pickup',
    {
      config: {
        errors: [
          ...fundPasswordRefusals,
          'product_not_held',
          'product_info_not_found',
          'pickup_not_available',
          'no_pickup_point',
          'delivery_already_requested',
        ],
      },
      ...activeWithFundPassword,
      schema: {
        ...tags,
        summary: 'Request pick-up at an active point that stocks the product: a one-time write-off code',
        body: pickupRequestSchema,
        response: requestAnswer,
      },
    },
    async (request) => ok({ request: await shipping.requestPickup(activeUser(request).id, request.body) }),
  );
  r.get(
    '/api/shipping/requests',
    {
      ...auth,
      schema: {
        ...tags,
        summary: 'My delivery and pick-up requests',
        querystring: pageQuery,
        response: { 200: envelope(page(shippingRequestSchema)) },
      },
    },
    async (request) => ok(await shipping.requests(currentUser(request).id, request.query)),
  );
}

/** A validator's vouchers: looked up and written off by code at the counter. */
function validatorRoutes(app: FastifyInstance, { shipping, guards, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: guards.requireUser };
  // Codes are 80 bits, and each guess costs a request of a validator's session, limited per IP and user.
  const codeLimit = { preHandler: [guards.requireUser, ...limits.writeoffCode] };
  const activeCodeLimit = { preHandler: [guards.requireActiveUser, ...limits.writeoffCode] };
  const validator = { tags: ['validator'] };
  // A read sent as a POST: the code collects a miner at the counter, and URLs end up in access logs.
  r.post(
    '/api/validator/vouchers/lookup',
    {
      config: { errors: ['no_permission', 'writeoff_code_invalid'] },
      ...codeLimit,
      schema: {
        ...validator,
        summary: 'A pick-up voucher by its code, at a point I serve',
        body: voucherLookupRequestSchema,
        response: { 200: envelope(voucherSchema) },
      },
    },
    async (request) => ok(await shipping.voucher(currentUser(request), request.body.code)),
  );
  r.post(
    '/api/validator/writeoff',
    {
      config: { errors: ['no_permission', 'writeoff_code_invalid', 'writeoff_failed', 'insufficient_inventory'] },
      ...activeCodeLimit,
      schema: {
        ...validator,
        summary: 'Write a voucher off: once, at my point, one unit of its stock',
        body: writeoffRequestSchema,
        response: { 200: envelope(voucherSchema) },
      },
    },
    async (request) => ok(await shipping.writeOff(activeUser(request), request.body.code)),
  );
  r.get(
    '/api/validator/writeoffs',
    {
      config: { errors: ['no_permission'] },
      ...auth,
      schema: {
        ...validator,
        summary: 'Vouchers I wrote off, newest first',
        querystring: pageQuery,
        response: { 200: envelope(page(voucherSchema)) },
      },
    },
    async (request) => ok(await shipping.writeoffs(currentUser(request), request.query)),
  );
}
