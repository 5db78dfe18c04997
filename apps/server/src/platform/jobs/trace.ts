import fs from 'node:fs';
import type { LeaseObserver } from '../db/lease.js';

/**
 * `JOB_TRACE_FILE`: one JSON line per pass of a leased job — which instance held which lease, from
 * when to when, and what the pass did — so a benchmark (bench/scale.mjs) can show that no two
 * instances ran a job at once, and an operator can see which instance does what. Off unless
 * configured: the scanner and the payout worker pass every second on every instance. Lines are a few
 * hundred bytes, appended whole (O_APPEND), so instances may share one file.
 */
export function createJobTrace(file: string): LeaseObserver {
  return (run) => {
    const line = JSON.stringify(run, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
    try {
      fs.appendFileSync(file, `${line}\n`);
    } catch {
      // A trace that cannot be written must not fail the job it describes.
    }
  };
}
