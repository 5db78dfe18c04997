import type { RouteRegistration, SharedDeps } from '../../kernel/module-context.js';
import { healthRoutes } from './routes.js';

export function healthModule({ db }: SharedDeps): { routes: RouteRegistration } {
  return { routes: (api) => healthRoutes(api, { db }) };
}
