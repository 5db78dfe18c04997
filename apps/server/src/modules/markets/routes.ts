import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, marketConfigSchema } from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import { c2cRoutes } from './c2c-routes.js';
import { mtradeRoutes } from './mtrade-routes.js';
import { marketRouteOptions, type MarketRouteDeps } from './route-options.js';

/** The markets' routes: the fee rates, then machine trade (mtrade-routes.ts), then C2C (c2c-routes.ts), in this order. */
export async function marketsRoutes(app: FastifyInstance, deps: MarketRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { markets } = deps;
  const { auth } = marketRouteOptions(deps);
  r.get(
    '/api/markets/config',
    {
      ...auth,
      schema: {
        tags: ['mtrade', 'c2c'],
        summary: 'Fee rates of both markets',
        response: { 200: envelope(marketConfigSchema) },
      },
    },
    async () => ok(await markets.config()),
  );
  await mtradeRoutes(app, deps);
  await c2cRoutes(app, deps);
}
