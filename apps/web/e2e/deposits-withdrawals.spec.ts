import type { Page } from '@playwright/test';
import { formatNumber, fromUnits, isAddress, toUnits } from '@wallx/shared';
import { expect, test } from './test';
import { parseUnits } from 'viem';
import { en_US, fill } from './catalog';
import { deposit, fundedAccount, mine, depositConfig, tokenBalance, transferToDeposit } from './chain';
import { recordRequests, reviewAndConfirm, reviewRow, reviewSheet, serverBalance } from './funds';
import { readQrCodes } from './qr';
import { authOf, dressBalance, login, setFundPasswordByApi, expectToast } from './helpers';
import { installWallet } from './wallet';

const field = (page: Page, id: string) => page.locator(`#${id}`);

test.describe('deposit', () => {
  test(
    'sends 100 USDT from the wallet on the local chain, follows the confirmations and credits the balance',
    { tag: '@quiet-chain' },
    async ({ page }) => {
      test.setTimeout(60_000);
      const config = await depositConfig(page.request);
      const wallet = await installWallet(page, { accounts: [await fundedAccount(config, { USDT: '100' })] });
      await login(page, wallet);

      await page.goto('/recharge');
      await expect(page.locator('.page-header__title')).toHaveText(en_US.user.deposit);
      await expect(page.getByText(en_US.chain.empty_deposits)).toBeVisible();

      // Client rules first: required, a number > 0, at most 18 places.
      await page.getByRole('button', { name: en_US.chain.deposit_submit }).click();
      await expect(page.getByText(en_US.funds.amount_required)).toBeVisible();
      await field(page, 'amount').fill('0');
      await expect(page.getByText(en_US.chain.amount_invalid)).toBeVisible();
      await field(page, 'amount').fill('1.0000000000000000001');
      await expect(page.getByText(fill(en_US.chain.amount_too_precise, { decimals: 18 }))).toBeVisible();
      expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(0);

      await field(page, 'amount').fill('100');
      await page.getByRole('button', { name: en_US.chain.deposit_submit }).click();

      // The wallet did not know the chain: it was added with the server's RPC URL, then switched to.
      const methods = () => wallet.requests.map((r) => r.method);
      await expect.poll(methods).toContain('eth_sendTransaction');
      expect(methods()).toEqual(expect.arrayContaining(['wallet_switchEthereumChain', 'wallet_addEthereumChain']));
      expect(wallet.chainId).toBe(`0x${config.chain_id.toString(16)}`);
      const added = wallet.requests.find((r) => r.method === 'wallet_addEthereumChain')?.params as Array<{
        rpcUrls: string[];
      }>;
      expect(added[0]?.rpcUrls).toEqual([config.rpc_url]);

      const progress = page.getByTestId('deposit-progress');
      await expect(progress.getByRole('heading', { name: en_US.chain.tx_title })).toBeVisible();
      const hash = await progress.locator('[data-tx]').getAttribute('data-tx');
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

      // Mined in its own block: 1 confirmation of the required ones.
      const status = page.getByTestId('deposit-status');
      await expect(status).toHaveText(fill(en_US.chain.confirming, { count: 1, total: config.confirmations }), {
        timeout: 10_000,
      });
      await mine(config.rpc_url, config.confirmations);
      await expect(status).toHaveText(en_US.chain.deposit_success, { timeout: 10_000 });
      await expectToast(page, en_US.chain.deposit_success);
      await expect(progress.locator('[data-status="credited"]')).toBeVisible();

      // The deposit is listed, credited, with its amount.
      const item = page.locator(`.chain-item[data-tx="${hash}"]`);
      await expect(item.locator('[data-status="credited"]')).toHaveText(en_US.chain.deposit_status.credited);
      await expect(item.locator('.chain-item__amount')).toContainText('+100');

      await page.goto('/user');
      await expect(page.locator('[data-asset="USDT"]')).toHaveText('100');
    },
  );

  test('shows the user’s own address as text and QR; what an exchange sends there is credited and listed', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const config = await depositConfig(page.request);
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.goto('/recharge');

    const shown = page.getByTestId('deposit-address');
    await expect(shown).toHaveAttribute('data-address', /./);
    const address = (await shown.textContent())!;
    expect(isAddress(address), address).toBe(true);
    expect(address.toLowerCase()).not.toBe(config.deposit_address.toLowerCase());
    expect(address.toLowerCase()).not.toBe(wallet.address.toLowerCase());
    // The QR code a phone's camera reads is the same address.
    expect(await readQrCodes(await page.getByTestId('deposit-qr').screenshot())).toEqual([address]);

    // An exchange's hot wallet (no user of ours) withdraws to it; nobody reports the hash.
    const exchange = await fundedAccount(config, { USDT: '42' });
    const hash = await transferToDeposit(config, exchange, 'USDT', '42', address);
    await mine(config.rpc_url, config.confirmations);
    // The scanner credits it: the deposit list and the balance show it.
    const item = page.locator(`.chain-item[data-tx="${hash}"]`);
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(shown).toHaveText(address);
          return item.locator('[data-status="credited"]').count();
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(1);
    await expect(item.locator('.chain-item__amount')).toContainText('+42');
    await page.goto('/user');
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('42');
  });

  test('a refusal in the wallet says so and sends nothing', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.addInitScript(() => {
      const wrap = () => {
        const provider = (window as unknown as { ethereum?: { request: (a: { method: string }) => Promise<unknown> } })
          .ethereum;
        if (!provider) return;
        const request = provider.request.bind(provider);
        provider.request = async (args) => {
          if (args.method === 'wallet_switchEthereumChain')
            throw Object.assign(new Error('User rejected'), { code: 4001 });
          return request(args);
        };
      };
      wrap();
    });
    await page.goto('/recharge');
    await field(page, 'amount').fill('5.5');
    await page.getByRole('button', { name: en_US.chain.deposit_submit }).click();
    await expectToast(page, en_US.auth.rejected);
    await expect(page.getByTestId('deposit-progress')).toHaveCount(0);
  });
});

test.describe('withdrawal', () => {
  test('checks the amount rules before sending and shows the fee and destination', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    await dressBalance(page, { usdt: '100', wallx: '0' });
    // The limits are the server's; fixed here so the rules below are exact.
    await page.route(
      (url) => url.pathname === '/api/funds/withdraw/config',
      (route) =>
        route.fulfill({
          json: { code: 0, message: 'ok', data: { USDT: { min: '20', fee: '1.5' }, WALLX: { min: '100', fee: '5' } } },
        }),
    );
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/funds/withdraw') sent.push(request.method());
    });

    await page.goto('/withdrawal');
    await expect(page.locator('.page-header__title')).toHaveText(en_US.user.withdrawal);
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('100');
    await expect(page.locator('.chain-address__value')).toHaveAttribute('title', wallet.address);
    await expect(page.getByTestId('withdraw-fee')).toHaveText('1.5 USDT');

    const submit = page.getByRole('button', { name: en_US.chain.withdraw_review });
    const amountError = page.locator('#amount-message');
    await submit.click();
    await expect(amountError).toHaveText(en_US.funds.amount_required);
    await expect(page.getByText(en_US.funds.fund_password_required)).toBeVisible();

    const cases: Array<[string, string]> = [
      ['15', en_US.errors.withdrawal_not_multiple],
      ['12.5', en_US.errors.withdrawal_not_multiple],
      ['0', en_US.errors.withdrawal_not_multiple],
      ['10', en_US.errors.withdrawal_too_small],
      ['110', en_US.errors.insufficient_usdt],
      ['100', en_US.errors.insufficient_fee],
    ];
    for (const [amount, message] of cases) {
      await field(page, 'amount').fill(amount);
      await expect(amountError, amount).toHaveText(message);
    }

    await field(page, 'amount').fill('90');
    await expect(amountError).not.toHaveAttribute('role', 'alert');
    await expect(page.getByTestId('withdraw-receive')).toHaveText('90 USDT');
    await expect(page.getByText('91.5 USDT')).toBeVisible();

    // The Max button offers the largest valid amount, fee included.
    await page.getByRole('button', { name: en_US.funds.max }).click();
    await expect(field(page, 'amount')).toHaveValue('90');

    // WALLX: nothing to withdraw.
    await page.getByRole('radio', { name: /WALLX/ }).click();
    await expect(amountError).toHaveText(en_US.errors.withdrawal_too_small);
    expect(sent).toHaveLength(0);
  });

  test('withdraws 50 USDT: taken at once with the fee, paid on chain by the payout worker, completed', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const config = await depositConfig(page.request);
    const account = await fundedAccount(config, { USDT: '100' });
    const wallet = await installWallet(page, { accounts: [account] });
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    const auth = await authOf(page);
    // Money enters from the chain: a real deposit of 100 USDT.
    await deposit(page, account, config, 'USDT', '100');
    const before = await tokenBalance(config, account, 'USDT');

    await page.goto('/withdrawal');
    await expect(page.locator('[data-balance="USDT"]')).toHaveText('100');
    await field(page, 'amount').fill('50');
    await field(page, 'fund_password').fill('secret1');

    // The review first: the whole address it goes to, the network, amount, fee, total and what
    // arrives. Back sends nothing and leaves the balance as it was.
    const fee = (await (await page.request.get('/api/funds/withdraw/config', { headers: auth })).json()) as {
      data: { USDT: { fee: string } };
    };
    const posted = recordRequests(page, '/api/funds/withdraw');
    await page.getByRole('button', { name: en_US.chain.withdraw_review, exact: true }).click();
    await expect(reviewSheet(page)).toBeVisible();
    // The address as the server keeps it (lower case), whole.
    await expect(reviewRow(page, 'address')).toHaveText(account.address.toLowerCase());
    await expect(reviewRow(page, 'asset')).toHaveText('USDT');
    await expect(reviewRow(page, 'network')).toHaveText(`Chain ${config.chain_id}`);
    await expect(reviewRow(page, 'amount')).toHaveText('50 USDT');
    await expect(reviewRow(page, 'fee')).toHaveText(`${formatNumber(fee.data.USDT.fee, 8)} USDT`);
    await expect(reviewRow(page, 'total')).toHaveText(
      `${formatNumber(fromUnits(toUnits('50')! + toUnits(fee.data.USDT.fee)!), 8)} USDT`,
    );
    await expect(reviewRow(page, 'arrives')).toHaveText('50 USDT');
    await reviewSheet(page).getByRole('button', { name: en_US.common.back }).click();
    await expect(reviewSheet(page)).toBeHidden();
    await expect(field(page, 'amount')).toHaveValue('50');
    expect(posted).toHaveLength(0);
    expect((await serverBalance(page, auth)).usdt).toMatch(/^100(\.0+)?$/);

    await reviewAndConfirm(page, { review: en_US.chain.withdraw_review, confirm: en_US.chain.withdraw_submit });
    const item = page.locator('.chain-item').first();
    await expect(item).toBeVisible({ timeout: 10_000 });

    // The payout worker (every few seconds) broadcasts it; confirmations need blocks of their own.
    await expect
      .poll(
        async () => {
          await mine(config.rpc_url, 1);
          const list = (await (await page.request.get('/api/funds/withdrawals', { headers: auth })).json()) as {
            data: { items: Array<{ status: string }> };
          };
          return list.data.items[0]?.status;
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe('completed');
    const after = await tokenBalance(config, account, 'USDT');
    expect(after - before).toBe(parseUnits('50', 18));

    await page.goto('/withdrawal');
    await expect(page.locator('.chain-item').first().locator('[data-status="completed"]')).toBeVisible({
      timeout: 10_000,
    });
    await page.goto('/user');
    // 100 − 50 − the configured fee (1 USDT by default).
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('49');
  });

  test('without a fund password sends the user to set one first', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.goto('/withdrawal');
    await expect(page).toHaveURL('/fpassword');
    await expectToast(page, en_US.errors.fund_password_not_set);
  });
});
