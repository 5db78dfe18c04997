import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { repeat } from './repeat.js';

describe('repeat', () => {
  it('keeps going after failures, waiting longer after each, and back to pace after a success', async () => {
    const calls: number[] = [];
    let failuresLeft = 3;
    const job = repeat(
      'test',
      async () => {
        calls.push(Date.now());
        if (failuresLeft-- > 0) throw new Error('rpc down');
      },
      { intervalMs: 20, maxBackoffMs: 1_000, log: pino({ level: 'silent' }) },
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    await job.stop();
    const gaps = calls.slice(1).map((at, i) => at - calls[i]!);
    // After failures 1, 2, 3: waits of 40, 80, 160 ms; then successes at the normal 20 ms.
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    expect(gaps[2]).toBeGreaterThanOrEqual(155);
    expect(gaps.slice(3).length).toBeGreaterThan(3);
    expect(Math.min(...gaps.slice(3))).toBeLessThan(60);
    const count = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.length).toBe(count);
  });
});
