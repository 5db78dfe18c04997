import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MetricsConfig } from '../config/config.js';
import { AppError } from '../errors/app-error.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address once the app is ready (METRICS_PORT); null without one. */
    metricsAddress: () => AddressInfo | null;
  }
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` on the main port answers only a scraper with the token, and is not found while no
 * token is configured (rather than falling through to the web app's pages). With `port`, a listener
 * of its own answers it without a token: it is bound to `host`, which the public must not reach.
 */
export function serveMetrics(app: FastifyInstance, metrics: Metrics, config: MetricsConfig | undefined): void {
  const token = config?.token ?? null;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError('not_found');
    if (!bearerMatches(request, token)) throw new AppError('unauthorized');
    return reply.type(metrics.contentType).send(await metrics.render());
  });

  let listener: http.Server | null = null;
  app.decorate('metricsAddress', () => (listener?.address() as AddressInfo | null) ?? null);
  if (config?.port === null || config?.port === undefined) return;
  const { port, host } = config;
  // Opened when the app is ready (listen waits for it, unlike onListen), closed with the app.
  app.addHook('onReady', async () => {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== METRICS_PATH) {
        res.writeHead(404).end();
        return;
      }
      metrics.render().then(
        (body) => res.writeHead(200, { 'content-type': metrics.contentType }).end(body),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    listener = server;
    app.log.info(`metrics on http://${host}:${port}${METRICS_PATH}`);
  });
  app.addHook('onClose', async () => {
    if (!listener) return;
    const closing = new Promise((resolve) => listener!.close(resolve));
    // A scraper keeps its connection alive between scrapes: close would wait for it.
    listener.closeAllConnections();
    await closing;
  });
}
