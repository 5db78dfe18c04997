import type { FastifyRequest } from 'fastify';
import type { ErrorKey } from '@wallx/shared';

/**
 * What a route hook requires of a request, as the OpenAPI document declares it: the guards and
 * limiters tag themselves here when they are made, and the document reads the tags off each route's
 * hooks (http/openapi.ts). So a route is declared as it is guarded, and cannot say otherwise.
 */
export type Requirement = 'user-token' | 'active-account' | 'operator-token' | 'rate-limit';

type Hook = (request: FastifyRequest) => Promise<void>;

const requirements = new WeakMap<object, readonly Requirement[]>();

/** Tags a hook with what it requires (one requirement or several); answers the hook itself. */
export function requiring<H extends Hook>(requirement: Requirement | readonly Requirement[], hook: H): H {
  requirements.set(hook, typeof requirement === 'string' ? [requirement] : requirement);
  return hook;
}

/** The requirements of the hooks a route runs (a hook, an array of them, or none). */
export function requirementsOf(...hooks: unknown[]): Set<Requirement> {
  const found = new Set<Requirement>();
  for (const hook of hooks.flat()) {
    const tagged = typeof hook === 'function' ? requirements.get(hook) : undefined;
    for (const requirement of tagged ?? []) found.add(requirement);
  }
  return found;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is open to anyone on purpose (signing in, public catalogue reads): the document
     * says it needs no credential. A write without a guard and without this fails `npm run lint`.
     */
    public?: true;
    /**
     * The domain errors the route's service can answer (not found, conflicts, limits…), by their
     * catalog names: the document declares each under its status, naming its code. What the route's
     * build already says is not repeated here: 400 of its schema, 401/403 of its guard (the frozen
     * account's 403 too), 429 of its limiter, 500. A test fails the route that answers a code it
     * does not declare (test/declared-errors.ts).
     */
    errors?: readonly ErrorKey[];
  }
}
