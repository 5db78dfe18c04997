import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './test';
import { catalogsByLanguage, shoot } from './screenshot';
import { waitForApp } from './helpers';

/**
 * A slow phone, as Chrome's DevTools name it: "Slow 4G" (562.5 ms round trip, 1.44 Mbit/s down,
 * 675 kbit/s up, less 10 % of overhead) on a CPU four times slower than this one.
 */
async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.44 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (675 * 1024 * 0.9) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

type FirstPaint = {
  /** First contentful paint, ms after navigation. */
  fcp: number;
  /** Whether the shell's tab bar and skeleton were drawn at that paint, and whether any of the app's screen was. */
  isShellAtFcp: boolean;
  isScreenAtFcp: boolean;
  /** When the app's first screen was in the page, ms after navigation. */
  screen: number;
};

/** Records, in the page, what the first contentful paint showed and when the app's own screen came. */
function watchFirstPaint(page: Page) {
  return page.addInitScript(() => {
    const seen: Partial<FirstPaint> = {};
    (window as unknown as { firstPaint: Partial<FirstPaint> }).firstPaint = seen;
    const isShown = (selector: string) => {
      const element = document.querySelector(selector);
      return element !== null && element.getBoundingClientRect().height > 0;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name !== 'first-contentful-paint') continue;
        seen.fcp = entry.startTime;
        // A tab's bar, or another screen's header with its back arrow, over the skeleton.
        seen.isShellAtFcp = (isShown('.boot__tabs') || isShown('.boot__back')) && isShown('.boot__body i');
        seen.isScreenAtFcp = isShown('.screen');
      }
    }).observe({ type: 'paint', buffered: true });
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.screen')) return;
      seen.screen = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

for (const path of ['/mines', '/transfer']) {
  test(`a cold start of ${path} on a slow phone paints its layout and skeleton first, long before the app has run`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await slowPhone(page);
    await watchFirstPaint(page);
    await page.goto(path, { timeout: 60_000 });
    await waitForApp(page);
    const read = () => page.evaluate(() => (window as unknown as { firstPaint: FirstPaint }).firstPaint);
    await expect.poll(async () => (await read()).screen).toBeGreaterThan(0);
    const seen = await read();
    console.log(
      `slow 4G, 4× CPU, ${path}: first contentful paint ${Math.round(seen.fcp)} ms (shell drawn: ${seen.isShellAtFcp}), ` +
        `the app's screen at ${Math.round(seen.screen)} ms`,
    );
    expect(seen.isShellAtFcp, 'the layout and the skeleton at first contentful paint').toBe(true);
    expect(seen.isScreenAtFcp).toBe(false);
    // Long before the app has run: its scripts still had to arrive and run for a second at least.
    expect(seen.screen - seen.fcp).toBeGreaterThan(1_000);
    // Replaced by the app (a guest is sent home from /transfer): the shell is gone.
    await expect(page.locator('.boot')).toBeHidden();
    await expect(page.locator('.tab-bar')).toBeVisible();
  });
}

/** The page as it stands before any of the app's scripts has run: they never arrive. */
async function withoutScripts(page: Page) {
  await page.route('**/assets/*.js', (route) => route.abort());
}

test('the shell: the shape of the screen opened, tab labels in the user’s language, and nothing a test or a screen reader takes for the app', async ({
  page,
}) => {
  await withoutScripts(page);
  await page.goto('/mines');
  const shell = page.locator('.boot');
  await expect(shell).toHaveAttribute('data-boot', 'list');
  await expect(shell).toHaveAttribute('aria-hidden', 'true');
  await expect(shell.locator('[data-tab="/mines"]')).toHaveClass('is-active');
  const labels = await shell
    .locator('[data-tab]')
    .evaluateAll((tabs) => tabs.map((tab) => getComputedStyle(tab, '::after').content));
  expect(labels).toEqual(
    ['"Home"', '"Mines"', '"Trade"', '"Me"'].map((label) => label.replace('Mines', catalogsByLanguage.en_US.nav.mines)),
  );
  // Nothing to find by role or text, and none of the app's screen: helpers that wait for the app wait on.
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByText(catalogsByLanguage.en_US.nav.home)).toHaveCount(0);
  await expect(page.locator('.screen')).toHaveCount(0);
  await expect(page.locator('.tab-bar')).toHaveCount(0);
  await shoot(page, 'first-paint-mines-en_US');

  await page.goto('/');
  await expect(shell).toHaveAttribute('data-boot', 'home');
  await shoot(page, 'first-paint-home-en_US');
  await page.goto('/user');
  await expect(shell).toHaveAttribute('data-boot', 'user');
  await shoot(page, 'first-paint-user-en_US');
  // C2C is Trade's other half: a list under the tab bar, Trade lit.
  await page.goto('/c2c');
  await expect(shell).toHaveAttribute('data-boot', 'list');
  await expect(shell.locator('[data-tab="/mtrade"]')).toHaveClass('is-active');
  // A screen off the tabs: a header with its back button, no tab bar.
  await page.goto('/transfer');
  await expect(shell).toHaveAttribute('data-boot', 'page');
  await expect(shell.locator('.boot__tabs')).toBeHidden();
  await shoot(page, 'first-paint-transfer-en_US');

  // The language the app will open in: the one chosen before, here Chinese, then Indonesian.
  for (const language of ['zh_CN', 'id_ID', 'ko_KR', 'ja_JP'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('wallx_lang', chosen), language);
    await page.goto('/');
    const { nav } = catalogsByLanguage[language];
    const drawn = await shell
      .locator('[data-tab]')
      .evaluateAll((tabs) => tabs.map((tab) => getComputedStyle(tab, '::after').content.slice(1, -1)));
    expect(drawn).toEqual([nav.home, nav.mines, nav.trade, nav.me]);
    await expect(page.locator('html')).toHaveAttribute('lang', language.replace('_', '-'));
    if (language === 'zh_CN' || language === 'id_ID') await shoot(page, `first-paint-home-${language}`);
  }
});

test('a browser in Indonesian with no choice stored gets the shell’s labels in Indonesian', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'id-ID', viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await withoutScripts(page);
  await page.goto('/');
  const drawn = await page
    .locator('.boot [data-tab]')
    .evaluateAll((tabs) => tabs.map((tab) => getComputedStyle(tab, '::after').content.slice(1, -1)));
  expect(drawn[0]).toBe(catalogsByLanguage.id_ID.nav.home);
  await context.close();
});
