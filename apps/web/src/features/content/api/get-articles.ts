import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleSummary } from '@wallx/shared';
import { api } from '../../../lib/api';
import { contentKeys } from './keys';

/** The articles' keys and titles, in the operators' order; public, so no token is sent. */
export function getArticles(signal?: AbortSignal): Promise<{ items: ArticleSummary[] }> {
  return api.get<{ items: ArticleSummary[] }>('/api/articles', { auth: false, ...(signal && { signal }) });
}

export function articlesQueryOptions() {
  return queryOptions({ queryKey: contentKeys.articles(), queryFn: ({ signal }) => getArticles(signal) });
}

export function useArticles() {
  return useQuery(articlesQueryOptions());
}
