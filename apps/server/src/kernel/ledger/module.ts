import type { RouteRegistration, SharedDeps } from '../module-context.js';
import { ledgerRoutes } from './routes.js';

/** The ledger itself is shared (SharedDeps.ledger); the module adds the ledger check the project's commands call. */
export function ledgerModule({ db, adminToken }: SharedDeps): { routes: RouteRegistration } {
  return { routes: (api) => ledgerRoutes(api, { db, adminToken }) };
}
