import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { fundRecordTypes, type Language } from '@wallx/shared';
import { en_US } from './catalog';
import { id_ID } from './catalog';
import { ja_JP } from './catalog';
import { ko_KR } from './catalog';
import { zh_CN } from './catalog';
import { connectDialog, dressBalance, login, setFundPasswordByApi, waitForApp } from './helpers';
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

/**
 * Lists as they look with content: every record type, both directions, fixed dates, so the pictures
 * stay the same from run to run. Real transfers and their records are tested in funds.spec.ts; here
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
  const records = fundRecordTypes.map((type, n) => ({
    id: String(500 - n),
    type,
    asset: type.startsWith('c2c') || type === 'mining_output' ? 'WALLX' : 'USDT',
    amount: `${outgoing.has(type) ? '-' : ''}${['1000', '20', '1.5', '21.5', '300', '120', '500', '12.345678', '480', '520', '5.2', '2000', '2000', '310.5', '310.5', '3.1'][n]}`,
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

for (const language of ['ko_KR', 'ja_JP', 'id_ID'] as const) {
  test(`screenshots of the funds screens in ${language}`, async ({ page }) => {
    const t = funds[language];
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
  const t = funds[language];

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

/** The miner lists as they look with content, in the server's exact shape. */
async function fillMinerLists(page: Page) {
  const at = (minutes: number) => new Date(Date.UTC(2025, 4, 20, 9, 30) - minutes * 60_000).toISOString();
  const names = {
    home: 'en_US:::WX-M1 Home Miner\nzh_CN:::WX-M1 家用矿机',
    pro: 'en_US:::WX-M2 Pro Miner\nzh_CN:::WX-M2 专业矿机',
    genesis: 'en_US:::Genesis Node\nzh_CN:::创世节点',
    welcome: 'en_US:::Welcome Miner\nzh_CN:::新人体验矿机',
  };
  const product = (
    key: keyof typeof names,
    image: string,
    category: 'node' | 'machine',
    daily: string,
    days: number,
    physical: boolean,
  ) => ({
    id: key,
    name: names[key],
    image: `/catalog/${image}.svg`,
    category,
    daily_output: daily,
    output_days: days,
    physical,
  });
  const home = product('home', 'home-miner', 'machine', '1.2', 120, true);
  const pro = product('pro', 'pro-miner', 'machine', '4', 120, true);
  const genesis = product('genesis', 'genesis-node', 'node', '12', 360, false);
  const welcome = product('welcome', 'welcome-miner', 'machine', '0.5', 30, false);
  const orders = [
    {
      ...{ product: home, pay_asset: 'USDT', price: '100', gift: false },
      id: '9',
      status: 'unused',
      created_at: at(3),
      used_at: null,
      miner_id: null,
    },
    {
      ...{ product: genesis, pay_asset: 'WALLX', price: '5000', gift: false },
      id: '8',
      status: 'unused',
      created_at: at(60),
      used_at: null,
      miner_id: null,
    },
    {
      ...{ product: welcome, pay_asset: null, price: null, gift: true },
      id: '7',
      status: 'unused',
      created_at: at(900),
      used_at: null,
      miner_id: null,
    },
    {
      ...{ product: pro, pay_asset: 'USDT', price: '300', gift: false },
      id: '6',
      status: 'used',
      created_at: at(3000),
      used_at: at(2990),
      miner_id: '4',
    },
    {
      ...{ product: home, pay_asset: 'USDT', price: '100', gift: false },
      id: '5',
      status: 'used',
      created_at: at(5000),
      used_at: at(4000),
      miner_id: '3',
    },
  ];
  const miner = (
    id: string,
    p: ReturnType<typeof product>,
    state: string,
    gift: boolean,
    produced: number,
    activated: string | null,
  ) => ({
    id,
    machine_no: `WX${id.padStart(8, '0')}`,
    product: { id: p.id, name: p.name, image: p.image, category: p.category },
    state,
    gift,
    daily_output: p.daily_output,
    output_days: p.output_days,
    days_produced: produced,
    output_total: (Number(p.daily_output) * produced).toFixed(1),
    activated_at: activated,
    last_output_day: activated ? '2025-09-17' : null,
    created_at: at(5000),
  });
  const miners = [
    miner('4', pro, 'on', false, 37, at(2900)),
    miner('3', home, 'off', false, 0, null),
    miner('12', welcome, 'on', true, 3, at(4000)),
    miner('2', genesis, 'selling', false, 0, null),
    miner('1', home, 'expired', false, 120, at(200_000)),
  ];
  const outputs = Array.from({ length: 7 }, (_, n) => ({
    id: String(70 - n),
    miner_id: n % 2 === 0 ? '4' : '12',
    machine_no: n % 2 === 0 ? 'WX00000004' : 'WX00000012',
    day: `2025-05-${String(20 - Math.floor(n / 2)).padStart(2, '0')}`,
    amount: n % 2 === 0 ? '4' : '0.5',
    status: n < 4 ? 'to_collect' : 'collected',
    created_at: at(n * 720),
    collected_at: n < 4 ? null : at(n * 700),
  }));
  const page_ = (items: unknown[]) => ({ code: 0, message: 'ok', data: { items, next_cursor: null } });
  const status = (route: { request(): { url(): string } }) => new URL(route.request().url()).searchParams.get('status');
  await page.route(
    (url) => url.pathname === '/api/miners/orders',
    (route) => route.fulfill({ json: page_(orders.filter((o) => o.status === (status(route) ?? o.status))) }),
  );
  await page.route(
    (url) => url.pathname === '/api/miners/mine',
    (route) => route.fulfill({ json: page_(miners) }),
  );
  await page.route(
    (url) => url.pathname === '/api/miners/outputs',
    (route) => route.fulfill({ json: page_(outputs.filter((o) => o.status === (status(route) ?? o.status))) }),
  );
  await page.route(
    (url) => url.pathname === '/api/miners/summary',
    (route) =>
      route.fulfill({
        json: {
          code: 0,
          message: 'ok',
          data: { miners: 5, mining: 2, to_collect_count: 4, to_collect_amount: '9', collected_amount: '1234.5' },
        },
      }),
  );
}

for (const language of ['en_US', 'zh_CN'] as const) {
  const t = funds[language];

  test(`screenshots of the miner screens in ${language}`, async ({ page }) => {
    test.setTimeout(90_000);
    const wallet = await installWallet(page);
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);

    // As a guest, the real seeded catalog.
    await page.goto('/mines');
    await expect(page.getByRole('tab', { name: t.miners.tab_node })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.product')).not.toHaveCount(0);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await shoot(page, `${language}-mines-node`);
    await shoot(page, `${language}-mines-node-full`, true);
    await page.getByRole('tab', { name: t.miners.tab_machine }).click();
    await expect(page.locator('.product__name').first()).toBeVisible();
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await shoot(page, `${language}-mines-machine`);
    await shoot(page, `${language}-mines-machine-full`, true);

    await login(page, wallet);
    await dressBalance(page, { usdt: '1234.56', wallx: '320' });
    await page.goto('/mines?tab=machine');
    await page.locator('.product').first().getByRole('button', { name: t.miners.buy }).click();
    const sheet = page.getByRole('dialog', { name: t.miners.buy_title });
    await expect(sheet.locator('[data-balance="USDT"]')).toHaveText('1,234.56 USDT');
    await sheet.getByRole('button', { name: t.miners.increase }).click();
    await shoot(page, `${language}-mines-buy-sheet`);
    await sheet.getByRole('radio', { name: new RegExp(t.miners.exchange_wallx) }).click();
    await expect(sheet.getByText(t.errors.insufficient_wallx)).toBeVisible();
    await shoot(page, `${language}-mines-buy-sheet-wallx`);

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: t.miners.empty_unused })).toBeVisible();
    await shoot(page, `${language}-orders-empty`);
    await page.goto('/mine');
    await expect(page.getByRole('heading', { name: t.miners.empty_miners })).toBeVisible();
    await shoot(page, `${language}-mine-empty`);
    await page.goto('/mymines');
    await expect(page.getByRole('heading', { name: t.miners.empty_to_collect })).toBeVisible();
    await shoot(page, `${language}-mymines-empty`);

    await fillMinerLists(page);
    await page.goto('/orders');
    await expect(page.locator('.order')).toHaveCount(3);
    await shoot(page, `${language}-orders`);
    await shoot(page, `${language}-orders-full`, true);
    await page.getByRole('tab', { name: t.miners.tab_used }).click();
    await expect(page.locator('.order')).toHaveCount(2);
    await shoot(page, `${language}-orders-used`);

    await page.goto('/mine');
    await expect(page.locator('.miner')).toHaveCount(5);
    await shoot(page, `${language}-mine`);
    await shoot(page, `${language}-mine-full`, true);
    await page.locator('.miner[data-state="off"]').getByRole('button', { name: t.miners.turn_on }).click();
    await expect(page.locator('.adm-dialog').getByRole('button', { name: t.common.cancel })).toBeVisible();
    await shoot(page, `${language}-mine-turn-on`);
    await page.locator('.adm-dialog').getByRole('button', { name: t.common.cancel }).click();
    await setFundPasswordByApi(page, 'secret1');
    await page.locator('.miner[data-state="off"]').getByRole('button', { name: t.miners.transfer }).click();
    const transfer = page.getByRole('dialog', { name: t.miners.transfer_title });
    await transfer.getByRole('button', { name: t.miners.transfer_submit }).click();
    await expect(transfer.getByText(t.funds.recipient_required)).toBeVisible();
    await shoot(page, `${language}-mine-transfer`);
    await page.keyboard.press('Escape');

    await page.goto('/mymines');
    await expect(page.locator('.output')).toHaveCount(4);
    await shoot(page, `${language}-mymines`);
    await shoot(page, `${language}-mymines-full`, true);
    await page.getByRole('tab', { name: t.miners.tab_collected }).click();
    await expect(page.locator('.output')).toHaveCount(3);
    await shoot(page, `${language}-mymines-collected`);
  });
}

test('screenshot of the miner loading skeletons', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/api/miners/products',
    () => undefined,
  );
  await page.goto('/mines');
  await expect(page.getByTestId('miners-skeleton')).toBeVisible();
  await shoot(page, 'en_US-mines-loading');
});

/** The market lists as they look with content, in the server's exact shape; times count from now. */
async function fillMarketLists(page: Page, me: string) {
  const now = Date.now();
  const soon = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const sellers = [
    '0x8ba1f109551bd432803012645ac136ddd64dba72',
    '0xab5801a7d398351b8be11c439e05c5b3259aec9b',
    '0x4e9ce36e442e55ecd9025b9a6e0d88485d628a67',
  ];
  const products = {
    home: {
      id: '1',
      name: 'en_US:::WX-M1 Home Miner\nzh_CN:::WX-M1 家用矿机',
      image: '/catalog/home-miner.svg',
      category: 'machine',
      daily: '1.2',
    },
    pro: {
      id: '2',
      name: 'en_US:::WX-M2 Pro Miner\nzh_CN:::WX-M2 专业矿机',
      image: '/catalog/pro-miner.svg',
      category: 'machine',
      daily: '4',
    },
    genesis: {
      id: '3',
      name: 'en_US:::Genesis Node\nzh_CN:::创世节点',
      image: '/catalog/genesis-node.svg',
      category: 'node',
      daily: '12',
    },
  } as const;
  const machine = (
    id: number,
    key: keyof typeof products,
    price: string,
    fee: string,
    expiresIn: number,
    extra: Record<string, unknown> = {},
  ) => {
    const { daily, ...product } = products[key];
    return {
      id: String(id),
      miner_id: String(id + 100),
      machine_no: `WX${String(id + 100).padStart(8, '0')}`,
      product,
      daily_output: daily,
      unit_price: price,
      fee,
      status: 'pending',
      expiry: '3D',
      expires_at: soon(expiresIn),
      seller: sellers[id % 3],
      buyer: null,
      created_at: ago(30 * id),
      filled_at: null,
      cancelled_at: null,
      ...extra,
    };
  };
  const market = [
    machine(1, 'pro', '285.5', '14.275', 2 * 1440 + 250),
    machine(2, 'home', '88', '4.4', 192),
    machine(3, 'genesis', '1234567.891234', '61728.3945617', 25),
    machine(4, 'home', '95.25', '4.7625', 13 * 1440 + 60),
  ];
  const myMachines = {
    sell: [
      machine(11, 'home', '99', '4.95', 5 * 60 + 10, { seller: me }),
      machine(12, 'pro', '300', '15', -60, { seller: me, status: 'filled', buyer: sellers[0], filled_at: ago(90) }),
      machine(13, 'home', '120', '6', -600, { seller: me, status: 'cancelled', cancelled_at: ago(200) }),
    ],
    buy: [machine(14, 'genesis', '4800', '240', -30, { buyer: me, status: 'filled', filled_at: ago(45) })],
  };
  const wallx = (
    id: number,
    amount: string,
    price: string,
    total: string,
    fee: string,
    expiresIn: number,
    extra: Record<string, unknown> = {},
  ) => ({
    id: String(id),
    amount,
    unit_price: price,
    total,
    fee,
    status: 'pending',
    expiry: '1D',
    expires_at: soon(expiresIn),
    seller: sellers[id % 3],
    buyer: null,
    created_at: ago(20 * id),
    filled_at: null,
    cancelled_at: null,
    ...extra,
  });
  const c2c = [
    wallx(21, '1000', '0.35', '350', '10', 1440 + 300),
    wallx(22, '25000', '0.3412', '8530', '250', 200),
    wallx(23, '12345678', '0.123456', '1524148.023568', '123456.78', 40),
    wallx(24, '80', '0.4', '32', '0.8', 7 * 1440),
  ];
  const myC2c = {
    sell: [
      wallx(31, '5000', '0.33', '1650', '50', 20 * 60, { seller: me }),
      wallx(32, '2000', '0.31', '620', '20', -200, {
        seller: me,
        status: 'filled',
        buyer: sellers[1],
        filled_at: ago(260),
      }),
      wallx(33, '750', '0.5', '375', '7.5', -900, {
        seller: me,
        status: 'cancelled',
        cancelled_at: ago(500),
        cancel_reason: 'operator',
        cancel_note: 'Price far off the market; please relist',
      }),
    ],
    buy: [wallx(34, '300', '0.36', '108', '3', -60, { buyer: me, status: 'filled', filled_at: ago(70) })],
  };
  const miner = (id: number, key: keyof typeof products, gift: boolean) => {
    const { daily, ...product } = products[key];
    return {
      id: String(id),
      machine_no: `WX${String(id).padStart(8, '0')}`,
      product,
      state: 'off',
      gift,
      daily_output: daily,
      output_days: 120,
      days_produced: 0,
      output_total: '0',
      activated_at: null,
      last_output_day: null,
      created_at: ago(5000),
    };
  };
  const miners = [miner(201, 'pro', false), miner(202, 'home', false), miner(203, 'home', true)];
  const page_ = (items: unknown[]) => ({ code: 0, message: 'ok', data: { items, next_cursor: null } });
  const role = (url: URL) => (url.searchParams.get('role') === 'buy' ? 'buy' : 'sell');
  await page.route(
    (url) => url.pathname === '/api/mtrade/orders',
    (route) => route.fulfill({ json: page_(market) }),
  );
  await page.route(
    (url) => url.pathname === '/api/c2c/orders',
    (route) => route.fulfill({ json: page_(c2c) }),
  );
  await page.route(
    (url) => url.pathname === '/api/mtrade/my_orders',
    (route) => route.fulfill({ json: page_(myMachines[role(new URL(route.request().url()))]) }),
  );
  await page.route(
    (url) => url.pathname === '/api/c2c/my_orders',
    (route) => route.fulfill({ json: page_(myC2c[role(new URL(route.request().url()))]) }),
  );
  await page.route(
    (url) => url.pathname === '/api/miners/mine',
    (route) => route.fulfill({ json: page_(miners) }),
  );
}

for (const language of ['en_US', 'zh_CN'] as const) {
  const t = funds[language];

  test(`screenshots of the market screens in ${language}`, async ({ page }) => {
    test.setTimeout(60_000);
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    await setFundPasswordByApi(page, 'secret1');
    await dressBalance(page, { usdt: '1234.56', wallx: '98765.4321' });

    // Empty, as a user finds the market on a quiet day. The list is dressed empty (a screen rule):
    // another test may be listing an order on the same server at this moment.
    const emptyMarket = (url: URL) => url.pathname === '/api/mtrade/orders';
    await page.route(emptyMarket, (route) =>
      route.fulfill({ json: { code: 0, message: 'ok', data: { items: [], next_cursor: null } } }),
    );
    await page.goto('/mtrade');
    await expect(page.getByRole('heading', { name: t.markets.empty_mtrade })).toBeVisible();
    await shoot(page, `${language}-mtrade-empty`);
    await page.unroute(emptyMarket);
    await page.goto('/mtrade/publish');
    await expect(page.getByText(t.markets.no_sellable, { exact: true })).toBeVisible();
    await shoot(page, `${language}-mtrade-publish-empty`);

    await fillMarketLists(page, wallet.address);
    await page.goto('/mtrade');
    await expect(page.locator('.market-card')).toHaveCount(4);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await shoot(page, `${language}-mtrade`);
    await shoot(page, `${language}-mtrade-full`, true);
    await page.locator('.market-card').first().getByRole('button', { name: t.markets.buy }).click();
    const buySheet = page.getByRole('dialog', { name: t.markets.buy_title });
    await expect(buySheet.locator('#fund_password')).toBeVisible();
    await shoot(page, `${language}-mtrade-buy-confirm`);
    await buySheet.getByRole('button', { name: t.common.close }).click();
    await expect(buySheet).toHaveCount(0);

    await page.goto('/mtrade/publish');
    await expect(page.locator('.miner-option')).toHaveCount(3);
    await page.getByRole('button', { name: t.markets.publish_mtrade_submit }).click();
    await expect(page.getByText(t.errors.sell_order_incomplete).first()).toBeVisible();
    await shoot(page, `${language}-mtrade-publish-errors`, true);
    await page.locator('.miner-option').first().click();
    await page.locator('#unit_price').fill('285.5');
    await page.getByRole('radio', { name: t.markets.expiry['3D'] }).click();
    await page.locator('#fund_password').fill('secret1');
    await expect(page.getByTestId('quote-receive')).toHaveText('271.225 USDT');
    await shoot(page, `${language}-mtrade-publish`);
    await shoot(page, `${language}-mtrade-publish-full`, true);

    await page.goto('/mtrade/myorders');
    await expect(page.locator('.my-order')).toHaveCount(3);
    await shoot(page, `${language}-mtrade-myorders`);
    await shoot(page, `${language}-mtrade-myorders-full`, true);
    await page.getByRole('tab', { name: t.markets.role_buy }).click();
    await expect(page.locator('.my-order')).toHaveCount(1);
    await shoot(page, `${language}-mtrade-myorders-bought`);

    await page.goto('/c2c');
    await expect(page.locator('.c2c-card')).toHaveCount(4);
    await shoot(page, `${language}-c2c`);
    await shoot(page, `${language}-c2c-full`, true);
    await page.getByRole('tab', { name: t.markets.tab_mine }).click();
    await expect(page.locator('.my-order')).toHaveCount(3);
    await shoot(page, `${language}-c2c-mine`);
    await shoot(page, `${language}-c2c-mine-full`, true);

    await page.goto('/c2c/publish');
    await expect(page.locator('[data-balance="WALLX"]')).toHaveText('98,765.4321');
    await page.getByRole('button', { name: t.markets.publish_c2c_submit }).click();
    await expect(page.getByText(t.markets.amount_required)).toBeVisible();
    await shoot(page, `${language}-c2c-publish-errors`);
    await page.locator('#amount').fill('25000');
    await page.locator('#unit_price').fill('0.3412');
    await page.getByRole('radio', { name: t.markets.expiry['1D'] }).click();
    await expect(page.getByTestId('quote-held')).toHaveText('25,250 WALLX');
    await shoot(page, `${language}-c2c-publish`);
    await shoot(page, `${language}-c2c-publish-full`, true);
  });
}

test('screenshot of the market loading skeleton', async ({ page }) => {
  const wallet = await installWallet(page);
  await login(page, wallet);
  await page.route(
    (url) => url.pathname === '/api/mtrade/orders',
    () => undefined,
  );
  await page.goto('/mtrade');
  await expect(page.getByTestId('markets-skeleton')).toBeVisible();
  await shoot(page, 'en_US-mtrade-loading');
});

for (const language of ['ko_KR', 'ja_JP', 'id_ID'] as const) {
  test(`screenshots of the market screens in ${language}`, async ({ page }) => {
    const t = funds[language];
    const wallet = await installWallet(page);
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    await dressBalance(page, { usdt: '1234.56', wallx: '98765.4321' });
    await fillMarketLists(page, wallet.address);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    await page.goto('/mtrade');
    await expect(page.locator('.market-card')).toHaveCount(4);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await shoot(page, `${language}-mtrade`);
    await page.goto('/mtrade/myorders');
    await expect(page.locator('.my-order')).toHaveCount(3);
    await shoot(page, `${language}-mtrade-myorders`);
    await page.goto('/c2c/publish');
    await page.locator('#amount').fill('25000');
    await page.locator('#unit_price').fill('0.3412');
    await page.getByRole('radio', { name: t.markets.expiry['14D'] }).click();
    await expect(page.getByTestId('quote-held')).toHaveText('25,250 WALLX');
    await shoot(page, `${language}-c2c-publish`, true);
    await page.goto('/c2c?tab=mine');
    await expect(page.locator('.my-order')).toHaveCount(3);
    await shoot(page, `${language}-c2c-mine`);
  });
}
