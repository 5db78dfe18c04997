import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { fundRecordTypes, type Language } from '@wallx/shared';
import { en_US } from './catalog';
import { id_ID } from './catalog';
import { ja_JP } from './catalog';
import { ko_KR } from './catalog';
import { zh_CN } from './catalog';
import { connectDialog, dressBalance, login, setFundPasswordByApi, waitForApp } from './helpers';
import { installWallet } from './wallet';

const outDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const catalogs = { en_US, zh_CN } as const;

async function shoot(page: Page, name: string, fullPage = false) {
  // Let entrance animations and fonts settle.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage });
}

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

    await page.locator('.home__header').getByRole('button', { name: t.wallet.connect_button }).click();
    const dialog = connectDialog(page, t.wallet.connect_title);
    await expect(dialog).toBeVisible();
    await shoot(page, `${language}-connect-dialog`);

    await dialog.getByRole('button', { name: t.wallet.connect_button }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('navigation').getByRole('link', { name: t.nav.me, exact: true }).click();
    await expect(page.locator('.profile__address')).toHaveAttribute('title', wallet.address);
    await page.waitForTimeout(2200); // the login toast fades
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
        userinfo: { bsc: '0x00000000000000000000000000000000000000aa', is_validator: false, share_code: 'X', inviter: null, is_frozen: false, created_at: '' },
        token: { access_token: 'bad', refresh_token: 'bad' },
        balance: { usdt: '0', wallx: '0' },
      }),
    ),
  );
  await page.goto('/user');
  await expect(connectDialog(page).getByText(en_US.wallet.logged_out)).toBeVisible();
  await shoot(page, 'en_US-connect-dialog-expired');
});

test('screenshot of a frozen validator account', async ({ page }) => {
  const wallet = await installWallet(page);
  // The server has no way yet to make an account a validator or freeze it: dress the real answer.
  await page.route('**/api/user/info', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { userinfo: Record<string, unknown>; balance: Record<string, string> } };
    body.data.userinfo = { ...body.data.userinfo, is_validator: true, is_frozen: true };
    body.data.balance = { usdt: '1234567.891', wallx: '98765432.123456789' };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/');
  await page.locator('.home__header').getByRole('button', { name: en_US.wallet.connect_button }).click();
  await connectDialog(page).getByRole('button', { name: en_US.wallet.connect_button }).click();
  await page.getByRole('navigation').getByRole('link', { name: en_US.nav.me, exact: true }).click();
  await expect(page.getByText(en_US.user.frozen)).toBeVisible();
  await expect(page.getByText(en_US.user.validator_entry)).toBeVisible();
  await expect(page.locator('[data-asset="USDT"]')).toHaveText('1,234,567.89');
  await expect(page.locator('[data-asset="WALLX"]')).toHaveText('98,765,432.12');
  expect(wallet.address).toBeTruthy();
  await page.waitForTimeout(2200);
  await shoot(page, 'en_US-user-validator-frozen', true);
});

test('screenshots of home in the other languages', async ({ page }) => {
  await installWallet(page);
  for (const language of ['ko_KR', 'ja_JP', 'id_ID'] as const) {
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language).catch(() => undefined);
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    await page.goto('/');
    await waitForApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language.replace('_', '-'));
    await shoot(page, `${language}-home`);
  }
});

/**
 * Lists as they look with content. Balances only enter from the chain (a later issue), so no real
 * transfer can be made yet: the list answers are made up here, in the server's exact shape.
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
  const outgoing = new Set(['withdraw', 'withdraw_fee', 'transfer_out', 'buy_miner', 'mtrade_buy', 'mtrade_fee', 'c2c_escrow', 'c2c_buy', 'c2c_fee']);
  const records = fundRecordTypes.map((type, n) => ({
    id: String(500 - n),
    type,
    asset: type.startsWith('c2c') || type === 'mining_output' ? 'WALLX' : 'USDT',
    amount: `${outgoing.has(type) ? '-' : ''}${['1000', '20', '1.5', '21.5', '300', '120', '500', '12.345678', '480', '520', '5.2', '2000', '2000', '310.5', '310.5', '3.1'][n]}`,
    balance_after: ['1000', '980', '978.5', '1000', '1300', '1180', '680', '12.345678', '200', '720', '714.8', '0', '2000', '403.9', '714.4', '711.3'][n],
    ref_type: type,
    ref_id: String(n + 1),
    created_at: at(n * 53),
  }));
  const page_ = (items: unknown[]) => ({ code: 0, message: 'ok', data: { items, next_cursor: null } });
  await page.route((url) => url.pathname === '/api/funds/transfers', (route) => route.fulfill({ json: page_(transfers) }));
  await page.route(
    (url) => url.pathname === '/api/funds/records',
    (route) => {
      const query = new URL(route.request().url()).searchParams;
      const items = records.filter((r) => (!query.get('type') || r.type === query.get('type')) && (!query.get('asset') || r.asset === query.get('asset')));
      return route.fulfill({ json: page_(items) });
    },
  );
}

const funds = { en_US, zh_CN, ko_KR, ja_JP, id_ID } as const;

for (const language of ['en_US', 'zh_CN'] as const) {
  const t = funds[language];

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

    await page.goto('/transfer_records');
    await expect(page.getByRole('heading', { name: t.funds.empty_transfers })).toBeVisible();
    await shoot(page, `${language}-transfer-records-empty`);
    await page.goto('/records');
    await expect(page.getByRole('heading', { name: t.funds.empty_records })).toBeVisible();
    await shoot(page, `${language}-records-empty`);

    await dressBalance(page, { usdt: '1234.56', wallx: '98765432.123456789' });
    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('1,234.56');
    await shoot(page, `${language}-transfer`);
    await page.locator('#to').fill(wallet.address);
    await page.locator('#amount').fill('12.5');
    await page.getByRole('button', { name: t.funds.transfer_submit }).click();
    await expect(page.getByText(t.errors.transfer_to_self)).toBeVisible();
    await shoot(page, `${language}-transfer-errors`);

    await fillFundLists(page);
    await page.goto('/transfer_records');
    await expect(page.locator('.record')).toHaveCount(8);
    await shoot(page, `${language}-transfer-records`);
    await page.goto('/records');
    await expect(page.locator('.record')).toHaveCount(16);
    await shoot(page, `${language}-records`);
    await page.locator('.filter-button').click();
    await expect(page.getByRole('dialog', { name: t.funds.filter_type })).toBeVisible();
    await shoot(page, `${language}-records-type-sheet`);
  });
}

test('screenshots of the funds screens in Korean, Japanese and Indonesian', async ({ page }) => {
  const wallet = await installWallet(page);
  await login(page, wallet);
  await setFundPasswordByApi(page, 'secret1');
  await dressBalance(page, { usdt: '1234.56', wallx: '98765432.123456789' });
  await fillFundLists(page);
  for (const language of ['ko_KR', 'ja_JP', 'id_ID'] as const) {
    const t = funds[language];
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);

    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('1,234.56');
    await page.locator('#to').fill('0x12');
    await page.locator('#amount').fill('99999');
    await page.getByRole('button', { name: t.funds.transfer_submit }).click();
    await expect(page.getByText(t.errors.insufficient_usdt)).toBeVisible();
    await shoot(page, `${language}-transfer-errors`);

    await page.goto('/fpassword');
    await expect(page.getByRole('heading', { name: t.funds.fpassword_change_title })).toBeVisible();
    await shoot(page, `${language}-fpassword-change`);

    await page.goto('/records');
    await expect(page.locator('.record')).toHaveCount(16);
    await shoot(page, `${language}-records`);
    await page.locator('.filter-button').click();
    await page.getByRole('dialog', { name: t.funds.filter_type }).getByRole('radio', { name: t.funds.type.withdraw_refund }).click();
    await expect(page.locator('.record')).toHaveCount(1);
    await shoot(page, `${language}-records-filtered`);
    await page.locator('.filter-button').click();
    await expect(page.getByRole('dialog', { name: t.funds.filter_type })).toBeVisible();
    await shoot(page, `${language}-records-type-sheet`);

    await page.goto('/transfer_records');
    await expect(page.locator('.record')).toHaveCount(8);
    await shoot(page, `${language}-transfer-records`);
  }
});

test('screenshots of the funds loading skeleton and the set-a-fund-password notice', async ({ page }) => {
  const wallet = await installWallet(page);
  await login(page, wallet);

  await page.goto('/transfer');
  await expect(page).toHaveURL('/fpassword');
  await expect(page.getByText(en_US.funds.fpassword_required)).toBeVisible();
  await page.waitForTimeout(2200); // the toast fades
  await shoot(page, 'en_US-fpassword-from-transfer');

  // Hold the first page so the skeleton stays.
  await page.route((url) => url.pathname === '/api/funds/records', () => undefined);
  await page.goto('/records');
  await expect(page.getByTestId('record-skeleton')).toBeVisible();
  await shoot(page, 'en_US-records-loading');
});

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
  const withdrawals = (['pending_review', 'broadcast', 'completed', 'refunded', 'rejected'] as const).map((status, n) => ({
    id: String(50 - n),
    asset: n % 2 === 0 ? 'USDT' : 'WALLX',
    amount: ['500', '1000', '20', '30', '12000'][n],
    fee: n % 2 === 0 ? '1' : '5',
    to_address: '0x8ba1f109551bd432803012645ac136ddd64dba72',
    status,
    tx_hash: status === 'broadcast' || status === 'completed' ? hash(n + 10) : null,
    created_at: at(n * 97),
    updated_at: at(n * 97),
  }));
  await page.route(
    (url) => url.pathname === '/api/funds/recharges',
    (route) => route.fulfill({ json: { code: 0, message: 'ok', data: { items: deposits } } }),
  );
  await page.route(
    (url) => url.pathname === '/api/funds/withdrawals',
    (route) => route.fulfill({ json: { code: 0, message: 'ok', data: { items: withdrawals, next_cursor: null } } }),
  );
}

for (const language of ['en_US', 'zh_CN'] as const) {
  const t = funds[language];

  test(`screenshots of recharge and withdrawal in ${language}`, async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    await setFundPasswordByApi(page, 'secret1');
    await dressBalance(page, { usdt: '1234.56', wallx: '98765432.123456789' });

    await page.goto('/recharge');
    await expect(page.getByText(t.chain.empty_deposits)).toBeVisible();
    await shoot(page, `${language}-recharge-empty`);

    await page.goto('/withdrawal');
    await expect(page.getByText(t.chain.empty_withdrawals)).toBeVisible();
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('1,234.56');
    await page.locator('#amount').fill('15');
    await page.getByRole('button', { name: t.chain.withdraw_submit }).click();
    await expect(page.getByText(t.errors.withdrawal_not_multiple)).toBeVisible();
    await shoot(page, `${language}-withdrawal-errors`);

    await fillChainLists(page);
    await page.goto('/withdrawal');
    await expect(page.locator('.chain-item')).toHaveCount(5);
    await page.locator('#amount').fill('100');
    await shoot(page, `${language}-withdrawal`);
    await shoot(page, `${language}-withdrawal-full`, true);

    // A transaction just sent, waiting for its confirmations: the wallet and the server are stood in for.
    await page.addInitScript(() => {
      const provider = (window as unknown as { ethereum: { request: (a: { method: string }) => Promise<unknown> } }).ethereum;
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
            data: { tx_hash: `0x${'ab'.repeat(32)}`, asset: 'USDT', status: 'confirming', amount: null, confirmations: 1, required_confirmations: 2, reason: null, reported_at: new Date().toISOString() },
          },
        }),
    );
    await page.goto('/recharge');
    await expect(page.locator('.chain-item')).toHaveCount(5);
    await page.locator('#amount').fill('100');
    await shoot(page, `${language}-recharge`);
    await page.getByRole('button', { name: t.chain.recharge_submit }).click();
    await expect(page.getByTestId('deposit-status')).toHaveText(t.chain.confirming.replace('{{count}}', '1').replace('{{total}}', '2'));
    await shoot(page, `${language}-recharge-pending`);
    await shoot(page, `${language}-recharge-full`, true);
  });
}
