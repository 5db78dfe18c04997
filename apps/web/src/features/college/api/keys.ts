import { queryRoots } from '../../../lib/query-keys';

/** Every query key of the college feature. What an account sees (its locks, its positions) carries its address. */
export const collegeKeys = {
  all: queryRoots.college,
  courses: (account: string) => [...queryRoots.college, 'courses', account] as const,
  course: (account: string, id: string) => [...queryRoots.college, 'course', account, id] as const,
};
