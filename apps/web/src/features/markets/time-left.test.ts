import { describe, expect, it } from 'vitest';
import { isEndingSoon, timeLeft } from './time-left';

const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const at = (ms: number) => new Date(now + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeLeft', () => {
  it('counts days and hours from a day on', () => {
    expect(timeLeft(at(2 * DAY + 4 * HOUR + 59 * MINUTE), now)).toEqual({ unit: 'days', days: 2, hours: 4 });
    expect(timeLeft(at(30 * DAY), now)).toEqual({ unit: 'days', days: 30, hours: 0 });
  });

  it('counts hours and minutes below a day', () => {
    expect(timeLeft(at(3 * HOUR + 12 * MINUTE + 40_000), now)).toEqual({ unit: 'hours', hours: 3, minutes: 12 });
    expect(timeLeft(at(DAY - 1), now)).toEqual({ unit: 'hours', hours: 23, minutes: 59 });
  });

  it('counts minutes in the last hour, never showing 0 while time remains', () => {
    expect(timeLeft(at(12 * MINUTE + 5_000), now)).toEqual({ unit: 'minutes', minutes: 12 });
    expect(timeLeft(at(20_000), now)).toEqual({ unit: 'minutes', minutes: 1 });
  });

  it('says expired at or after the end, and for a date it cannot read', () => {
    expect(timeLeft(at(0), now).unit).toBe('expired');
    expect(timeLeft(at(-HOUR), now).unit).toBe('expired');
    expect(timeLeft('not a date', now).unit).toBe('expired');
  });

  it('marks the last hour as ending soon', () => {
    expect(isEndingSoon(at(59 * MINUTE), now)).toBe(true);
    expect(isEndingSoon(at(HOUR), now)).toBe(false);
  });
});
