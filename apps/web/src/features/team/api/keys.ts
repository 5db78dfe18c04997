import { queryRoots } from '../../../lib/query-keys';

/**
 * Every query key of the team feature. `of` is the member whose team is shown, lower-case, or 'me'
 * for the account's own team; what an account sees carries its address.
 */
export const teamKeys = {
  all: queryRoots.team,
  shareInfo: (account: string) => [...queryRoots.team, 'share-info', account] as const,
  /** Guests ask too, so the code alone is the key. */
  inviter: (code: string) => [...queryRoots.team, 'inviter', code.toUpperCase()] as const,
  summary: (account: string, of: string | undefined) => [...queryRoots.team, 'summary', account, of ?? 'me'] as const,
  members: (account: string, of: string | undefined) => [...queryRoots.team, 'members', account, of ?? 'me'] as const,
};
