import { AsyncResource } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestScope, runInScope, type RequestScope } from '../tracing/tracing.js';

/**
 * An id a client or a proxy in front (the edge, a load balancer) gave the request: kept when it is
 * short and of characters no log or header could be confused by, else the request gets its own.
 */
const SENT_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:@+=/-]{0,127}$/;
/** W3C trace context, version 00: trace id, parent span id, flags; all-zero ids are invalid. */
const TRACEPARENT = /^00-(?!0{32})([0-9a-f]{32})-(?!0{16})([0-9a-f]{16})-([0-9a-f]{2})$/;

export type RemoteParent = { traceId: string; spanId: string; sampled: boolean };

export function parseTraceparent(value: string | string[] | undefined): RemoteParent | null {
  const match = typeof value === 'string' ? TRACEPARENT.exec(value.trim()) : null;
  if (!match) return null;
  return { traceId: match[1]!, spanId: match[2]!, sampled: (parseInt(match[3]!, 16) & 1) === 1 };
}

/**
 * The request's id: the one sent in X-Request-Id when well-formed, else the trace id of a valid
 * `traceparent` (one id then follows the request through both), else 32 random hex digits.
 */
export function requestIdOf(headers: IncomingMessage['headers']): string {
  const sent = headers['x-request-id'];
  if (typeof sent === 'string' && SENT_REQUEST_ID.test(sent)) return sent;
  return parseTraceparent(headers.traceparent)?.traceId ?? crypto.randomBytes(16).toString('hex');
}

/**
 * Echoes the request's id and runs the request in its scope (tracing.ts): its id reaches the audit
 * rows and payouts it writes, and its spans hang from the request's. The scope is entered again
 * before validation: Fastify goes on with a request whose body came in later chunks from the
 * socket's events, which may run outside the context the request began in (as
 * @fastify/request-context does, for the same reason).
 */
export function registerRequestScope(app: FastifyInstance): void {
  const held = new WeakMap<FastifyRequest, { resource: AsyncResource; scope: RequestScope }>();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    const route = request.routeOptions.url;
    const scope = requestScope(
      request.id,
      route ? `${request.method} ${route}` : request.method,
      {
        'http.request.method': request.method,
        'url.path': request.url.split('?')[0]!,
        ...(route ? { 'http.route': route } : {}),
      },
      parseTraceparent(request.headers.traceparent),
    );
    runInScope(scope.scope, () => {
      const resource = new AsyncResource('wallx-request');
      held.set(request, { resource, scope });
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const entry = held.get(request);
    if (entry) entry.resource.runInAsyncScope(done, request.raw);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    held.get(request)?.scope.end(reply.statusCode);
    done();
  });
  // A client gone before the answer: its span ends all the same (499, as proxies log it).
  app.addHook('onRequestAbort', (request, done) => {
    held.get(request)?.scope.end(499);
    done();
  });
}
