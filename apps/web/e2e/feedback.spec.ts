import type { Page } from '@playwright/test';
import { expect, test } from './test';
import type { Language } from '@wallx/shared';
import { en_US, fill, zh_CN } from './catalog';
import { expectToast, login, waitForApp } from './helpers';
import { feedbackList, replyToFeedback } from './operator';
import { shoot, toastGone } from './screenshot';
import { installWallet } from './wallet';

const f = en_US.feedback;
const catalogs = { en_US, zh_CN } as const;

const feedbackRow = (page: Page, text: string) => page.getByRole('link', { name: new RegExp(`^${text}`) });

test('a user sends feedback, an operator replies through the API, and the user sees the badge and then the reply', async ({
  page,
  request,
}) => {
  const wallet = await installWallet(page);
  await login(page, wallet);
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { name: f.empty })).toBeVisible();

  // The form's rules first: nothing is sent without a title and details.
  await page.getByRole('button', { name: f.send }).click();
  await expect(page.getByText(f.title_required)).toBeVisible();
  await expect(page.getByText(f.detail_required)).toBeVisible();

  const title = `Pick-up hours ${Date.now()}`;
  await page.getByLabel(f.title).fill(title);
  await page.getByLabel(f.detail).fill('When does the Shenzhen point open?\nI work until six.');
  await page.getByRole('button', { name: f.send }).click();
  await expectToast(page, f.sent);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText(f.status.open)).toBeVisible();
  await expect(page.getByLabel(f.title)).toHaveValue('');

  // Away from /feedback before the reply: a reply that arrives live while /feedback is open is shown there
  // and so marked read at once, and the badge would never appear.
  await page.goto('/user');
  await expect(page.getByText(en_US.user.assets)).toBeVisible();

  // The operator finds it by its user and replies.
  const mine = (await feedbackList(request, 'open')).find((item) => item.title === title);
  expect(mine?.user.toLowerCase()).toBe(wallet.address.toLowerCase());
  const reply = 'Monday to Saturday, 9:00 to 20:00: come after work.';
  await replyToFeedback(request, mine!.id, reply);

  // The badge comes live, and is still there after a reload.
  await expect(
    feedbackRow(page, en_US.user.feedback).getByLabel(fill(en_US.user.new_replies, { count: 1 })),
  ).toHaveText('1');
  await page.reload();
  await expect(
    feedbackRow(page, en_US.user.feedback).getByLabel(fill(en_US.user.new_replies, { count: 1 })),
  ).toHaveText('1');
  await feedbackRow(page, en_US.user.feedback).click();
  await expect(card.getByText(f.status.replied)).toBeVisible();
  await expect(card.getByLabel(f.reply).getByText(reply)).toBeVisible();
  await expect(card.getByText(f.new_reply)).toBeVisible();

  // Seen: the badge is gone, on this device and for the server.
  await page.goto('/user');
  await expect(page.getByText(en_US.user.assets)).toBeVisible();
  await expect(feedbackRow(page, en_US.user.feedback).locator('.list-row__badge')).toHaveCount(0);
  const unread = await page.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('wallx_user')!) as { token: { access_token: string } }).token
      .access_token;
    return (await (await fetch('/api/feedback/unread', { headers: { Authorization: `Bearer ${token}` } })).json()).data
      .count as number;
  });
  expect(unread).toBe(0);
});

test('settings: the language, the links, the version and logging out', async ({ page }) => {
  const wallet = await installWallet(page);
  await login(page, wallet);
  await page.goto('/user');
  await page.getByRole('link', { name: en_US.user.more_settings }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByTestId('app-version')).toHaveText(/^\d+\.\d+\.\d+/);
  for (const [name, path] of [
    [en_US.user.fund_password, '/fpassword'],
    [en_US.user.address_book, '/address'],
    [en_US.user.articles, '/article'],
  ] as const) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  await page.getByRole('button', { name: new RegExp(en_US.user.language) }).click();
  await page.getByRole('option', { name: '简体中文' }).click();
  await expect(page.locator('.page-header__title')).toHaveText(zh_CN.user.settings);
  await page.getByRole('button', { name: zh_CN.auth.logout }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: zh_CN.auth.logout }).click();
  await expect(page).toHaveURL('/');
});

for (const language of ['en_US', 'zh_CN'] as const satisfies readonly Language[]) {
  test(`screenshots of /feedback, /settings and home in ${language}`, async ({ page, request }) => {
    const t = catalogs[language];
    const wallet = await installWallet(page);
    await login(page, wallet);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    await page.goto('/');
    await waitForApp(page);
    await expect(page.locator('.scene h3').first()).toBeVisible();
    await shoot(page, `${language}-home`, true);

    await page.goto('/feedback');
    await expect(page.getByRole('heading', { name: t.feedback.empty })).toBeVisible();
    await toastGone(page);
    await shoot(page, `${language}-feedback-empty`);
    await page.getByRole('button', { name: t.feedback.send }).click();
    await shoot(page, `${language}-feedback-refused`);

    const title = language === 'zh_CN' ? '充值一小时仍未到账' : 'Deposit not credited after an hour';
    const detail =
      language === 'zh_CN'
        ? '我在 10:20 从钱包转入 50 USDT，交易哈希为 0x8f3a…c21d，区块浏览器显示已确认，但余额没有变化。'
        : 'I sent 50 USDT from my wallet at 10:20. The explorer shows the transaction 0x8f3a…c21d as confirmed, but my balance has not changed.';
    await page.getByLabel(t.feedback.title).fill(title);
    await page.getByLabel(t.feedback.detail).fill(detail);
    await page.getByRole('button', { name: t.feedback.send }).click();
    await expectToast(page, t.feedback.sent);
    await page.getByLabel(t.feedback.title).fill(language === 'zh_CN' ? '希望增加韩元显示' : 'Show prices in KRW too');
    await page
      .getByLabel(t.feedback.detail)
      .fill(
        language === 'zh_CN'
          ? '希望矿机价格可以同时显示韩元。'
          : 'It would help to see miner prices in Korean won as well.',
      );
    await page.getByRole('button', { name: t.feedback.send }).click();
    await expectToast(page, t.feedback.sent);
    // Replied while the user is elsewhere: a reply arriving on the open feedback screen is seen at once.
    await page.goto('/user');
    const sent = (await feedbackList(request, 'open')).find(
      (item) => item.title === title && item.user.toLowerCase() === wallet.address.toLowerCase(),
    );
    await replyToFeedback(
      request,
      sent!.id,
      language === 'zh_CN'
        ? '您好，该笔充值已于 10:52 到账，请刷新余额查看。给您带来不便，敬请谅解。'
        : 'Hello, this deposit was credited at 10:52: please refresh your balance. Sorry for the wait.',
    );
    await page.reload();
    await expect(feedbackRow(page, t.user.feedback).locator('.list-row__badge')).toHaveText('1');
    await toastGone(page);
    await feedbackRow(page, t.user.feedback).evaluate((row) => row.scrollIntoView({ block: 'center' }));
    await shoot(page, `${language}-user-badge`);
    await page.goto('/feedback');
    await expect(page.locator('.feedback-reply__new')).toHaveText(t.feedback.new_reply);
    await page.getByRole('heading', { name: t.feedback.mine }).scrollIntoViewIfNeeded();
    await shoot(page, `${language}-feedback-replied`, true);

    await page.goto('/settings');
    await expect(page.getByTestId('app-version')).toBeVisible();
    await expect(page.getByText(t.sessions.current)).toBeVisible();
    await shoot(page, `${language}-settings`);
    await shoot(page, `${language}-settings-full`, true);
  });
}
