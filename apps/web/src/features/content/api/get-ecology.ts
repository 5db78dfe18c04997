import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EcologyItem } from '@wallx/shared';
import { api } from '../../../lib/api';
import { isLoggedIn, useSession } from '../../../lib/session-store';
import { contentKeys } from './keys';

/** The ecology page's items, for a signed-in user. */
export function getEcology(signal?: AbortSignal): Promise<{ items: EcologyItem[] }> {
  return api.get<{ items: EcologyItem[] }>('/api/ecology', signal ? { signal } : {});
}

export function ecologyQueryOptions() {
  return queryOptions({ queryKey: contentKeys.ecology(), queryFn: ({ signal }) => getEcology(signal) });
}

/** The same items for every account, so not keyed by one; idle while logged out (the server would refuse). */
export function useEcology() {
  const loggedIn = useSession(isLoggedIn);
  return useQuery({ ...ecologyQueryOptions(), enabled: loggedIn });
}
