import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeat } from './repeat.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('repeat', () => {
  it('keeps going after failures, waiting longer after each up to the cap, and back to pace after a success; stop stops it', async () => {
    // The clock is the test's: exact waits, whatever else the machine is doing.
    vi.useFakeTimers();
    const calls: number[] = [];
    let failuresLeft = 3;
    const job = repeat(
      'test',
      async () => {
        calls.push(Date.now());
        if (failuresLeft-- > 0) throw new Error('rpc down');
      },
      { intervalMs: 20, maxBackoffMs: 100, log: pino({ level: 'silent' }) },
    );
    await vi.advanceTimersByTimeAsync(400);
    await job.stop();
    const gaps = calls.slice(1).map((at, i) => at - calls[i]!);
    // After failures 1, 2, 3: 40, 80, then 160 capped at 100 ms; then successes at the normal 20 ms.
    expect(gaps.slice(0, 6)).toEqual([40, 80, 100, 20, 20, 20]);
    const count = calls.length;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.length).toBe(count);
  });
});
