import { expect, test } from '../../web/e2e/test';
import type { Page } from '@playwright/test';
import { en_US } from '../src/i18n/en_US';
import { id_ID } from '../src/i18n/id_ID';
import { zh_CN } from '../src/i18n/zh_CN';
import { setFundPassword, shootConsole, signIn, twoFinanceOperators, userWithDeposit } from './helpers';

const m = en_US.money;

/** The console's language picker, whatever language it is labelled in. */
const pickLanguage = (page: Page, language: string) => page.locator('.language-select select').selectOption(language);

/** Pictures of a console page in Chinese and Indonesian, after `check` finds the page in each; then English again. */
async function shootInOtherLanguages(
  page: Page,
  name: string,
  check: (catalog: typeof zh_CN, language: string) => Promise<void>,
) {
  for (const [language, catalog] of [
    ['zh_CN', zh_CN],
    ['id_ID', id_ID],
  ] as const) {
    await pickLanguage(page, language);
    await check(catalog, language);
    await shootConsole(page, `${name}-${language}`);
  }
  await pickLanguage(page, 'en_US');
}

test('a proposal: only its proposer may take it back, so labelled; the approver only approves, and the panel shows the decision at once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const [financeA, financeB] = await twoFinanceOperators(request);
  // 20,000 USDT asked for: above the 10,000 review threshold, it waits for finance.
  const user = await userWithDeposit(request, 'USDT', '20020');
  await setFundPassword(request, user, 'secret1');
  const asked = (await (
    await request.post('/api/funds/withdraw', {
      headers: user.auth,
      data: { asset: 'USDT', amount: '20000', fund_password: 'secret1' },
    })
  ).json()) as { data: { withdrawal: { id: string; status: string } } };
  expect(asked.data.withdrawal.status).toBe('pending_review');
  const id = asked.data.withdrawal.id;

  // Finance A proposes paying it, then sees only "Take back my proposal": no Approve, no bare "Withdraw".
  const consoleA = await signIn(page, `/money?user=${user.address}`, m.title, financeA);
  await page.getByRole('button', { name: `Withdrawal ${id}` }).click();
  const panel = page.getByRole('complementary', { name: `Withdrawal ${id}` });
  await panel.getByLabel(m.decision_reason).fill('Known customer; address checked on the explorer');
  await panel.getByRole('button', { name: m.propose_approve }).click();
  await expect(panel.getByRole('status')).toHaveText(m.proposed_notice);
  await page.reload();
  await page.getByRole('button', { name: `Withdrawal ${id}` }).click();
  await expect(panel.getByRole('button', { name: m.take_back_proposal })).toBeVisible();
  await expect(panel.getByRole('button', { name: m.approve_proposal })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^withdraw/i })).toHaveCount(0);
  await shootConsole(page, 'console-proposal-proposer');
  const panelIn = (on: Page, catalog: typeof zh_CN) =>
    on.getByRole('complementary', { name: catalog.money.withdrawal_title.replace('{{id}}', id) });
  await shootInOtherLanguages(page, 'console-proposal-proposer', async (catalog) => {
    await expect(panelIn(page, catalog).getByRole('button', { name: catalog.money.take_back_proposal })).toBeVisible();
  });
  // Taken back, nothing is decided: the withdrawal still awaits review, and may be proposed again.
  await panel.getByRole('button', { name: m.take_back_proposal }).click();
  await expect(panel.getByRole('status')).toHaveText(m.proposal_withdrawn_notice);
  await expect(panel.getByText(m.status_pending_review)).toBeVisible();
  const again = (await (
    await request.post('/api/admin/proposals', {
      headers: consoleA,
      data: { kind: 'withdrawal.approve', subject_id: id, reason: 'Checked again with the customer' },
    })
  ).json()) as { code: number; data: { id: string } };
  expect(again.code).toBe(0);
  const proposalId = again.data.id;
  // Among A's proposals, the row offers taking it back, never approving.
  await page.goto('/admin/money?view=proposals&show=mine&status=pending');
  await expect(page.getByRole('button', { name: `Take back my proposal ${proposalId}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Approve proposal ${proposalId}` })).toHaveCount(0);

  // Finance B sees Approve alone, in the proposals tab and in the withdrawal's panel.
  const pageB = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signIn(pageB, '/money?view=proposals', m.title, financeB);
  const row = pageB
    .getByRole('row')
    .filter({ has: pageB.getByRole('button', { name: `Approve proposal ${proposalId}` }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button')).toHaveCount(1);
  await pageB.goto(`/admin/money?user=${user.address}`);
  await pageB.getByRole('button', { name: `Withdrawal ${id}` }).click();
  const panelB = pageB.getByRole('complementary', { name: `Withdrawal ${id}` });
  await expect(panelB.getByRole('button', { name: m.approve_proposal })).toBeVisible();
  await expect(panelB.getByRole('button', { name: m.take_back_proposal })).toHaveCount(0);
  await expect(panelB.getByRole('button', { name: /^withdraw/i })).toHaveCount(0);
  await shootConsole(pageB, 'console-proposal-approver');
  await panelB.getByRole('button', { name: m.approve_proposal }).click();
  await pageB
    .getByRole('dialog', { name: `Approve proposal ${proposalId}?` })
    .getByRole('button', { name: m.approve_confirm })
    .click();
  // The decision, at once: the panel no longer reads "Awaiting review" though the row left that list.
  await expect(panelB.getByRole('status')).toHaveText(m.proposal_approved_notice);
  await expect(panelB.getByText(m.status_pending_review)).toHaveCount(0);
  await expect(
    panelB.getByText(new RegExp(`^(${[m.status_queued, m.status_broadcast, m.status_completed].join('|')})$`)),
  ).toBeVisible();
  await shootConsole(pageB, 'console-proposal-approved');
  await shootInOtherLanguages(pageB, 'console-proposal-approved', async (catalog) => {
    await expect(panelIn(pageB, catalog).getByRole('status')).toHaveText(catalog.money.proposal_approved_notice);
    await expect(panelIn(pageB, catalog).getByText(catalog.money.status_pending_review)).toHaveCount(0);
  });
  await pageB.close();
});

test('the console speaks the app’s five languages, each named in its own, and keeps the choice', async ({ page }) => {
  await signIn(page, '/money', m.title);
  const picker = page.locator('.language-select select');
  await expect(picker.locator('option')).toHaveText(['简体中文', 'English', '한국어', '日本語', 'Bahasa Indonesia']);
  const titles = { ko_KR: '자금', ja_JP: '資金', id_ID: id_ID.money.title, zh_CN: zh_CN.money.title } as const;
  for (const [language, title] of Object.entries(titles)) {
    await pickLanguage(page, language);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language.replace('_', '-'));
  }
  await pickLanguage(page, 'id_ID');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: id_ID.money.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: id_ID.nav.label })).toBeVisible();
  await shootConsole(page, 'console-money-id_ID');
});
