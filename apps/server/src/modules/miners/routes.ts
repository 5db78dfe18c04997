import type { FastifyInstance } from 'fastify';
import { mineRoutes } from './mine-routes.js';
import { outputRoutes } from './output-routes.js';
import { shopRoutes } from './shop-routes.js';
import type { MinerRouteDeps } from './route-deps.js';
export type { MinerRouteDeps } from './route-deps.js';

/** The miners' routes by use case, in this order: the shop and orders, the mine, the outputs. */
export async function minersRoutes(app: FastifyInstance, deps: MinerRouteDeps) {
  await shopRoutes(app, deps);
  await mineRoutes(app, deps);
  await outputRoutes(app, deps);
}
