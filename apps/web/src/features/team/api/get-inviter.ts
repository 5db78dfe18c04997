import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inviter } from '@wallx/shared';
import { api } from '../../../lib/api';
import { teamKeys } from './keys';

/** Whose share code this is (the address comes shortened); guests ask, so no token is sent. */
export function getInviter(code: string, signal?: AbortSignal): Promise<Inviter> {
  return api.get<Inviter>('/api/share/inviter', { query: { code }, auth: false, ...(signal && { signal }) });
}

export function inviterQueryOptions(code: string) {
  return queryOptions({
    queryKey: teamKeys.inviter(code),
    queryFn: ({ signal }) => getInviter(code, signal),
    staleTime: Infinity,
  });
}

/** Idle without a code: the page then says the link has none. */
export function useInviter(code: string | null) {
  return useQuery({ ...inviterQueryOptions(code ?? ''), enabled: code !== null });
}
