import type { FundRecord } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { fundsKeys, type FundRecordFilter } from './keys';

export type { FundRecordFilter };

export function getFundRecords(filter: FundRecordFilter, cursor: string | undefined, signal?: AbortSignal) {
  return getPage<FundRecord>('/api/funds/records', { type: filter.type, asset: filter.asset }, cursor, signal);
}

export function fundRecordsQueryOptions(account: string, filter: FundRecordFilter) {
  return pagedQueryOptions(fundsKeys.records(account, filter), (cursor, signal) =>
    getFundRecords(filter, cursor, signal),
  );
}

export function useFundRecords(filter: FundRecordFilter) {
  return useAccountPagedQuery((account) => fundRecordsQueryOptions(account, filter));
}
