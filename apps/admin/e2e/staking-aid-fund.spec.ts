import { plus } from '@wallx/shared';
import { expect, test } from '../../web/e2e/test';
import { approveAsSecondAdmin } from '../../web/e2e/operator';
import { en_US } from '../src/i18n/en_US';
import { zh_CN } from '../src/i18n/zh_CN';
import { setFundPassword, shootConsole, signIn, userWithDeposit } from './helpers';

const s = en_US.staking;
const a = en_US.aid_fund;

type Waiting = { data: { items: Array<{ id: string }> } };
type PoolRead = { data: { funded: string; pool: { WALLX: string } } };

test('the staking pool: funded by a proposal the second admin approves, its stakes, distributions and rules; English and Chinese, desktop and phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await signIn(page, '/staking', s.title);
  const pool = page.getByRole('region', { name: s.pool_title });
  await expect(pool.getByText(s.balance.replace('{{asset}}', 'WALLX'))).toBeVisible();

  // The browser suite's server seeds stakers and pays their day before this runs: count from what is there.
  const start = ((await (await request.get('/api/admin/staking', { headers: session })).json()) as PoolRead).data;
  const fund = page.getByRole('form', { name: s.fund_title });
  await fund.getByLabel(s.fund_amount).fill('1000');
  await fund.getByLabel(s.reason).fill('Launch of the staking pool');
  await fund.getByRole('button', { name: s.fund_submit }).click();
  await expect(fund.getByRole('status')).toHaveText(s.fund_proposed);
  await expect(page.getByText('Waiting: +1000 WALLX: Launch of the staking pool')).toBeVisible();
  const waiting = (await (
    await request.get('/api/admin/proposals?status=pending&subject_type=staking_budget', { headers: session })
  ).json()) as Waiting;
  await approveAsSecondAdmin(request, waiting.data.items[0]!.id);
  await page.reload();
  const budget = page.getByRole('region', { name: s.budget_title });
  await expect(budget.getByText(`${plus(start.funded, '1000')} WALLX`)).toBeVisible();
  await expect(pool.getByText(`${plus(start.pool.WALLX, '1000')} WALLX`).first()).toBeVisible();
  await shootConsole(page, 'console-staking-pool', true);
  await page.setViewportSize({ width: 375, height: 812 });
  await shootConsole(page, 'console-staking-pool-375', true);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('tab', { name: s.tab_stakes }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('tab', { name: s.tab_distributions }).click();
  await expect(page.getByText(s.distributions_lead)).toBeVisible();

  await page.getByRole('tab', { name: s.tab_settings }).click();
  const rules = page.getByRole('form', { name: s.tab_settings });
  const aidShare = rules.locator('input[name="aid_share"]');
  const before = await aidShare.inputValue();
  await aidShare.fill('0.15');
  await rules.getByRole('button', { name: s.settings_submit }).click();
  await expect(rules.getByRole('status')).toHaveText(s.settings_proposed);
  // The change waits for a second operator: the rules in force stay as they were.
  await expect(aidShare).toHaveValue(before);
  await expect(rules.getByRole('link', { name: s.open_proposals })).toBeVisible();
  await shootConsole(page, 'console-staking-rules', true);

  // The proposals tab reads the change as before → after.
  await rules.getByRole('link', { name: s.open_proposals }).click();
  await expect(page.getByText(`${en_US.money.staking_aid_share}:`)).toBeVisible();
  await expect(page.getByText(en_US.money.kind_staking_settings_update).first()).toBeVisible();
  await shootConsole(page, 'console-staking-proposal', true);

  await page.goto('/admin/staking');
  await page.locator('.language-select select').selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: zh_CN.staking.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: zh_CN.staking.pool_title })).toBeVisible();
  await shootConsole(page, 'console-staking-pool-zh', true);
  await page.setViewportSize({ width: 375, height: 812 });
  await shootConsole(page, 'console-staking-pool-zh-375', true);
});

test('the aid fund: a donation in, a partner added, a grant proposed and approved by the second admin, its payout among the withdrawals; English and Chinese', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const donor = await userWithDeposit(request, 'WALLX', '50');
  await setFundPassword(request, donor, 'secret1');
  const donated = await request.post('/api/aid-fund/donations', {
    headers: donor.auth,
    data: { asset: 'WALLX', amount: '20', fund_password: 'secret1', show_me: true },
  });
  expect(await donated.json()).toMatchObject({ code: 0 });

  const session = await signIn(page, '/aid-fund', a.title);
  const balance = page.getByRole('region', { name: a.balance_title });
  await expect(balance.getByRole('row', { name: /WALLX/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: '20 WALLX' }).first()).toBeVisible();
  await shootConsole(page, 'console-aid-fund', true);

  await page.getByRole('tab', { name: a.tab_partners }).click();
  const add = page.getByRole('form', { name: a.add_title });
  const name = `Calm Minds ${Date.now()}`;
  await add.getByLabel(a.partner_name).fill(name);
  await add.getByLabel(a.address).fill('0x7777777777777777777777777777777777777777');
  await add.getByLabel(a.website_optional).fill('https://calm.example.org');
  await add.getByRole('button', { name: a.add_submit }).click();
  await expect(add.getByRole('status')).toHaveText(a.partner_saved);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await shootConsole(page, 'console-aid-fund-partners', true);

  await page.getByRole('tab', { name: a.tab_grants }).click();
  const propose = page.getByRole('form', { name: a.propose_title });
  const partnerSelect = propose.getByLabel(a.partner);
  const partnerId = await partnerSelect.locator('option', { hasText: name }).getAttribute('value');
  await partnerSelect.selectOption(partnerId!);
  await propose.getByLabel(a.asset).selectOption('WALLX');
  await propose.getByLabel(a.amount).fill('5');
  await propose.getByLabel(a.reason).fill('December grant');
  await propose.getByRole('button', { name: a.propose_submit }).click();
  await expect(propose.getByRole('status')).toHaveText(a.grant_proposed);
  await expect(page.getByText(`5 WALLX to ${name}`, { exact: false })).toBeVisible();
  await shootConsole(page, 'console-aid-fund-grants-waiting', true);

  const waiting = (await (
    await request.get('/api/admin/proposals?status=pending&subject_type=aid_grant', { headers: session })
  ).json()) as Waiting;
  await approveAsSecondAdmin(request, waiting.data.items[0]!.id);
  await page.reload();
  await expect(page.getByRole('cell', { name }).first()).toBeVisible();
  await shootConsole(page, 'console-aid-fund-grants', true);

  // The grant's payout is among the withdrawals, named by its grant and partner (it has no user).
  await page.goto('/admin/money?status=any');
  await expect(page.getByText(new RegExp(`Aid fund grant #\\d+ · ${name}`)).first()).toBeVisible();
  await shootConsole(page, 'console-withdrawals-grant', true);

  await page.goto('/admin/aid-fund');
  await page.locator('.language-select select').selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: zh_CN.aid_fund.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: zh_CN.aid_fund.balance_title })).toBeVisible();
  await shootConsole(page, 'console-aid-fund-zh', true);
  await page.setViewportSize({ width: 375, height: 812 });
  await shootConsole(page, 'console-aid-fund-zh-375', true);
  await page.getByRole('tab', { name: zh_CN.aid_fund.tab_grants }).click();
  await expect(page.getByRole('region', { name: zh_CN.aid_fund.propose_title })).toBeVisible();
  await shootConsole(page, 'console-aid-fund-grants-zh-375', true);
});
