import type { TrendRange } from '@wallx/shared';
import { queryRoots } from '../../../lib/query-keys';

/** Every query key of the well-being screens; what an account sees carries its address. */
export const wellbeingKeys = {
  all: queryRoots.wellbeing,
  account: (account: string) => [...queryRoots.wellbeing, account] as const,
  today: (account: string) => [...queryRoots.wellbeing, account, 'today'] as const,
  trends: (account: string, days: TrendRange) => [...queryRoots.wellbeing, account, 'trends', days] as const,
  calendar: (account: string, month: string) => [...queryRoots.wellbeing, account, 'calendar', month] as const,
  supportLine: (country: string) => [...queryRoots.wellbeing, 'support-line', country] as const,
  board: (account: string, week: string, page: number) =>
    [...queryRoots.wellbeing, account, 'board', week, page] as const,
  profile: (account: string) => [...queryRoots.wellbeing, account, 'profile'] as const,
};
