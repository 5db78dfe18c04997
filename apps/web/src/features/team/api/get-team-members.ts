import type { TeamMember } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { teamKeys } from './keys';

/** The direct invitees of `of` (undefined: the account's own), newest first. */
export function getTeamMembers(of: string | undefined, cursor: string | undefined, signal?: AbortSignal) {
  return getPage<TeamMember>('/api/team/members', { of }, cursor, signal);
}

export function teamMembersQueryOptions(account: string, of: string | undefined) {
  return pagedQueryOptions(teamKeys.members(account, of), (cursor, signal) => getTeamMembers(of, cursor, signal));
}

export function useTeamMembers(of: string | undefined) {
  return useAccountPagedQuery((account) => teamMembersQueryOptions(account, of));
}
