import type { RouteRegistration, SharedDeps } from '../../kernel/module-context.js';
import { createDrain, type Drain } from '../../platform/http/drain.js';
import { createReadiness } from './readiness.js';
import { healthRoutes } from './routes.js';

/** `drain`: the server's (server.ts starts it on SIGTERM); an app without one never drains (tests). */
export function healthModule(
  { db, chain }: SharedDeps,
  { drain }: { drain: Drain | undefined },
): {
  routes: RouteRegistration;
} {
  const readiness = createReadiness({ db, chain, drain: drain ?? createDrain() });
  return { routes: (api) => healthRoutes(api, { db, readiness }) };
}
