import { queryRoots } from '../../../lib/query-keys';

/** Every query key of the notices feature (the bell's count lives beside the session: lib/notices-unread). */
export const noticesKeys = {
  all: queryRoots.notices,
  list: (account: string) => [...queryRoots.notices, 'list', account] as const,
};
