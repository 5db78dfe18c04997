import { expect, test } from '../../web/e2e/test';
import { parseUnits } from 'viem';
import { en_US } from '../src/i18n/en_US';
import { appUser, setFundPassword, shootConsole, signIn, twoFinanceOperators } from './helpers';
import { zh_CN } from '../src/i18n/zh_CN';
import { transferToDeposit, depositConfig, fundedAccount, mine, tokenBalance } from '../../web/e2e/chain';

// The second test reads the deposit and the withdrawal the first one made.
test.describe.configure({ mode: 'serial' });

const m = en_US.money;

test('four eyes: finance A proposes paying a 20,000 USDT withdrawal, A cannot approve it, finance B approves, the payout worker pays it on chain; both steps audited', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const [financeA, financeB] = await twoFinanceOperators(request);
  // A user with 20,020 USDT that came in from the chain, who asks for 20,000 (the review threshold is 10,000).
  const config = await depositConfig(request);
  const account = await fundedAccount(config, { USDT: '20020' });
  const user = await appUser(request, account);
  const { auth } = user;
  await setFundPassword(request, user, 'secret1');
  const hash = await transferToDeposit(config, account, 'USDT', '20020');
  await mine(config.rpc_url, config.confirmations);
  expect(
    await (await request.post('/api/funds/recharge', { headers: auth, data: { asset: 'USDT', tx_hash: hash } })).json(),
  ).toMatchObject({ data: { status: 'credited' } });
  const asked = (await (
    await request.post('/api/funds/withdraw', {
      headers: auth,
      data: { asset: 'USDT', amount: '20000', fund_password: 'secret1' },
    })
  ).json()) as {
    data: { withdrawal: { id: string; status: string } };
  };
  expect(asked.data.withdrawal.status).toBe('pending_review');
  const id = asked.data.withdrawal.id;
  const before = await tokenBalance(config, account, 'USDT');

  // Finance A finds it among those awaiting review, this user's only one, and proposes paying it.
  const consoleA = await signIn(page, `/money?user=${account.address.toLowerCase()}`, m.title, financeA);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Withdrawal ${id}` }) });
  await expect(row.getByText(m.status_pending_review)).toBeVisible();
  await expect(row.getByText(m.reason_amount)).toBeVisible();
  await row.getByRole('button', { name: `Withdrawal ${id}` }).click();
  const panel = page.getByRole('complementary', { name: `Withdrawal ${id}` });
  await expect(panel.getByText('20000 USDT')).toBeVisible();
  await shootConsole(page, 'console-money-review');
  // A decision needs a reason: the button alone sends nothing.
  await panel.getByRole('button', { name: m.propose_approve }).click();
  await expect(panel.getByRole('alert')).toHaveText('Write the reason, at least 3 characters.');
  await panel.getByLabel(m.decision_reason).fill('Known customer; address checked on the explorer');
  await panel.getByRole('button', { name: m.propose_approve }).click();
  await expect(panel.getByRole('status')).toHaveText(m.proposed_notice);
  // Reopened, it shows the waiting proposal: A may take it back, not approve it; nor can A's session.
  await page.reload();
  await page.getByRole('button', { name: `Withdrawal ${id}` }).click();
  await expect(panel.getByText(m.proposal_yours)).toBeVisible();
  await expect(panel.getByRole('button', { name: m.take_back_proposal })).toBeVisible();
  await expect(panel.getByRole('button', { name: m.approve_proposal })).toHaveCount(0);
  await shootConsole(page, 'console-money-proposed');
  const waiting = (await (
    await request.get(`/api/admin/proposals?status=pending&subject_id=${id}`, { headers: consoleA })
  ).json()) as { data: { items: Array<{ id: string }> } };
  const proposalId = waiting.data.items[0]!.id;
  expect(
    await (await request.post(`/api/admin/proposals/${proposalId}/approve`, { headers: consoleA })).json(),
  ).toMatchObject({ code: 8605 });

  // Finance B, in a browser of their own, approves it from the proposals waiting for them.
  const pageB = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signIn(pageB, '/money?view=proposals', m.title, financeB);
  const proposalRow = pageB
    .getByRole('row')
    .filter({ has: pageB.getByRole('button', { name: `Approve proposal ${proposalId}` }) });
  await expect(proposalRow.getByText('20000 USDT')).toBeVisible();
  await shootConsole(pageB, 'console-money-proposals');
  await proposalRow.getByRole('button', { name: `Approve proposal ${proposalId}` }).click();
  await pageB
    .getByRole('dialog', { name: `Approve proposal ${proposalId}?` })
    .getByRole('button', { name: m.approve_confirm })
    .click();
  await expect(pageB.getByRole('button', { name: `Approve proposal ${proposalId}` })).toHaveCount(0);

  // The payout worker sends it; confirmations need blocks of their own.
  await expect
    .poll(
      async () => {
        await mine(config.rpc_url, 1);
        const list = (await (await request.get('/api/funds/withdrawals', { headers: auth })).json()) as {
          data: { items: Array<{ id: string; status: string }> };
        };
        return list.data.items.find((w) => w.id === id)?.status;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('completed');
  expect((await tokenBalance(config, account, 'USDT')) - before).toBe(parseUnits('20000', 18));

  // The console shows it completed, with its transaction; the audit log has both steps and the approval.
  await pageB.goto(`/admin/money?status=completed&user=${account.address.toLowerCase()}`);
  await pageB.getByRole('button', { name: `Withdrawal ${id}` }).click();
  await expect(
    pageB.getByRole('complementary', { name: `Withdrawal ${id}` }).getByText(/^0x[0-9a-f]{64}$/),
  ).toBeVisible();
  await shootConsole(pageB, 'console-money-completed');
  await pageB.goto(`/admin/audit?subject_type=proposal&subject_id=${proposalId}`);
  const by = (operator: { address: string }) => pageB.locator(`code[title="${operator.address.toLowerCase()}"]`);
  await expect(
    pageB
      .getByRole('row')
      .filter({ hasText: 'proposal.create' })
      .filter({ has: by(financeA) }),
  ).toHaveCount(1);
  await expect(
    pageB
      .getByRole('row')
      .filter({ hasText: 'proposal.approve' })
      .filter({ has: by(financeB) }),
  ).toHaveCount(1);
  await pageB.goto(`/admin/audit?action=withdrawal.approve&subject_id=${id}`);
  await expect(pageB.getByRole('row').filter({ hasText: 'withdrawal.approve' })).toHaveCount(1);
  await pageB.close();
});

test('deposits, unattributed deposits, fees and limits, and the daily report, in English and Chinese', async ({
  page,
  request,
}) => {
  // A wallet that is no user (an exchange, say) pays the deposit address: the scanner keeps it apart.
  const config = await depositConfig(request);
  const exchange = await fundedAccount(config, { USDT: '75' });
  const hash = await transferToDeposit(config, exchange, 'USDT', '75');
  await mine(config.rpc_url, config.confirmations);
  const operator = await signIn(page, '/money?view=deposits', m.title);
  await expect(page.getByRole('columnheader', { name: m.credited })).toBeVisible();
  await shootConsole(page, 'console-money-deposits');

  // The scanner keeps it within a pass or two (under a full suite's load, a few seconds): then the tab lists it.
  const found = async () => {
    await mine(config.rpc_url, 1);
    const answer = (await (
      await request.get('/api/admin/deposits/unattributed?status=open&limit=100', { headers: operator })
    ).json()) as { data: { items: Array<{ id: string; tx_hash: string }> } };
    return answer.data.items.find((item) => item.tx_hash === hash)?.id ?? null;
  };
  await expect.poll(found, { timeout: 60_000, intervals: [1_000] }).not.toBeNull();
  const id = (await found())!;
  await page.getByRole('tab', { name: m.tab_unattributed }).click();
  await expect(page.locator(`code[title="${exchange.address.toLowerCase()}"]`)).toBeVisible();
  await page.getByRole('button', { name: `Propose crediting deposit ${id}` }).click();
  await shootConsole(page, 'console-money-unattributed');

  await page.getByRole('tab', { name: m.tab_reports }).click();
  await expect(page.getByRole('columnheader', { name: m.confirmations })).toBeVisible();
  await shootConsole(page, 'console-money-reported');

  await page.getByRole('tab', { name: m.tab_settings }).click();
  const form = page.getByRole('form', { name: m.tab_settings });
  const reviewAbove = form.locator('input[name="withdraw.USDT.review_above"]');
  await expect(reviewAbove).toHaveValue('10000');
  await expect(form.getByText(m.chain)).toBeVisible();
  await shootConsole(page, 'console-money-settings');
  // One operator alone only proposes: switching off the review of large withdrawals waits for another.
  await reviewAbove.fill('999999999999');
  await form.locator('input[name="withdraw.USDT.hourly_cap"]').fill('999999999999');
  await form.getByRole('button', { name: m.save }).click();
  await expect(form.getByRole('status')).toContainText('Proposed — waiting for another finance operator or an admin');
  await expect(reviewAbove).toHaveValue('10000');
  const waitingChange = page.getByRole('region', { name: m.settings_waiting_title });
  await expect(waitingChange.getByText('Withdrawals, USDT · Review above:')).toBeVisible();
  await expect(waitingChange.getByText('999999999999').first()).toBeVisible();
  await expect(waitingChange.getByRole('button', { name: /^Approve proposal/ })).toHaveCount(0);
  expect(
    (
      (await (await request.get('/api/admin/money/settings', { headers: operator })).json()) as {
        data: { withdraw: { USDT: { review_above: string } } };
      }
    ).data.withdraw.USDT.review_above,
  ).toBe('10000');
  await shootConsole(page, 'console-money-settings-proposed');
  await page.setViewportSize({ width: 375, height: 812 });
  await shootConsole(page, 'console-money-settings-proposed-375', true);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The proposals list it, before → after.
  await page.getByRole('tab', { name: m.tab_proposals }).click();
  await page.getByRole('combobox', { name: m.proposals_view }).selectOption('mine');
  await page.getByRole('button', { name: en_US.table.apply }).click();
  const settingsRow = page.getByRole('row').filter({ hasText: m.kind_money_settings_update }).first();
  await expect(settingsRow.getByText('Withdrawals, USDT · Hourly cap:')).toBeVisible();
  await shootConsole(page, 'console-money-proposals-settings');
  await page.setViewportSize({ width: 375, height: 812 });
  await shootConsole(page, 'console-money-proposals-settings-375', true);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('tab', { name: m.tab_report }).click();
  await expect(page.getByRole('columnheader', { name: m.total })).toBeVisible();
  await expect(page.getByRole('cell', { name: m.types.deposit }).first()).toBeVisible();
  await shootConsole(page, 'console-money-report');

  await page.getByRole('combobox', { name: en_US.app.language }).selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: zh_CN.money.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: zh_CN.money.types.deposit }).first()).toBeVisible();
  await shootConsole(page, 'console-money-report-zh');
  await page.getByRole('tab', { name: zh_CN.money.tab_withdrawals }).click();
  await shootConsole(page, 'console-money-withdrawals-zh');
  await page.getByRole('tab', { name: zh_CN.money.tab_unattributed }).click();
  await expect(page.getByRole('columnheader', { name: zh_CN.money.found })).toBeVisible();
  await shootConsole(page, 'console-money-unattributed-zh');
  await page.getByRole('tab', { name: zh_CN.money.tab_proposals }).click();
  await page.getByRole('combobox', { name: zh_CN.money.proposals_view }).selectOption('any');
  await page.getByRole('button', { name: zh_CN.table.apply }).click();
  await expect(page.getByRole('cell', { name: zh_CN.money.kind_withdrawal_approve }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: zh_CN.money.kind_money_settings_update }).first()).toBeVisible();
  await shootConsole(page, 'console-money-proposals-zh');
  await page.setViewportSize({ width: 375, height: 812 });
  await shootConsole(page, 'console-money-proposals-375-zh', true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: zh_CN.money.tab_settings }).click();
  await expect(page.getByRole('region', { name: zh_CN.money.settings_waiting_title })).toBeVisible();
  await shootConsole(page, 'console-money-settings-proposed-zh');
  await page.setViewportSize({ width: 375, height: 812 });
  await shootConsole(page, 'console-money-settings-proposed-375-zh', true);
  await page.setViewportSize({ width: 1440, height: 900 });
  // Taken back, by its proposer: nothing was ever in force.
  await page
    .getByRole('region', { name: zh_CN.money.settings_waiting_title })
    .getByRole('button', { name: /^撤回/ })
    .click();
  await expect(page.getByRole('region', { name: zh_CN.money.settings_waiting_title })).toHaveCount(0);
});

test('where the tokens are: the hot wallet against its marks, sweeps and deposit addresses, in English and Chinese', async ({
  page,
}) => {
  await signIn(page, '/money?tab=hot_wallet', m.title);
  await expect(page.getByRole('columnheader', { name: m.low_mark })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'USDT', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: m.cold_transfers })).toBeVisible();
  await expect(page.getByText(en_US.table.loading)).toHaveCount(0);
  await shootConsole(page, 'console-money-hot-wallet');

  await page.getByRole('tab', { name: m.tab_sweeps }).click();
  await expect(page.getByRole('columnheader', { name: m.gas_cost })).toBeVisible();
  await expect(page.getByText(en_US.table.loading)).toHaveCount(0);
  await shootConsole(page, 'console-money-sweeps');

  await page.getByRole('tab', { name: m.tab_deposit_addresses }).click();
  await expect(page.getByRole('columnheader', { name: 'Unswept USDT' })).toBeVisible();
  await expect(page.getByText(en_US.table.loading)).toHaveCount(0);
  await shootConsole(page, 'console-money-deposit-addresses');

  const z = zh_CN.money;
  await page.getByRole('combobox', { name: en_US.app.language }).selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: z.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '未归集 USDT' })).toBeVisible();
  await shootConsole(page, 'console-money-deposit-addresses-zh');
  await page.getByRole('tab', { name: z.tab_sweeps }).click();
  await expect(page.getByRole('columnheader', { name: z.gas_cost })).toBeVisible();
  await shootConsole(page, 'console-money-sweeps-zh');
  await page.getByRole('tab', { name: z.tab_hot_wallet }).click();
  await expect(page.getByRole('columnheader', { name: z.low_mark })).toBeVisible();
  await expect(page.getByRole('heading', { name: z.cold_transfers })).toBeVisible();
  await shootConsole(page, 'console-money-hot-wallet-zh');
});
