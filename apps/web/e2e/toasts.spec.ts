import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { dressBalance, login } from './helpers';
import { catalogsByLanguage, shoot } from './screenshot';
import { installWallet } from './wallet';

/**
 * Where the toast's text wraps: for every line after the first, the characters either side of the
 * break. Measured from the rendered glyphs (a range per character), not from the text.
 */
function toastLineBreaks(page: Page, text: string): Promise<Array<{ before: string; after: string }>> {
  return page
    .locator('.adm-toast-main')
    .filter({ hasText: text })
    .first()
    .evaluate((main) => {
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      const characters: Array<{ char: string; top: number }> = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        for (let index = 0; index < value.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (rect) characters.push({ char: value[index]!, top: Math.round(rect.top) });
        }
      }
      const breaks: Array<{ before: string; after: string }> = [];
      for (let index = 1; index < characters.length; index += 1) {
        // A space at a line's end may sit on the line before or be drawn at the line's start.
        if (characters[index]!.top > characters[index - 1]!.top + 2)
          breaks.push({ before: characters[index - 1]!.char, after: characters[index]!.char });
      }
      return breaks;
    });
}

// Issue 45, item 3: antd-mobile's toast breaks anywhere ("it is w / aiting"), and its stylesheet
// arrives with the first toast, after the app's own. A purchase's answer is made up here: the toast
// is what is looked at, not the purchase (miners.spec.ts buys for real).
for (const language of ['en_US', 'id_ID', 'zh_CN'] as const) {
  test(`a success toast wraps at spaces, never inside a word (${language})`, async ({ page }) => {
    const t = catalogsByLanguage[language];
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    const wallet = await installWallet(page);
    await login(page, wallet);
    await dressBalance(page, { usdt: '1000', wallx: '0' });
    await page.route('**/api/miners/buy', (route) =>
      route.fulfill({ json: { code: 0, message: 'ok', data: { orders: [], balance: { usdt: '900', wallx: '0' } } } }),
    );
    await page.goto('/mines?tab=machine');
    await page.getByRole('button', { name: t.miners.buy, exact: true }).first().click();
    await page
      .getByRole('dialog', { name: t.miners.buy_title })
      .getByRole('button', { name: t.miners.confirm_buy })
      .click();

    const toast = page.locator('.adm-toast-main').filter({ hasText: t.miners.buy_success });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCSS('word-break', 'normal');
    const breaks = await toastLineBreaks(page, t.miners.buy_success);
    if (language !== 'zh_CN') {
      // The message is longer than a line: it wraps, and only where a space is.
      expect(breaks.length).toBeGreaterThan(0);
      for (const { before, after } of breaks) expect(`${before}|${after}`).toMatch(/\s\||\|\s/);
    }
    await shoot(page, `${language}-toast-buy-success`);
  });
}
