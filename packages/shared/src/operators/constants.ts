/** Operator rules as plain values (no zod): shared by the server, the schemas and the console. */

/** What an operator may do grows with the role: each reads everything; the rest is per capability. */
export const operatorRoles = ['viewer', 'support', 'finance', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/**
 * What the console's actions need. `read`: every list and detail; `support`: feedback replies,
 * shipping, validators and pick-up points, content; `users`: freezing accounts; `money`: withdrawals
 * (approve, reject), payouts, fees and limits, gift grants, market cancellations; `catalog`: the
 * product catalog; `operators`: who may operate, and with which role.
 */
export const operatorCapabilities = ['read', 'support', 'users', 'money', 'catalog', 'operators'] as const;
export type OperatorCapability = (typeof operatorCapabilities)[number];

export const roleCapabilities: Record<OperatorRole, readonly OperatorCapability[]> = {
  viewer: ['read'],
  support: ['read', 'support', 'users'],
  finance: ['read', 'money'],
  admin: ['read', 'support', 'users', 'money', 'catalog', 'operators'],
};

export function roleCan(role: OperatorRole, capability: OperatorCapability): boolean {
  return roleCapabilities[role].includes(capability);
}

/**
 * The console signs in with an EIP-4361 message as the app does (this site, a nonce from the server,
 * its times and chain), with its own statement and the console's URI, so a signature given to the
 * app, or to a console on another domain, never opens this one (docs/decisions/077-the-console-signs-in-as-the-app-does-and-every-sign-in-is.md).
 */
export const OPERATOR_LOGIN_STATEMENT = 'Sign in to the WALLX operator console.';

/** Where the console is served: the URI its sign-in message names is the site's origin and this path. */
export const OPERATOR_CONSOLE_PATH = '/admin';

/** A console session ends after this long without a request, and in any case after the maximum. */
export const OPERATOR_SESSION_IDLE_MS = 30 * 60 * 1000;
export const OPERATOR_SESSION_MAX_MS = 8 * 60 * 60 * 1000;
