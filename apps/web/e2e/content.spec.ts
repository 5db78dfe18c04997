import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { langText, type EcologyItem } from '@wallx/shared';
import { demoArticles } from '../../server/src/app/seeds/demo-articles';
import { connectDialog, authOf, login, waitForApp } from './helpers';
import { en_US, zh_CN } from './catalog';
import { shoot } from './screenshot';
import { installWallet } from './wallet';

type Catalog = typeof en_US | typeof zh_CN;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a reader must find of an article's body: its first section heading and its first plain
 * sentence (a paragraph without Markdown in it), as the seeded text has them.
 */
function samplesOf(body: string): { heading: string; sentence: string } {
  const lines = body.split('\n').map((line) => line.trim());
  const heading = lines.find((line) => line.startsWith('## '))?.slice(3);
  const sentence = lines.find((line) => line !== '' && !/^(#|-|\d+\.|\*|>)/.test(line) && !/[*[`]/.test(line));
  if (!heading || !sentence) throw new Error(`no sample in ${body.slice(0, 40)}`);
  return { heading, sentence };
}

/** Reads every seeded article from the list in `language`, each opened from its row and left with the back button. */
async function readEveryArticle(page: Page, t: Catalog, language: 'en_US' | 'zh_CN') {
  const list = page.getByRole('list', { name: t.user.articles });
  await expect(list.getByRole('link')).toHaveCount(demoArticles.length);
  for (const article of demoArticles) {
    const title = article.title[language];
    const where = `${article.key} in ${language}`;
    await list.getByRole('link', { name: new RegExp(escaped(title)) }).click();
    await expect(page, where).toHaveURL(`/article?key=${article.key}`);
    await expect(page.locator('.page-header__title'), where).toHaveText(title);
    const { heading, sentence } = samplesOf(article.body[language]);
    const body = page.locator('.article__body');
    await expect(body.getByRole('heading', { name: heading, exact: true }), where).toBeVisible();
    await expect(body.getByText(sentence, { exact: true }), where).toBeVisible();
    await expect(page.locator('.article__meta'), where).toContainText(t.content.updated.replace('{{date}}', ''));
    await page.getByRole('button', { name: t.common.back }).click();
    await expect(page, where).toHaveURL('/article');
  }
}

test.describe('articles and the ecology page', () => {
  test('a guest reads every article in English, then in Chinese, and opens the agreement from the connect dialog', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/article');
    await waitForApp(page);
    await expect(page.locator('.page-header__title')).toHaveText(en_US.user.articles);
    await readEveryArticle(page, en_US, 'en_US');

    // The header's language picker: the list and the article it opens answer in Chinese at once.
    await page.getByRole('button', { name: en_US.user.language }).click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await expect(page.locator('.page-header__title')).toHaveText(zh_CN.user.articles);
    await expect(page.getByText(zh_CN.content.articles_lead)).toBeVisible();
    await readEveryArticle(page, zh_CN, 'zh_CN');

    // An article that does not exist says so, and leads back to the list.
    await page.goto('/article?key=no-such-article');
    await expect(page.getByRole('heading', { name: zh_CN.content.not_found, level: 2 })).toBeVisible();
    await page.getByRole('link', { name: zh_CN.content.all_articles }).click();
    await expect(page).toHaveURL('/article');
    await expect(page.getByRole('list', { name: zh_CN.user.articles }).getByRole('link')).toHaveCount(
      demoArticles.length,
    );

    // The connect dialog's consent line opens the agreement (and closes the dialog).
    await page.goto('/');
    await page.locator('.home__header').getByRole('button', { name: zh_CN.auth.connect_button }).click();
    const dialog = connectDialog(page, zh_CN.auth.connect_title);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: zh_CN.auth.privacy })).toHaveAttribute(
      'href',
      '/article?key=privacy',
    );
    await dialog.getByRole('link', { name: zh_CN.auth.agreement }).click();
    await expect(page).toHaveURL('/article?key=agreement');
    await expect(dialog).toBeHidden();
    const agreement = demoArticles.find((article) => article.key === 'agreement')!;
    await expect(page.locator('.page-header__title')).toHaveText(agreement.title.zh_CN);
    await expect(page.getByText(samplesOf(agreement.body.zh_CN).sentence, { exact: true })).toBeVisible();
  });

  test('a user opens the ecology page from the user centre and follows an item to its screen', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    const answer = await page.request.get('/api/ecology', { headers: await authOf(page) });
    const { items } = ((await answer.json()) as { data: { items: EcologyItem[] } }).data;
    expect(items.length).toBeGreaterThan(0);

    await page.goto('/user');
    await page.getByRole('link', { name: en_US.user.ecology }).click();
    await expect(page).toHaveURL('/ecology');
    await expect(page.locator('.page-header__title')).toHaveText(en_US.user.ecology);
    // The app's own well-being cards come first, each leading to its screen (issue 47); then the operators' items.
    const own = page.locator('.ecology-list--own .ecology-card');
    await expect(own).toHaveCount(3);
    await expect(own.nth(0)).toHaveAttribute('href', '/checkin');
    await expect(own.nth(1)).toHaveAttribute('href', '/mood');
    await expect(own.nth(2)).toHaveAttribute('href', '/leaderboard');
    const cards = page.locator('.ecology-list:not(.ecology-list--own) .ecology-card');
    await expect(cards).toHaveCount(items.length);
    for (const [index, item] of items.entries()) {
      await expect(cards.nth(index).getByRole('heading')).toHaveText(langText(item.title, 'en_US'));
      await expect(cards.nth(index)).toContainText(langText(item.body, 'en_US'));
    }

    const machines = items.find((item) => item.link === '/mines');
    expect(machines, 'the seeded ecology has an item leading to /mines').toBeDefined();
    await page.getByRole('link', { name: new RegExp(escaped(langText(machines!.title, 'en_US'))) }).click();
    await expect(page).toHaveURL('/mines');
    await expect(page.locator('.page-header__title')).toHaveText(en_US.nav.mines);
  });

  for (const [language, t] of [
    ['en_US', en_US],
    ['zh_CN', zh_CN],
  ] as const) {
    test(`screenshots of the articles and the ecology page in ${language}`, async ({ page }) => {
      const wallet = await installWallet(page);
      await login(page, wallet);
      await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);

      await page.goto('/article');
      await expect(page.getByRole('list', { name: t.user.articles }).getByRole('link')).toHaveCount(
        demoArticles.length,
      );
      await shoot(page, `${language}-articles`);

      for (const key of ['privacy', 'agreement', 'support']) {
        const article = demoArticles.find((candidate) => candidate.key === key)!;
        await page.goto(`/article?key=${key}`);
        await expect(page.getByText(samplesOf(article.body[language]).sentence, { exact: true })).toBeVisible();
        await shoot(page, `${language}-article-${key}`);
        await shoot(page, `${language}-article-${key}-full`, true);
      }

      await page.goto('/article?key=no-such-article');
      await expect(page.getByRole('heading', { name: t.content.not_found, level: 2 })).toBeVisible();
      await shoot(page, `${language}-article-not-found`);

      await page.goto('/ecology');
      await expect(page.locator('.ecology-card').first()).toBeVisible();
      await shoot(page, `${language}-ecology`);
      await shoot(page, `${language}-ecology-full`, true);
    });
  }
});
