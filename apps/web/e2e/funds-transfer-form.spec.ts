import { expect, test } from './test';
import { en_US } from './catalog';
import { field, recordRequests, reviewAndConfirm, reviewSheet, uuid } from './funds';
import { dressBalance, login, registerWallet, setFundPasswordByApi, expectToast } from './helpers';
import { installWallet } from './wallet';

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
    await expect(page.getByRole('button', { name: en_US.funds.transfer_review })).toBeEnabled();

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
    const submit = page.getByRole('button', { name: en_US.funds.transfer_review });
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
    // An invalid form is not even reviewed.
    await expect(reviewSheet(page)).toHaveCount(0);
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
    await reviewAndConfirm(page, { review: en_US.funds.transfer_review, confirm: en_US.funds.transfer_submit });
    // Pending, the sheet stays open with its button busy: neither it nor Back can be pressed again.
    const sending = reviewSheet(page).getByRole('button', { name: en_US.funds.transferring });
    await expect(reviewSheet(page).getByRole('button', { name: en_US.common.back })).toBeDisabled();
    await expect(sending).toBeDisabled();
    release();

    const response = await answer;
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ code: 3002, message: en_US.errors.insufficient_usdt });
    await expectToast(page, en_US.errors.insufficient_usdt);
    await expect(field(page, 'amount')).toHaveAttribute('aria-invalid', 'true');
    // The refusal closes the sheet and lands on the form, which keeps what was typed.
    await expect(reviewSheet(page)).toBeHidden();
    await expect(field(page, 'to')).toHaveValue(other);
    await expect(page.getByRole('button', { name: en_US.funds.transfer_review })).toBeEnabled();
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
    await reviewAndConfirm(page, { review: en_US.funds.transfer_review, confirm: en_US.funds.transfer_submit });
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
    await expect(page.getByRole('button', { name: en_US.funds.transfer_review })).toBeDisabled();
  });
});
