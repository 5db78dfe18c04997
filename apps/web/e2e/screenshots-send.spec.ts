import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { langText } from '@wallx/shared';
import { expect, test } from './test';
import { authOf, dressBalance, login, setFundPasswordByApi } from './helpers';
import { installWallet } from './wallet';
import { routeRecipients } from './funds';
import { catalogsByLanguage, shoot, toastGone } from './screenshot';

/**
 * Sending things (issue 45, items 7 and 8), in the languages whose words run longest or differ most:
 * the recipient field (recent recipients, the check's refusal, the scanner without a camera) and the
 * pick-up sheet that asks only for a region. The holding is made up; regions, points and the
 * recipient check's refusal are the server's.
 */
for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
  test(`screenshots of recipient fields and the pick-up sheet in ${language}`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = catalogsByLanguage[language];
    const wallet = await installWallet(page);
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    await dressBalance(page, { usdt: '1234.56', wallx: '98765432.123456789' });
    const recipients = await routeRecipients(page, [
      '0xab5801a7d398351b8be11c439e05c5b3259aec9b',
      '0x8ba1f109551bd432803012645ac136ddd64dba72',
    ]);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);

    await page.goto('/transfer');
    await expect(page.locator('.recipient-recent__chip')).toHaveCount(2);
    await shoot(page, `${language}-send-transfer-recent`);

    // The server's own refusal of an address that never signed in, before any review.
    await recipients.realCheck();
    await page.locator('#to').fill(privateKeyToAccount(generatePrivateKey()).address);
    await page.locator('#amount').fill('12');
    await page.locator('#fund_password').fill('secret1');
    await page.getByRole('button', { name: t.funds.transfer_review }).click();
    await expect(page.locator('#to-message')).toHaveText(t.errors.invalid_wallet_account);
    await shoot(page, `${language}-send-transfer-refused-toast`);
    await toastGone(page);
    await shoot(page, `${language}-send-transfer-refused`);

    // The scanner, in the headless shell that has no camera: it says so, in the words of addresses.
    await page.getByRole('button', { name: t.funds.scan_address }).click();
    const scan = page.getByRole('dialog', { name: t.funds.scan_address_title });
    await expect(scan.getByRole('alert')).toBeVisible();
    await shoot(page, `${language}-send-scan-no-camera`);
    await scan.getByRole('button', { name: t.common.close }).click();

    // Pick-up: a held Home Miner (made up), no address; the region is asked for in the sheet.
    const headers = await authOf(page);
    const products = (await (await page.request.get('/api/miners/products?category=machine', { headers })).json()).data
      .items as Array<{ id: string; name: string; image: string }>;
    const home = products.find((p) => langText(p.name, 'en_US') === 'WX-M1 Home Miner')!;
    await page.route(
      (url) => url.pathname === '/api/shipping/holdings',
      (route) =>
        route.fulfill({
          json: {
            code: 0,
            message: 'ok',
            data: {
              items: [
                {
                  kind: 'order',
                  id: '9001',
                  product: { id: home.id, name: home.name, image: home.image },
                  machine_no: null,
                  pickup_from: '2025-01-01T00:00:00.000Z',
                },
              ],
              requested: false,
            },
          },
        }),
    );
    const names = await page.evaluate(
      (lang) => {
        const regions = new Intl.DisplayNames([lang], { type: 'region' });
        return { china: regions.of('CN')! };
      },
      language.replace('_', '-'),
    );
    const isChinese = language === 'zh_CN';
    const province = { guangdong: isChinese ? '广东省' : 'Guangdong', beijing: isChinese ? '北京市' : 'Beijing' };
    const s = t.shipping;
    await page.goto('/shipping');
    await page.locator('.holding-card').getByRole('button', { name: s.pick_up }).click();
    const sheet = page.getByRole('dialog', { name: s.pickup_title });
    await expect(sheet.getByText(s.pickup_region_hint)).toBeVisible();
    await shoot(page, `${language}-send-pickup-region`);
    const pickRegion = async (country: string, provinceName: string) => {
      await sheet.getByRole('button', { name: new RegExp(s.pickup_region) }).click();
      const countries = page.getByRole('dialog', { name: s.choose_country });
      if (!(await countries.isVisible())) await page.getByRole('button', { name: new RegExp(s.all_countries) }).click();
      await countries.getByRole('option', { name: country }).click();
      await page.getByRole('dialog', { name: s.choose_province }).getByRole('option', { name: provinceName }).click();
    };
    await pickRegion(names.china, province.beijing);
    await expect(sheet.getByTestId('pickup-points-none')).toBeVisible();
    await shoot(page, `${language}-send-pickup-no-point`);
    await pickRegion(names.china, province.guangdong);
    await expect(sheet.getByRole('radio')).not.toHaveCount(0);
    await sheet.locator('#fund_password').fill('secret1');
    await shoot(page, `${language}-send-pickup-points`);
  });
}
