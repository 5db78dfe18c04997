import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatNumber, plus, type Language } from '@wallx/shared';
import { en_US as en_staking } from '@wallx/shared/i18n/staking/en_US';
import { zh_CN as zh_staking } from '@wallx/shared/i18n/staking/zh_CN';
import { expect, test } from './test';
import { deposit, depositConfig, fundedAccount } from './chain';
import { en_US, fill } from './catalog';
import { field, serverBalance } from './funds';
import { authOf, expectToast, login, setFundPasswordByApi } from './helpers';
import { shoot, toastGone } from './screenshot';
import { installWallet } from './wallet';
import { SEEDED_REWARD, SEEDED_STAKES, SEEDED_STAKING_DAY_FILE, seededStaker } from './seeded-stakers.mjs';

const texts = { en_US: en_staking.staking, zh_CN: zh_staking.staking } as const;

/** A new user holding `wallx` WALLX by a real deposit from its own wallet, with fund password secret1. */
async function stakerWith(page: Page, wallx: string, language: Language): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
  const config = await depositConfig(page.request);
  const account = await fundedAccount(config, { WALLX: wallx });
  const wallet = await installWallet(page, { accounts: [account] });
  await login(page, wallet);
  await deposit(page, account, config, 'WALLX', wallx);
  await setFundPasswordByApi(page, 'secret1');
}

for (const language of ['en_US', 'zh_CN'] as const) {
  const s = texts[language];

  test(`stakes 40 WALLX flexibly from home's staking card and withdraws it (${language})`, async ({ page }) => {
    await stakerWith(page, '100', language);
    const auth = await authOf(page);

    await page.goto('/');
    await page.getByRole('link', { name: new RegExp(s.title) }).click();
    await expect(page).toHaveURL(/\/stake$/);
    await expect(page.getByTestId('my-staked')).toContainText('0');
    await shoot(page, `${language}-stake-empty`, true);

    await field(page, 'amount').fill('40');
    await expect(page.getByRole('radio', { name: new RegExp(s.term_flexible) })).toBeChecked();
    await field(page, 'fund_password').fill('secret1');
    await page.getByRole('button', { name: s.stake_submit, exact: true }).click();
    await expectToast(page, s.staked_ok);
    await expect(page.getByTestId('my-staked')).toContainText(formatNumber('40'));
    expect((await serverBalance(page, auth)).wallx).toBe('60');
    const item = page.locator('.stake-item[data-status="active"]');
    await expect(item).toHaveCount(1);
    await toastGone(page);
    await shoot(page, `${language}-stake-active`, true);

    await item.getByRole('button', { name: s.unstake }).click();
    const sheet = page.locator('.bottom-sheet.is-open');
    await expect(sheet.getByTestId('unstake-summary')).toHaveText(fill(s.unstake_summary, { amount: '40' }));
    await sheet.locator('#unstake_fund_password').fill('secret1');
    await shoot(page, `${language}-unstake-sheet`);
    await sheet.getByRole('button', { name: s.unstake }).click();
    // No toast checked here: the return's balance notice (the unstake posting tells its owner) may
    // replace the screen's own toast at once.
    await expect(page.locator('.stake-item[data-status="withdrawn"]')).toHaveCount(1);
    await expect(page.getByTestId('my-staked')).toHaveText(/^0\s/);
    expect((await serverBalance(page, auth)).wallx).toBe('100');
    await toastGone(page);
    await shoot(page, `${language}-stake-withdrawn`, true);
  });
}

/** Yesterday in the pool's time zone (the server's default output zone, Asia/Shanghai), as YYYY-MM-DD. */
function yesterdayInShanghai(): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

test("sees yesterday's reward once the daily distribution has run, then withdraws the flexible stake", async ({
  page,
}) => {
  const s = texts.en_US;
  // A staker seeded with a flexible and a 30-day stake made the day before yesterday (e2e/serve.mjs):
  // the stakes were held all of yesterday, and the server's distribution job, run as it started,
  // shared the pool's seeded proceeds out (e2e/seeded-stakers.mjs).
  const wallet = await installWallet(page, { accounts: [seededStaker(test.info().repeatEachIndex)] });
  await login(page, wallet);
  await setFundPasswordByApi(page, 'secret1');
  const auth = await authOf(page);
  const seededDay = fs.readFileSync(path.join(process.env.WALLX_E2E_DATA_DIR!, SEEDED_STAKING_DAY_FILE), 'utf8').trim();

  await page.goto('/stake');
  await expect(page.getByTestId('my-staked')).toContainText(formatNumber('150'));
  // A run that crossed midnight in the pool's zone since the seeding has had another day distributed
  // (what the other tests' market fees put in the pool since): yesterday is then that day.
  const sameDay = yesterdayInShanghai() === seededDay;
  if (sameDay) {
    await expect(page.getByTestId('yesterday-wallx')).toHaveText(`${formatNumber(SEEDED_REWARD.wallx, 6)} WALLX`);
    await expect(page.getByTestId('yesterday-usdt')).toHaveText(`${formatNumber(SEEDED_REWARD.usdt, 6)} USDT`);
    await expect(page.getByTestId('total-wallx')).toHaveText(`${formatNumber(SEEDED_REWARD.wallx, 6)} WALLX`);
    await expect(page.getByTestId('total-usdt')).toHaveText(`${formatNumber(SEEDED_REWARD.usdt, 6)} USDT`);
  }
  // Each stake's part: by amount × the term's weight (100 × 1 and 50 × 1.2).
  const flexible = page.locator('.stake-item[data-status="active"]', { hasText: s.term_flexible });
  const term = page.locator('.stake-item[data-status="active"]', { hasText: fill(s.term_days, { days: 30 }) });
  await expect(flexible).toContainText(
    `${formatNumber(SEEDED_REWARD.flexible.wallx, 6)} WALLX · ${formatNumber(SEEDED_REWARD.flexible.usdt, 6)} USDT`,
  );
  await expect(term).toContainText(
    `${formatNumber(SEEDED_REWARD.d30.wallx, 6)} WALLX · ${formatNumber(SEEDED_REWARD.d30.usdt, 6)} USDT`,
  );
  // A term stake cannot be withdrawn before its end.
  await expect(term.getByRole('button', { name: s.unstake })).toHaveCount(0);
  await shoot(page, 'en_US-stake-rewarded', true);

  // The reward reached the balance as a posting of its own, in each asset.
  const before = await serverBalance(page, auth);
  if (sameDay)
    expect(before).toEqual({ wallx: plus(SEEDED_STAKES.kept, SEEDED_REWARD.wallx), usdt: SEEDED_REWARD.usdt });
  await page.goto('/records');
  const rewards = page.locator('.record', { hasText: en_US.funds.type.staking_reward });
  await expect(
    rewards.filter({ hasText: 'WALLX' }).filter({ hasText: `+${formatNumber(SEEDED_REWARD.wallx, 6)}` }),
  ).toHaveCount(1);
  await expect(
    rewards.filter({ hasText: 'USDT' }).filter({ hasText: `+${formatNumber(SEEDED_REWARD.usdt, 6)}` }),
  ).toHaveCount(1);

  // The flexible stake comes back whole; what it earned stays earned.
  await page.goto('/stake');
  await flexible.getByRole('button', { name: s.unstake }).click();
  const sheet = page.locator('.bottom-sheet.is-open');
  await expect(sheet.getByTestId('unstake-summary')).toHaveText(fill(s.unstake_summary, { amount: '100' }));
  await sheet.locator('#unstake_fund_password').fill('secret1');
  await sheet.getByRole('button', { name: s.unstake }).click();
  const withdrawn = page.locator('.stake-item[data-status="withdrawn"]');
  await expect(withdrawn).toHaveCount(1);
  await expect(withdrawn).toContainText(formatNumber(SEEDED_REWARD.flexible.wallx, 6));
  await expect(page.getByTestId('my-staked')).toContainText(formatNumber('50'));
  expect((await serverBalance(page, auth)).wallx).toBe(plus(before.wallx, SEEDED_STAKES.flexible));
});
