import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  giftGrantRequestSchema,
  giftGrantSchema,
  giftGrantsQuerySchema,
  idParamSchema,
  operatorProductSchema,
  operatorProductsQuerySchema,
  page,
  productCreateSchema,
  productEditSchema,
  productImageResultSchema,
  productStockSchema,
} from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import { idempotencyHeaders, idempotencyKey, idempotencyRefusals } from '../../kernel/idempotency/idempotency-key.js';
import type { CatalogOperations } from './operator.js';

type Deps = { operations: CatalogOperations; requireOperator: OperatorGuard; imageMaxBytes: number };

/** 1,048,576 → '1 MB', for the refusal's text. */
const sizeText = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * Reads a raw upload into memory, refusing it as soon as it passes `max` bytes (by its declared
 * length first), so a large body is never buffered whole.
 */
function rawBodyParser(max: number) {
  return (
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (error: Error | null, body?: Buffer) => void,
  ) => {
    const tooLarge = () => new AppError('image_too_large', { field: 'image', params: { max: sizeText(max) } });
    if (Number(request.headers['content-length'] ?? 0) > max) return done(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        payload.removeAllListeners('data');
        finish(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (error: Error) => finish(error));
  };
}

/** Operators' catalog and gift grants (issue 16): reading needs `read`, editing `catalog`, granting `money`. */
export async function catalogOperatorRoutes(
  app: FastifyInstance,
  { operations, requireOperator, imageMaxBytes }: Deps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is parsed or validated: a caller without a session learns nothing of the contract.
  const read = { onRequest: requireOperator('read') };
  const edit = { onRequest: requireOperator('catalog') };
  const money = { onRequest: requireOperator('money') };
  const tags = ['admin'];
  const product = envelope(z.object({ product: operatorProductSchema }));

  r.get(
    '/api/admin/products',
    {
      ...read,
      schema: {
        tags,
        summary: 'Every product, hidden and gifts too, newest first',
        querystring: operatorProductsQuerySchema,
        response: { 200: envelope(page(operatorProductSchema)) },
      },
    },
    async (request) => ok(await operations.products(request.query)),
  );
  r.post(
    '/api/admin/products',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Add a product (its image is uploaded next)',
        body: productCreateSchema,
        response: { 200: product },
      },
    },
    async (request) => ok({ product: await operations.create(operatorOf(request), request.body) }),
  );
  r.put(
    '/api/admin/products/:id',
    {
      config: { errors: ['product_info_not_found', 'product_changed', 'product_terms_locked'] },
      ...edit,
      schema: {
        tags,
        summary: 'Replace a product but its stock and image, from the version read',
        params: idParamSchema,
        body: productEditSchema,
        response: { 200: product },
      },
    },
    async (request) => ok({ product: await operations.update(operatorOf(request), request.params.id, request.body) }),
  );
  r.post(
    '/api/admin/products/:id/stock',
    {
      config: { errors: ['product_info_not_found', 'stock_below_zero'] },
      ...edit,
      schema: {
        tags,
        summary: 'Add or take stock (never below 0)',
        params: idParamSchema,
        body: productStockSchema,
        response: { 200: product },
      },
    },
    async (request) =>
      ok({ product: await operations.adjustStock(operatorOf(request), request.params.id, request.body.change) }),
  );

  // The image arrives as the raw body (image/png, image/jpeg, image/webp); whatever the declared type,
  // it is read (up to the limit) and then checked against its own first bytes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', rawBodyParser(imageMaxBytes));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/admin/products/:id/image',
      {
        config: {
          errors: ['product_info_not_found', 'image_too_large', 'image_type_unsupported', 'image_content_mismatch'],
        },
        ...edit,
        bodyLimit: imageMaxBytes,
        schema: {
          tags,
          summary: `Upload the product's image: PNG, JPEG or WebP, at most ${sizeText(imageMaxBytes)}, as the raw body`,
          params: idParamSchema,
          response: { 200: envelope(productImageResultSchema) },
        },
      },
      async (request) =>
        ok(
          await operations.setImage(
            operatorOf(request),
            request.params.id,
            request.headers['content-type'],
            request.body as Buffer | undefined,
          ),
        ),
    );
  });

  r.get(
    '/api/admin/gifts',
    {
      ...read,
      schema: {
        tags,
        summary: 'Gift grants, newest first',
        querystring: giftGrantsQuerySchema,
        response: { 200: envelope(page(giftGrantSchema)) },
      },
    },
    async (request) => ok(await operations.grants(request.query)),
  );
  r.post(
    '/api/admin/gifts',
    {
      config: {
        errors: [
          ...idempotencyRefusals,
          'gift_user_not_found',
          'product_info_not_found',
          'product_not_gift',
          'product_sold_out',
          'operator_own_account',
        ],
      },
      ...money,
      schema: {
        tags,
        summary: 'Grant units of a gift product to a user (unused orders, paid by no one)',
        headers: idempotencyHeaders,
        body: giftGrantRequestSchema,
        response: { 200: envelope(z.object({ grant: giftGrantSchema })) },
      },
    },
    async (request) =>
      ok({ grant: await operations.grant(operatorOf(request), request.body, idempotencyKey(request)) }),
  );
}
