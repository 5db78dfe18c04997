import type { Page, Response } from '@playwright/test';
import { expect, test } from './test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { FUND_PASSWORD_LOCK_MINUTES, FUND_PASSWORD_MAX_TRIES } from '@wallx/shared';
import { en_US, fill } from './catalog';
import { deposit, fundedAccount, depositConfig } from './chain';
import { field, recordRequests, reviewAndConfirm, reviewRow, reviewSheet, serverBalance, short } from './funds';
import { authOf, login, newPhoneContext, registerWallet, setFundPasswordByApi, expectToast } from './helpers';
import { installWallet } from './wallet';

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
    await reviewAndConfirm(page, { review: en_US.funds.transfer_review, confirm: en_US.funds.transfer_submit });
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

    // The review first: the whole address, the amount, no fee, what arrives. Back sends nothing.
    const posted = recordRequests(page, '/api/funds/transfer');
    await field(page, 'to').fill(bWallet.address);
    await field(page, 'amount').fill('30');
    await field(page, 'fund_password').fill('secret1');
    await page.getByRole('button', { name: en_US.funds.transfer_review, exact: true }).click();
    await expect(reviewSheet(page)).toBeVisible();
    await expect(reviewRow(page, 'address')).toHaveText(bWallet.address);
    await expect(reviewRow(page, 'asset')).toHaveText('USDT');
    await expect(reviewRow(page, 'amount')).toHaveText('30 USDT');
    await expect(reviewRow(page, 'fee')).toHaveText('0 USDT');
    await expect(reviewRow(page, 'arrives')).toHaveText('30 USDT');
    await reviewSheet(page).getByRole('button', { name: en_US.common.back }).click();
    await expect(reviewSheet(page)).toBeHidden();
    await expect(field(page, 'to')).toHaveValue(bWallet.address);
    await expect(field(page, 'amount')).toHaveValue('30');
    expect(posted).toHaveLength(0);
    expect((await serverBalance(page, await authOf(page))).usdt).toMatch(/^100(\.0+)?$/);

    const response = await submitTransfer(page, { fundPassword: 'secret1' });
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
    await expectToast(page, fill(en_US.errors.fund_password_incorrect, { tries_left: 4, minutes: 15 }));
    await expect(field(page, 'fund_password')).toHaveAttribute('aria-invalid', 'true');

    const right = await submitTransfer(page, { fundPassword: 'secret1' });
    expect(right.status()).toBe(200);
    await expect(page).toHaveURL('/transfer_records');
    await page.goto('/user');
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('0');
  });

  test('a well-formed address that never signed in is refused on its field before the review sheet, and nothing moves', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await fundedUser(page, '10');
    const nobody = privateKeyToAccount(generatePrivateKey()).address;
    const transfers = recordRequests(page, '/api/funds/transfer');

    await page.goto('/transfer');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('10');
    await field(page, 'to').fill(nobody);
    await field(page, 'amount').fill('5');
    await field(page, 'fund_password').fill('secret1');
    const check = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/recipients/check');
    await page.getByRole('button', { name: en_US.funds.transfer_review }).click();
    // The screen found nothing wrong; the server's check did, before anything is reviewed or confirmed.
    const response = await check;
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ code: 3005, data: { field: 'to' } });
    await expect(field(page, 'to')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#to-message')).toHaveText(en_US.errors.invalid_wallet_account);
    await expect(reviewSheet(page)).toBeHidden();
    expect(transfers).toEqual([]);
    await expect(page).toHaveURL('/transfer');

    await page.goto('/transfer_records');
    await expect(page.getByRole('heading', { name: en_US.funds.empty_transfers })).toBeVisible();
    await page.goto('/user');
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('10');
  });

  test('the recipient field offers the recent recipients and pastes an address (or a payment link) copied', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const [bob, cal] = [await registerWallet(page.request), await registerWallet(page.request)];
    await fundedUser(page, '10');
    await page.goto('/transfer');
    // No transfer yet: no recent recipients.
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('10');
    await expect(page.locator('.recipient-recent')).toHaveCount(0);
    expect((await submitTransfer(page, { to: bob, amount: '1', fundPassword: 'secret1' })).status()).toBe(200);

    await page.goto('/transfer');
    const chip = page.getByRole('button', { name: bob.toLowerCase() });
    await expect(chip).toHaveText(short(bob.toLowerCase()));
    await chip.click();
    await expect(field(page, 'to')).toHaveValue(bob.toLowerCase());

    await page.evaluate((text) => navigator.clipboard.writeText(text), `ethereum:${cal}@56`);
    await page.getByRole('button', { name: en_US.funds.paste }).click();
    await expect(field(page, 'to')).toHaveValue(cal);
    expect((await submitTransfer(page, { amount: '1', fundPassword: 'secret1' })).status()).toBe(200);
    await page.goto('/transfer');
    await expect(page.locator('.recipient-recent__chip')).toHaveText([
      short(cal.toLowerCase()),
      short(bob.toLowerCase()),
    ]);
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
      await expect(page.locator('#fund_password-message')).toHaveText(
        fill(en_US.errors.fund_password_incorrect, {
          tries_left: FUND_PASSWORD_MAX_TRIES - n,
          minutes: FUND_PASSWORD_LOCK_MINUTES,
        }),
      );
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
