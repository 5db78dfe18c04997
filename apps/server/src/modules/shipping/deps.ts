import type { Db } from '../../platform/db/database.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import type { AddressRepository } from './address-repository.js';
import type { PointRepository } from './point-repository.js';
import type { RequestRepository } from './request-repository.js';
import type { ValidatorRepository } from './validator-repository.js';

export type ShippingDeps = {
  db: Db;
  events: UserEvents;
  addresses: AddressRepository;
  requests: RequestRepository;
  points: PointRepository;
  validators: ValidatorRepository;
  /** Delivery and pick-up requests take the fund password, with its tries and lock. */
  fundPasswords: { verify(userId: string, password: string): Promise<void> };
  now?: () => number;
};
