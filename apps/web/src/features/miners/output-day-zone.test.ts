import { describe, expect, it } from 'vitest';
import { nextOutputAt } from './output-day-zone';

describe('nextOutputAt', () => {
  it('is the next 00:00 of the output zone, whatever the user’s own zone', () => {
    // 2026-11-28 10:00 UTC is 18:00 in Shanghai: the next output comes at 00:00 there, 16:00 UTC.
    expect(nextOutputAt('Asia/Shanghai', new Date('2026-11-28T10:00:00Z')).toISOString()).toBe(
      '2026-11-28T16:00:00.000Z',
    );
    // 17:30 UTC is already 01:30 of the 29th in Shanghai: the day after.
    expect(nextOutputAt('Asia/Shanghai', new Date('2026-11-28T17:30:00Z')).toISOString()).toBe(
      '2026-11-29T16:00:00.000Z',
    );
    expect(nextOutputAt('UTC', new Date('2026-11-28T23:59:59.500Z')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
  });
});
