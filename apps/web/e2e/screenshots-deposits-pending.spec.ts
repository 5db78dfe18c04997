import { expect, test } from './test';
import { fill } from './catalog';
import { login } from './helpers';
import { catalogsByLanguage, shoot } from './screenshot';
import { installWallet } from './wallet';

/** Deposits confirming, as the server lists them since decision 126: with their amounts, n/N. */
const hash = (n: number) => `0x${n.toString(16).padStart(2, '0').repeat(32)}`;
const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const deposits = [
  { tx_hash: hash(1), asset: 'USDT', status: 'confirming', amount: '42', confirmations: 3, required_confirmations: 15 },
  {
    tx_hash: hash(2),
    asset: 'WALLX',
    status: 'confirming',
    amount: '1250.5',
    confirmations: 11,
    required_confirmations: 15,
  },
  { tx_hash: hash(3), asset: 'USDT', status: 'credited', amount: '100', confirmations: 15, required_confirmations: 15 },
].map((d, n) => ({ ...d, reason: null, reported_at: at(n * 7) }));

for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
  const t = catalogsByLanguage[language];

  test(`screenshots of deposits confirming with their amounts in ${language}`, async ({ page }) => {
    await login(page, await installWallet(page));
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    await page.route(
      (url) => url.pathname === '/api/funds/recharges',
      (route) => route.fulfill({ json: { code: 0, message: 'ok', data: { items: deposits, next_cursor: null } } }),
    );
    await page.goto('/recharge');
    const first = page.locator(`.chain-item[data-tx="${hash(1)}"]`);
    await expect(first.locator('[data-status="confirming"]')).toHaveText(
      fill(t.chain.confirming, { count: 3, total: 15 }),
    );
    await expect(first.locator('.chain-item__amount')).toHaveText('+42 USDT');
    await first.scrollIntoViewIfNeeded();
    await shoot(page, `${language}-deposits-confirming`, true);
  });
}
