import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createCatalogOperations, type CatalogMiners, type ProductImages } from './operator.js';
import { createCatalogRepository } from './operator-repository.js';
import { catalogOperatorRoutes } from './operator-routes.js';

/** The console's product catalog and gift grants; the miners module sells what it lists. */
export function catalogModule(
  { db, users, config, requireOperator }: ModuleContext,
  { miners, images }: { miners: CatalogMiners; images: ProductImages },
): { routes: RouteRegistration } {
  const operations = createCatalogOperations({ db, catalog: createCatalogRepository(), miners, users, images });
  return {
    routes: (api) =>
      catalogOperatorRoutes(api, { operations, requireOperator, imageMaxBytes: config.imageUploadMaxBytes }),
  };
}
