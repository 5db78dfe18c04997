import { queryRoots } from '../../../lib/query-keys';

/**
 * Every query key of the content feature. Content is the same for every visitor (each value holds
 * all languages), so no key carries an account or a language: guests read articles too.
 */
export const contentKeys = {
  all: queryRoots.content,
  articles: () => [...queryRoots.content, 'articles'] as const,
  article: (key: string) => [...queryRoots.content, 'article', key] as const,
  ecology: () => [...queryRoots.content, 'ecology'] as const,
};
