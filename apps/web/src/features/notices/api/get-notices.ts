import type { Notice } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { noticesKeys } from './keys';

export function getNotices(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<Notice>('/api/notices', {}, cursor, signal);
}

export function noticesQueryOptions(account: string) {
  return pagedQueryOptions(noticesKeys.list(account), getNotices);
}

/** My notices, newest first (kept 90 days); each says whether I had seen it. */
export function useNotices() {
  return useAccountPagedQuery(noticesQueryOptions);
}
