import type { Asset, FundRecordType } from '@wallx/shared';
import { queryRoots } from '../../../lib/query-keys';

/** Undefined means "all". */
export type FundRecordFilter = { type: FundRecordType | undefined; asset: Asset | undefined };

/** Every query key of the funds feature; lists of an account carry its address. */
export const fundsKeys = {
  all: queryRoots.funds,
  /** Every filter of the account's fund records: a posting adds a row to some of them. */
  allRecords: (account: string) => [...queryRoots.funds, 'records', account] as const,
  records: (account: string, filter: FundRecordFilter) =>
    [...queryRoots.funds, 'records', account, filter.type ?? 'all', filter.asset ?? 'all'] as const,
  transfers: (account: string) => [...queryRoots.funds, 'transfers', account] as const,
  deposits: (account: string) => [...queryRoots.funds, 'deposits', account] as const,
  deposit: (txHash: string) => [...queryRoots.funds, 'deposit', txHash.toLowerCase()] as const,
  depositConfig: () => [...queryRoots.funds, 'deposit-config'] as const,
  depositAddress: (account: string) => [...queryRoots.funds, 'deposit-address', account] as const,
  withdrawals: (account: string) => [...queryRoots.funds, 'withdrawals', account] as const,
  withdrawalConfig: () => [...queryRoots.funds, 'withdrawal-config'] as const,
};
