import { parseUserSearch } from '@wallx/shared';
import type { Problems } from '../../lib/use-form';
import type { UserFilters } from './api/get-users';

/** The search box takes what the server's own rule takes: an address (or its start) or a share code; empty is all. */
export function userFilterProblems({ q }: UserFilters): Problems<'q'> {
  const search = q.trim() === '' ? null : parseUserSearch(q.trim());
  return search && !search.addressPrefix && !search.shareCode ? { q: 'users.search_invalid' } : {};
}
