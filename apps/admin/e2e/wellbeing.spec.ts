import { expect, test } from '../../web/e2e/test';
import { approveAsSecondAdmin } from '../../web/e2e/operator';
import { en_US } from '../src/i18n/en_US';
import { zh_CN } from '../src/i18n/zh_CN';
import { shootConsole, signIn } from './helpers';

const w = en_US.wellbeing;

test('the well-being page: aggregates only, the budget funded by a proposal another admin approves, the reward rules, the crisis lines; English and Chinese', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await signIn(page, '/wellbeing', w.title);
  const chart = page.getByRole('img', { name: /Check-ins and average mood per day/ });
  await expect(chart).toBeVisible();
  // A fresh deployment has fewer than 20 people on every day: nothing of them is shown.
  await expect(page.getByRole('table').getByText(w.fewer_than.replace('{{min}}', '20')).first()).toBeVisible();

  // Funding is proposed here and approved by the second admin; then the budget shows it.
  const budget = page.getByRole('region', { name: w.budget_title });
  const fund = page.getByRole('form', { name: w.fund_title });
  const propose = async (amount: string, reason: string) => {
    await fund.getByLabel(w.fund_amount).fill(amount);
    await fund.getByLabel(w.fund_reason).fill(reason);
    await fund.getByRole('button', { name: w.fund_submit }).click();
    await expect(fund.getByRole('status')).toHaveText(w.fund_proposed);
  };
  await propose('1000', 'Launch of check-in rewards');
  await expect(budget.getByText('+1000 WALLX: Launch of check-in rewards')).toBeVisible();
  const waiting = (await (
    await request.get('/api/admin/proposals?status=pending&subject_type=rewards_budget', { headers: session })
  ).json()) as { data: { items: Array<{ id: string }> } };
  await approveAsSecondAdmin(request, waiting.data.items[0]!.id);
  await page.reload();
  await expect(budget.getByText('1000 WALLX').first()).toBeVisible();
  await shootConsole(page, 'console-wellbeing-summary', true);

  // Proposing more: it waits for the second admin, and says so.
  await propose('250', 'Weekly prizes for December');
  await expect(budget.getByText('+250 WALLX: Weekly prizes for December')).toBeVisible();

  await page.getByRole('tab', { name: w.tab_settings }).click();
  const rules = page.getByRole('form', { name: w.tab_settings });
  await expect(rules.getByLabel(w.checkin_reward)).toHaveValue('1');
  await shootConsole(page, 'console-wellbeing-rules', true);

  await page.getByRole('tab', { name: w.tab_support_lines }).click();
  const add = page.getByRole('form', { name: w.line_form_add });
  await add.getByLabel(w.line_country).fill('JP');
  await add.getByLabel(w.line_name).fill('Inochi no Denwa');
  await add.getByLabel(w.line_phone).fill('0570-783-556');
  await add.getByRole('button', { name: w.line_save }).click();
  await expect(page.getByRole('cell', { name: 'Inochi no Denwa' })).toBeVisible();
  await shootConsole(page, 'console-wellbeing-lines', true);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('.language-select select').selectOption('zh_CN');
  await page.getByRole('tab', { name: zh_CN.wellbeing.tab_summary }).click();
  await expect(page.getByRole('heading', { name: zh_CN.wellbeing.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: zh_CN.wellbeing.budget_title })).toBeVisible();
  await shootConsole(page, 'console-wellbeing-summary-zh', true);
});
