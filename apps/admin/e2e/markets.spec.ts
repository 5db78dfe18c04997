import { expect, test } from '../../web/e2e/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { en_US } from '../src/i18n/en_US';
import { setFundPassword, shootConsole, signIn, userWithDeposit } from './helpers';
import { zh_CN } from '../src/i18n/zh_CN';
import { secondOperatorKey } from '../../web/e2e/env';

test('dashboard, a C2C order cancelled with a reason (escrow back), and a viewer operator added', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });

  // A seller with WALLX that came from the chain: a real transfer to the deposit address, reported.
  const seller = await userWithDeposit(request, 'WALLX', '500');
  await setFundPassword(request, seller, 'pass-123');
  const published = await request.post('/api/c2c/orders', {
    headers: seller.auth,
    data: { amount: '200', unit_price: '0.5', expiry: '1D', fund_password: 'pass-123' },
  });
  const order = ((await published.json()) as { data: { order: { id: string } } }).data.order;
  const wallx = async () =>
    (
      (await (await request.get('/api/user/info', { headers: seller.auth })).json()) as {
        data: { balance: { wallx: string } };
      }
    ).data.balance.wallx;
  expect(await wallx()).toBe('298');

  // The dashboard: figures, and the books covered on the local chain.
  await signIn(page, '/', en_US.dashboard.title);
  await expect(page.locator('.card__label', { hasText: en_US.dashboard.users })).toBeVisible();
  const reconciliation = page.getByRole('region', { name: en_US.dashboard.reconciliation });
  for (const asset of ['USDT', 'WALLX']) {
    await expect(
      reconciliation.getByRole('row', { name: new RegExp(`^${asset}`) }).getByText(en_US.dashboard.flag_ok),
    ).toBeVisible();
  }
  await expect(page.getByText(en_US.dashboard.flag_short, { exact: true })).toHaveCount(0);
  await shootConsole(page, 'console-dashboard');

  // Markets: the seller's pending order; cancel it with a reason.
  const nav = page.getByRole('navigation', { name: en_US.nav.label });
  await nav.getByRole('link', { name: en_US.nav.markets }).click();
  await page.getByLabel(en_US.markets.seller).fill(seller.address);
  await page.getByRole('button', { name: en_US.table.apply }).click();
  await expect(page).toHaveURL(/seller=0x/);
  await page.getByRole('button', { name: en_US.markets.cancel_order.replace('{{id}}', order.id) }).click();
  const dialog = page.getByRole('dialog', { name: en_US.markets.cancel_title.replace('{{id}}', order.id) });
  await dialog.getByRole('button', { name: en_US.markets.confirm_cancel }).click();
  await expect(dialog.getByRole('alert')).toHaveText(en_US.markets.reason_too_short.replace('{{min}}', '3'));
  const reason = 'Price far below the market after a reported phishing attempt; please relist.';
  await dialog.getByLabel(en_US.markets.reason).fill(reason);
  await shootConsole(page, 'console-markets-cancel');
  await dialog.getByRole('button', { name: en_US.markets.confirm_cancel }).click();
  await expect(page.getByRole('status')).toHaveText(en_US.markets.cancelled.replace('{{id}}', order.id));
  await expect(
    page.getByRole('row', { name: new RegExp(`^${order.id}`) }).getByText(en_US.markets.status_cancelled),
  ).toBeVisible();
  await shootConsole(page, 'console-markets');

  // The seller has the escrow back, and sees why.
  expect(await wallx()).toBe('500');
  const mine_ = (await (await request.get('/api/c2c/my_orders?role=sell', { headers: seller.auth })).json()) as {
    data: { items: Array<{ id: string; status: string; cancel_note: string }> };
  };
  expect(mine_.data.items.find((item) => item.id === order.id)).toMatchObject({
    status: 'cancelled',
    cancel_note: reason,
  });

  // Operators: adding a viewer is proposed, and waits for the second admin.
  await nav.getByRole('link', { name: en_US.nav.operators }).click();
  const viewer = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  await page.getByLabel(en_US.operators.address, { exact: true }).fill(viewer);
  await page.getByRole('button', { name: en_US.operators.add, exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Proposed — waiting for a second admin');
  await expect(page.getByRole('status')).toContainText(viewer);
  const waitingAdds = page.getByRole('region', { name: en_US.operators.pending_add });
  await expect(waitingAdds.getByText(viewer)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(viewer) })).toHaveCount(0);
  await shootConsole(page, 'console-operators');

  // The second admin, in a browser of their own, reads it on the proposals and approves it.
  const second = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(
    second,
    '/money?tab=proposals&about=operator',
    en_US.money.title,
    privateKeyToAccount(secondOperatorKey),
  );
  const proposalRow = second.getByRole('row').filter({ has: second.locator(`code[title="${viewer}"]`) });
  await expect(proposalRow.getByText(en_US.money.kind_operator_add)).toBeVisible();
  await expect(proposalRow.getByText(en_US.money.change_new)).toBeVisible();
  await shootConsole(second, 'console-money-proposals-operator');
  await proposalRow.getByRole('button', { name: /^Approve proposal / }).click();
  const approval = second.getByRole('dialog', { name: /^Approve proposal \d+\?$/ });
  await expect(approval.getByText(en_US.roles.viewer)).toBeVisible();
  await shootConsole(second, 'console-money-proposals-operator-approve');
  await approval.getByRole('button', { name: en_US.money.approve_confirm }).click();
  await expect(second.getByRole('status')).toHaveCount(0);
  await expect(approval).toHaveCount(0);
  await second.close();

  // Approved: the viewer is in the list; a role change is proposed in its turn, and the row says it waits.
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(viewer) });
  const roleOf = row.getByRole('combobox', { name: en_US.operators.role_of.replace('{{address}}', viewer) });
  await expect(roleOf).toHaveValue('viewer');
  await expect(
    row.getByRole('button', { name: en_US.operators.disable_of.replace('{{address}}', viewer) }),
  ).toBeVisible();
  await roleOf.selectOption('finance');
  await expect(row.getByText('Waiting for a second admin: role Finance')).toBeVisible();
  await expect(roleOf).toHaveValue('viewer');
  await shootConsole(page, 'console-operators-proposed');
  await page.setViewportSize({ width: 375, height: 812 });
  await shootConsole(page, 'console-operators-375', true);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The same pages in Chinese.
  await page.getByLabel(en_US.app.language).selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: zh_CN.operators.title, level: 1 })).toBeVisible();
  await shootConsole(page, 'console-operators-zh');
  await page.setViewportSize({ width: 375, height: 812 });
  await shootConsole(page, 'console-operators-375-zh', true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('navigation').getByRole('link', { name: zh_CN.nav.dashboard }).click();
  await expect(page.getByRole('heading', { name: zh_CN.dashboard.title, level: 1 })).toBeVisible();
  await expect(page.getByText(zh_CN.dashboard.flag_ok).first()).toBeVisible();
  await shootConsole(page, 'console-dashboard-zh');
  await page.getByRole('navigation').getByRole('link', { name: zh_CN.nav.markets }).click();
  await expect(page.getByRole('heading', { name: zh_CN.markets.title, level: 1 })).toBeVisible();
  await shootConsole(page, 'console-markets-zh');
});
