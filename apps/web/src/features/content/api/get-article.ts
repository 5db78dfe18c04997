import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article } from '@wallx/shared';
import { api } from '../../../lib/api';
import { contentKeys } from './keys';

/** One article with its Markdown body; public, so no token is sent. An unknown key is refused (article_not_found). */
export function getArticle(key: string, signal?: AbortSignal): Promise<Article> {
  return api.get<Article>(`/api/articles/${encodeURIComponent(key)}`, { auth: false, ...(signal && { signal }) });
}

export function articleQueryOptions(key: string) {
  return queryOptions({ queryKey: contentKeys.article(key), queryFn: ({ signal }) => getArticle(key, signal) });
}

export function useArticle(key: string) {
  return useQuery(articleQueryOptions(key));
}
