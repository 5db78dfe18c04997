import { queryOptions } from '@tanstack/react-query';
import type { UserInfoResult } from '@wallx/shared';
import { api } from './api';
import { queryRoots } from './query-keys';
import { session } from './session-store';
import { useAccountQuery } from './account-query';

/**
 * The signed-in user's info and balances. Shared by every feature that shows or spends them (the
 * user centre, funds…), so it lives beside the session rather than inside one feature.
 */
export async function getUserInfo(signal?: AbortSignal): Promise<UserInfoResult> {
  const result = await api.get<UserInfoResult>('/api/user/info', signal ? { signal } : {});
  // The stored balance is what other screens show; keep it current.
  session.updateAccount(result);
  return result;
}

/** Keyed by address so that another wallet never sees the previous one's data. */
export function userInfoQueryOptions(address: string) {
  return queryOptions({
    queryKey: [...queryRoots.user, 'info', address.toLowerCase()],
    queryFn: ({ signal }) => getUserInfo(signal),
  });
}

export function useUserInfo() {
  return useAccountQuery(userInfoQueryOptions);
}
