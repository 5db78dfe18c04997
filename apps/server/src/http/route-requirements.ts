import type { FastifyRequest } from 'fastify';

/**
 * What a route hook requires of a request, as the OpenAPI document declares it: the guards and
 * limiters tag themselves here when they are made, and the document reads the tags off each route's
 * hooks (http/openapi.ts). So a route is declared as it is guarded, and cannot say otherwise.
 */
export type Requirement = 'user-token' | 'operator-token' | 'rate-limit';

type Hook = (request: FastifyRequest) => Promise<void>;

const requirements = new WeakMap<object, Requirement>();

/** Tags a hook with what it requires; answers the hook itself. */
export function requiring<H extends Hook>(requirement: Requirement, hook: H): H {
  requirements.set(hook, requirement);
  return hook;
}

/** The requirements of the hooks a route runs (a hook, an array of them, or none). */
export function requirementsOf(...hooks: unknown[]): Set<Requirement> {
  const found = new Set<Requirement>();
  for (const hook of hooks.flat()) {
    const requirement = typeof hook === 'function' ? requirements.get(hook) : undefined;
    if (requirement) found.add(requirement);
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
  }
}
