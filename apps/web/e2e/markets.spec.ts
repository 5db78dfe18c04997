import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { langText, type MarketConfig } from '@wallx/shared';
import { en_US, fill } from './catalog';
import { deposit, fundedAccount, depositConfig } from './chain';
import { authOf, login, newPhoneContext, setFundPasswordByApi, expectToast } from './helpers';
import { installWallet } from './wallet';

/** Buys one Home Miner (100 USDT) through the API and places it: returns its machine number. */
async function minerOf(page: Page): Promise<string> {
  const headers = await authOf(page);
  const products = (await (await page.request.get('/api/miners/products?category=machine', { headers })).json()) as {
    data: { items: Array<{ id: string; name: string }> };
  };
  const home = products.data.items.find((p) => langText(p.name, 'en_US') === 'WX-M1 Home Miner');
  expect(home).toBeTruthy();
  const bought = (await (
    await page.request.post('/api/miners/buy', {
      headers,
      data: { product_id: home!.id, pay_asset: 'USDT', quantity: 1 },
    })
  ).json()) as { data: { orders: Array<{ id: string }> } };
  const used = (await (
    await page.request.post(`/api/miners/orders/${bought.data.orders[0]!.id}/use`, { headers })
  ).json()) as {
    data: { miner: { machine_no: string } };
  };
  return used.data.miner.machine_no;
}

test.describe('markets', () => {
  test('a seller lists a miner and WALLX; another user buys both; balances, miners and records follow', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const config = await depositConfig(page.request);

    // Seller: 100 USDT for a miner and 1,500 WALLX to sell.
    const sellerAccount = await fundedAccount(config, { USDT: '100', WALLX: '1500' });
    const sellerWallet = await installWallet(page, { accounts: [sellerAccount] });
    await login(page, sellerWallet);
    await setFundPasswordByApi(page, 'secret1');
    const fees = (
      (await (await page.request.get('/api/markets/config', { headers: await authOf(page) })).json()) as {
        data: MarketConfig;
      }
    ).data;
    // The server's defaults; the amounts below are worked out with them.
    expect(fees).toEqual({ mtrade_fee_rate: '0.05', c2c_fee_rate: '0.01' });
    await deposit(page, sellerAccount, config, 'USDT', '100');
    await deposit(page, sellerAccount, config, 'WALLX', '1500');
    const machineNo = await minerOf(page);

    // Publish the miner: the client rules first, then a wrong fund password, then the real one.
    const published: Array<{ key: string | undefined; body: unknown }> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /^\/api\/(mtrade|c2c)\/orders$/.test(new URL(request.url()).pathname)) {
        published.push({ key: request.headers()['idempotency-key'], body: request.postDataJSON() });
      }
    });
    await page.goto('/mtrade/publish');
    await expect(page.locator('.page-header__title')).toHaveText(en_US.screen.mtrade_publish);
    const option = page.getByRole('radio', { name: new RegExp(machineNo) });
    // The seller's only miner is the one to sell: chosen already.
    await expect(option).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: en_US.markets.publish_mtrade_submit }).click();
    await expect(page.getByText(en_US.markets.expiry_required)).toBeVisible();
    await expect(page.getByText(en_US.markets.miner_required)).toHaveCount(0);
    await expect(page.getByText(en_US.markets.price_required)).toBeVisible();
    expect(published).toHaveLength(0);

    await page.locator('#unit_price').fill('1.1234567');
    await page.locator('#unit_price').blur();
    await expect(page.getByText(en_US.markets.price_invalid)).toBeVisible();
    await page.locator('#unit_price').fill('120.5');
    await expect(page.getByTestId('quote-fee')).toHaveText('6.025 USDT');
    await expect(page.getByTestId('quote-receive')).toHaveText('114.475 USDT');
    await page.getByRole('radio', { name: en_US.markets.expiry['3D'] }).click();
    await expect(page.getByText(en_US.markets.expiry_required)).toHaveCount(0);
    await page.locator('#fund_password').fill('wrong-one');
    await page.getByRole('button', { name: en_US.markets.publish_mtrade_submit }).click();
    await expectToast(page, fill(en_US.errors.fund_password_incorrect, { tries_left: 4, minutes: 15 }));
    await expect(
      page.locator('.field__error', {
        hasText: fill(en_US.errors.fund_password_incorrect, { tries_left: 4, minutes: 15 }),
      }),
    ).toBeVisible();
    await page.locator('#fund_password').fill('secret1');
    await page.getByRole('button', { name: en_US.markets.publish_mtrade_submit }).click();
    await expectToast(page, fill(en_US.markets.publish_mtrade_success, { machine_no: machineNo }));
    await expect(page).toHaveURL('/mtrade/myorders');
    expect(published.at(-1)?.body).toMatchObject({ unit_price: '120.5', expiry: '3D', fund_password: 'secret1' });
    expect(published.at(-1)?.key).toMatch(/^[0-9a-f-]{36}$/);
    const selling = page.locator(`.my-order[data-machine="${machineNo}"]`);
    await expect(selling).toHaveAttribute('data-status', 'pending');
    await expect(selling.getByTestId('order-price')).toHaveText('120.5 USDT');
    await expect(selling.getByRole('button', { name: en_US.markets.cancel_order })).toBeVisible();

    // Publish 1,000 WALLX at 0.35 USDT: 350 USDT for the buyer, 10 WALLX fee, 1,010 held.
    await page.goto('/c2c/publish');
    await expect(page.locator('[data-balance="WALLX"]')).toHaveText('1,500');
    await page.locator('#amount').fill('1500');
    await page.locator('#amount').blur();
    await expect(page.getByText(en_US.errors.insufficient_fee)).toBeVisible();
    await page.locator('#amount').fill('1000');
    await page.locator('#unit_price').fill('0.35');
    await expect(page.getByTestId('quote-total')).toHaveText('350 USDT');
    await expect(page.getByTestId('quote-fee')).toHaveText('10 WALLX');
    await expect(page.getByTestId('quote-held')).toHaveText('1,010 WALLX');
    await page.getByRole('radio', { name: en_US.markets.expiry['1D'] }).click();
    await page.locator('#fund_password').fill('secret1');
    const c2cAnswer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/c2c/orders',
    );
    await page.getByRole('button', { name: en_US.markets.publish_c2c_submit }).click();
    const c2cOrderId = ((await (await c2cAnswer).json()) as { data: { order: { id: string } } }).data.order.id;
    await expectToast(page, en_US.markets.publish_c2c_success);
    await expect(page).toHaveURL('/c2c?tab=mine');
    const myC2c = page.locator(`.my-order[data-order="${c2cOrderId}"]`);
    await expect(myC2c).toHaveAttribute('data-status', 'pending');
    await expect(myC2c.getByTestId('order-amount')).toHaveText('1,000');
    await expect(myC2c.getByTestId('order-total')).toHaveText('350 USDT');
    // Its own order is not offered to the seller.
    await page.getByRole('tab', { name: en_US.markets.tab_market, exact: true }).click();
    await expect(page.locator(`.c2c-card[data-order="${c2cOrderId}"]`)).toHaveCount(0);

    // Buyer: 500 USDT, in a browser of its own.
    const buyerContext = await newPhoneContext(browser);
    const buyer = await buyerContext.newPage();
    const buyerAccount = await fundedAccount(config, { USDT: '500' });
    const buyerWallet = await installWallet(buyer, { accounts: [buyerAccount] });
    await login(buyer, buyerWallet);
    await setFundPasswordByApi(buyer, 'buyer-secret');
    await deposit(buyer, buyerAccount, config, 'USDT', '500');

    await buyer.goto('/mtrade');
    await expect(buyer.getByRole('link', { name: en_US.markets.tab_machines })).toHaveAttribute('aria-current', 'page');
    const card = buyer.locator(`.market-card[data-machine="${machineNo}"]`);
    await expect(card.getByTestId('order-price')).toHaveText('120.5');
    await expect(card.getByTestId('time-left')).toHaveText(/^2d 23h$/);
    await buyer.getByRole('radio', { name: en_US.markets.sort_title.price_desc }).click();
    await expect(buyer).toHaveURL('/mtrade?sort=price_desc');
    await expect(card).toBeVisible();
    const buyKeys: Array<string | undefined> = [];
    buyer.on('request', (request) => {
      if (/\/buy$/.test(new URL(request.url()).pathname)) buyKeys.push(request.headers()['idempotency-key']);
    });
    // A buy asks for the fund password: a wrong one is refused on the field and moves nothing.
    await card.getByRole('button', { name: en_US.markets.buy }).click();
    const sheet = buyer.getByRole('dialog', { name: en_US.markets.buy_title });
    await expect(sheet.getByTestId('buy-summary')).toHaveText(
      fill(en_US.markets.buy_mtrade_confirm, { machine_no: machineNo, price: '120.5' }),
    );
    await sheet.locator('#fund_password').fill('wrong-secret');
    await sheet.getByRole('button', { name: en_US.markets.buy }).click();
    await expect(
      sheet.getByText(fill(en_US.errors.fund_password_incorrect, { tries_left: 4, minutes: 15 })),
    ).toBeVisible();
    await expect(card).toBeVisible();
    await sheet.locator('#fund_password').fill('buyer-secret');
    await sheet.getByRole('button', { name: en_US.markets.buy }).click();
    await expectToast(buyer, fill(en_US.markets.buy_mtrade_success, { machine_no: machineNo }));
    await expect(card).toHaveCount(0);
    expect(buyKeys).toHaveLength(2);
    expect(buyKeys[0]).toMatch(/^[0-9a-f-]{36}$/);

    await buyer.getByRole('link', { name: en_US.markets.tab_c2c }).click();
    await expect(buyer).toHaveURL('/c2c');
    const offer = buyer.locator(`.c2c-card[data-order="${c2cOrderId}"]`);
    await expect(offer.getByTestId('order-amount')).toHaveText('1,000');
    await expect(offer.getByTestId('order-total')).toHaveText('350');
    await expect(offer).toContainText(
      `${sellerAccount.address.slice(0, 5).toLowerCase()}...${sellerAccount.address.slice(-5).toLowerCase()}`,
    );
    await offer.getByRole('button', { name: en_US.markets.buy }).click();
    await expect(sheet.getByTestId('buy-summary')).toHaveText(
      fill(en_US.markets.buy_c2c_confirm, { amount: '1,000', total: '350' }),
    );
    await sheet.locator('#fund_password').fill('buyer-secret');
    await sheet.getByRole('button', { name: en_US.markets.buy }).click();
    await expectToast(buyer, fill(en_US.markets.buy_c2c_success, { amount: '1,000' }));
    await expect(offer).toHaveCount(0);

    // The buyer: 500 − 120.5 − 350 USDT, 1,000 WALLX, the miner, the orders and the records.
    await buyer.getByRole('tab', { name: en_US.markets.tab_mine }).click();
    await buyer.getByRole('tab', { name: en_US.markets.role_buy }).click();
    await expect(buyer.locator(`.my-order[data-order="${c2cOrderId}"]`)).toHaveAttribute('data-status', 'filled');
    await buyer.goto('/mtrade/myorders?role=buy');
    const bought = buyer.locator(`.my-order[data-machine="${machineNo}"]`);
    await expect(bought).toHaveAttribute('data-status', 'filled');
    await expect(bought.getByRole('button', { name: en_US.markets.cancel_order })).toHaveCount(0);
    await buyer.goto('/user');
    await expect(buyer.locator('[data-asset="USDT"]')).toHaveText('29.5');
    await expect(buyer.locator('[data-asset="WALLX"]')).toHaveText('1,000');
    await buyer.goto('/mine');
    await expect(buyer.locator(`.miner[data-miner="${machineNo}"]`)).toHaveAttribute('data-state', 'off');
    await buyer.goto('/records');
    await expect(buyer.locator('.record', { hasText: en_US.funds.type.mtrade_buy })).toContainText('120.5');
    await expect(buyer.locator('.record', { hasText: en_US.funds.type.c2c_buy })).toHaveCount(2);
    await buyerContext.close();

    // The seller: 100 − 100 + 120.5 − 6.025 + 350 USDT; 1,500 − 1,010 WALLX; no miner left.
    await page.goto('/mtrade/myorders');
    await expect(selling).toHaveAttribute('data-status', 'filled');
    await expect(selling.getByTestId('order-net')).toHaveText('114.475 USDT');
    await expect(selling.getByRole('button', { name: en_US.markets.cancel_order })).toHaveCount(0);
    await page.goto('/user');
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('464.47');
    await expect(page.locator('[data-asset="WALLX"]')).toHaveText('490');
    await page.goto('/mine');
    await expect(page.getByRole('heading', { name: en_US.miners.empty_miners })).toBeVisible();
    await page.goto('/records');
    for (const [type, amount] of [
      ['mtrade_sell', '+120.5'],
      ['mtrade_fee', '6.025'],
      ['c2c_sell', '+350'],
      ['c2c_escrow', '1,000'],
      ['c2c_fee', '10'],
    ] as const) {
      await expect(page.locator('.record', { hasText: en_US.funds.type[type] })).toContainText(amount);
    }
  });

  test('a seller cancels a pending order and gets the miner back; a gift cannot be chosen', async ({ page }) => {
    // A real miner, listed for real: the cancel below goes to the server and moves the miner back.
    const config = await depositConfig(page.request);
    const account = await fundedAccount(config, { USDT: '100' });
    const wallet = await installWallet(page, { accounts: [account] });
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    await deposit(page, account, config, 'USDT', '100');
    const machineNo = await minerOf(page);
    const headers = await authOf(page);
    const mine = async () =>
      (
        (await (await page.request.get('/api/miners/mine', { headers })).json()) as {
          data: { items: Array<{ id: string; machine_no: string; state: string }> };
        }
      ).data.items;
    const miner = (await mine()).find((m) => m.machine_no === machineNo)!;
    const listed = await page.request.post('/api/mtrade/orders', {
      headers,
      data: { miner_id: miner.id, unit_price: '99', expiry: '6H', fund_password: 'secret1' },
    });
    expect(listed.status()).toBe(200);
    expect((await mine()).find((m) => m.id === miner.id)?.state).toBe('selling');

    await page.goto('/mtrade/myorders');
    const card = page.locator(`.my-order[data-machine="${machineNo}"]`);
    await expect(card.getByTestId('time-left')).toHaveText(/^(5h 59m|6h 0m)$/);
    await card.getByRole('button', { name: en_US.markets.cancel_order }).click();
    const dialog = page.locator('.adm-dialog');
    await expect(dialog).toContainText(fill(en_US.markets.cancel_mtrade_confirm, { machine_no: machineNo }));
    await dialog.getByRole('button', { name: en_US.markets.keep_order }).click();
    await expect(dialog).toBeHidden();
    expect((await mine()).find((m) => m.id === miner.id)?.state).toBe('selling');
    await card.getByRole('button', { name: en_US.markets.cancel_order }).click();
    await dialog.getByRole('button', { name: en_US.markets.cancel_order }).click();
    await expectToast(page, en_US.markets.cancel_success);
    await expect(card).toHaveAttribute('data-status', 'cancelled');
    await expect(card.getByRole('button', { name: en_US.markets.cancel_order })).toHaveCount(0);
    // The server gave the miner back, switched off and free to turn on, sell or transfer again.
    expect((await mine()).find((m) => m.id === miner.id)?.state).toBe('off');

    // The publish form offers no gift and says why when there is nothing else.
    const minerQueries: string[] = [];
    await page.route(
      (url) => url.pathname === '/api/miners/mine',
      (route) => {
        minerQueries.push(new URL(route.request().url()).search);
        return route.fulfill({
          json: {
            code: 0,
            message: 'ok',
            data: {
              items: [
                {
                  id: '9',
                  machine_no: 'WX00000009',
                  product: { id: '4', name: 'Welcome Miner', image: '/catalog/welcome-miner.svg', category: 'machine' },
                  state: 'off',
                  gift: true,
                  daily_output: '0.5',
                  output_days: 30,
                  days_produced: 0,
                  output_total: '0',
                  activated_at: null,
                  last_output_day: null,
                  created_at: new Date().toISOString(),
                },
              ],
              next_cursor: null,
            },
          },
        });
      },
    );
    await page.goto('/mtrade/publish');
    await expect(page.getByText(en_US.markets.no_sellable, { exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: /WX00000009/ })).toHaveCount(0);
    expect(minerQueries[0]).toContain('state=off');
  });
});
