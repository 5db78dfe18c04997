import type { Course, CourseProgress } from '@wallx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAccountKey } from '../../../lib/account-query';
import { api } from '../../../lib/api';
import { collegeKeys } from './keys';

/** Remembers where I stopped in a course; the server keeps at most its length and answers what it kept. */
export function saveProgress(id: string, position: number, { keepalive = false } = {}): Promise<CourseProgress> {
  // Milliseconds are all the column keeps.
  const body: CourseProgress = { position_seconds: Math.round(position * 1000) / 1000 };
  return api.request<CourseProgress>(`/api/courses/${encodeURIComponent(id)}/progress`, {
    method: 'PUT',
    body,
    keepalive,
  });
}

/**
 * Saves a position and keeps the cache in step: the course opened again starts where it stopped,
 * and the list shows the new progress.
 */
export function useSaveProgress(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useCallback(
    async (position: number, keepalive: boolean) => {
      const kept = await saveProgress(id, position, { keepalive });
      queryClient.setQueryData<Course>(
        collegeKeys.course(account, id),
        (course) => course && { ...course, position_seconds: kept.position_seconds },
      );
      void queryClient.invalidateQueries({ queryKey: collegeKeys.courses(account) });
      return kept;
    },
    [queryClient, account, id],
  );
}
