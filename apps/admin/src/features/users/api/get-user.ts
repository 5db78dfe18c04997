import { useQuery } from '@tanstack/react-query';
import type { OperatorUserDetail } from '@wallx/shared';
import { api } from '../../../lib/api';
import { userKeys } from './keys';

export function getUser(id: string, signal?: AbortSignal): Promise<OperatorUserDetail> {
  return api.get<OperatorUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, { signal });
}

export function useUser(id: string) {
  return useQuery({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });
}
