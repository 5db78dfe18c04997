import type { Page } from '@playwright/test';
import { companionCrisisNotice, type Language } from '@wallx/shared';
import { en_US as en } from '@wallx/shared/i18n/companion/en_US';
import { id_ID as id } from '@wallx/shared/i18n/companion/id_ID';
import { ja_JP as ja } from '@wallx/shared/i18n/companion/ja_JP';
import { ko_KR as ko } from '@wallx/shared/i18n/companion/ko_KR';
import { zh_CN as zh } from '@wallx/shared/i18n/companion/zh_CN';
import { expect, test } from './test';
import { en_US as core } from './catalog';
import { ANSWER, FAIL_ONCE } from './companion-model.mjs';
import { authOf, expectToast, login } from './helpers';
import { setSupportLine } from './operator';
import { shoot, toastGone } from './screenshot';
import { installWallet } from './wallet';

// The AI companion (issue 49) against the stand-in model serve.mjs starts (e2e/companion-model.mjs):
// it answers every message with the same harmless words, a piece at a time.
const texts = { en_US: en, zh_CN: zh, ja_JP: ja, ko_KR: ko, id_ID: id } as const;
const FULL_ANSWER = ANSWER.join('').trim();

/** One phrasing per language that must put the crisis line on screen, and one that must not (crisis.test.ts). */
const phrasings: Record<Language, { crisis: string; harmless: string }> = {
  en_US: { crisis: "I don't want to live anymore", harmless: 'this traffic is killing me' },
  zh_CN: { crisis: '我不想活了', harmless: '笑死我了' },
  ja_JP: { crisis: 'もう死にたいです', harmless: '死ぬほど美味しい' },
  ko_KR: { crisis: '요즘 정말 죽고싶다', harmless: '배고파 죽겠어' },
  id_ID: { crisis: 'aku ingin bunuh diri', harmless: 'macet ini bikin mati gaya' },
};

async function newUser(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
  await login(page, await installWallet(page));
}

/** Every text the companion's newest answer showed while it was written (a MutationObserver's record). */
async function watchAnswers(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { answerTexts: string[] }).answerTexts = seen;
    const list = document.querySelector('[data-testid="companion-messages"]')!;
    new MutationObserver(() => {
      const last = [...list.querySelectorAll('[data-role="assistant"] .companion-message__text')].pop();
      const text = last?.textContent ?? '';
      if (seen[seen.length - 1] !== text) seen.push(text);
    }).observe(list, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { answerTexts: string[] }).answerTexts);
}

async function send(page: Page, message: string, t: (typeof texts)[Language]['companion']) {
  await page.getByRole('textbox', { name: t.placeholder }).fill(message);
  await page.getByRole('button', { name: t.send, exact: true }).click();
}

/** The words of the companion's answers and of the user's messages (without the screen reader's "You:"). */
const assistant = (page: Page) => page.locator('[data-role="assistant"] .companion-message__text');
const user = (page: Page) => page.locator('[data-role="user"] .companion-message__text');

test('a conversation streams from home’s card, survives a reload, is answered again after the model failed, and is deleted', async ({
  page,
}) => {
  const t = en.companion;
  await newUser(page, 'en_US');
  await page.goto('/');
  await page.getByRole('link', { name: new RegExp(core.home.scenes.companion.title) }).click();
  await expect(page).toHaveURL(/\/companion$/);

  // The one-time notice, before anything else; acknowledged once, it is not shown again.
  const notice = page.getByTestId('companion-notice');
  await expect(notice).toContainText('not a therapist');
  await expect(page.getByRole('textbox', { name: t.placeholder })).toHaveCount(0);
  await notice.getByRole('button', { name: t.notice_ok }).click();
  await expect(page.getByText(t.empty)).toBeVisible();

  const answers = await watchAnswers(page);
  await send(page, 'I had a long day at work and I feel drained.', t);
  await expect(user(page)).toHaveText(['I had a long day at work and I feel drained.']);
  await expect(assistant(page)).toHaveText([FULL_ANSWER]);
  // Streamed: the answer was on screen in pieces before it was whole.
  const shown = (await answers()).filter((text) => text !== '');
  expect(shown.length, shown.join(' | ')).toBeGreaterThanOrEqual(3);
  expect(FULL_ANSWER.startsWith(shown[0]!.trim()) && shown[0]!.trim().length < FULL_ANSWER.length).toBe(true);
  await expect(page.getByTestId('crisis-line')).toHaveCount(0);

  // The phone's screen: the composer at the bottom and in view, and it stays so when the keyboard
  // takes the lower half (a smaller visible area), with the last message above it.
  const composer = page.getByRole('button', { name: t.send, exact: true });
  const inView = async (height: number) => {
    const box = (await composer.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    expect(box.y + box.height).toBeGreaterThan(height - 80);
    const last = (await assistant(page).last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(box.y);
    expect(last.y + last.height).toBeGreaterThan(0);
  };
  await inView(812);
  await expect(composer.locator('svg')).toBeVisible();
  await page.getByRole('textbox', { name: t.placeholder }).fill('Thank you, I will try to rest.');
  await shoot(page, 'en_US-companion-conversation');
  await page.getByRole('textbox', { name: t.placeholder }).fill('');

  await page.reload();
  await expect(user(page)).toHaveText(['I had a long day at work and I feel drained.']);
  await expect(assistant(page)).toHaveText([FULL_ANSWER]);

  await page.setViewportSize({ width: 375, height: 420 });
  await page.getByRole('textbox', { name: t.placeholder }).focus();
  await expect.poll(async () => (await composer.boundingBox())!.y).toBeLessThan(420);
  await inView(420);
  await page.setViewportSize({ width: 375, height: 812 });

  // The model fails: a clear message, the user's words kept, a retry that answers them.
  await send(page, `Work again ${FAIL_ONCE}`, t);
  const failure = page.getByTestId('companion-failure');
  await expect(failure).toContainText(/could not answer/);
  await expect(user(page).last()).toHaveText(`Work again ${FAIL_ONCE}`);
  await page.reload();
  await expect(failure).toContainText(t.unanswered);
  await expect(user(page).last()).toHaveText(`Work again ${FAIL_ONCE}`);
  await failure.getByRole('button', { name: t.retry }).click();
  await expect(assistant(page)).toHaveText([FULL_ANSWER, FULL_ANSWER]);
  await expect(failure).toHaveCount(0);

  // Deleted at once, from the server too.
  await page.getByRole('button', { name: t.more }).click();
  const sheet = page.locator('.bottom-sheet.is-open');
  await sheet.getByRole('button', { name: t.delete }).click();
  await expect(sheet.getByText(t.delete_text)).toBeVisible();
  await shoot(page, 'en_US-companion-delete');
  await sheet.getByRole('button', { name: t.delete_confirm }).click();
  await expectToast(page, t.deleted_ok);
  await expect(page.getByText(t.empty)).toBeVisible();
  await expect(user(page)).toHaveCount(0);
  const list = await page.request.get('/api/companion/conversations', { headers: await authOf(page) });
  expect(((await list.json()) as { data: { items: unknown[] } }).data.items).toEqual([]);
  await page.reload();
  await expect(page.getByText(t.empty)).toBeVisible();
});

test.describe('the crisis line', () => {
  test.beforeAll(async ({ request }) => {
    // A line with a phone for Korea. The line's country is the one the phone names (its locale's
    // region, decision 159) when no delivery address does, not the app's language: these phones
    // are set to en-US (no US line: the default one), except the one set to Korea below.
    await setSupportLine(request, 'KR', { name: '자살예방상담전화', phone: '109', url: null });
  });

  test.describe('on a phone set to Korea', () => {
    test.use({ locale: 'ko-KR' });

    test('the crisis line is the country the phone names, whatever language the app is read in', async ({ page }) => {
      const t = en.companion;
      await newUser(page, 'en_US');
      await page.goto('/companion');
      await page.getByRole('button', { name: t.notice_ok }).click();
      await send(page, phrasings.en_US.crisis, t);
      const line = page.getByTestId('crisis-line');
      await expect(line).toContainText(companionCrisisNotice.en_US);
      await expect(line).toContainText('자살예방상담전화');
      await expect(line.getByRole('link', { name: /109/ })).toHaveAttribute('href', 'tel:109');
      await expect(assistant(page)).toHaveText([FULL_ANSWER]);
      await shoot(page, 'en_US-companion-crisis-korea');
      await page.reload();
      await expect(page.getByTestId('crisis-line').getByRole('link', { name: /109/ })).toHaveAttribute(
        'href',
        'tel:109',
      );
    });
  });

  for (const language of ['en_US', 'zh_CN'] as const) {
    test(`the user picks their country on the crisis card, and its line stays theirs after a reload (${language})`, async ({
      page,
    }) => {
      const t = texts[language].companion;
      await newUser(page, language);
      await page.goto('/companion');
      await page.getByRole('button', { name: t.notice_ok }).click();
      await send(page, phrasings[language].crisis, t);
      const line = page.getByTestId('crisis-line');
      // A phone set to en-US, no address: the default line, and the card asks where the user is.
      await expect(line).toContainText('Find a Helpline');
      await expect(assistant(page)).toHaveText([FULL_ANSWER]);
      const country = line.getByRole('combobox', { name: t.crisis_country });
      await expect(country).toHaveValue('');
      await country.selectOption('KR');
      await expect(line.getByRole('link', { name: /109/ })).toHaveAttribute('href', 'tel:109');
      await expect(country).toHaveValue('KR');
      await toastGone(page);
      await shoot(page, `${language}-companion-crisis-country`);
      await page.reload();
      await expect(page.getByTestId('crisis-line').getByRole('link', { name: /109/ })).toHaveAttribute(
        'href',
        'tel:109',
      );
      // The next flagged message too, from the stream.
      await send(page, phrasings[language].crisis, t);
      await expect(assistant(page)).toHaveText([FULL_ANSWER, FULL_ANSWER]);
      await expect(page.getByTestId('crisis-line').getByRole('link', { name: /109/ })).toBeVisible();
    });
  }

  for (const language of ['en_US', 'zh_CN', 'ja_JP', 'ko_KR', 'id_ID'] as const) {
    const t = texts[language].companion;
    const { crisis, harmless } = phrasings[language];

    test(`is shown on top at once for a message about suicide, not for a figure of speech (${language})`, async ({
      page,
    }) => {
      await newUser(page, language);
      await page.goto('/companion');
      await expect(page.getByTestId('companion-notice')).toBeVisible();
      await shoot(page, `${language}-companion-notice`);
      await page.getByRole('button', { name: t.notice_ok }).click();
      await expect(page.getByText(t.empty)).toBeVisible();
      await shoot(page, `${language}-companion-empty`);

      await send(page, harmless, t);
      await expect(assistant(page)).toHaveText([FULL_ANSWER]);
      await expect(page.getByTestId('crisis-line')).toHaveCount(0);
      await toastGone(page);
      await shoot(page, `${language}-companion-conversation`);

      // The crisis line comes before the model's first piece, whatever the model then says.
      await page.evaluate(() => {
        const list = document.querySelector('[data-testid="companion-messages"]')!;
        const w = window as unknown as { order: string[] };
        w.order = [];
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="crisis-line"]') && !w.order.includes('crisis'))
            w.order.push('crisis');
          const answers = list.querySelectorAll('[data-role="assistant"] .companion-message__text');
          if (answers.length === 2 && answers[1]!.textContent?.includes('I hear') && !w.order.includes('answer'))
            w.order.push('answer');
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      await send(page, crisis, t);
      const line = page.getByTestId('crisis-line');
      await expect(line).toBeVisible();
      await expect(line).toContainText(companionCrisisNotice[language]);
      await expect(line.getByRole('link').first()).toHaveAttribute('href', /^(tel:|https:)/);
      // A phone set to en-US: the default line, even for a Korean reader (the line above is Korea's).
      await expect(line).toContainText('Find a Helpline');
      await expect(line).not.toContainText('109');
      await expect(assistant(page)).toHaveText([FULL_ANSWER, FULL_ANSWER]);
      expect(await page.evaluate(() => (window as unknown as { order: string[] }).order)).toEqual(['crisis', 'answer']);
      // Above the conversation, and in view.
      const lineBox = (await line.boundingBox())!;
      const listBox = (await page.getByTestId('companion-messages').boundingBox())!;
      expect(lineBox.y + lineBox.height).toBeLessThanOrEqual(listBox.y + 1);
      await shoot(page, `${language}-companion-crisis`);

      // After a reload the conversation still says a message was flagged: the line stays on top.
      await page.reload();
      await expect(page.getByTestId('crisis-line')).toContainText(companionCrisisNotice[language]);
      // Oldest first, both answered (the server once sorted ids as text: 9 after 10).
      await expect(user(page)).toHaveText([harmless, crisis]);
      await expect(page.locator('[data-role]')).toHaveCount(4);
      expect(
        await page.locator('[data-role]').evaluateAll((items) => items.map((item) => item.getAttribute('data-role'))),
      ).toEqual(['user', 'assistant', 'user', 'assistant']);
      await expect(page.getByTestId('companion-failure')).toHaveCount(0);
    });
  }
});
