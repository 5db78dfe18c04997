import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { dressBalance, login, setFundPasswordByApi } from './helpers';
import { installWallet } from './wallet';
import { reviewRow, reviewSheet } from './funds';
import { catalogsByLanguage, shoot } from './screenshot';

/** The deposit and withdrawal lists as they look with content, in the server's exact shape. */
async function fillChainLists(page: Page) {
  const at = (minutes: number) => new Date(Date.UTC(2025, 4, 20, 9, 30) - minutes * 60_000).toISOString();
  const hash = (n: number) => `0x${n.toString(16).padStart(2, '0').repeat(32)}`;
  const deposits = (['confirming', 'credited', 'credited', 'invalid', 'failed'] as const).map((status, n) => ({
    tx_hash: hash(n + 1),
    asset: n % 2 === 0 ? 'USDT' : 'WALLX',
    status,
    amount: status === 'credited' ? ['', '1500', '20.5'][n] : null,
    confirmations: status === 'confirming' ? 1 : status === 'credited' ? 2 : 0,
    required_confirmations: 2,
    reason: status === 'invalid' ? 'other_sender' : status === 'failed' ? 'reverted' : null,
    reported_at: at(n * 131),
  }));
  const withdrawals = (['pending_review', 'broadcast', 'completed', 'refunded', 'rejected'] as const).map(
    (status, n) => ({
      id: String(50 - n),
      asset: n % 2 === 0 ? 'USDT' : 'WALLX',
      amount: ['500', '1000', '20', '30', '12000'][n],
      fee: n % 2 === 0 ? '1' : '5',
      to_address: '0x8ba1f109551bd432803012645ac136ddd64dba72',
      status,
      tx_hash: status === 'broadcast' || status === 'completed' ? hash(n + 10) : null,
      created_at: at(n * 97),
      updated_at: at(n * 97),
    }),
  );
  await page.route(
    (url) => url.pathname === '/api/funds/recharges',
    (route) => route.fulfill({ json: { code: 0, message: 'ok', data: { items: deposits, next_cursor: null } } }),
  );
  await page.route(
    (url) => url.pathname === '/api/funds/withdrawals',
    (route) => route.fulfill({ json: { code: 0, message: 'ok', data: { items: withdrawals, next_cursor: null } } }),
  );
}

for (const language of ['en_US', 'zh_CN'] as const) {
  const t = catalogsByLanguage[language];

  test(`screenshots of deposit and withdrawal in ${language}`, async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    await setFundPasswordByApi(page, 'secret1');
    await dressBalance(page, { usdt: '1234.56', wallx: '98765432.123456789' });

    await page.goto('/recharge');
    await expect(page.getByText(t.chain.empty_deposits)).toBeVisible();
    await shoot(page, `${language}-deposit-empty`);

    await page.goto('/withdrawal');
    await expect(page.getByText(t.chain.empty_withdrawals)).toBeVisible();
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('1,234.56');
    await page.locator('#amount').fill('15');
    await page.getByRole('button', { name: t.chain.withdraw_review }).click();
    await expect(page.getByText(t.errors.withdrawal_not_multiple)).toBeVisible();
    await shoot(page, `${language}-withdrawal-errors`);

    await fillChainLists(page);
    await page.goto('/withdrawal');
    await expect(page.locator('.chain-item')).toHaveCount(5);
    await page.locator('#amount').fill('100');
    await shoot(page, `${language}-withdrawal`);
    await shoot(page, `${language}-withdrawal-full`, true);
    // The review sheet of a valid form: the whole address, network, amount, fee, total and what arrives.
    await page.locator('#fund_password').fill('secret1');
    await page.getByRole('button', { name: t.chain.withdraw_review }).click();
    await expect(reviewRow(page, 'address')).toHaveText(wallet.address);
    await expect(reviewRow(page, 'arrives')).toHaveText('100 USDT');
    await shoot(page, `${language}-withdrawal-review`);
    await reviewSheet(page).getByRole('button', { name: t.common.back }).click();
    await expect(reviewSheet(page)).toBeHidden();
    // The one awaiting review offers Cancel, and asks first.
    await page.getByRole('button', { name: new RegExp(`^${t.chain.cancel_withdrawal_yes}`) }).click();
    await expect(page.getByText(/500 USDT/).last()).toBeVisible();
    // The dialog fades in by a spring, not a CSS animation: wait until it is fully there.
    await expect(page.locator('.adm-center-popup-wrap')).toHaveCSS('opacity', '1');
    await expect(page.locator('.adm-dialog-mask .adm-mask, .adm-center-popup-mask').first()).toHaveCSS('opacity', '1');
    await shoot(page, `${language}-withdrawal-cancel-confirm`);
    await page.getByRole('button', { name: t.chain.cancel_withdrawal_keep }).click();

    // A transaction just sent, waiting for its confirmations: the wallet and the server are stood in for.
    await page.addInitScript(() => {
      const provider = (window as unknown as { ethereum: { request: (a: { method: string }) => Promise<unknown> } })
        .ethereum;
      const request = provider.request.bind(provider);
      provider.request = async (args) => {
        if (args.method === 'eth_sendTransaction') return `0x${'ab'.repeat(32)}`;
        if (args.method.startsWith('wallet_')) return null;
        return request(args);
      };
    });
    await page.route(
      (url) => url.pathname === '/api/funds/recharge',
      (route) =>
        route.fulfill({
          json: {
            code: 0,
            message: 'ok',
            data: {
              tx_hash: `0x${'ab'.repeat(32)}`,
              asset: 'USDT',
              status: 'confirming',
              amount: null,
              confirmations: 1,
              required_confirmations: 2,
              reason: null,
              reported_at: new Date().toISOString(),
            },
          },
        }),
    );
    await page.goto('/recharge');
    await expect(page.locator('.chain-item')).toHaveCount(5);
    await page.locator('#amount').fill('100');
    await shoot(page, `${language}-deposit`);
    await page.getByRole('button', { name: t.chain.deposit_submit }).click();
    await expect(page.getByTestId('deposit-status')).toHaveText(
      t.chain.confirming.replace('{{count}}', '1').replace('{{total}}', '2'),
    );
    await shoot(page, `${language}-deposit-pending`);
    await shoot(page, `${language}-deposit-full`, true);
  });
}
