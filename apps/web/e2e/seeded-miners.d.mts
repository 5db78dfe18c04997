import type { HDAccount } from 'viem/accounts';

export declare const SEEDED_MINER_OWNERS: number;
export declare function seededMinerOwner(index: number): HDAccount;
export declare const SEEDED_DAY_FILE: string;
