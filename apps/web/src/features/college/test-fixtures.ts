import type { Course, CourseSummary } from '@wallx/shared';

/** A course as the list gives it: open, not started, two minutes long. */
export function courseSummary(id: string, over: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id,
    title: `en_US:::Course ${id}\nzh_CN:::课程 ${id}`,
    summary: `en_US:::About course ${id}`,
    cover: `/college/c${id}-cover.svg`,
    duration_seconds: 120,
    locked_by: [],
    position_seconds: 0,
    ...over,
  };
}

export function course(id: string, over: Partial<Course> = {}): Course {
  return {
    ...courseSummary(id),
    body: 'en_US:::## What you learn\n\nTap **Connect wallet**.\n\n<img src=x onerror=alert(1)>',
    video: `/college/c${id}.webm`,
    poster: `/college/c${id}-poster.svg`,
    ...over,
  };
}
