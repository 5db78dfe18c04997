import type { Country } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import { createAddressBook } from './addresses.js';
import type { AddressRepository } from './address-repository.js';
import type { PointRepository } from './point-repository.js';
import { regions } from './regions.js';
import type { RequestRepository } from './request-repository.js';
import { createShippingRequests } from './requests.js';
import type { ValidatorRepository } from './validator-repository.js';
import { createVoucherDesk } from './vouchers.js';

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

/** The user's shipping: addresses, requests and the validator's vouchers, each a use case of its own. */
export function createShippingService(deps: ShippingDeps) {
  return {
    regions: () => regions,
    ...createAddressBook(deps),
    ...createShippingRequests(deps),
    ...createVoucherDesk(deps),
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;

export type { Country };
