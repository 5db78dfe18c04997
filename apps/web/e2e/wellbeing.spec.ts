import type { Page } from '@playwright/test';
import { formatNumber, type CheckinToday } from '@wallx/shared';
import { expect, test } from './test';
import { en_US, fill } from './catalog';
import { authOf, expectToast, login } from './helpers';
import { seededMinerOwner, SEEDED_MINER_OWNERS } from './seeded-miners.mjs';
import { installWallet } from './wallet';
import { pick } from './wellbeing';

const c = en_US.checkins;
const m = en_US.mood;
const l = en_US.leaderboard;

/** Today's check-in as the server holds it. */
async function todayOf(page: Page): Promise<CheckinToday> {
  const answer = await page.request.get('/api/checkins/today', { headers: await authOf(page) });
  return ((await answer.json()) as { data: CheckinToday }).data;
}

/** What the result card must say about today's reward: the amounts paid, or the reason for none. */
function rewardTexts(today: CheckinToday): string[] {
  const reward = today.reward!;
  if (reward.reason) return [reward.reason === 'not_eligible' ? c.no_reward.not_eligible : c.no_reward[reward.reason]];
  return [
    ...(reward.amount ? [fill(c.reward_amount, { amount: formatNumber(reward.amount) })] : []),
    ...(reward.bonus ? [fill(c.reward_bonus, { amount: formatNumber(reward.bonus) })] : []),
  ];
}

test('a miner holder checks in from home, sees the streak and the reward, the trend, and the board under a nickname, then leaves it', async ({
  page,
}) => {
  // The last seeded owner: a miner turned on yesterday, so a working one (eligible for rewards).
  const wallet = await installWallet(page, { accounts: [seededMinerOwner(SEEDED_MINER_OWNERS - 1)] });
  await login(page, wallet);

  await page.goto('/');
  const reminder = page.getByTestId('checkin-reminder');
  await expect(reminder).toBeVisible();
  await reminder.click();
  await expect(page).toHaveURL(/\/checkin$/);

  await pick(page, 'radio', c.mood_4);
  await pick(page, 'checkbox', c.feeling.calm);
  await pick(page, 'checkbox', c.feeling.grateful);
  await page.getByLabel(c.note).fill('A long walk by the river.');
  await page.getByRole('button', { name: c.save }).click();
  await expectToast(page, c.saved);

  const result = page.getByTestId('checkin-result');
  await expect(result.getByTestId('checkin-streak')).toHaveText('1');
  const today = await todayOf(page);
  expect(today.checkin).toMatchObject({ mood: 4, feelings: ['calm', 'grateful'], note: 'A long walk by the river.' });
  expect(today.rewards.eligible).toBe(true);
  // The demo seeds fund the rewards budget: a miner holder's first check-in of the day is paid.
  expect(today.reward).toMatchObject({ reason: null });
  expect(today.reward?.amount).toBeTruthy();
  for (const text of rewardTexts(today)) await expect(result).toContainText(text);

  // Edited the same day: still one check-in, and no second reward.
  await pick(page, 'radio', c.mood_5);
  await page.getByRole('button', { name: c.update }).click();
  await expectToast(page, c.updated);
  expect((await todayOf(page)).checkin?.mood).toBe(5);

  await page.getByRole('link', { name: c.see_trends }).click();
  const chart = page.getByTestId('mood-chart');
  await expect(chart).toBeVisible();
  await expect(chart.locator('circle')).toHaveCount(1);
  await expect(page.getByText(m.one_entry)).toBeVisible();
  await expect(page.getByTestId('mood-streak')).toHaveText(fill(m.days, { count: 1 }));
  await page.getByRole('tab', { name: fill(m.range, { days: 7 }) }).click();
  await expect(chart.locator('circle')).toHaveCount(1);

  await page.goto('/leaderboard');
  const nickname = `Calm ${Date.now().toString(36).slice(-6)}`;
  await page.getByLabel(l.nickname).fill(nickname);
  await page.getByRole('button', { name: l.save }).click();
  await expect(page.getByText(fill(l.on_board, { name: nickname }))).toBeVisible();
  const mine = page.locator('tr.is-me');
  await expect(mine.first()).toContainText(nickname);
  await expect(mine.first()).toContainText(l.me);

  await page.getByRole('button', { name: l.leave }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: l.leave }).click();
  await expectToast(page, l.left);
  await expect(page.getByText(l.off_board)).toBeVisible();
  await expect(page.locator('.board-table').getByText(nickname)).toHaveCount(0);
  await expect(page.locator('tr.is-me')).toHaveCount(0);
});
