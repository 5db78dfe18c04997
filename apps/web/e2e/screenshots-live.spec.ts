import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { fill } from './catalog';
import { login } from './helpers';
import { catalogsByLanguage, shoot } from './screenshot';
import { installWallet } from './wallet';

/** A week of what the inbox tells, as the server would list it (newest first); the newest three unseen. */
async function dressNotices(page: Page): Promise<void> {
  const hour = 3_600_000;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour).toISOString();
  const notices = [
    {
      type: 'order',
      payload: {
        market: 'mtrade',
        id: '41',
        status: 'filled',
        reason: null,
        miner_no: 'WX00000012',
        asset: 'USDT',
        amount: '95',
      },
    },
    { type: 'output_ready', payload: { day: '2026-11-25', miners: 3, amount: '3.6' } },
    {
      type: 'deposit',
      payload: {
        tx_hash: '0xab',
        asset: 'USDT',
        amount: '100',
        status: 'credited',
        confirmations: 15,
        required_confirmations: 15,
      },
    },
    { type: 'withdrawal', payload: { id: '7', asset: 'USDT', amount: '50', status: 'completed' } },
    {
      type: 'order',
      payload: {
        market: 'c2c',
        id: '19',
        status: 'cancelled',
        reason: 'Price far below the market',
        miner_no: null,
        asset: 'WALLX',
        amount: '1010',
      },
    },
    { type: 'shipping', payload: { id: '3', status: 'shipped' } },
    { type: 'miner_received', payload: { miner_no: 'WX00000031', from: '0x8ba1f109551bd432803012645ac136ddd64dba72' } },
    { type: 'feedback_reply', payload: { id: '5', title: 'Pick-up hours in Shenzhen' } },
  ].map((notice, index) => ({ ...notice, seq: String(20 - index), at: at(index * 17 + 1), read: index >= 3 }));
  const ok = (data: unknown) => ({ json: { code: 0, message: 'ok', data } });
  let unread = 3;
  await page.route('**/api/notices/unread', (route) => route.fulfill(ok({ count: unread })));
  await page.route('**/api/notices?*', (route) => route.fulfill(ok({ items: notices, next_cursor: null })));
  await page.route('**/api/notices/read', (route) => {
    unread = 0;
    return route.fulfill(ok({}));
  });
}

for (const language of ['en_US', 'zh_CN'] as const) {
  const t = catalogsByLanguage[language];

  test(`screenshots of the bell and the notice inbox in ${language}`, async ({ page }) => {
    await login(page, await installWallet(page));
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    await dressNotices(page);

    await page.goto('/user');
    await expect(page.getByRole('link', { name: fill(t.notices.unread, { count: 3 }) })).toBeVisible();
    await shoot(page, `${language}-user-bell`);

    await page.getByRole('link', { name: fill(t.notices.unread, { count: 3 }) }).click();
    await expect(page.getByRole('heading', { name: t.notices.title })).toBeVisible();
    await expect(page.getByRole('list', { name: t.notices.list }).getByRole('link')).toHaveCount(8);
    await shoot(page, `${language}-notices`, true);
  });
}
