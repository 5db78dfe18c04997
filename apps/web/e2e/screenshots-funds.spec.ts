import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { userRecordTypes } from '@wallx/shared';
import { en_US } from './catalog';
import { dressBalance, login, setFundPasswordByApi } from './helpers';
import { installWallet } from './wallet';
import { reviewRow, reviewSheet, routeRecipients } from './funds';
import { catalogsByLanguage, shoot, toastGone } from './screenshot';

/** A recipient's address in mixed case, as wallets checksum them: the review shows it whole. */
const reviewedRecipient = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

/**
 * Lists as they look with content: every record type, both directions, fixed dates, so the pictures
 * stay the same from run to run. Real transfers and their records are tested in funds-*.spec.ts; here
 * the list answers are made up, in the server's exact shape.
 */
async function fillFundLists(page: Page) {
  const addresses = ['0x8ba1f109551bd432803012645ac136ddd64dba72', '0xab5801a7d398351b8be11c439e05c5b3259aec9b'];
  const at = (minutes: number) => new Date(Date.UTC(2025, 4, 20, 9, 30) - minutes * 60_000).toISOString();
  const transfers = Array.from({ length: 8 }, (_, n) => ({
    id: String(100 - n),
    direction: n % 3 === 0 ? 'in' : 'out',
    counterpart: addresses[n % 2],
    asset: n % 2 === 0 ? 'USDT' : 'WALLX',
    amount: ['250', '1200', '35', '1000000', '8', '64', '3', '15000'][n],
    created_at: at(n * 97),
  }));
  const outgoing = new Set([
    'withdrawal',
    'withdrawal_fee',
    'transfer_out',
    'buy_miner',
    'mtrade_buy',
    'mtrade_fee',
    'c2c_escrow',
    'c2c_buy',
    'c2c_fee',
  ]);
  // The check-in rewards and prizes are WALLX (issue 47).
  const wellbeing = new Set(['checkin_reward', 'streak_bonus', 'leaderboard_prize', 'rewards_funding']);
  const records = userRecordTypes.map((type, n) => ({
    id: String(500 - n),
    type,
    asset: type.startsWith('c2c') || type === 'mining_output' || wellbeing.has(type) ? 'WALLX' : 'USDT',
    amount: `${outgoing.has(type) ? '-' : ''}${['1000', '20', '1.5', '21.5', '300', '120', '500', '12.345678', '480', '520', '5.2', '2000', '2000', '310.5', '310.5', '3.1', '1', '5', '50', '100'][n]}`,
    balance_after: [
      '1000',
      '980',
      '978.5',
      '1000',
      '1300',
      '1180',
      '680',
      '12.345678',
      '200',
      '720',
      '714.8',
      '0',
      '2000',
      '403.9',
      '714.4',
      '711.3',
      '1',
      '6',
      '56',
      '156',
    ][n],
    ref_type: type,
    ref_id: String(n + 1),
    created_at: at(n * 53),
  }));
  const page_ = (items: unknown[]) => ({ code: 0, message: 'ok', data: { items, next_cursor: null } });
  await page.route(
    (url) => url.pathname === '/api/funds/transfers',
    (route) => route.fulfill({ json: page_(transfers) }),
  );
  await page.route(
    (url) => url.pathname === '/api/funds/records',
    (route) => {
      const query = new URL(route.request().url()).searchParams;
      const items = records.filter(
        (r) =>
          (!query.get('type') || r.type === query.get('type')) &&
          (!query.get('asset') || r.asset === query.get('asset')),
      );
      return route.fulfill({ json: page_(items) });
    },
  );
}

for (const language of ['en_US', 'zh_CN'] as const) {
  const t = catalogsByLanguage[language];

  test(`screenshots of the funds screens in ${language}`, async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);

    await page.goto('/fpassword');
    await expect(page.getByRole('heading', { name: t.funds.fpassword_set_title })).toBeVisible();
    await shoot(page, `${language}-fpassword`);
    await page.locator('#password').fill('abc');
    await page.locator('#confirm').fill('abd');
    await page.getByRole('button', { name: t.funds.set_submit }).click();
    await expect(page.getByText(t.errors.fund_password_mismatch)).toBeVisible();
    await shoot(page, `${language}-fpassword-errors`);

    await setFundPasswordByApi(page, 'secret1');
    await page.goto('/fpassword');
    await expect(page.getByRole('heading', { name: t.funds.fpassword_change_title })).toBeVisible();
    await shoot(page, `${language}-fpassword-change`);
    // The reset of a forgotten password, signed by the wallet, and the hold it starts.
    await page.getByRole('link', { name: t.funds.forgot_password }).click();
    await expect(page.getByRole('heading', { name: t.funds.reset_title })).toBeVisible();
    await page.locator('#password').fill('secret2');
    await page.locator('#confirm').fill('secret2');
    await page.getByRole('button', { name: t.funds.reset_submit }).click();
    await expect(page.getByTestId('reset-hold')).toBeVisible();
    await toastGone(page);
    await shoot(page, `${language}-fpassword-reset`);

    await page.goto('/transfer_records');
    await expect(page.getByRole('heading', { name: t.funds.empty_transfers })).toBeVisible();
    await shoot(page, `${language}-transfer-records-empty`);
    await page.goto('/records');
    await expect(page.getByRole('heading', { name: t.funds.empty_records })).toBeVisible();
    await shoot(page, `${language}-records-empty`);

    await dressBalance(page, { usdt: '1234.56', wallx: '98765432.123456789' });
    await routeRecipients(page, [
      '0xab5801a7d398351b8be11c439e05c5b3259aec9b',
      '0x8ba1f109551bd432803012645ac136ddd64dba72',
    ]);
    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('1,234.56');
    await expect(page.locator('.recipient-recent__chip')).toHaveCount(2);
    await shoot(page, `${language}-transfer`);
    await page.locator('#to').fill(wallet.address);
    await page.locator('#amount').fill('12.5');
    await page.getByRole('button', { name: t.funds.transfer_review }).click();
    await expect(page.getByText(t.errors.transfer_to_self)).toBeVisible();
    await shoot(page, `${language}-transfer-errors`);

    // The review sheet of a valid form: the whole address, the amount, the fee, what arrives.
    await page.locator('#to').fill(reviewedRecipient);
    await page.locator('#amount').fill('1200');
    await page.locator('#fund_password').fill('secret1');
    await page.getByRole('button', { name: t.funds.transfer_review }).click();
    await expect(reviewRow(page, 'address')).toHaveText(reviewedRecipient);
    await expect(reviewRow(page, 'arrives')).toHaveText('1,200 USDT');
    await shoot(page, `${language}-transfer-review`);
    await reviewSheet(page).getByRole('button', { name: t.common.back }).click();
    await expect(reviewSheet(page)).toBeHidden();

    await fillFundLists(page);
    await page.goto('/transfer_records');
    await expect(page.locator('.record')).toHaveCount(8);
    await shoot(page, `${language}-transfer-records`);
    await page.goto('/records');
    await expect(page.locator('.record')).toHaveCount(userRecordTypes.length);
    await shoot(page, `${language}-records`);
    await page.locator('.filter-button').click();
    await expect(page.getByRole('dialog', { name: t.funds.filter_type })).toBeVisible();
    await shoot(page, `${language}-records-type-sheet`);
  });
}

for (const language of ['ko_KR', 'ja_JP', 'id_ID'] as const) {
  test(`screenshots of the funds screens in ${language}`, async ({ page }) => {
    const t = catalogsByLanguage[language];
    const wallet = await installWallet(page);
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    await dressBalance(page, { usdt: '1234.56', wallx: '98765432.123456789' });
    await fillFundLists(page);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);

    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('1,234.56');
    await page.locator('#to').fill('0x12');
    await page.locator('#amount').fill('99999');
    await page.getByRole('button', { name: t.funds.transfer_review }).click();
    await expect(page.getByText(t.errors.insufficient_usdt)).toBeVisible();
    await shoot(page, `${language}-transfer-errors`);

    await page.goto('/fpassword');
    await expect(page.getByRole('heading', { name: t.funds.fpassword_change_title })).toBeVisible();
    await shoot(page, `${language}-fpassword-change`);

    await page.goto('/records');
    await expect(page.locator('.record')).toHaveCount(userRecordTypes.length);
    await shoot(page, `${language}-records`);
    await page.locator('.filter-button').click();
    await page
      .getByRole('dialog', { name: t.funds.filter_type })
      .getByRole('radio', { name: t.funds.type.withdrawal_refund })
      .click();
    await expect(page.locator('.record')).toHaveCount(1);
    await shoot(page, `${language}-records-filtered`);
    await page.locator('.filter-button').click();
    await expect(page.getByRole('dialog', { name: t.funds.filter_type })).toBeVisible();
    await shoot(page, `${language}-records-type-sheet`);

    await page.goto('/transfer_records');
    await expect(page.locator('.record')).toHaveCount(8);
    await shoot(page, `${language}-transfer-records`);
  });
}

test('screenshots of the funds loading skeleton and the set-a-fund-password notice', async ({ page }) => {
  const wallet = await installWallet(page);
  await login(page, wallet);

  await page.goto('/transfer');
  await expect(page).toHaveURL('/fpassword');
  await expect(page.getByText(en_US.funds.fpassword_required)).toBeVisible();
  await toastGone(page);
  await shoot(page, 'en_US-fpassword-from-transfer');

  // Hold the first page so the skeleton stays.
  await page.route(
    (url) => url.pathname === '/api/funds/records',
    () => undefined,
  );
  await page.goto('/records');
  await expect(page.getByTestId('record-skeleton')).toBeVisible();
  await shoot(page, 'en_US-records-loading');
});
