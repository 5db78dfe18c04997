import type { Guards } from '../../platform/http/authenticate.js';
import type { RouteLimits } from '../../platform/http/rate-limits.js';
import type { MarketsService } from './service.js';

export type MarketRouteDeps = { markets: MarketsService; guards: Guards; limits: RouteLimits };

/** The guards and refusals both markets' routes share. */
export function marketRouteOptions({ guards, limits }: MarketRouteDeps) {
  return {
    auth: { preHandler: guards.requireUser },
    active: { preHandler: guards.requireActiveUser },
    activeWithFundPassword: { preHandler: [guards.requireActiveUser, ...limits.fundPassword] },
    // An order by id that is not there (or, to cancel, not the caller's), not open, or the buyer's own.
    buyRefusals: ['order_not_found', 'order_status_error', 'own_order', 'insufficient_usdt'] as const,
    cancelRefusals: ['order_not_found', 'order_status_error'] as const,
  };
}
