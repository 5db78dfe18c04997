import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { ContentItem, ContentKind } from '../kinds';
import { contentKeys } from './keys';

const base = (kind: ContentKind) => `/api/admin/content/${kind}`;
const one = (kind: ContentKind, key: string) => `${base(kind)}/${encodeURIComponent(key)}`;

/** Every item of a kind, published or not, in its order (a kind is a screenful, so it is read whole). */
export function getContent(kind: ContentKind, signal?: AbortSignal): Promise<ContentItem[]> {
  return api
    .get<{ items: ContentItem[] }>(base(kind), { signal })
    .then((result) => [...result.items].sort((a, b) => a.sort - b.sort));
}

export function useContent(kind: ContentKind) {
  return useQuery({ queryKey: contentKeys.list(kind), queryFn: ({ signal }) => getContent(kind, signal) });
}

export type ContentChange =
  | { action: 'create'; input: Record<string, unknown> }
  | { action: 'update'; key: string; input: Record<string, unknown> }
  | { action: 'delete'; key: string }
  | { action: 'publish' | 'unpublish'; key: string }
  | { action: 'order'; keys: string[] };

export function changeContent(kind: ContentKind, change: ContentChange): Promise<unknown> {
  switch (change.action) {
    case 'create':
      return api.post(base(kind), change.input);
    case 'update':
      return api.put(one(kind, change.key), change.input);
    case 'delete':
      return api.delete(one(kind, change.key));
    case 'publish':
    case 'unpublish':
      return api.post(`${one(kind, change.key)}/${change.action}`);
    case 'order':
      return api.post(`${base(kind)}/order`, { ids: change.keys });
  }
}

/** Every change of a kind: its list is read again (a refused order was built on a stale one), and the audit log has a new row. */
export function useChangeContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ContentChange) => changeContent(kind, change),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.list(kind) }),
        queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
      ]),
  });
}
