import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';

/**
 * Whether this instance is draining (issue 51): from the moment SIGTERM arrives the ready probe
 * answers 503, while the listener still serves, so the load balancer stops sending it requests
 * before it stops taking them (server.ts waits SHUTDOWN_DRAIN_MS, then closes).
 */
export type Drain = { isDraining: () => boolean; start: () => void };

export function createDrain(): Drain {
  let draining = false;
  return {
    isDraining: () => draining,
    start: () => {
      draining = true;
    },
  };
}

/**
 * SHUTDOWN_DRAIN_MODE=refuse: while draining, every request but the probes is answered 503
 * `not_ready` before any route runs (so nothing was done, and sending it again is safe), with
 * `Connection: close`. For an edge that learns only from answers and resends a 503 to another
 * instance (the shipped nginx, decision 171); a balancer that polls the ready probe wants `serve`.
 */
export function refuseWhileDraining(app: FastifyInstance, drain: Drain): void {
  app.addHook('onRequest', async (request) => {
    if (!drain.isDraining() || request.url.startsWith('/api/health')) return;
    throw new AppError('not_ready', {
      params: { checks: 'draining' },
      data: { checks: { draining: true } },
      headers: { 'retry-after': '1', connection: 'close' },
    });
  });
}
