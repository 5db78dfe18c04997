import { expect, test } from './test';
import { type Language } from '@wallx/shared';
import { en_US } from './catalog';
import { zh_CN } from './catalog';
import { connectDialog, login, waitForApp } from './helpers';
import { installWallet } from './wallet';
import { shoot, toastGone } from './screenshot';

const catalogs = { en_US, zh_CN } as const;

for (const language of Object.keys(catalogs) as Array<keyof typeof catalogs & Language>) {
  const t = catalogs[language];

  test(`screenshots in ${language}`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    const wallet = await installWallet(page);

    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByText(t.home.tagline, { exact: true })).toBeVisible();
    await shoot(page, `${language}-home`);
    await shoot(page, `${language}-home-full`, true);

    await page.locator('.home__header').getByRole('button', { name: t.auth.connect_button }).click();
    const dialog = connectDialog(page, t.auth.connect_title);
    await expect(dialog).toBeVisible();
    await shoot(page, `${language}-connect-dialog`);

    await dialog.getByRole('button', { name: t.auth.connect_button }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('navigation').getByRole('link', { name: t.nav.me, exact: true }).click();
    await expect(page.locator('.profile__address')).toHaveAttribute('title', wallet.address);
    await toastGone(page);
    await shoot(page, `${language}-user`);
    await shoot(page, `${language}-user-full`, true);

    await page.getByRole('button', { name: t.user.language }).click();
    await expect(page.getByRole('option', { name: 'English' })).toBeVisible();
    await shoot(page, `${language}-language-sheet`);
  });
}

test('screenshot of the expired-session dialog', async ({ page }) => {
  await installWallet(page);
  await page.addInitScript(() =>
    localStorage.setItem(
      'wallx_user',
      JSON.stringify({
        userinfo: {
          bsc: '0x00000000000000000000000000000000000000aa',
          is_validator: false,
          share_code: 'X',
          inviter: null,
          is_frozen: false,
          created_at: '',
        },
        token: { access_token: 'bad', refresh_token: 'bad' },
        balance: { usdt: '0', wallx: '0' },
      }),
    ),
  );
  await page.goto('/user');
  await expect(connectDialog(page).getByText(en_US.auth.logged_out)).toBeVisible();
  await shoot(page, 'en_US-connect-dialog-expired');
});

test('screenshot of a frozen validator account', async ({ page }) => {
  const wallet = await installWallet(page);
  // The server has no way yet to make an account a validator or freeze it: dress the real answer.
  await page.route('**/api/user/info', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { userinfo: Record<string, unknown>; balance: Record<string, string> };
    };
    body.data.userinfo = { ...body.data.userinfo, is_validator: true, is_frozen: true };
    body.data.balance = { usdt: '1234567.891', wallx: '98765432.123456789' };
    await route.fulfill({ response, json: body });
  });
  await login(page, wallet);
  await page.goto('/user');
  await expect(page.getByText(en_US.user.frozen)).toBeVisible();
  await expect(page.getByText(en_US.user.validator_entry)).toBeVisible();
  await expect(page.locator('[data-asset="USDT"]')).toHaveText('1,234,567.89');
  await expect(page.locator('[data-asset="WALLX"]')).toHaveText('98,765,432.12');
  await shoot(page, 'en_US-user-validator-frozen', true);
});

// One test per language: a short test that a busy machine finishes well inside its time.
for (const language of ['ko_KR', 'ja_JP', 'id_ID'] as const) {
  test(`screenshot of home in ${language}`, async ({ page }) => {
    await installWallet(page);
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    await page.goto('/');
    await waitForApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language.replace('_', '-'));
    await shoot(page, `${language}-home`);
  });
}
