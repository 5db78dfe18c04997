import type { HDAccount } from 'viem/accounts';

export declare const SEEDED_STAKERS: number;
export declare const SEEDED_STAKING_DAY_FILE: string;
export declare const SEEDED_STAKES: { flexible: string; d30: string; kept: string };
export declare const SEEDED_POOL: { WALLX: string; USDT: string };
export declare const SEEDED_REWARD: {
  wallx: string;
  usdt: string;
  flexible: { wallx: string; usdt: string };
  d30: { wallx: string; usdt: string };
};
export declare function seededStaker(index: number): HDAccount;
