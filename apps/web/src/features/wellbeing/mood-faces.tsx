import type { Mood } from './wellbeing-rules';

// One face per step of the scale, drawn rather than emoji so that it looks the same on every phone;
// the step's name is always written beside it (the face is decoration).
const mouths: Record<Mood, string> = {
  1: 'M8 17c2-3 6-3 8 0',
  2: 'M8.5 16.5c2-1.5 5-1.5 7 0',
  3: 'M8.5 15.5h7',
  4: 'M8.5 14.5c2 1.5 5 1.5 7 0',
  5: 'M8 14c2 3.5 6 3.5 8 0',
};

export const moodColors: Record<Mood, string> = {
  1: '#f87171',
  2: '#fb923c',
  3: '#fbbf24',
  4: '#a3e635',
  5: '#34d399',
};

export function MoodFace({ mood, className }: { mood: Mood; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" style={{ color: moodColors[mood] }}>
      <circle cx="12" cy="12" r="10" fill="currentColor" fillOpacity="0.16" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="9" cy="10" r="1.2" fill="currentColor" />
      <circle cx="15" cy="10" r="1.2" fill="currentColor" />
      <path d={mouths[mood]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
