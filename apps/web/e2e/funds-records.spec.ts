import { expect, test } from './test';
import { userRecordTypes } from '@wallx/shared';
import { en_US } from './catalog';
import { zh_CN } from './catalog';
import { login } from './helpers';
import { installWallet } from './wallet';

test.describe('records', () => {
  test('transfer records and fund records start empty', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);

    await page.goto('/transfer_records');
    await expect(page.getByRole('heading', { name: en_US.funds.empty_transfers })).toBeVisible();
    await page.getByRole('link', { name: en_US.funds.new_transfer }).click();
    await expect(page).toHaveURL(/\/(transfer|fpassword)$/);

    await page.goto('/records');
    await expect(page.getByRole('heading', { name: en_US.funds.empty_records })).toBeVisible();
    const filtered = page.waitForRequest(
      (r) => r.url().includes('/api/funds/records') && r.url().includes('asset=USDT'),
    );
    await page.getByRole('radio', { name: 'USDT', exact: true }).click();
    await filtered;
    await expect(page.getByRole('heading', { name: en_US.funds.empty_filtered })).toBeVisible();
  });

  test('the record-type filter offers every type, translated, and filters by it', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.evaluate(() => localStorage.setItem('wallx_lang', 'zh_CN'));

    await page.goto('/records');
    await expect(page.locator('.page-header__title')).toHaveText(zh_CN.user.records);
    await expect(page.getByRole('heading', { name: zh_CN.funds.empty_records })).toBeVisible();
    await page.getByRole('button', { name: `${zh_CN.funds.filter_type}: ${zh_CN.funds.all_types}` }).click();

    const sheet = page.getByRole('dialog', { name: zh_CN.funds.filter_type });
    await expect(sheet).toBeVisible();
    const options = sheet.getByRole('radio');
    await expect(options).toHaveText([zh_CN.funds.all_types, ...userRecordTypes.map((type) => zh_CN.funds.type[type])]);
    await expect(sheet.getByRole('radio', { name: zh_CN.funds.all_types })).toHaveAttribute('aria-checked', 'true');

    const filtered = page.waitForRequest((r) => r.url().includes('type=mining_output'));
    await sheet.getByRole('radio', { name: zh_CN.funds.type.mining_output }).click();
    await filtered;
    await expect(sheet).toBeHidden();
    await expect(page.locator('.filter-button__label')).toHaveText(zh_CN.funds.type.mining_output);
    await expect(page.getByRole('heading', { name: zh_CN.funds.empty_filtered })).toBeVisible();
  });

  test('transfer records show direction, counterpart and signed amount, and load more pages on scroll', async ({
    page,
  }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    const counterpart = '0x1234567890abcdef1234567890abcdef12345678';
    const item = (n: number) => ({
      id: String(1000 - n),
      direction: n % 2 === 0 ? 'in' : 'out',
      counterpart,
      asset: n % 3 === 0 ? 'WALLX' : 'USDT',
      amount: String(1000 * (n + 1)),
      created_at: new Date(Date.UTC(2025, 0, 1, 12, 0) - n * 60_000).toISOString(),
    });
    const cursors: Array<string | null> = [];
    // The list's rendering and paging under test (25 rows of both directions and assets); real transfers are above.
    await page.route(
      (url) => url.pathname === '/api/funds/transfers',
      async (route) => {
        const cursor = new URL(route.request().url()).searchParams.get('cursor');
        cursors.push(cursor);
        const start = cursor ? Number(cursor) : 0;
        const items = Array.from({ length: start === 0 ? 20 : 5 }, (_, i) => item(start + i));
        await route.fulfill({
          json: { code: 0, message: 'ok', data: { items, next_cursor: start === 0 ? '20' : null } },
        });
      },
    );

    await page.goto('/transfer_records');
    const rows = page.locator('.record');
    await expect(rows).toHaveCount(20);
    const first = rows.first();
    await expect(first.locator('.record__title')).toHaveText(en_US.funds.direction_in);
    await expect(first.locator('.record__detail')).toHaveText('From 0x123...45678');
    await expect(first.locator('.record__value')).toHaveText('+1,000');
    await expect(first.locator('.record__unit')).toHaveText('WALLX');
    await expect(rows.nth(1).locator('.record__value')).toHaveText('\u22122,000');
    await expect(rows.nth(1).locator('.record__detail')).toHaveText('To 0x123...45678');
    await expect(first.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    await rows.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect(rows).toHaveCount(25);
    await expect(page.getByText(en_US.common.no_more)).toBeVisible();
    expect(cursors).toEqual([null, '20']);
  });
});
