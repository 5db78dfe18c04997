/** A length or a position in a video as a player shows it: m:ss, or h:mm:ss from an hour on. */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Within the last second the course counts as watched through. */
const END_SLACK_S = 1;

export function isFinished(position: number, duration: number): boolean {
  return position > 0 && position >= duration - END_SLACK_S;
}

/** Where the video starts: where I stopped, or from the beginning again once watched through. */
export function resumeAt(position: number, duration: number): number {
  return isFinished(position, duration) ? 0 : Math.max(0, position);
}
