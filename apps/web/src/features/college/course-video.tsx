import { useEffect, useMemo, useRef } from 'react';
import { assetUrl, type Course } from '@wallx/shared';
import { config } from '../../lib/config';
import { useSaveProgress } from './api/save-progress';
import { resumeAt } from './duration';
import { createProgressSaver, type ProgressSaver } from './progress-saver';

/**
 * The course's video, starting where I stopped. Its position is saved on pause, at the end, on
 * leaving the screen or the page, and every ten seconds while it plays (progress-saver.ts), but
 * only once the start position is in place: before that currentTime is 0, and saving it would
 * forget where I was.
 */
export function CourseVideo({ course }: { course: Course }) {
  const video = useRef<HTMLVideoElement>(null);
  const saver = useRef<ProgressSaver | null>(null);
  const save = useSaveProgress(course.id);
  // The position the server had when the screen opened; later saves update the cache, not this.
  const start = useRef(resumeAt(course.position_seconds, course.duration_seconds));
  // assetUrl versions the address by the hour: fixed once, so a re-render never reloads the video.
  const src = useMemo(() => assetUrl(course.video, config.apiHost), [course.video]);
  const poster = useMemo(() => assetUrl(course.poster, config.apiHost), [course.poster]);

  useEffect(() => {
    const element = video.current;
    const leave = () => {
      if (element) saver.current?.leaving(element.currentTime);
    };
    // A phone rarely unloads a page it hides: hiding is the last moment it is sure to run code.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  const onLoadedMetadata = () => {
    const element = video.current;
    if (!element || saver.current) return;
    if (start.current > 0) element.currentTime = start.current;
    saver.current = createProgressSaver((position, isLeaving) => save(position, isLeaving), start.current);
  };

  return (
    <video
      ref={video}
      className="course-video"
      src={src}
      poster={poster || undefined}
      controls
      playsInline
      preload="metadata"
      data-testid="course-video"
      onLoadedMetadata={onLoadedMetadata}
      onPlay={() => saver.current?.started()}
      onTimeUpdate={() => {
        const element = video.current;
        if (element && !element.paused) saver.current?.playing(element.currentTime);
      }}
      onPause={() => video.current && saver.current?.stopped(video.current.currentTime)}
      onEnded={() => video.current && saver.current?.stopped(video.current.currentTime)}
    />
  );
}
