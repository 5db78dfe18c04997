import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../platform/http/authenticate.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import { mineRoutes } from './mine-routes.js';
import type { OutputJob } from './output-job.js';
import { outputRoutes } from './output-routes.js';
import type { MinersService } from './service.js';
import { shopRoutes } from './shop-routes.js';

export type MinerRouteDeps = {
  miners: MinersService;
  outputJob: OutputJob;
  guards: Guards;
  limits: RouteLimits;
  adminToken: string | undefined;
};

/** The miners' routes by use case, in this order: the shop and orders, the mine, the outputs. */
export async function minersRoutes(app: FastifyInstance, deps: MinerRouteDeps) {
  await shopRoutes(app, deps);
  await mineRoutes(app, deps);
  await outputRoutes(app, deps);
}
