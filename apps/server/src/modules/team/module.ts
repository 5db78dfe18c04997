import type { ModuleContext, RouteRegistration, SharedDeps } from '../../kernel/module-context.js';
import { createTeamRepository } from './repository.js';
import { teamRoutes } from './routes.js';
import { createTeamService, type TeamService } from './service.js';

/** The team service is built before sign-in exists (a new user joins their inviter's team), its routes after. */
export function createTeam({ db, config, clock }: SharedDeps): TeamService {
  return createTeamService({
    db,
    team: createTeamRepository(),
    timeZone: config.outputTimeZone,
    publicAppUrl: config.publicAppUrl,
    ...clock,
  });
}

export function teamModule({ guards, config }: ModuleContext, team: TeamService): { routes: RouteRegistration } {
  return {
    routes: (api) =>
      teamRoutes(api, { team, guards, inviterLookupsPerMinute: config.rateLimit.inviterLookupsPerMinute }),
  };
}
