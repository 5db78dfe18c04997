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
    // A function, not a class: `Date()` without `new` (a string of now) must keep working.
    function ShiftedDate(this: unknown, ...args: unknown[]): unknown {
      if (!new.target) return new RealDate(RealDate.now() + offset).toString();
      return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...(args as [string]));
    }
    ShiftedDate.prototype = RealDate.prototype;
    Object.setPrototypeOf(ShiftedDate, RealDate);
    ShiftedDate.now = () => RealDate.now() + offset;
    globalThis.Date = ShiftedDate as unknown as DateConstructor;
  }, offsetMs);
}
