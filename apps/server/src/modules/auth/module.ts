import { foundry } from 'viem/chains';
import type { RouteRegistration, SharedDeps } from '../../kernel/module-context.js';
import { registerAuthentication, type Guards } from '../../platform/http/authenticate.js';
import type { JwtKeys } from './keys.js';
import { createAuthRepository } from './repository.js';
import { authRoutes } from './routes.js';
import { createAuthService, type AuthService, type TeamJoin } from './service.js';
import { createTokens } from './tokens.js';

/** Sign-in with a wallet, sessions and tokens; the guards every user route runs are registered here. */
export function authModule(
  { app, db, config, chain, users, clock, metrics }: SharedDeps,
  { keys, team }: { keys: JwtKeys; team: TeamJoin },
): { auth: AuthService; guards: Guards; routes: RouteRegistration } {
  const auth = createAuthService({
    db,
    users,
    team,
    auth: createAuthRepository(),
    tokens: createTokens(keys, config.accessTokenTtlSeconds),
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    // Without a chain (tests of what needs none) sign-in names the local node's.
    chainId: chain?.chainId ?? foundry.id,
    publicAppUrl: config.publicAppUrl,
    onLoginFailure: (reason) => metrics.loginFailures.inc({ reason }),
    ...clock,
  });
  const guards = registerAuthentication(app, auth);
  return { auth, guards, routes: (api) => authRoutes(api, { auth, guards, rateLimit: config.rateLimit }) };
}
