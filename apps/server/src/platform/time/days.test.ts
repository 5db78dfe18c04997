import { describe, expect, it } from 'vitest';
import { dayInZone, mondayOf, startOfDayInZone } from './days.js';

describe('days of a time zone', () => {
  it('starts a day at the zone’s midnight: 16:00 UTC the day before in Shanghai, 00:00 in UTC', () => {
    expect(startOfDayInZone('2026-11-28', 'Asia/Shanghai').toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(startOfDayInZone('2026-11-28', 'UTC').toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(startOfDayInZone('2026-01-01', 'America/New_York').toISOString()).toBe('2026-01-01T05:00:00.000Z');
  });

  it('follows a daylight-saving change: the day after it starts at the new offset', () => {
    // New York moves to summer time at 02:00 on 8 March 2026.
    expect(startOfDayInZone('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDayInZone('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const start = startOfDayInZone('2026-03-09', 'America/New_York').getTime();
    expect(dayInZone(start, 'America/New_York')).toBe('2026-03-09');
    expect(dayInZone(start - 1, 'America/New_York')).toBe('2026-03-08');
  });

  it('names the Monday of a day’s week', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-28')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });
});
