import type { Page, Request, Response } from '@playwright/test';
import { expect, test } from './test';
import { hexToString, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  FUND_PASSWORD_LOCK_MINUTES,
  FUND_PASSWORD_MAX_TRIES,
  fundRecordTypes,
  WALLET_ACTION_STATEMENTS,
} from '@wallx/shared';
import { en_US, fill } from './catalog';
import { zh_CN } from './catalog';
import { deposit, fundedAccount, depositConfig } from './chain';
import { dressBalance, login, newPhoneContext, registerWallet, setFundPasswordByApi, expectToast } from './helpers';
import { installWallet } from './wallet';

const field = (page: Page, id: string) => page.locator(`#${id}`);
/** An address as the lists show it: the first and last five characters. */
const short = (address: string) => `${address.slice(0, 5)}...${address.slice(-5)}`;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Collects the requests the page makes to one API path. */
function recordRequests(page: Page, path: string): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) requests.push(request);
  });
  return requests;
}

test.describe('fund password', () => {
  test('is checked for length and confirmation before sending, set, then changed with the old one', async ({
    page,
  }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    const sent = recordRequests(page, '/api/user/fund_password');

    await page.goto('/fpassword');
    await expect(page.locator('.page-header__title')).toHaveText(en_US.user.fund_password);
    await expect(page.getByRole('heading', { name: en_US.funds.fpassword_set_title })).toBeVisible();
    await expect(field(page, 'old_password')).toHaveCount(0);

    await field(page, 'password').fill('abc');
    await field(page, 'confirm').fill('abd');
    await page.getByRole('button', { name: en_US.funds.set_submit }).click();
    await expect(page.getByText(en_US.errors.fund_password_too_short)).toBeVisible();
    await expect(page.getByText(en_US.errors.fund_password_mismatch)).toBeVisible();
    await expect(field(page, 'password')).toHaveAttribute('aria-invalid', 'true');

    // Errors follow the typing once shown.
    await field(page, 'password').fill('secret1');
    await expect(page.getByText(en_US.errors.fund_password_too_short)).toBeHidden();
    await expect(page.getByText(en_US.errors.fund_password_mismatch)).toBeVisible();
    await field(page, 'confirm').fill('secret1');
    await expect(page.getByText(en_US.errors.fund_password_mismatch)).toBeHidden();
    expect(sent).toHaveLength(0);

    // The eye button shows what was typed.
    await page.getByRole('button', { name: en_US.funds.show_password }).first().click();
    await expect(field(page, 'password')).toHaveAttribute('type', 'text');

    // The first password is the wallet's to set: it signs the set (this site, a fresh nonce), and the server checks it.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/fund_password'));
    await page.getByRole('button', { name: en_US.funds.set_submit }).click();
    expect(await (await answer).json()).toMatchObject({ code: 0 });
    const signing = wallet.requests.filter((r) => r.method === 'personal_sign');
    expect(signing).toHaveLength(1);
    const signed = hexToString((signing[0]!.params as [Hex, string])[0]);
    expect(signed).toContain(`\n\n${WALLET_ACTION_STATEMENTS.set_fund_password}\n\n`);
    expect(signed.startsWith(`${new URL(page.url()).host} wants you to sign in with your Ethereum account:`)).toBe(
      true,
    );
    expect(sent[0]?.postDataJSON()).toEqual({
      password: 'secret1',
      confirm: 'secret1',
      message: signed,
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    });
    await expectToast(page, en_US.funds.set_success);
    // Opened directly, there is nothing to go back to: the user centre.
    await expect(page).toHaveURL('/user');

    await page.goto('/fpassword');
    await expect(page.getByRole('heading', { name: en_US.funds.fpassword_change_title })).toBeVisible();
    await field(page, 'old_password').fill('wrong-one');
    await field(page, 'password').fill('secret2');
    await field(page, 'confirm').fill('secret2');
    await page.getByRole('button', { name: en_US.funds.change_submit }).click();
    await expectToast(page, en_US.errors.fund_password_incorrect);
    await expect(field(page, 'old_password')).toHaveAttribute('aria-invalid', 'true');

    await field(page, 'old_password').fill('secret1');
    await expect(field(page, 'old_password')).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: en_US.funds.change_submit }).click();
    await expectToast(page, en_US.funds.change_success);
    expect(sent.at(-1)?.postDataJSON()).toEqual({ password: 'secret2', confirm: 'secret2', old_password: 'secret1' });
  });

  test('a forgotten one is reset by the wallet’s signature; transfers then wait 24 hours and say so', async ({
    page,
  }) => {
    const config = await depositConfig(page.request);
    const account = await fundedAccount(config, { USDT: '5' });
    const wallet = await installWallet(page, { accounts: [account] });
    await login(page, wallet);
    await setFundPasswordByApi(page, 'forgotten1');
    await deposit(page, account, config, 'USDT', '5');
    await page.goto('/fpassword');
    await page.getByRole('link', { name: en_US.funds.forgot_password }).click();
    await expect(page).toHaveURL('/fpassword?reset=1');
    await expect(page.getByRole('heading', { name: en_US.funds.reset_title })).toBeVisible();
    await expect(field(page, 'old_password')).toHaveCount(0);
    await field(page, 'password').fill('new-pass-1');
    await field(page, 'confirm').fill('new-pass-1');
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/user/fund_password/reset',
    );
    await page.getByRole('button', { name: en_US.funds.reset_submit }).click();
    const { hold_until: holdUntil } = ((await (await answer).json()) as { data: { hold_until: string } }).data;
    // The wallet signed the reset's own statement for this site.
    const signed = wallet.requests.filter((request) => request.method === 'personal_sign');
    expect(signed).toHaveLength(1);
    await expectToast(page, en_US.funds.reset_success);
    const notice = page.getByTestId('reset-hold');
    await expect(notice).toContainText(fill(en_US.funds.reset_hold, { time: '' }).replace(/\.$/, '').trim());
    expect(Date.parse(holdUntil) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    // A transfer with the new password waits, and says for how long.
    const other = await registerWallet(page.request);
    await page.goto('/transfer');
    await page.getByLabel(en_US.funds.recipient).fill(other);
    await page.getByLabel(en_US.funds.amount).fill('1');
    await page.getByLabel(en_US.funds.password).fill('new-pass-1');
    await page.getByRole('button', { name: en_US.funds.transfer_submit }).click();
    await expectToast(page, fill(en_US.errors.fund_password_reset_hold, { hours: 24 }));
  });
});

test.describe('transfer', () => {
  test('without a fund password sends the user to set one, then back to the transfer', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.goto('/user');
    await page.locator('.quick-action', { hasText: en_US.user.transfer }).click();

    await expect(page).toHaveURL('/fpassword');
    await expectToast(page, en_US.errors.fund_password_not_set);
    await expect(page.getByText(en_US.funds.fpassword_required)).toBeVisible();

    await field(page, 'password').fill('secret1');
    await field(page, 'confirm').fill('secret1');
    await page.getByRole('button', { name: en_US.funds.set_submit }).click();
    await expect(page).toHaveURL('/transfer');
    await expect(page.getByRole('button', { name: en_US.funds.transfer_submit })).toBeEnabled();

    // /fpassword replaced /transfer in the history: back returns to the user centre.
    await page.getByRole('button', { name: en_US.common.back }).click();
    await expect(page).toHaveURL('/user');
  });

  test('checks the address, oneself, whole amounts and the balance before sending', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    const sent = recordRequests(page, '/api/funds/transfer');

    await page.goto('/transfer');
    const submit = page.getByRole('button', { name: en_US.funds.transfer_submit });
    await submit.click();
    await expect(page.getByText(en_US.funds.recipient_required)).toBeVisible();
    await expect(page.getByText(en_US.funds.amount_required)).toBeVisible();
    await expect(page.getByText(en_US.funds.fund_password_required)).toBeVisible();

    await field(page, 'to').fill('0x12345');
    await field(page, 'amount').fill('1.5');
    await field(page, 'fund_password').fill('secret1');
    await expect(page.getByText(en_US.errors.invalid_wallet_account)).toBeVisible();
    await expect(page.getByText(en_US.funds.amount_whole)).toBeVisible();
    await expect(field(page, 'to')).toHaveAttribute('aria-invalid', 'true');

    // One's own address, in another case, is still oneself.
    await field(page, 'to').fill(`0x${wallet.address.slice(2).toUpperCase()}`);
    await expect(page.getByText(en_US.errors.transfer_to_self)).toBeVisible();
    await field(page, 'amount').fill('0');
    await expect(page.getByText(en_US.funds.amount_whole)).toBeVisible();

    // The balance is 0: no whole amount fits, whichever asset.
    await field(page, 'amount').fill('5');
    await expect(page.getByText(en_US.errors.insufficient_usdt)).toBeVisible();
    await page.getByRole('radio', { name: /WALLX/ }).click();
    await expect(page.getByText(en_US.errors.insufficient_wallx)).toBeVisible();

    await submit.click();
    expect(sent).toHaveLength(0);
  });

  test('a transfer the balance cannot cover is refused by the server, and a retried request keeps its key', async ({
    page,
  }) => {
    const other = await registerWallet(page.request);
    const wallet = await installWallet(page);
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    // The server holds 0 USDT for this user; the screen is told 100, so only the server can refuse.
    await dressBalance(page, { usdt: '100', wallx: '0' });

    const keys: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let isFirst = true;
    await page.route('**/api/funds/transfer', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (isFirst) {
        // The first answer is lost on the way, as on a phone losing its network.
        isFirst = false;
        await held;
        await route.abort('timedout');
        return;
      }
      await route.continue();
    });

    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('100');
    await field(page, 'to').fill(other);
    await field(page, 'amount').fill('5');
    await field(page, 'fund_password').fill('secret1');

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/funds/transfer'));
    await page.getByRole('button', { name: en_US.funds.transfer_submit }).click();
    const sending = page.getByRole('button', { name: en_US.funds.transferring });
    await expect(sending).toBeDisabled();
    release();

    const response = await answer;
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ code: 3002, message: en_US.errors.insufficient_usdt });
    await expectToast(page, en_US.errors.insufficient_usdt);
    await expect(field(page, 'amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: en_US.funds.transfer_submit })).toBeEnabled();
    // The lost request was retried with the same key, so it could not have moved money twice.
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(uuid);
    expect(keys[1]).toBe(keys[0]);
    expect(response.request().postDataJSON()).toEqual({
      to: other,
      asset: 'USDT',
      amount: '5',
      fund_password: 'secret1',
    });

    // The server answered: submitting again is a new request with a new key.
    const second = page.waitForResponse((r) => r.url().endsWith('/api/funds/transfer'));
    await page.getByRole('button', { name: en_US.funds.transfer_submit }).click();
    expect((await second).status()).toBe(409);
    expect(keys).toHaveLength(3);
    expect(keys[2]).toMatch(uuid);
    expect(keys[2]).not.toBe(keys[0]);
  });

  test('a frozen account is told why it cannot transfer', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    // Operators freeze accounts (no API for it yet): dress the server's real answer.
    await page.route('**/api/user/info', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { userinfo: Record<string, unknown> } };
      body.data.userinfo = { ...body.data.userinfo, is_frozen: true };
      await route.fulfill({ response, json: body });
    });
    await page.goto('/transfer');
    await expect(page.getByText(en_US.user.frozen)).toBeVisible();
    await expect(page.getByRole('button', { name: en_US.funds.transfer_submit })).toBeDisabled();
  });
});

test.describe('transfers with real money', () => {
  /** A new user holding `usdt` USDT by a real deposit from its own wallet, with fund password secret1. */
  async function fundedUser(page: Page, usdt: string): Promise<void> {
    const config = await depositConfig(page.request);
    const account = await fundedAccount(config, { USDT: usdt });
    const wallet = await installWallet(page, { accounts: [account] });
    await login(page, wallet);
    await deposit(page, account, config, 'USDT', usdt);
    await setFundPasswordByApi(page, 'secret1');
  }

  /** Fills the transfer form (already open) and submits it; answers the server's real response. */
  async function submitTransfer(
    page: Page,
    form: { to?: string; amount?: string; fundPassword: string },
  ): Promise<Response> {
    if (form.to !== undefined) await field(page, 'to').fill(form.to);
    if (form.amount !== undefined) await field(page, 'amount').fill(form.amount);
    await field(page, 'fund_password').fill(form.fundPassword);
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/funds/transfer',
    );
    await page.getByRole('button', { name: en_US.funds.transfer_submit }).click();
    return answer;
  }

  test('one user deposits and transfers 30 USDT to another: balances, transfer records and fund records follow', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const config = await depositConfig(page.request);

    // B: a new wallet in a browser of its own, registered by its first login.
    const bContext = await newPhoneContext(browser);
    const b = await bContext.newPage();
    const bWallet = await installWallet(b, { accountCount: 1 });
    await login(b, bWallet);

    // A: 100 USDT by a real deposit from its wallet on the local chain.
    const aAccount = await fundedAccount(config, { USDT: '100' });
    const aWallet = await installWallet(page, { accounts: [aAccount] });
    await login(page, aWallet);
    await deposit(page, aAccount, config, 'USDT', '100');
    await setFundPasswordByApi(page, 'secret1');

    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('100');
    const response = await submitTransfer(page, { to: bWallet.address, amount: '30', fundPassword: 'secret1' });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      code: 0,
      data: { transfer: { direction: 'out', asset: 'USDT', amount: '30', counterpart: bWallet.address } },
    });
    await expectToast(page, en_US.funds.transfer_success);

    // A's transfer records: the success lands there, the transfer on top.
    await expect(page).toHaveURL('/transfer_records');
    const sent = page.locator('.record').first();
    await expect(sent.locator('.record__title')).toHaveText(en_US.funds.direction_out);
    await expect(sent.locator('.record__detail')).toHaveText(fill(en_US.funds.to, { address: short(bWallet.address) }));
    await expect(sent.locator('.record__value')).toHaveText('\u221230');
    await expect(sent.locator('.record__unit')).toHaveText('USDT');

    // A's balance fell by the amount, on the user centre and on the form.
    await page.goto('/user');
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('70');
    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('70');

    // A's fund records: the deposit, then the transfer out with the balance after it.
    await page.goto('/records');
    const transferOut = page.locator('.record', { hasText: en_US.funds.type.transfer_out });
    await expect(transferOut.locator('.record__value')).toHaveText('\u221230');
    await expect(transferOut.locator('.record__aside')).toHaveText(fill(en_US.funds.balance_after, { amount: '70' }));
    await expect(page.locator('.record', { hasText: en_US.funds.type.deposit }).locator('.record__value')).toHaveText(
      '+100',
    );

    // B, in its own browser: the transfer in, its first money.
    await b.goto('/transfer_records');
    const received = b.locator('.record');
    await expect(received).toHaveCount(1);
    await expect(received.locator('.record__title')).toHaveText(en_US.funds.direction_in);
    await expect(received.locator('.record__detail')).toHaveText(
      fill(en_US.funds.from, { address: short(aWallet.address) }),
    );
    await expect(received.locator('.record__value')).toHaveText('+30');
    await b.goto('/user');
    await expect(b.locator('[data-asset="USDT"]')).toHaveText('30');
    await b.goto('/records');
    const transferIn = b.locator('.record');
    await expect(transferIn).toHaveCount(1);
    await expect(transferIn.locator('.record__title')).toHaveText(en_US.funds.type.transfer_in);
    await expect(transferIn.locator('.record__aside')).toHaveText(fill(en_US.funds.balance_after, { amount: '30' }));
    await bContext.close();
  });

  test('a wrong fund password is the server’s to refuse, on the password field; the right one sends', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const other = await registerWallet(page.request);
    // Really funded: the server checks the balance before the password, so a dressed balance would
    // never reach the password check.
    await fundedUser(page, '50');

    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('50');
    const wrong = await submitTransfer(page, { to: other, amount: '50', fundPassword: 'not-it' });
    expect(wrong.status()).toBe(403);
    await expectToast(page, en_US.errors.fund_password_incorrect);
    await expect(field(page, 'fund_password')).toHaveAttribute('aria-invalid', 'true');

    const right = await submitTransfer(page, { fundPassword: 'secret1' });
    expect(right.status()).toBe(200);
    await expect(page).toHaveURL('/transfer_records');
    await page.goto('/user');
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('0');
  });

  test('a well-formed address that no one registered is refused by the server, and nothing moves', async ({ page }) => {
    test.setTimeout(60_000);
    await fundedUser(page, '10');
    const nobody = privateKeyToAccount(generatePrivateKey()).address;

    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('10');
    const response = await submitTransfer(page, { to: nobody, amount: '5', fundPassword: 'secret1' });
    // The screen found nothing wrong: the words are the server's.
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ code: 3005, message: en_US.errors.invalid_wallet_account });
    await expectToast(page, en_US.errors.invalid_wallet_account);
    await expect(field(page, 'to')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#to-message')).toHaveText(en_US.errors.invalid_wallet_account);
    await expect(page).toHaveURL('/transfer');

    await page.goto('/transfer_records');
    await expect(page.getByRole('heading', { name: en_US.funds.empty_transfers })).toBeVisible();
    await page.goto('/user');
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('10');
  });

  test('five wrong fund passwords lock transfers, the right one included, and the screen says so', async ({ page }) => {
    test.setTimeout(60_000);
    const recipient = await registerWallet(page.request);
    await fundedUser(page, '10');
    const locked = fill(en_US.errors.fund_password_locked, { minutes: FUND_PASSWORD_LOCK_MINUTES });

    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('10');
    await field(page, 'to').fill(recipient);
    await field(page, 'amount').fill('5');
    for (let n = 1; n < FUND_PASSWORD_MAX_TRIES; n += 1) {
      const response = await submitTransfer(page, { fundPassword: `wrong-${n}` });
      expect(response.status(), `try ${n}`).toBe(403);
      await expect(page.locator('#fund_password-message')).toHaveText(en_US.errors.fund_password_incorrect);
    }
    const fifth = await submitTransfer(page, { fundPassword: `wrong-${FUND_PASSWORD_MAX_TRIES}` });
    expect(fifth.status()).toBe(429);
    expect(await fifth.json()).toMatchObject({ code: 3008, message: locked });
    await expect(page.locator('.adm-toast-main', { hasText: locked })).toBeVisible();
    await expect(page.locator('#fund_password-message')).toHaveText(locked);

    // Locked means locked: the right password is refused as well.
    const right = await submitTransfer(page, { fundPassword: 'secret1' });
    expect(right.status()).toBe(429);
    await expect(page.locator('#fund_password-message')).toHaveText(locked);
    await page.goto('/transfer_records');
    await expect(page.getByRole('heading', { name: en_US.funds.empty_transfers })).toBeVisible();
    await page.goto('/user');
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('10');
  });
});

test.describe('records', () => {
  test('transfer records and fund records start empty', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);

    await page.goto('/transfer_records');
    await expect(page.getByRole('heading', { name: en_US.funds.empty_transfers })).toBeVisible();
    await page.getByRole('link', { name: en_US.funds.new_transfer }).click();
    await expect(page).toHaveURL(/\/(transfer|fpassword)$/);

    await page.goto('/records');
    await expect(page.getByRole('heading', { name: en_US.funds.empty_records })).toBeVisible();
    const filtered = page.waitForRequest(
      (r) => r.url().includes('/api/funds/records') && r.url().includes('asset=USDT'),
    );
    await page.getByRole('radio', { name: 'USDT', exact: true }).click();
    await filtered;
    await expect(page.getByRole('heading', { name: en_US.funds.empty_filtered })).toBeVisible();
  });

  test('the record-type filter offers every type, translated, and filters by it', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.evaluate(() => localStorage.setItem('wallx_lang', 'zh_CN'));

    await page.goto('/records');
    await expect(page.locator('.page-header__title')).toHaveText(zh_CN.user.records);
    await expect(page.getByRole('heading', { name: zh_CN.funds.empty_records })).toBeVisible();
    await page.getByRole('button', { name: `${zh_CN.funds.filter_type}: ${zh_CN.funds.all_types}` }).click();

    const sheet = page.getByRole('dialog', { name: zh_CN.funds.filter_type });
    await expect(sheet).toBeVisible();
    const options = sheet.getByRole('radio');
    await expect(options).toHaveText([zh_CN.funds.all_types, ...fundRecordTypes.map((type) => zh_CN.funds.type[type])]);
    await expect(sheet.getByRole('radio', { name: zh_CN.funds.all_types })).toHaveAttribute('aria-checked', 'true');

    const filtered = page.waitForRequest((r) => r.url().includes('type=mining_output'));
    await sheet.getByRole('radio', { name: zh_CN.funds.type.mining_output }).click();
    await filtered;
    await expect(sheet).toBeHidden();
    await expect(page.locator('.filter-button__label')).toHaveText(zh_CN.funds.type.mining_output);
    await expect(page.getByRole('heading', { name: zh_CN.funds.empty_filtered })).toBeVisible();
  });

  test('transfer records show direction, counterpart and signed amount, and load more pages on scroll', async ({
    page,
  }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    const counterpart = '0x1234567890abcdef1234567890abcdef12345678';
    const item = (n: number) => ({
      id: String(1000 - n),
      direction: n % 2 === 0 ? 'in' : 'out',
      counterpart,
      asset: n % 3 === 0 ? 'WALLX' : 'USDT',
      amount: String(1000 * (n + 1)),
      created_at: new Date(Date.UTC(2025, 0, 1, 12, 0) - n * 60_000).toISOString(),
    });
    const cursors: Array<string | null> = [];
    // The list's rendering and paging under test (25 rows of both directions and assets); real transfers are above.
    await page.route(
      (url) => url.pathname === '/api/funds/transfers',
      async (route) => {
        const cursor = new URL(route.request().url()).searchParams.get('cursor');
        cursors.push(cursor);
        const start = cursor ? Number(cursor) : 0;
        const items = Array.from({ length: start === 0 ? 20 : 5 }, (_, i) => item(start + i));
        await route.fulfill({
          json: { code: 0, message: 'ok', data: { items, next_cursor: start === 0 ? '20' : null } },
        });
      },
    );

    await page.goto('/transfer_records');
    const rows = page.locator('.record');
    await expect(rows).toHaveCount(20);
    const first = rows.first();
    await expect(first.locator('.record__title')).toHaveText(en_US.funds.direction_in);
    await expect(first.locator('.record__detail')).toHaveText('From 0x123...45678');
    await expect(first.locator('.record__value')).toHaveText('+1,000');
    await expect(first.locator('.record__unit')).toHaveText('WALLX');
    await expect(rows.nth(1).locator('.record__value')).toHaveText('\u22122,000');
    await expect(rows.nth(1).locator('.record__detail')).toHaveText('To 0x123...45678');
    await expect(first.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    await rows.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect(rows).toHaveCount(25);
    await expect(page.getByText(en_US.common.no_more)).toBeVisible();
    expect(cursors).toEqual([null, '20']);
  });
});
