import { queryOptions } from '@tanstack/react-query';
import type { Course } from '@wallx/shared';
import { useAccountQuery } from '../../../lib/account-query';
import { api } from '../../../lib/api';
import { collegeKeys } from './keys';

/** A course I may watch; refused with course_unavailable (and `locked_by`) while a condition is unmet. */
export function getCourse(id: string, signal?: AbortSignal): Promise<Course> {
  return api.get<Course>(`/api/courses/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function courseQueryOptions(account: string, id: string) {
  // Asked afresh on every visit: a lock follows the default address and the miners held, which
  // change on other screens.
  return queryOptions({
    queryKey: collegeKeys.course(account, id),
    queryFn: ({ signal }) => getCourse(id, signal),
    staleTime: 0,
  });
}

export function useCourse(id: string) {
  return useAccountQuery((account) => courseQueryOptions(account, id));
}
