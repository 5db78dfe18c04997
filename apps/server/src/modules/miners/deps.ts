import type { Asset } from '@wallx/shared';
import type { Db, Trx } from '../../platform/db/database.js';
import type { FundPasswords } from '../../kernel/fund-password/fund-password.js';
import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import type { OutputRepository } from './output-repository.js';
import type { MinersRepository } from './repository.js';

export type MinersDeps = {
  db: Db;
  ledger: Ledger;
  events: UserEvents;
  users: UserRepository;
  miners: MinersRepository;
  outputs: OutputRepository;
  purchases: PurchaseRecorder;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
  /** The output time zone: a miner turned on produces from that zone's date of turning on. */
  timeZone: string;
  now?: () => number;
};

export type Actor = { id: string; address: string };

/**
 * What a purchase needs of the team module (its performance rollups): app.ts hands in the team service.
 * Declared here rather than imported, as modules import no other module but the ledger.
 */
export type PurchaseRecorder = {
  recordPurchase(trx: Trx, purchase: { userId: string; asset: Asset; amount: string }): Promise<void>;
};
