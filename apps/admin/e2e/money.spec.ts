import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../../web/e2e/test';
import { erc20Abi, parseUnits, type Address } from 'viem';
import { en_US } from '../src/i18n/en_US';
import { appUser, setFundPassword, signIn } from './helpers';
import { zh_CN } from '../src/i18n/zh_CN';
import { chainClient, depositConfig, fundedAccount, mine, tokenBalance } from '../../web/e2e/chain';
import { shoot } from '../../web/e2e/screenshot';

// The second test reads the deposit and the withdrawal the first one made.
test.describe.configure({ mode: 'serial' });

const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));
const m = en_US.money;

test('finance approves a withdrawal above the review threshold, and the payout worker pays it on chain', async ({ page, request }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(screenshots, { recursive: true });
  // A user with 10,020 USDT that came in from the chain, who asks for 10,010 (the review threshold is 10,000).
  const config = await depositConfig(request);
  const account = await fundedAccount(config, { USDT: '10020' });
  const user = await appUser(request, account);
  const { auth } = user;
  await setFundPassword(request, user, 'secret1');
  const client = chainClient(config, account);
  const hash = await client.writeContract({ address: config.tokens.USDT.address as Address, abi: erc20Abi, functionName: 'transfer', args: [config.deposit_address as Address, parseUnits('10020', 18)] });
  await client.waitForTransactionReceipt({ hash });
  await mine(config.rpc_url, config.confirmations);
  expect(await (await request.post('/api/funds/recharge', { headers: auth, data: { asset: 'USDT', tx_hash: hash } })).json()).toMatchObject({ data: { status: 'credited' } });
  const asked = (await (await request.post('/api/funds/withdraw', { headers: auth, data: { asset: 'USDT', amount: '10010', fund_password: 'secret1' } })).json()) as {
    data: { withdrawal: { id: string; status: string } };
  };
  expect(asked.data.withdrawal.status).toBe('pending_review');
  const id = asked.data.withdrawal.id;
  const before = await tokenBalance(config, account, 'USDT');

  // The operator finds it among those awaiting review, this user's only one.
  await signIn(page, `/money?user=${account.address.toLowerCase()}`, m.title);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Withdrawal ${id}` }) });
  await expect(row.getByText(m.status_pending_review)).toBeVisible();
  await expect(row.getByText(m.reason_amount)).toBeVisible();
  await row.getByRole('button', { name: `Withdrawal ${id}` }).click();
  const panel = page.getByRole('complementary', { name: `Withdrawal ${id}` });
  await expect(panel.getByText('10010 USDT')).toBeVisible();
  await shoot(page, 'console-money-review', false, screenshots);

  // Rejecting needs a reason: the button alone sends nothing.
  await panel.getByRole('button', { name: m.reject }).click();
  await expect(panel.getByRole('alert')).toHaveText('Write the reason, at least 3 characters.');

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(`Approve paying 10010 USDT to ${account.address.toLowerCase()}?`);
    void dialog.accept();
  });
  await panel.getByRole('button', { name: m.approve }).click();
  await expect(panel.getByRole('status')).toHaveText(m.decided_approve);

  // The payout worker sends it; confirmations need blocks of their own.
  await expect
    .poll(
      async () => {
        await mine(config.rpc_url, 1);
        const list = (await (await request.get('/api/funds/withdrawals', { headers: auth })).json()) as { data: { items: Array<{ id: string; status: string }> } };
        return list.data.items.find((w) => w.id === id)?.status;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('completed');
  expect((await tokenBalance(config, account, 'USDT')) - before).toBe(parseUnits('10010', 18));

  // The console shows it completed, with its transaction; the audit log has the approval.
  await page.goto(`/admin/money?status=completed&user=${account.address.toLowerCase()}`);
  await page.getByRole('button', { name: `Withdrawal ${id}` }).click();
  await expect(page.getByRole('complementary', { name: `Withdrawal ${id}` }).getByText(/^0x[0-9a-f]{64}$/)).toBeVisible();
  await shoot(page, 'console-money-completed', false, screenshots);
  await page.goto(`/admin/audit?action=withdrawal.approve&subject_id=${id}`);
  await expect(page.getByRole('row').filter({ hasText: 'withdrawal.approve' })).toHaveCount(1);
});

test('deposits, fees and limits, and the daily report, in English and Chinese', async ({ page }) => {
  fs.mkdirSync(screenshots, { recursive: true });
  await signIn(page, '/money?view=deposits', m.title);
  await expect(page.getByRole('columnheader', { name: m.credited })).toBeVisible();
  await shoot(page, 'console-money-deposits', false, screenshots);

  await page.getByRole('tab', { name: m.tab_reports }).click();
  await expect(page.getByRole('columnheader', { name: m.confirmations })).toBeVisible();
  await shoot(page, 'console-money-reported', false, screenshots);

  await page.getByRole('tab', { name: m.tab_settings }).click();
  const form = page.getByRole('form', { name: m.tab_settings });
  await expect(form.locator('input[name="withdraw.USDT.review_above"]')).toHaveValue('10000');
  await expect(form.getByText(m.chain)).toBeVisible();
  await shoot(page, 'console-money-settings', false, screenshots);

  await page.getByRole('tab', { name: m.tab_report }).click();
  await expect(page.getByRole('columnheader', { name: m.total })).toBeVisible();
  await expect(page.getByRole('cell', { name: m.types.deposit }).first()).toBeVisible();
  await shoot(page, 'console-money-report', false, screenshots);

  await page.getByRole('combobox', { name: en_US.app.language }).selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: zh_CN.money.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: zh_CN.money.types.deposit }).first()).toBeVisible();
  await shoot(page, 'console-money-report-zh', false, screenshots);
  await page.getByRole('tab', { name: zh_CN.money.tab_withdrawals }).click();
  await shoot(page, 'console-money-withdrawals-zh', false, screenshots);
});
