import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { depositConfig, fundedAccount } from './chain';
import { connectDialog, dressBalance, login, setFundPasswordByApi, waitForApp } from './helpers';
import { catalogsByLanguage, shoot, toastGone } from './screenshot';
import { fill } from './catalog';
import { installWallet } from './wallet';

// Flows that lead on (issue 45): each screen chooses what has one choice, blames only what is
// missing and says what comes next. Lists are made up in the server's exact shape where the screen's
// rule is tested; markets.spec.ts and miners.spec.ts run the same flows with real money.

const page_ = (items: unknown[]) => ({ code: 0, message: 'ok', data: { items, next_cursor: null } });

const homeMiner = {
  id: '1',
  name: 'en_US:::WX-M1 Home Miner\nzh_CN:::WX-M1 家用矿机',
  image: '/catalog/home-miner.svg',
  category: 'machine',
};

/** One of my miners, off, as /api/miners/mine lists it. */
function offMiner(id: number, gift: boolean) {
  return {
    id: String(id),
    machine_no: `WX${String(id).padStart(8, '0')}`,
    product: homeMiner,
    state: 'off',
    gift,
    daily_output: '1.2',
    output_days: 120,
    days_produced: 0,
    output_total: '0',
    activated_at: null,
    last_output_day: null,
    created_at: new Date(Date.now() - 86_400_000).toISOString(),
    acquisition: { via: 'purchase', price: '100', asset: 'USDT', at: new Date(Date.now() - 86_400_000).toISOString() },
  };
}

async function dressMyMiners(page: Page, miners: unknown[]) {
  await page.route(
    (url) => url.pathname === '/api/miners/mine',
    (route) => route.fulfill({ json: page_(miners) }),
  );
}

test.describe('listing a miner on the machine market', () => {
  test('the only miner that can be sold is chosen, and a chosen expiry is never blamed', async ({ page }) => {
    const t = catalogsByLanguage.en_US;
    const wallet = await installWallet(page);
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    await dressMyMiners(page, [offMiner(301, false), offMiner(302, true)]);
    await page.goto('/mtrade/publish');
    await expect(page.getByRole('radio', { name: /WX00000301/ })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('radio', { name: t.markets.expiry['3D'] }).click();
    await page.getByRole('button', { name: t.markets.publish_mtrade_submit }).click();
    await expect(page.getByText(t.markets.price_required)).toBeVisible();
    await expect(page.getByText(t.errors.sell_order_incomplete)).toHaveCount(0);
    await expect(page.getByText(t.markets.miner_required)).toHaveCount(0);

    // Two to choose from: nothing chosen, and only the miner is asked for.
    await dressMyMiners(page, [offMiner(301, false), offMiner(303, false)]);
    await page.goto('/mtrade/publish');
    await expect(page.locator('.miner-option')).toHaveCount(2);
    await expect(page.locator('.miner-option[aria-checked="true"]')).toHaveCount(0);
    await page.getByRole('radio', { name: t.markets.expiry['1D'] }).click();
    await page.getByRole('button', { name: t.markets.publish_mtrade_submit }).click();
    await expect(page.getByText(t.markets.miner_required)).toBeVisible();
    await expect(page.getByText(t.errors.sell_order_incomplete)).toHaveCount(0);
    await expect(page.getByText(t.markets.expiry_required)).toHaveCount(0);
  });

  for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
    test(`screenshot of listing the only miner in ${language}`, async ({ page }) => {
      const t = catalogsByLanguage[language];
      await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
      const wallet = await installWallet(page);
      await login(page, wallet);
      await setFundPasswordByApi(page, 'secret1');
      await dressBalance(page, { usdt: '100', wallx: '0' });
      await dressMyMiners(page, [offMiner(301, false), offMiner(302, true)]);
      await page.goto('/mtrade/publish');
      await expect(page.locator('.miner-option[aria-checked="true"]')).toHaveCount(1);
      await page.getByRole('radio', { name: t.markets.expiry['3D'] }).click();
      await page.getByRole('button', { name: t.markets.publish_mtrade_submit }).click();
      await expect(page.getByText(t.markets.price_required)).toBeVisible();
      await shoot(page, `${language}-mtrade-publish-only-miner`);
    });
  }
});

test.describe('the deposit form after a deposit', () => {
  for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
    test(`a sent amount is cleared; one typed after the credit survives "New deposit" (${language})`, async ({
      page,
    }) => {
      const t = catalogsByLanguage[language];
      await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
      const config = await depositConfig(page.request);
      const wallet = await installWallet(page, { accounts: [await fundedAccount(config, { USDT: '7' })] });
      await login(page, wallet);
      // The chain's part is deposits-withdrawals.spec.ts's: here the server says at once that the
      // sent transaction is credited.
      await page.route(
        (url) => url.pathname === '/api/funds/recharge',
        (route) => {
          const { asset, tx_hash } = route.request().postDataJSON() as { asset: string; tx_hash: string };
          const deposit = {
            tx_hash,
            asset,
            status: 'credited',
            amount: '7',
            confirmations: config.confirmations,
            required_confirmations: config.confirmations,
            reason: null,
            reported_at: new Date().toISOString(),
          };
          return route.fulfill({ json: { code: 0, message: 'ok', data: deposit } });
        },
      );
      await page.goto('/recharge');
      const amount = page.locator('#amount');
      await amount.fill('7');
      await page.getByRole('button', { name: t.chain.deposit_submit, exact: true }).click();
      await expect(page.getByTestId('deposit-status')).toHaveText(t.chain.deposit_success);
      // Sent: the field is empty, nothing invites the same deposit again, and nothing is blamed.
      await expect(amount).toHaveValue('');
      await expect(page.getByText(t.funds.amount_required)).toHaveCount(0);

      await page.getByRole('radio', { name: /WALLX/ }).click();
      await amount.fill('5');
      await page.getByRole('button', { name: t.chain.new_deposit }).click();
      await expect(amount).toHaveValue('5');
      await expect(page.getByText(t.funds.amount_required)).toHaveCount(0);
      await expect(page.getByTestId('deposit-progress')).toHaveCount(0);
      await expect(page.getByRole('button', { name: t.chain.deposit_submit, exact: true })).toBeEnabled();
      await shoot(page, `${language}-deposit-next`);
    });
  }
});

test.describe('prices read as they are paid', () => {
  for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
    test(`a product's two prices read as alternatives; a market card shows the buyer's price and output days, not the seller's fee (${language})`, async ({
      page,
    }) => {
      const t = catalogsByLanguage[language];
      await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
      const wallet = await installWallet(page);
      await login(page, wallet);
      await page.goto('/mines?tab=machine');
      const both = page.locator('.product:has([data-price="USDT"]):has([data-price="WALLX"])').first();
      await expect(both.locator('[data-price="WALLX"]')).toContainText(t.miners.price_or);
      await expect(both.locator('[data-price="USDT"]')).not.toContainText(t.miners.price_or);
      await shoot(page, `${language}-mines-prices`);

      const now = Date.now();
      const order = {
        id: '9001',
        miner_id: '9101',
        machine_no: 'WX00009101',
        product: homeMiner,
        daily_output: '1.2',
        output_days: 120,
        unit_price: '95.25',
        fee: '4.7625',
        status: 'pending',
        expiry: '3D',
        expires_at: new Date(now + 2 * 86_400_000).toISOString(),
        seller: '0x8ba1f109551bd432803012645ac136ddd64dba72',
        buyer: null,
        created_at: new Date(now - 3_600_000).toISOString(),
        filled_at: null,
        cancelled_at: null,
        cancel_reason: null,
        cancel_note: null,
      };
      await page.route(
        (url) => url.pathname === '/api/mtrade/orders',
        (route) => route.fulfill({ json: page_([order]) }),
      );
      await page.goto('/mtrade');
      const card = page.locator('.market-card[data-order="9001"]');
      await expect(card.getByTestId('order-price')).toContainText('95.25');
      await expect(card.getByTestId('order-output-days')).toContainText('120');
      await expect(card).toContainText(t.markets.output_days_left);
      await expect(card).not.toContainText('4.7625');
      await expect(card).not.toContainText(t.markets.fee);
      await shoot(page, `${language}-mtrade-card`);
    });
  }
});

test.describe('signing in leads on', () => {
  for (const [tab, path] of [
    ['trade', '/mtrade'],
    ['me', '/user'],
  ] as const) {
    test(`a guest tapping ${tab} signs in and lands on ${path}, not on home`, async ({ page }) => {
      const t = catalogsByLanguage.en_US;
      const wallet = await installWallet(page);
      await page.goto('/');
      await waitForApp(page);
      await page.getByRole('navigation').getByRole('link', { name: t.nav[tab], exact: true }).click();
      const dialog = connectDialog(page);
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL('/');
      await dialog.getByRole('button', { name: t.auth.connect_button }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(path);
      expect(wallet.address).toMatch(/^0x/);
    });
  }

  test('closing the popup gives the tapped tab up: a later sign-in from home stays home', async ({ page }) => {
    const t = catalogsByLanguage.en_US;
    await installWallet(page);
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('navigation').getByRole('link', { name: t.nav.me, exact: true }).click();
    await expect(connectDialog(page)).toBeVisible();
    await connectDialog(page).getByRole('button', { name: t.common.close }).click();
    await expect(connectDialog(page)).toBeHidden();
    await page.locator('.home__header').getByRole('button', { name: t.auth.connect_button }).click();
    await connectDialog(page).getByRole('button', { name: t.auth.connect_button }).click();
    await expect(connectDialog(page)).toBeHidden();
    await expect(page.locator('.home__header')).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
    test(`a newcomer who joined is offered the miners first (${language})`, async ({ page }) => {
      const t = catalogsByLanguage[language];
      await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
      await installWallet(page);
      await page.goto('/join?code=ZZZZ2345');
      await expect(page.getByText(t.team.join.unknown_code)).toBeVisible();
      await page.getByRole('button', { name: t.team.join.connect_plain }).click();
      const dialog = connectDialog(page, t.auth.connect_title);
      await dialog.getByRole('button', { name: t.auth.connect_button }).click();
      await expect(dialog).toBeHidden();
      const lead = page.getByRole('link', { name: t.team.join.to_miners });
      await expect(lead).toHaveAttribute('href', '/mines');
      await expect(page.getByRole('link', { name: t.team.join.to_wallet })).toBeVisible();
      await shoot(page, `${language}-join-newcomer`);
      await lead.click();
      await expect(page).toHaveURL('/mines');
    });
  }
});

test.describe('a withdrawal that will be reviewed', () => {
  for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
    test(`says so, and how long review takes, before Confirm (${language})`, async ({ page }) => {
      const t = catalogsByLanguage[language];
      await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
      const wallet = await installWallet(page);
      await login(page, wallet);
      await setFundPasswordByApi(page, 'secret1');
      await dressBalance(page, { usdt: '500', wallx: '0' });
      // The server's limits, fixed here: above 100 USDT an operator reviews; reviews take up to 6 hours.
      await page.route(
        (url) => url.pathname === '/api/funds/withdraw/config',
        (route) =>
          route.fulfill({
            json: {
              code: 0,
              message: 'ok',
              data: {
                USDT: { min: '10', fee: '1', review_above: '100' },
                WALLX: { min: '10', fee: '1', review_above: '1000' },
                review_hours: 6,
              },
            },
          }),
      );
      await page.goto('/withdrawal');
      await expect(page.locator('[data-balance="USDT"]')).toHaveText('500');
      await page.locator('#amount').fill('50');
      await page.locator('#fund_password').fill('secret1');
      await page.getByRole('button', { name: t.chain.withdraw_review }).click();
      const sheet = page.getByRole('dialog', { name: t.chain.review_withdrawal_title });
      await expect(sheet.getByTestId('review-amount')).toContainText('50');
      await expect(sheet.getByTestId('review-note')).toHaveCount(0);
      await sheet.getByRole('button', { name: t.common.back }).click();
      await expect(sheet).toBeHidden();

      await page.locator('#amount').fill('200');
      await page.getByRole('button', { name: t.chain.withdraw_review }).click();
      await expect(sheet.getByTestId('review-note')).toHaveText(t.chain.review_note.replace('{{hours}}', '6'));
      await shoot(page, `${language}-withdrawal-review-reviewed`);
    });
  }
});

test.describe('a wrong fund password', () => {
  for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
    test(`says how many tries are left before the lock (${language})`, async ({ page }) => {
      const t = catalogsByLanguage[language];
      await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
      const wallet = await installWallet(page);
      await login(page, wallet);
      await setFundPasswordByApi(page, 'secret1');
      await page.goto('/fpassword');
      await expect(page.getByRole('heading', { name: t.funds.fpassword_change_title })).toBeVisible();
      await page.locator('#old_password').fill('wrong-one');
      await page.locator('#password').fill('secret2');
      await page.locator('#confirm').fill('secret2');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/fund_password'));
      await page.getByRole('button', { name: t.funds.change_submit }).click();
      expect(await (await answer).json()).toMatchObject({ code: 3007, data: { tries_left: 4 } });
      const told = fill(t.errors.fund_password_incorrect, { tries_left: 4, minutes: 15 });
      await expect(page.locator('.adm-toast-main').filter({ hasText: told })).toBeVisible();
      await expect(page.locator('#old_password-message')).toHaveText(told);
      await shoot(page, `${language}-fund-password-tries-left`);
    });
  }
});

test.describe('one name per concept', () => {
  for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
    test(`the miner screens have names of their own, and C2C keeps the Trade tab (${language})`, async ({ page }) => {
      const t = catalogsByLanguage[language];
      await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
      const wallet = await installWallet(page);
      await login(page, wallet);
      const titles: string[] = [];
      for (const path of ['/orders', '/mine', '/mymines', '/mtrade/myorders']) {
        await page.goto(path);
        const title = page.locator('.page-header__title');
        await expect(title).toBeVisible();
        titles.push((await title.textContent()) ?? '');
      }
      expect(titles).toEqual([t.user.orders, t.miners.miner_list, t.user.my_mines, t.screen.mtrade_myorders]);
      // Four screens, four names, none of them the tab's (decision 127).
      expect(new Set([...titles, t.nav.mines]).size).toBe(5);
      if (language === 'en_US') {
        expect(titles).toEqual(['Miner orders', 'My miners', 'My output', 'My market orders']);
        expect(t.nav.mines).toBe('Miners');
      }

      await page.goto('/c2c');
      const tabs = page.getByRole('navigation');
      await expect(tabs.getByRole('link', { name: t.nav.trade, exact: true })).toHaveClass(/is-active/);
      await expect(page.locator('.page-header').getByRole('button', { name: t.common.back })).toHaveCount(0);
      await shoot(page, `${language}-c2c-tab`);
    });
  }
});

test.describe('buy, use, turn on: each step leads on', () => {
  for (const language of ['en_US', 'zh_CN', 'id_ID'] as const) {
    test(`two bought miners are used at once, the way on is to My miners, and turning on says when the first output comes (${language})`, async ({
      page,
    }) => {
      const t = catalogsByLanguage[language];
      await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
      const wallet = await installWallet(page);
      await login(page, wallet);
      // Two orders to use, made up in the server's shape; the real purchase is miners.spec.ts's.
      const order = (id: string) => ({
        id,
        product: { ...homeMiner, daily_output: '1.2', output_days: 120, physical: false },
        pay_asset: 'USDT',
        price: '100',
        gift: false,
        status: 'unused',
        created_at: new Date().toISOString(),
        used_at: null,
        miner_id: null,
      });
      let unused = [order('71'), order('72')];
      const used: string[] = [];
      await page.route(
        (url) => url.pathname === '/api/miners/orders',
        (route) =>
          route.fulfill({
            json: page_(new URL(route.request().url()).searchParams.get('status') === 'used' ? [] : unused),
          }),
      );
      await page.route(
        (url) => /^\/api\/miners\/orders\/\d+\/use$/.test(url.pathname),
        (route) => {
          const id = new URL(route.request().url()).pathname.split('/')[4]!;
          used.push(id);
          unused = unused.filter((o) => o.id !== id);
          return route.fulfill({
            json: { code: 0, message: 'ok', data: { miner: offMiner(Number(id) + 300, false) } },
          });
        },
      );
      await page.goto('/orders');
      await expect(page.locator('.order[data-status="unused"]')).toHaveCount(2);
      // The way on is a labelled link, not an icon alone.
      await expect(page.locator('.page-header').getByRole('link', { name: t.miners.my_miners })).toHaveText(
        t.miners.my_miners,
      );
      await shoot(page, `${language}-orders-use-all`);
      await page.getByRole('button', { name: fill(t.miners.use_all, { count: 2 }) }).click();
      await expect(
        page.locator('.adm-toast-main').filter({ hasText: fill(t.miners.use_all_success, { count: 2 }) }),
      ).toBeVisible();
      expect(used).toEqual(['71', '72']);
      // Used up: the empty list leads on to the miners, to turn them on.
      const lead = page.getByRole('link', { name: t.miners.turn_on_placed });
      await expect(lead).toBeVisible();
      await expect(page.getByText(t.miners.placed_text)).toBeVisible();
      await shoot(page, `${language}-orders-placed`);

      await dressMyMiners(page, [offMiner(371, false)]);
      await page.route(
        (url) => url.pathname === '/api/miners/371/turn_on',
        (route) =>
          route.fulfill({
            json: {
              code: 0,
              message: 'ok',
              data: { miner: { ...offMiner(371, false), state: 'on', activated_at: new Date().toISOString() } },
            },
          }),
      );
      await lead.click();
      await expect(page).toHaveURL('/mine');
      await page.locator('.miner[data-miner="WX00000371"]').getByRole('button', { name: t.miners.turn_on }).click();
      await page.locator('.adm-dialog').getByRole('button', { name: t.miners.turn_on }).click();
      const note = page.getByTestId('first-output');
      await expect(note).toContainText('Asia/Shanghai');
      await expect(note).toContainText(':00');
      await expect(page.locator('.adm-dialog')).toHaveCount(0);
      await toastGone(page);
      await shoot(page, `${language}-mine-first-output`);
    });
  }
});
