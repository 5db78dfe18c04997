import { test as base } from '@playwright/test';
import { shiftBrowserClock } from './clock';

export { expect } from '@playwright/test';

/** Playwright's test, with every context's clock where the run's clock is (clock.ts). */
export const test = base.extend({
  context: async ({ context }, use) => {
    await shiftBrowserClock(context);
    await use(context);
  },
});
