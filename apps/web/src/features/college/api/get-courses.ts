import type { CourseSummary } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { collegeKeys } from './keys';

/** The courses in the operators' order, each with what locks it for me and where I stopped. */
export function getCourses(cursor: string | undefined, signal?: AbortSignal) {
  return getPage<CourseSummary>('/api/courses', {}, cursor, signal);
}

export function coursesQueryOptions(account: string) {
  return pagedQueryOptions(collegeKeys.courses(account), getCourses);
}

export function useCourses() {
  return useAccountPagedQuery(coursesQueryOptions);
}
