import type { Page } from '@playwright/test';
import { times } from '@wallx/shared';
import { expect, test } from './test';
import { dressBalance, login, setFundPasswordByApi } from './helpers';
import { installWallet } from './wallet';
import { catalogsByLanguage, shoot } from './screenshot';

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
    acquisition: { via: string; price: string | null; asset: string | null },
  ) => ({
    id,
    machine_no: `WX${id.padStart(8, '0')}`,
    product: { id: p.id, name: p.name, image: p.image, category: p.category },
    state,
    gift,
    daily_output: p.daily_output,
    output_days: p.output_days,
    days_produced: produced,
    output_total: times(p.daily_output, String(produced)),
    activated_at: activated,
    last_output_day: activated ? '2025-09-17' : null,
    created_at: at(5000),
    acquisition: { ...acquisition, at: at(5000) },
  });
  const none = { price: null, asset: null };
  const miners = [
    miner('4', pro, 'on', false, 37, at(2900), { via: 'purchase', price: '300', asset: 'USDT' }),
    miner('3', home, 'off', false, 0, null, { via: 'market', price: '85.5', asset: 'USDT' }),
    miner('12', welcome, 'on', true, 3, at(4000), { via: 'gift', ...none }),
    miner('2', genesis, 'selling', false, 0, null, { via: 'purchase', price: '5000', asset: 'WALLX' }),
    miner('1', home, 'expired', false, 120, at(200_000), { via: 'transfer', ...none }),
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
          data: {
            miners: 5,
            mining: 2,
            to_collect_count: 4,
            to_collect_amount: '9',
            collected_amount: '1234.5',
            output_time_zone: 'Asia/Shanghai',
          },
        },
      }),
  );
}

for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
  const t = catalogsByLanguage[language];

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
    await expect(page.getByTestId('output-day-zone')).toHaveText(
      t.miners.day_zone.replace('{{zone}}', 'Asia/Shanghai').replace('{{offset}}', 'UTC+8'),
    );
    await expect(page.locator('.miner[data-state="off"] [data-testid="miner-paid"]')).toHaveAttribute(
      'data-via',
      'market',
    );
    await shoot(page, `${language}-mine`);
    await shoot(page, `${language}-mine-full`, true);
    await page.locator('.miner[data-state="off"]').getByRole('button', { name: t.miners.turn_on }).click();
    await expect(page.locator('.adm-dialog').getByRole('button', { name: t.common.cancel })).toBeVisible();
    await shoot(page, `${language}-mine-turn-on`);
    await page.locator('.adm-dialog').getByRole('button', { name: t.common.cancel }).click();
    await setFundPasswordByApi(page, 'secret1');
    await page.locator('.miner[data-state="off"]').getByRole('button', { name: t.miners.transfer }).click();
    const transfer = page.getByRole('dialog', { name: t.miners.transfer_title });
    await transfer.getByRole('button', { name: t.miners.transfer_review }).click();
    await expect(transfer.getByText(t.funds.recipient_required)).toBeVisible();
    await shoot(page, `${language}-mine-transfer`);
    await page.keyboard.press('Escape');

    await page.goto('/mymines');
    await expect(page.locator('.output')).toHaveCount(4);
    await expect(page.getByTestId('output-day-zone')).toBeVisible();
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
