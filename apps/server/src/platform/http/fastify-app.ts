import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { ChainContext } from '../chain/context.js';
import type { AppConfig } from '../config/config.js';
import { BODY_LIMIT_BYTES } from '../config/config.js';
import { scrubbingDestination, type LogDestination } from '../logging/logging.js';
import { AppError } from '../errors/app-error.js';
import { clientKey } from './client-key.js';
import { frameworkErrors, registerErrorHandler } from './error-handler.js';
import { registerOpenApi } from './openapi.js';
import { refuseNulCharacters, registerJsonBodyParser } from './text-input.js';
import { registerRequestScope, requestIdOf } from './request-id.js';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The Fastify instance every module registers on: logging, parsing, errors, OpenAPI and the rate-limit store. */
export async function createFastifyApp({
  config,
  chain,
  logDestination,
}: {
  config: AppConfig;
  chain: ChainContext | undefined;
  logDestination: LogDestination | undefined;
}): Promise<FastifyInstance> {
  const app = Fastify({
    // RPC errors quote the URL they called, API key and all.
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      stream: scrubbingDestination(chain ? chain.rpcUrls : [], logDestination),
    },
    // A hop count trusts that many proxies in front of us, as Express does (Fastify refuses numbers):
    // right only when clients cannot reach the server but through them — else list their addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
    // A request's id is the client's or the edge's X-Request-Id (or its traceparent's trace id), so
    // one id follows it through the load balancer, the instances, the logs and the audit log.
    genReqId: (raw) => requestIdOf(raw.headers),
  });
  registerRequestScope(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);

  // A request without a body is checked as an empty object, so the error names the field it lacks.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  app.addHook('preValidation', refuseNulCharacters);

  await registerOpenApi(app);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : null;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => clientKey(request.ip),
    ...(redis ? { redis, nameSpace: 'wallx-rl-' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
  return app;
}
