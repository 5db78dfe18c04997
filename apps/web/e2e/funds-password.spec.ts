import { expect, test } from './test';
import { hexToString, type Hex } from 'viem';
import { WALLET_ACTION_STATEMENTS } from '@wallx/shared';
import { en_US, fill } from './catalog';
import { deposit, fundedAccount, depositConfig } from './chain';
import { field, recordRequests, reviewAndConfirm } from './funds';
import { login, registerWallet, setFundPasswordByApi, expectToast } from './helpers';
import { installWallet } from './wallet';

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
    await expectToast(page, fill(en_US.errors.fund_password_incorrect, { tries_left: 4, minutes: 15 }));
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
    await reviewAndConfirm(page, { review: en_US.funds.transfer_review, confirm: en_US.funds.transfer_submit });
    await expectToast(page, fill(en_US.errors.fund_password_reset_hold, { hours: 24 }));
  });
});
