import { expect, test } from '../../web/e2e/test';
import { en_US } from '../src/i18n/en_US';
import { zh_CN } from '../src/i18n/zh_CN';
import { shootConsole, signIn, userWithDeposit } from './helpers';

test('dashboard health at a glance: scanner, payout queue, hot wallet and 30 days of flows, desktop and phone, English and Chinese', async ({
  page,
  request,
}) => {
  // A deposit today, from the chain, so today's bar is there.
  await userWithDeposit(request, 'USDT', '120');

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/', en_US.dashboard.title);
  const health = page.getByRole('region', { name: en_US.dashboard.health });
  await expect(health.locator('.card__label', { hasText: en_US.dashboard.scanner_lag })).toBeVisible();
  await expect(health.locator('.card__label', { hasText: en_US.dashboard.payout_queue })).toBeVisible();
  await expect(health.locator('.card__label', { hasText: 'Hot wallet USDT' })).toBeVisible();
  const charts = health.getByRole('img');
  await expect(charts).toHaveCount(2);
  await expect(charts.first()).toHaveAttribute('aria-label', /^USDT per day/);
  // Today's bar is drawn: the chart's last day has a deposit bar.
  await expect(health.locator('.flow-chart').first().locator('g').last().locator('.flow-chart__in')).toHaveCount(1);
  await shootConsole(page, 'console-dashboard-health', true);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(charts.first()).toBeVisible();
  await shootConsole(page, 'console-dashboard-health-375', true);
  await health.scrollIntoViewIfNeeded();
  await shootConsole(page, 'console-dashboard-health-375-cards');

  // From the top, as a page opens: a sticky sidebar would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByLabel(en_US.app.language).selectOption('zh_CN');
  const healthZh = page.getByRole('region', { name: zh_CN.dashboard.health });
  await expect(healthZh.locator('.card__label', { hasText: zh_CN.dashboard.scanner_lag })).toBeVisible();
  await shootConsole(page, 'console-dashboard-health-375-zh', true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shootConsole(page, 'console-dashboard-health-zh', true);
});
