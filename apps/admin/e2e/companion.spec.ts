import { expect, test } from '../../web/e2e/test';
import { en_US } from '../src/i18n/en_US';
import { zh_CN } from '../src/i18n/zh_CN';
import { appUser, shootConsole, signIn } from './helpers';

const c = en_US.companion;

test('the companion page: counts withheld for a few people, tokens against the budget, the allowance changed at once with an audit row, never a word of a conversation; desktop and phone, English and Chinese', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Someone writes to the companion (the suite's stand-in model answers): today has a message and tokens.
  const secret = `a private worry ${Date.now()}`;
  const user = await appUser(request);
  const started = (await (await request.post('/api/companion/conversations', { headers: user.auth })).json()) as {
    data: { id: string };
  };
  const sent = await request.post(`/api/companion/conversations/${started.data.id}/messages`, {
    headers: user.auth,
    data: { content: secret },
  });
  expect(await sent.text()).toContain('event: done');

  await page.setViewportSize({ width: 1440, height: 900 });
  const session = await signIn(page, '/companion', c.title);
  const status = page.getByRole('region', { name: c.status_title });
  await expect(status).toContainText('e2e-stand-in');
  await expect(page.getByTestId('companion-not-configured')).toHaveCount(0);
  // Today's tokens: the stand-in reports no usage, so they are estimated, and said to be.
  const meter = page.getByRole('meter');
  await expect(meter).toHaveAttribute('aria-valuetext', /^[\d,]+ of [\d,]+ \(\d+ %\)$/);
  expect(Number((await meter.getAttribute('aria-valuetext'))!.split(' ')[0]!.replace(/,/g, ''))).toBeGreaterThan(0);
  await expect(status).toContainText(c.estimated_note);

  // Fewer than 20 people wrote today: the day's counts are withheld, its tokens are not.
  const days = page.getByRole('region', { name: c.days_title });
  const today = days.getByRole('row').nth(1);
  await expect(today.getByText(c.fewer_than.replace('{{min}}', '20'))).toHaveCount(4);
  await expect(today.getByRole('cell').nth(5)).toContainText(/\d/);
  // Nothing of a conversation, anywhere on the page.
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await shootConsole(page, 'console-companion', true);

  // A value that is no number is named at its field; a good one is in force at once, audited.
  const form = page.getByRole('form', { name: c.settings_title });
  const before = (await (await request.get('/api/admin/companion/settings', { headers: session })).json()) as {
    data: { daily_messages: number; daily_token_budget: number; version: number };
  };
  await form.getByLabel(c.daily_messages).fill('lots');
  await form.getByRole('button', { name: c.save }).click();
  await expect(form.getByLabel(c.daily_messages)).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(c.daily_messages).fill('45');
  await form.getByRole('button', { name: c.save }).click();
  await expect(form.getByRole('status')).toHaveText(c.saved);
  await expect(page.getByTestId('companion-settings-source')).toContainText(`Version ${before.data.version + 1}`);
  const now = (await (await request.get('/api/admin/companion/settings', { headers: session })).json()) as {
    data: { daily_messages: number; version: number };
  };
  expect(now.data).toMatchObject({ daily_messages: 45, version: before.data.version + 1 });
  const audit = (await (
    await request.get('/api/admin/audit?action=companion_settings.update', { headers: session })
  ).json()) as { data: { items: Array<{ operator: string; detail: unknown }> } };
  expect(JSON.stringify(audit.data.items[0]!.detail)).toContain('"daily_messages":45');
  // The app's users see the new allowance.
  const app = (await (await request.get('/api/companion', { headers: user.auth })).json()) as {
    data: { allowance: { daily: number } };
  };
  expect(app.data.allowance.daily).toBe(45);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(meter).toBeVisible();
  await shootConsole(page, 'console-companion-375', true);

  await page.getByLabel(en_US.app.language).selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: zh_CN.companion.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: zh_CN.companion.status_title })).toBeVisible();
  await shootConsole(page, 'console-companion-375-zh', true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shootConsole(page, 'console-companion-zh', true);

  // Back to what the rest of the suite expects (the deployment's allowance).
  await request.put('/api/admin/companion/settings', {
    headers: session,
    data: {
      daily_messages: before.data.daily_messages,
      daily_token_budget: before.data.daily_token_budget,
      version: now.data.version,
    },
  });
});
