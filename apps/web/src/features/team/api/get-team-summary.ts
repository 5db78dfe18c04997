import { queryOptions } from '@tanstack/react-query';
import type { TeamSummary } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountQuery } from '../../../lib/account-query';
import { teamKeys } from './keys';

/** `of` undefined: the account's own team. */
export function getTeamSummary(of: string | undefined, signal?: AbortSignal): Promise<TeamSummary> {
  return api.get<TeamSummary>('/api/team/summary', { query: { of }, ...(signal && { signal }) });
}

export function teamSummaryQueryOptions(account: string, of: string | undefined) {
  return queryOptions({ queryKey: teamKeys.summary(account, of), queryFn: ({ signal }) => getTeamSummary(of, signal) });
}

export function useTeamSummary(of: string | undefined) {
  return useAccountQuery((account) => teamSummaryQueryOptions(account, of));
}
