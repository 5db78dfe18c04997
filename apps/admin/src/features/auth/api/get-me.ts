import { useQuery } from '@tanstack/react-query';
import type { Operator } from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { sessionStore } from '../../../lib/session-store';

export function getMe(signal?: AbortSignal): Promise<Operator> {
  return api.get<Operator>('/api/admin/auth/me', { signal });
}

/**
 * Asks the server who the token belongs to when the console opens: a session kept in the tab may
 * have ended on the server, or the operator's role may have changed since the login.
 */
export function useMe(token: string) {
  return useQuery({
    queryKey: [...queryRoots.operator, 'me', token],
    queryFn: async ({ signal }) => {
      const operator = await getMe(signal);
      const current = sessionStore.getState().session;
      if (current?.token === token && current.operator.role !== operator.role)
        sessionStore.start({ ...current, operator });
      return operator;
    },
  });
}
