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
 * The message an operator's wallet signs to open a console session. It differs from the app's login
 * message, so that a signature given to the app can never open the console.
 */
export const OPERATOR_LOGIN_MESSAGE_PREFIX = 'WALLX operator console: sign in. Nonce: ';

/** A signed console message stays valid this long around the server clock. */
export const OPERATOR_LOGIN_MESSAGE_MAX_AGE_MS = 5 * 60 * 1000;

export function buildOperatorLoginMessage(timestampMs: number): string {
  return `${OPERATOR_LOGIN_MESSAGE_PREFIX}${timestampMs}`;
}

export function parseOperatorLoginMessage(message: string): number | null {
  if (!message.startsWith(OPERATOR_LOGIN_MESSAGE_PREFIX)) return null;
  const nonce = message.slice(OPERATOR_LOGIN_MESSAGE_PREFIX.length);
  return /^\d{1,16}$/.test(nonce) ? Number(nonce) : null;
}

/** A console session ends after this long without a request, and in any case after the maximum. */
export const OPERATOR_SESSION_IDLE_MS = 30 * 60 * 1000;
export const OPERATOR_SESSION_MAX_MS = 8 * 60 * 60 * 1000;
