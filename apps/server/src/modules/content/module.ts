import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createContentOperations, type RegionCheck } from './operator.js';
import { createContentOperatorRepository } from './operator-repository.js';
import { contentOperatorRoutes } from './operator-routes.js';
import { createContentRepository } from './repository.js';
import { contentRoutes } from './routes.js';
import { createContentService, type CourseViewer } from './service.js';

/** Home scenes, articles and courses; a course may be limited to a region or to holders of a miner. */
export function contentModule(
  { db, guards, requireOperator }: ModuleContext,
  { viewer, isRegion }: { viewer: CourseViewer; isRegion: RegionCheck },
): { routes: RouteRegistration; operatorRoutes: RouteRegistration } {
  return {
    routes: (api) =>
      contentRoutes(api, { content: createContentService({ db, content: createContentRepository(), viewer }), guards }),
    operatorRoutes: (api) =>
      contentOperatorRoutes(api, {
        operations: createContentOperations({ db, content: createContentOperatorRepository(), isRegion }),
        requireOperator,
      }),
  };
}
