import type { BrowserContext } from '@playwright/test';

/**
 * How far the test processes' clock is moved (scripts/test-at.mjs sets it while libfaketime moves
 * Node, PostgreSQL and anvil). Chromium cannot run under libfaketime (its zygote hangs), so its pages
 * get the same offset in their `Date` instead, as a phone whose clock is right would have.
 */
const offsetMs = Number(process.env.WALLX_E2E_CLOCK_OFFSET_MS ?? 0);

/** Moves `Date` in every page of the context by the run's offset; timers are left alone. */
export async function shiftBrowserClock(context: BrowserContext): Promise<void> {
  if (!offsetMs) return;
  await context.addInitScript((offset: number) => {
    const RealDate = Date;
    class ShiftedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(RealDate.now() + offset);
        else super(...(args as [string]));
      }
      static override now() {
        return RealDate.now() + offset;
      }
    }
    globalThis.Date = ShiftedDate as DateConstructor;
  }, offsetMs);
}
