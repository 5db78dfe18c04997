import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import type { Rewards } from '../../kernel/rewards/rewards.js';
import type { Db, Executor } from '../../platform/db/database.js';
import type { CheckinsRepository } from './repository.js';

/** What the check-ins need of the miners (app/ports.ts fills it): whether an account may earn. */
export type WorkingMiners = {
  /** A miner on and producing on `day` (a date in the output zone), read in the caller's transaction. */
  holdsWorkingMiner(executor: Executor, userId: string, day: string): Promise<boolean>;
};

export type CheckinsDeps = {
  db: Db;
  rewards: Rewards;
  idempotency: Idempotency;
  checkins: CheckinsRepository;
  miners: WorkingMiners;
  /** The output job's zone: a check-in's day is its date there. */
  timeZone: string;
  now?: () => number;
};
