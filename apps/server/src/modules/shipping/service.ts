import type { Country } from '@wallx/shared';
import { createAddressBook } from './addresses.js';
import { regions } from './regions.js';
import { createShippingRequests } from './requests.js';
import { createVoucherDesk } from './vouchers.js';
import type { ShippingDeps } from './deps.js';
export type { ShippingDeps } from './deps.js';

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
