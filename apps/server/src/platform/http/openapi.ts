import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCatalog, errorEnvelope, type ErrorKey } from '@wallx/shared';
import { docsContentSecurityPolicy, renderOpenApiHtml } from './openapi-docs.js';
import { requirementsOf } from './route-requirements.js';

/** The security schemes of the document: the app's user token and the console's operator token. */
export const securitySchemes = {
  userBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The access token a sign-in answers (POST /api/web3/verify). A JWT as RFC8725 advises: signed with EdDSA only, ' +
      'its issuer and audience checked, short-lived; a session the user ended refuses it.',
  },
  operatorBearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      "The console session token an operator's sign-in answers (POST /api/admin/auth/login): 32 random bytes, " +
      "stored hashed, checked with the operator's current role on every request.",
  },
} as const;

type Operation = { method: string; url: string };

/**
 * The operation's id, from its method and path: `POST /api/admin/products/{id}/stock` is
 * `postAdminProductsByIdStock`. Stable while the route is, and unique because method and path are
 * (a test checks that no two paths spell the same id).
 */
export function operationIdOf({ method, url }: Operation): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment) ?? /^:(.+)$/.exec(segment);
      return param ? ['by', ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${pascal}`;
}

const errorSchema = z.toJSONSchema(errorEnvelope, { target: 'draft-2020-12' });

/** Marks an error answer's schema, which the finished document replaces with the one component. */
const errorMark = 'x-wallx-error-envelope';

/** An error answer: always the envelope, its `code` one of the catalog's (packages/shared/src/api/errors.ts). */
const errorAnswer = (description: string) => ({ description, ...errorSchema, [errorMark]: true });

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown> };

/**
 * The success envelope (`envelope()` in packages/shared, `ok()` here) around any `data`: what
 * every success answer's schema repeated before its `data`. It declares `data` too, so that its
 * `additionalProperties: false` still holds beside the answer's own schema of `data`.
 */
const successEnvelope = {
  type: 'object',
  properties: { code: { type: 'number', enum: [0] }, message: { type: 'string' }, data: {} },
  required: ['code', 'message', 'data'],
  additionalProperties: false,
};

/** The envelope's properties but `data`, as zod writes them (its `code` a literal 0). */
const { data: _data, ...envelopeProperties } = successEnvelope.properties;

/** Whether a schema is `envelope(data)`'s: exactly the envelope's fields and requirements, and any `data`. */
function isSuccessEnvelope(schema: JsonSchema): boolean {
  const { properties, required, additionalProperties, type, ...rest } = schema;
  if (type !== 'object' || additionalProperties !== false || Object.keys(rest).length > 0 || !properties) return false;
  const { data, ...others } = properties;
  return (
    data !== undefined &&
    JSON.stringify(others) === JSON.stringify(envelopeProperties) &&
    JSON.stringify(required) === JSON.stringify(successEnvelope.required)
  );
}

/**
 * Every answer states its envelope by reference instead of repeating it: an error answer is the
 * `ErrorEnvelope` component (some 700 copies were most of the document), a success answer the
 * `SuccessEnvelope` component and its own `data`. The same answers validate as before. Done on the
 * finished document, so that fastify-swagger never has to resolve the references.
 */
function withEnvelopeComponents(document: Record<string, unknown>): Record<string, unknown> {
  const paths = (document.paths ?? {}) as Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations))
      for (const answer of Object.values(operation.responses ?? {})) {
        const media = (answer as { content?: Record<string, { schema?: JsonSchema }> }).content;
        for (const type of Object.values(media ?? {}))
          if (type.schema?.[errorMark]) type.schema = { $ref: '#/components/schemas/ErrorEnvelope' };
          else if (type.schema && isSuccessEnvelope(type.schema))
            type.schema = {
              allOf: [{ $ref: '#/components/schemas/SuccessEnvelope' }],
              type: 'object',
              properties: { data: type.schema.properties!.data },
              required: ['data'],
            };
      }
  const { $schema: _dialect, ...envelope } = withIntegerFormats(errorSchema) as Record<string, unknown>;
  const components = (document.components ?? {}) as Record<string, unknown>;
  return {
    ...document,
    components: { ...components, schemas: { SuccessEnvelope: successEnvelope, ErrorEnvelope: envelope } },
  };
}

/** How each status a route declares is worded, before the codes it names. */
const statusWords: Record<number, string> = {
  400: 'Refused as invalid',
  401: 'Not signed in as this needs',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Of a type not accepted',
  429: 'Too many',
};

/** The codes of some catalog errors, as a description names them: `order_not_found (code 4002)`. */
const named = (keys: readonly ErrorKey[]) => keys.map((key) => `${key} (code ${errorCatalog[key].code})`).join(', ');

/** The domain errors a route declares (`config.errors`), each once. */
export function declaredErrorsOf(route: Pick<RouteOptions, 'config'>): ErrorKey[] {
  return [...new Set((route.config as { errors?: readonly ErrorKey[] } | undefined)?.errors ?? [])];
}

/**
 * The errors a route can answer, from how it is built: what any request may get wrong, how it is
 * guarded, what limits it, and the domain errors it declares (`config.errors`, typed by the error
 * catalog). Only what the error handler (http/error-handler.ts) really sends for such a route.
 */
function errorAnswersOf(route: RouteOptions, security: ReturnType<typeof securityOf>) {
  const said: Record<string, string[]> = {};
  const say = (status: number, sentence: string) => (said[status] ??= []).push(sentence);
  // Whatever the route validates: a URL that does not decode is malformed, and a NUL character in
  // any parameter, query or body field is refused (text-input.ts), on routes without a schema too.
  say(400, 'The request is malformed (code 1000) or a field is invalid (code 1001 names it in data.field).');
  if (security === 'user') say(401, 'No access token, or one that is expired or of an ended session (code 401).');
  if (security === 'operator') {
    say(401, 'No console session token, or an ended one (code 8002).');
    say(403, "The operator's role may not do this (code 1006).");
  }
  if (requirementsOf(...hooksOf(route)).has('active-account'))
    say(403, 'The account is frozen: it can read but not transact (code 1005).');
  if (isRateLimited(route))
    say(429, 'Too many requests; data.retry_after_seconds (and Retry-After) says when to retry (code 1004).');
  const declared = declaredErrorsOf(route);
  for (const status of new Set(declared.map((key) => errorCatalog[key].status))) {
    const keys = declared.filter((key) => errorCatalog[key].status === status);
    say(status, `${statusWords[status] ?? 'Refused'}: ${named(keys)}.`);
  }
  say(500, 'An unexpected fault; the answer names nothing about it (code 1003).');
  const answers: Record<string, unknown> = {};
  for (const status of Object.keys(said).sort()) answers[status] = errorAnswer(said[status]!.join(' '));
  return answers;
}

const hooksOf = (route: RouteOptions) => [route.onRequest, route.preValidation, route.preHandler];

function securityOf(route: RouteOptions): 'user' | 'operator' | 'public' | 'undeclared' {
  const requirements = requirementsOf(...hooksOf(route));
  if (requirements.has('operator-token')) return 'operator';
  if (requirements.has('user-token')) return 'user';
  return route.config?.public ? 'public' : 'undeclared';
}

const isRateLimited = (route: RouteOptions) =>
  Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) ||
  requirementsOf(...hooksOf(route)).has('rate-limit');

/**
 * OpenAPI has integer formats and JSON Schema does not: each integer the schemas bound is declared
 * int32 when its bounds fit, int64 otherwise (as JavaScript's safe integers do).
 */
function withIntegerFormats(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withIntegerFormats);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withIntegerFormats(value);
  if (out.type === 'integer' && out.format === undefined) {
    const fits = (bound: unknown) => typeof bound === 'number' && Math.abs(bound) <= 2 ** 31 - 1;
    out.format = fits(out.minimum) && fits(out.maximum) ? 'int32' : 'int64';
  }
  return out;
}

/**
 * The zod schemas as JSON Schema (fastify-type-provider-zod), and what the route's hooks declare:
 * its operation id, its security and the errors it answers. A route's schema may still name its own.
 */
const describeRoute: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document) as {
    schema: Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> };
    url: string;
  };
  if (!schema || schema.hide) return { schema, url };
  const { route } = document;
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const security = securityOf(route);
  const described: Record<string, unknown> = {
    operationId: operationIdOf({ method, url }),
    ...(security === 'user' ? { security: [{ userBearer: [] }] } : {}),
    ...(security === 'operator' ? { security: [{ operatorBearer: [] }] } : {}),
    // An empty requirement is OpenAPI's "no credential needed": said only of routes that say so.
    ...(security === 'public' ? { security: [{}] } : {}),
    ...schema,
    response: { ...errorAnswersOf(route, security), ...schema.response },
  };
  return { schema: withIntegerFormats(described) as typeof schema, url };
};

/**
 * Relative: the API is served by the origin that serves the document, in whichever environment.
 * Not internal: browsers call it, the app's and the console's alike (`x-internal`, OWASP API9).
 */
const servers = [
  {
    url: '/',
    description: 'The origin serving this document: production, staging or local alike',
    'x-internal': false,
  },
];

/** The OpenAPI document of every route (GET /api/openapi.json), built from the routes' own schemas. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'WALLX API',
        version: '1.0.0',
        description: 'Every answer is an envelope { code, message, data }; code 0 is success.',
        // No licence is granted: the project is private (package.json). SPDX's `LicenseRef-` names a
        // licence it does not list.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers,
      components: { securitySchemes },
    },
    transform: describeRoute,
    transformObject: (document) =>
      withEnvelopeComponents(
        ('openapiObject' in document ? document.openapiObject : {}) as Record<string, unknown>,
      ) as never,
  });
  // Public, as the document is: it is what any client of the API needs, and holds no secret (no
  // configuration, keys or addresses: only the routes' schemas). The console's routes are listed
  // too; their guard, not their obscurity, protects them.
  let page: string | undefined;
  app.get('/api/docs', { schema: { hide: true }, config: { public: true } }, async (_request, reply) => {
    page ??= renderOpenApiHtml(app.swagger() as never);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', docsContentSecurityPolicy)
      .header('cache-control', 'no-cache')
      .send(page);
  });
}
