import type { Language } from '@wallx/shared';
import { expect, test } from './test';
import { expectToast, login } from './helpers';
import { catalogsByLanguage, shoot, toastGone } from './screenshot';
import { seededMinerOwner } from './seeded-miners.mjs';
import { installWallet } from './wallet';
import { pick } from './wellbeing';

const languages = Object.keys(catalogsByLanguage) as Array<keyof typeof catalogsByLanguage & Language>;

for (const [index, language] of languages.entries()) {
  const t = catalogsByLanguage[language];

  test(`well-being screenshots in ${language}`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    // Seeded owners 2–6 hold a working miner (0 is the output test's, the last the check-in flow's).
    const wallet = await installWallet(page, { accounts: [seededMinerOwner(2 + index)] });
    await login(page, wallet);

    await page.goto('/');
    await expect(page.getByTestId('checkin-reminder')).toBeVisible();
    await shoot(page, `${language}-home-reminder`);
    await shoot(page, `${language}-home-reminder-full`, true);

    await page.goto('/checkin');
    await expect(page.getByRole('radiogroup')).toBeVisible();
    await shoot(page, `${language}-checkin-form`, true);
    await pick(page, 'radio', t.checkins.mood_4);
    for (const feeling of ['calm', 'grateful', 'tired'] as const)
      await pick(page, 'checkbox', t.checkins.feeling[feeling]);
    await page.getByLabel(t.checkins.note).fill('A quiet evening.');
    await page.getByRole('button', { name: t.checkins.save }).click();
    await expect(page.getByTestId('checkin-result')).toBeVisible();
    await expectToast(page, t.checkins.saved);
    await toastGone(page);
    await shoot(page, `${language}-checkin-done`);
    await shoot(page, `${language}-checkin-done-full`, true);

    await page.goto('/mood');
    await expect(page.getByTestId('mood-chart')).toBeVisible();
    await expect(page.locator('.mood-calendar__day.is-checked')).toHaveCount(1);
    await shoot(page, `${language}-mood`);
    await shoot(page, `${language}-mood-full`, true);

    await page.goto('/leaderboard');
    await page.getByLabel(t.leaderboard.nickname).fill(`${language} fox`);
    await page.getByRole('button', { name: t.leaderboard.save }).click();
    await expect(page.locator('tr.is-me').first()).toBeVisible();
    await expectToast(page, t.leaderboard.saved);
    await toastGone(page);
    await shoot(page, `${language}-leaderboard`);
    await shoot(page, `${language}-leaderboard-full`, true);
  });
}
