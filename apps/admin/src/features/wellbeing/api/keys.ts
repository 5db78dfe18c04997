import { queryRoots } from '../../../lib/query-keys';

export const wellbeingKeys = {
  all: queryRoots.wellbeing,
  summary: (range: { from?: string; to?: string }) => [...queryRoots.wellbeing, 'summary', range] as const,
  settings: () => [...queryRoots.wellbeing, 'settings'] as const,
  supportLines: () => [...queryRoots.wellbeing, 'support-lines'] as const,
  waiting: (about: string) => [...queryRoots.wellbeing, 'waiting', about] as const,
  leaderboard: (query: { week?: string; page: number }) => [...queryRoots.wellbeing, 'leaderboard', query] as const,
};
