import type { MinerCategory, MinerOrderStatus, MinerOutputStatus } from '@wallx/shared';
import { queryRoots } from '../../../lib/query-keys';

/** Every query key of the miners feature; what an account holds carries its address. */
export const minersKeys = {
  all: queryRoots.miners,
  /** The catalog is the same for everyone (guests included), so it is not keyed by address. */
  products: (category: MinerCategory) => [...queryRoots.miners, 'products', category] as const,
  orders: (account: string, status: MinerOrderStatus) => [...queryRoots.miners, 'orders', account, status] as const,
  mine: (account: string) => [...queryRoots.miners, 'mine', account] as const,
  summary: (account: string) => [...queryRoots.miners, 'summary', account] as const,
  outputs: (account: string, status: MinerOutputStatus) => [...queryRoots.miners, 'outputs', account, status] as const,
};
