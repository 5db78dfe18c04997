import { shortAddress } from '@wallx/shared';
import { expect, test } from './test';
import { fill } from './catalog';
import { deposit, depositConfig, fundedAccount } from './chain';
import { authOf, login, newPhoneContext, setFundPasswordByApi } from './helpers';
import { catalogsByLanguage, shoot } from './screenshot';
import { installWallet } from './wallet';

test('screenshots of money received: the toast and the inbox in English, Chinese and Indonesian', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const config = await depositConfig(page.request);
  const aWallet = await installWallet(page, { accountCount: 1 });
  await login(page, aWallet);

  const bContext = await newPhoneContext(browser);
  const b = await bContext.newPage();
  const bAccount = await fundedAccount(config, { USDT: '30' });
  await login(b, await installWallet(b, { accounts: [bAccount] }));
  await deposit(b, bAccount, config, 'USDT', '30');
  await setFundPasswordByApi(b, 'secret1');

  for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
    const t = catalogsByLanguage[language];
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
    await page.goto('/user');
    await opened;
    const sent = await b.request.post('/api/funds/transfer', {
      headers: await authOf(b),
      data: { to: aWallet.address, asset: 'USDT', amount: '10', fund_password: 'secret1' },
    });
    expect(await sent.json()).toMatchObject({ code: 0 });
    const told = fill(t.notices.received_from, {
      amount: '10',
      asset: 'USDT',
      from: shortAddress(bAccount.address.toLowerCase()),
    });
    await expect(page.locator('.adm-toast-main').filter({ hasText: told })).toBeVisible();
    await shoot(page, `${language}-money-received-toast`);
    await page.goto('/notices');
    await expect(page.getByRole('list', { name: t.notices.list }).getByRole('link').first()).toContainText(told);
    await shoot(page, `${language}-money-received-notices`);
  }
  await bContext.close();
});
