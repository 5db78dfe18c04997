import type { FundPasswords } from '../../kernel/fund-password/fund-password.js';
import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import type { MoneySettings } from '../../kernel/money-settings/money-settings.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { Db } from '../../platform/db/database.js';
import type { WithdrawalPostings } from './postings.js';
import type { WithdrawalRepository } from './repository.js';

/** What each use case of the service (request, cancel, review) is built from. */
export type WithdrawalsDeps = {
  db: Db;
  /** The limits in force (decision 58): read once per request, so one request never mixes two versions. */
  settings: Pick<MoneySettings, 'withdrawLimits'>;
  users: UserRepository;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
  repository: WithdrawalRepository;
  postings: WithdrawalPostings;
  /** How long a review usually takes (WITHDRAW_REVIEW_HOURS), told to the user before Confirm. */
  reviewHours: number;
};
