import { z } from 'zod';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * A length of time as people write it in an environment: a whole number and a unit, `90s`, `30m`,
 * `24h`, `2d`, or `0`; answered in milliseconds, at most `maxMs`.
 */
export function durationMs(maxMs: number) {
  return z.string().transform((value, ctx) => {
    const match = /^(\d{1,9})(s|m|h|d)$/.exec(value.trim());
    const ms = value.trim() === '0' ? 0 : match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : NaN;
    if (Number.isNaN(ms) || ms > maxMs) {
      ctx.addIssue({
        code: 'custom',
        message: `must be 0 or a whole number with a unit (s, m, h, d), e.g. 24h, at most ${maxMs / UNIT_MS.d} days`,
      });
      return z.NEVER;
    }
    return ms;
  });
}
