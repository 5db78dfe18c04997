import type { FastifyBaseLogger } from 'fastify';
import { withSpan } from '../tracing/tracing.js';

/**
 * Runs `step` every `intervalMs` until stopped; after a failure (an RPC down, the database away) it
 * waits longer each time, up to `maxBackoffMs`, and goes back to the normal pace after a success.
 */
export function repeat(
  name: string,
  step: () => Promise<unknown>,
  options: { intervalMs: number; maxBackoffMs?: number; log: FastifyBaseLogger },
) {
  const maxBackoff = options.maxBackoffMs ?? 60_000;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isStopped = false;

  const schedule = (delay: number) => {
    if (isStopped) return;
    timer = setTimeout(() => {
      // Each pass its own trace: what it queried, called and signed hangs from it.
      running = withSpan(`job ${name}`, { 'wallx.job': name }, step, { root: true })
        .then(() => {
          failures = 0;
        })
        .catch((error: unknown) => {
          failures++;
          options.log.warn({ err: error, job: name, failures }, 'job step failed; backing off');
        })
        .finally(() => {
          running = null;
          schedule(failures === 0 ? options.intervalMs : Math.min(maxBackoff, options.intervalMs * 2 ** failures));
        });
    }, delay);
    timer.unref();
  };
  schedule(0);

  return {
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
