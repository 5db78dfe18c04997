/** The miners' rules as plain values (no zod): shared by the schemas and the web's screens. */

export const minerCategories = ['node', 'machine'] as const;
export type MinerCategory = (typeof minerCategories)[number];

/** off → on → expired; off ↔ selling while listed on the machine market (DOMAIN.md). */
export const minerStates = ['off', 'on', 'selling', 'expired'] as const;
export type MinerState = (typeof minerStates)[number];

export const minerOrderStatuses = ['unused', 'used'] as const;
export type MinerOrderStatus = (typeof minerOrderStatuses)[number];

export const minerOutputStatuses = ['to_collect', 'collected'] as const;
export type MinerOutputStatus = (typeof minerOutputStatuses)[number];
