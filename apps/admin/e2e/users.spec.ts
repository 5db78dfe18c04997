import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../web/e2e/test';
import { en_US } from '../src/i18n/en_US';
import { appUser, setFundPassword, shootConsole, signIn, type AppUser } from './helpers';
import { zh_CN } from '../src/i18n/zh_CN';
import { transferToDeposit, depositConfig, fundedAccount, mine } from '../../web/e2e/chain';

const u = en_US.users;
const PASSWORD = 'secret1';

/** A user holding `usdt` by a real deposit from its own wallet on the local chain, with a fund password. */
async function fundedUser(request: APIRequestContext, usdt: string): Promise<AppUser> {
  const config = await depositConfig(request);
  const account = await fundedAccount(config, { USDT: usdt });
  const user = await appUser(request, account);
  const hash = await transferToDeposit(config, account, 'USDT', usdt);
  await mine(config.rpc_url, config.confirmations);
  const reported = await request.post('/api/funds/recharge', {
    headers: user.auth,
    data: { asset: 'USDT', tx_hash: hash },
  });
  expect(await reported.json()).toMatchObject({ data: { status: 'credited' } });
  await setFundPassword(request, user, PASSWORD);
  return user;
}

test('an operator finds a user by share code, freezes them (who then cannot transfer), unfreezes them, and the audit log shows both', async ({
  page,
  request,
}) => {
  const user = await fundedUser(request, '50');
  const recipient = await appUser(request);
  const transfer = async () => {
    const response = await request.post('/api/funds/transfer', {
      headers: user.auth,
      data: { to: recipient.address, asset: 'USDT', amount: '5', fund_password: PASSWORD },
    });
    return { status: response.status(), body: (await response.json()) as { code: number; message: string } };
  };

  await signIn(page, '/users', u.title);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await shootConsole(page, 'console-users-list');

  // A search that cannot use an index is refused before it is sent.
  const search = page.getByLabel(u.search);
  await search.fill('0x12');
  await page.getByRole('button', { name: en_US.table.apply }).click();
  await expect(page.getByRole('alert')).toHaveText(u.search_invalid);

  await search.fill(user.shareCode.toLowerCase());
  await page.getByRole('button', { name: en_US.table.apply }).click();
  await expect(page).toHaveURL(new RegExp(`q=${user.shareCode.toLowerCase()}`));
  await expect(page.locator('.table-panel tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: `Open user ${user.address}` }).click();
  const panel = page.getByRole('complementary', { name: /^0x/ });
  await expect(panel.getByText(user.address, { exact: true })).toBeVisible();
  await expect(panel.getByRole('row', { name: /USDT/ })).toContainText('50');
  await expect(page).toHaveURL(/user=\d+/);
  await shootConsole(page, 'console-users-detail');
  await panel.getByRole('button', { name: u.tab_records }).click();
  await expect(panel.getByText('deposit', { exact: true })).toBeVisible();
  await shootConsole(page, 'console-users-records');
  await panel.getByRole('button', { name: u.tab_overview }).click();

  // Freeze, with a reason.
  await panel.getByRole('button', { name: u.freeze }).click();
  const dialog = page.getByRole('dialog', { name: u.freeze_title });
  await dialog.getByRole('button', { name: u.freeze_confirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Write a reason of at least 3 characters.');
  const reason = `Stolen wallet reported ${Date.now()}`;
  await dialog.getByLabel(u.reason).fill(reason);
  await shootConsole(page, 'console-users-freeze-dialog');
  await dialog.getByRole('button', { name: u.freeze_confirm }).click();
  await expect(panel.getByRole('status')).toHaveText(u.frozen_done);
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(reason)).toBeVisible();
  await expect(page.locator('.table-panel tbody tr').first()).toContainText(u.frozen);
  await shootConsole(page, 'console-users-frozen');

  // The frozen user cannot move money.
  expect(await transfer()).toMatchObject({ status: 403, body: { code: 1005 } });

  // Unfreeze, with a reason: the user can again.
  await panel.getByRole('button', { name: u.unfreeze }).click();
  const unfreeze = page.getByRole('dialog', { name: u.unfreeze_title });
  await unfreeze.getByLabel(u.reason).fill('Owner proved the wallet is theirs');
  await unfreeze.getByRole('button', { name: u.unfreeze_confirm }).click();
  await expect(panel.getByRole('status')).toHaveText(u.unfrozen_done);
  expect(await transfer()).toMatchObject({ status: 200, body: { code: 0 } });

  // Make validator: the points come from the shipping module's list, saved through its endpoint.
  await panel.getByRole('button', { name: u.make_validator }).click();
  const firstPoint = panel.getByRole('checkbox').first();
  await firstPoint.check();
  await panel.getByRole('button', { name: u.save_points }).scrollIntoViewIfNeeded();
  await shootConsole(page, 'console-users-make-validator');
  await panel.getByRole('button', { name: u.save_points }).click();
  await expect(panel.getByRole('status').filter({ hasText: u.points_saved })).toBeVisible();
  await expect(panel.getByRole('button', { name: u.change_points })).toBeVisible();
  await expect(page.locator('.table-panel tbody tr').first()).toContainText(u.validator);

  // The audit log shows both, for this user.
  const id = new URL(page.url()).searchParams.get('user')!;
  await page.goto(`/admin/audit?subject_type=user&subject_id=${id}`);
  await expect(page.getByRole('row').filter({ hasText: 'user.freeze' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'user.unfreeze' })).toHaveCount(1);
  await page
    .getByRole('row')
    .filter({ hasText: 'user.freeze' })
    .getByRole('button', { name: /^View entry/ })
    .click();
  await expect(
    page
      .getByRole('complementary', { name: /^Entry / })
      .locator('pre')
      .filter({ hasText: reason }),
  ).toBeVisible();
  await shootConsole(page, 'console-users-audit');

  // The same page in Chinese: the list, the detail and the dialog.
  await page.goto(`/admin/users?q=${user.shareCode}&user=${id}`);
  await page.getByLabel(en_US.app.language).selectOption('zh_CN');
  const zh = zh_CN.users;
  await expect(page.getByRole('heading', { name: zh.title, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: /^0x/ }).getByRole('heading', { name: zh.balances }),
  ).toBeVisible();
  await shootConsole(page, 'console-users-detail-zh');
  await page.getByRole('complementary', { name: /^0x/ }).getByRole('button', { name: zh.freeze }).click();
  await page.getByRole('dialog', { name: zh.freeze_title }).getByLabel(zh.reason).fill('疑似被盗');
  await shootConsole(page, 'console-users-freeze-dialog-zh');
  await page.getByRole('dialog', { name: zh.freeze_title }).getByRole('button', { name: zh.cancel }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});
