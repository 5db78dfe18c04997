import { describe, expect, it } from 'vitest';
import { formatDuration, isFinished, resumeAt } from './duration';

describe('formatDuration', () => {
  it('reads m:ss, and h:mm:ss from an hour on', () => {
    expect([0, 8, 59.9, 60, 605, 3599, 3600, 3725].map(formatDuration)).toEqual([
      '0:00',
      '0:08',
      '0:59',
      '1:00',
      '10:05',
      '59:59',
      '1:00:00',
      '1:02:05',
    ]);
    expect([-3, Number.NaN, Number.POSITIVE_INFINITY].map(formatDuration)).toEqual(['0:00', '0:00', '0:00']);
  });
});

describe('resumeAt', () => {
  it('starts where I stopped, or from the beginning once the course was watched through', () => {
    expect(resumeAt(0, 120)).toBe(0);
    expect(resumeAt(42.5, 120)).toBe(42.5);
    expect(resumeAt(119.5, 120)).toBe(0);
    expect(resumeAt(120, 120)).toBe(0);
    expect(isFinished(119, 120)).toBe(true);
    expect(isFinished(0, 120)).toBe(false);
  });
});
