import type { Page } from '@playwright/test';
import { formatNumber, shortAddress, type Language } from '@wallx/shared';
import { en_US as en_aid } from '@wallx/shared/i18n/aidFund/en_US';
import { zh_CN as zh_aid } from '@wallx/shared/i18n/aidFund/zh_CN';
import { en_US as en_staking } from '@wallx/shared/i18n/staking/en_US';
import { zh_CN as zh_staking } from '@wallx/shared/i18n/staking/zh_CN';
import { expect, test } from './test';
import { deposit, depositConfig, fundedAccount } from './chain';
import { field, serverBalance } from './funds';
import { authOf, login, setFundPasswordByApi, waitForApp } from './helpers';
import { shoot, toastGone } from './screenshot';
import { installWallet } from './wallet';

const texts = {
  en_US: { aid: en_aid.aidFund, staking: en_staking.staking },
  zh_CN: { aid: zh_aid.aidFund, staking: zh_staking.staking },
} as const;

/** A new user holding `wallx` WALLX by a real deposit from its own wallet, with fund password secret1. */
async function donorWith(page: Page, wallx: string, language: Language): Promise<string> {
  await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
  const config = await depositConfig(page.request);
  const account = await fundedAccount(config, { WALLX: wallx });
  const wallet = await installWallet(page, { accounts: [account] });
  await login(page, wallet);
  await deposit(page, account, config, 'WALLX', wallx);
  await setFundPasswordByApi(page, 'secret1');
  return wallet.address;
}

for (const language of ['en_US', 'zh_CN'] as const) {
  const { aid, staking } = texts[language];

  test(`a guest opens /aid-fund and sees its figures and a way to connect, not a donate button (${language})`, async ({
    page,
  }) => {
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    await page.goto('/aid-fund');
    await waitForApp(page);
    await expect(page).toHaveURL(/\/aid-fund$/);
    await expect(page.getByRole('heading', { name: aid.title })).toBeVisible();
    await expect(page.getByTestId('balance-wallx')).toBeVisible();
    await expect(page.getByTestId('balance-usdt')).toBeVisible();
    await expect(page.getByText(aid.guest_prompt)).toBeVisible();
    await expect(page.getByRole('button', { name: aid.donate, exact: true })).toHaveCount(0);
    await shoot(page, `${language}-aid-fund-guest`, true);
  });

  test(`donates 12.5 WALLX from /stake's link to the aid fund, shown by address, and sees it on the page (${language})`, async ({
    page,
  }) => {
    const address = await donorWith(page, '100', language);
    const auth = await authOf(page);

    await page.goto('/stake');
    // The default aid share (AID_FUND_SHARE 0.1) is what the link names.
    await page.getByRole('link', { name: new RegExp(staking.aid_link.replace('{{percent}}', '10')) }).click();
    await expect(page).toHaveURL(/\/aid-fund$/);
    await expect(page.getByTestId('balance-wallx')).toBeVisible();

    await page.getByRole('button', { name: aid.donate, exact: true }).click();
    const sheet = page.locator('.bottom-sheet.is-open');
    await expect(sheet.getByRole('radio', { name: /WALLX/ })).toHaveAttribute('aria-checked', 'true');
    await field(page, 'amount').fill('12.5');
    await sheet.getByRole('checkbox', { name: aid.show_me }).check();
    await field(page, 'fund_password').fill('secret1');
    await shoot(page, `${language}-aid-fund-donate-sheet`);
    await sheet.getByRole('button', { name: aid.donate, exact: true }).click();
    await expect(sheet).toHaveCount(0);

    // The donation's own row: this donor's short address and the amount, newest first.
    const mine = page
      .getByTestId('donations')
      .locator('li')
      .filter({ hasText: new RegExp(shortAddress(address).replace(/\./g, '\\.'), 'i') });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(formatNumber('12.5'));
    expect((await serverBalance(page, auth)).wallx).toBe('87.5');
    await toastGone(page);
    await shoot(page, `${language}-aid-fund-donated`, true);
  });
}
