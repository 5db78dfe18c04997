import { queryRoots } from '../../../lib/query-keys';
import type { ContentKind } from '../kinds';

export const contentKeys = {
  all: queryRoots.content,
  list: (kind: ContentKind) => [...queryRoots.content, kind] as const,
};
