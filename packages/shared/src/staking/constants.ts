/** The staking pool's rules as plain values (no zod): shared by the schemas, the app and the console. */

/** How long a stake is held: flexible (withdrawn at any time) or a term in days; longer weighs more. */
export const stakeTerms = ['flexible', 'd30', 'd90', 'd180'] as const;
export type StakeTerm = (typeof stakeTerms)[number];

/** A term stake's length in days; a flexible one has none. */
export const stakeTermDays: Record<StakeTerm, number | null> = { flexible: null, d30: 30, d90: 90, d180: 180 };

export const stakeStatuses = ['active', 'withdrawn', 'returned'] as const;
export type StakeStatus = (typeof stakeStatuses)[number];

/** What the pool's proceeds are paid in: the markets charge fees in both. */
export const stakingAssets = ['WALLX', 'USDT'] as const;
