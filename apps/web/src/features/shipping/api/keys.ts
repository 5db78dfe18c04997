import { queryRoots } from '../../../lib/query-keys';

/**
 * Every query key of the shipping feature: addresses, what can be shipped, requests and vouchers,
 * and the validator's side. What an account sees carries its address.
 */
export const shippingKeys = {
  all: queryRoots.shipping,
  /** The same for everyone: no account in the key. */
  regions: () => [...queryRoots.shipping, 'regions'] as const,
  addresses: (account: string) => [...queryRoots.shipping, 'addresses', account] as const,
  holdings: (account: string) => [...queryRoots.shipping, 'holdings', account] as const,
  /** Pick-up points of a region that stock a product. */
  points: (account: string, productId: string, country: string, province: string) =>
    [...queryRoots.shipping, 'points', account, productId, country, province] as const,
  requests: (account: string) => [...queryRoots.shipping, 'requests', account] as const,
  /** A voucher as a validator looks it up, by its normalized code. */
  voucher: (account: string, code: string) => [...queryRoots.shipping, 'voucher', account, code] as const,
  writeoffs: (account: string) => [...queryRoots.shipping, 'writeoffs', account] as const,
};
