import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { dressBalance, login, setFundPasswordByApi } from './helpers';
import { installWallet } from './wallet';
import { catalogsByLanguage, shoot } from './screenshot';

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
      output_days: 120,
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
  const t = catalogsByLanguage[language];

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
    await expect(page.getByText(t.markets.miner_required)).toBeVisible();
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
    const t = catalogsByLanguage[language];
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
