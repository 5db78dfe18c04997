import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../../web/e2e/test';
import { privateKeyToAccount } from 'viem/accounts';
import { en_US } from '../src/i18n/en_US';
import { appUser, shootConsole } from './helpers';
import { operatorKey } from '../../web/e2e/env';
import { installWallet } from '../../web/e2e/wallet';
const assets = fileURLToPath(new URL('../dist/assets/', import.meta.url));

/** Signs in as the e2e server's operator (OPERATORS in playwright.config.ts) with the injected wallet. */
async function signIn(page: Page) {
  const wallet = await installWallet(page, { accounts: [privateKeyToAccount(operatorKey)] });
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: en_US.auth.title })).toBeVisible();
  await page.getByRole('button', { name: en_US.auth.sign_in }).click();
  // Back where the operator was going, signed in.
  await expect(page.getByRole('heading', { name: en_US.audit.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary').getByText(wallet.address, { exact: false })).toBeVisible();
  return wallet;
}

test('an operator signs in with a wallet, reads the audit log, replies to feedback, and the user sees the reply', async ({
  page,
  request,
}) => {
  const user = await appUser(request);
  const title = `Deposit not showing ${Date.now()}`;
  const sent = await request.post('/api/feedback', {
    headers: user.auth,
    data: { title, detail: 'I sent 50 USDT an hour ago.\nThe hash is 0xabc.' },
  });
  expect(await sent.json()).toMatchObject({ code: 0 });

  // A desktop opening /admin gets the console, not the phone app's redirect to the main site.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: en_US.auth.sign_in })).toBeVisible();
  await shootConsole(page, 'console-login');

  await signIn(page);
  const nav = page.getByRole('navigation', { name: en_US.nav.label });
  await expect(nav.getByRole('link', { name: en_US.nav.operators })).toBeVisible();
  const session = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('wallx_operator') ?? 'null') as { operator: { role: string } } | null,
  );
  expect(session?.operator.role).toBe('admin');
  expect(await page.evaluate(() => localStorage.getItem('wallx_operator'))).toBeNull();

  // Feedback: the user's message among the open ones; read it and reply.
  await nav.getByRole('link', { name: en_US.nav.feedback }).click();
  await page.getByRole('button', { name: `Read “${title}”` }).click();
  const panel = page.getByRole('complementary', { name: title });
  await expect(panel.getByText('The hash is 0xabc.')).toBeVisible();
  await panel.getByRole('button', { name: en_US.feedback.send_reply }).click();
  await expect(panel.getByRole('alert')).toHaveText(en_US.feedback.reply_required);
  const reply = 'It arrived: the chain took longer than usual. Sorry for the wait.';
  await panel.getByLabel(en_US.feedback.reply).fill(reply);
  await shootConsole(page, 'console-feedback-reply');
  await panel.getByRole('button', { name: en_US.feedback.send_reply }).click();
  await expect(panel.getByRole('status')).toHaveText(en_US.feedback.sent);
  await expect(panel.getByText(reply)).toBeVisible();
  await shootConsole(page, 'console-feedback-replied');

  // The user sees it, through the app's API.
  const mine = (await (await request.get('/api/feedback', { headers: user.auth })).json()) as {
    data: { items: Array<{ id: string; title: string; status: string; reply: string | null }> };
  };
  const answered = mine.data.items.find((item) => item.title === title);
  expect(answered).toMatchObject({ status: 'replied', reply });

  // The audit log has the reply, with the row before and after.
  await nav.getByRole('link', { name: en_US.nav.audit }).click();
  // This reply's row: other tests on the same server reply to feedback too.
  await page.getByLabel(en_US.audit.action).fill('feedback.reply');
  await page.getByLabel(en_US.audit.subject_id).fill(answered!.id);
  await page.getByRole('button', { name: en_US.table.apply }).click();
  await expect(page).toHaveURL(/action=feedback.reply/);
  const row = page.getByRole('row').filter({ hasText: 'feedback.reply' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^View entry/ }).click();
  const entry = page.getByRole('complementary', { name: /^Entry / });
  await expect(entry.getByRole('heading', { name: en_US.audit.before })).toBeVisible();
  await expect(entry.locator('pre').filter({ hasText: reply })).toBeVisible();
  await shootConsole(page, 'console-audit');

  // The export is what the table shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: en_US.table.export_csv }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const rows = await page.locator('tbody tr').count();
  expect(csv.trim().split('\r\n')).toHaveLength(rows + 1);
  expect(csv).toContain('feedback.reply');

  // Signing out ends the session on the server too.
  const token = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('wallx_operator')!) as { token: string }).token,
  );
  await page.getByRole('button', { name: en_US.auth.log_out }).click();
  await expect(page.getByRole('heading', { name: en_US.auth.title })).toBeVisible();
  const me = await request.get('/api/admin/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('a refused session sends the operator back to the login with a message', async ({ page }) => {
  await signIn(page);
  // The server no longer knows the token (as after its idle timeout).
  await page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem('wallx_operator')!) as { token: string };
    sessionStorage.setItem('wallx_operator', JSON.stringify({ ...stored, token: 'no-such-token' }));
  });
  await page.goto('/admin/feedback');
  await expect(page.getByRole('alert')).toHaveText(en_US.auth.expired);
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the console is a bundle of its own: no zod, and phones never load it', async ({ page }) => {
  const scripts = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) expect(fs.readFileSync(`${assets}${file}`, 'utf8'), file).not.toContain('$ZodError');
  const page2 = await page
    .context()
    .browser()!
    .newPage({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile', viewport: { width: 375, height: 812 } });
  const requested: string[] = [];
  page2.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page2.goto('/');
  await page2.waitForLoadState('networkidle');
  expect(requested.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(requested.filter((path) => path.startsWith('/admin'))).toEqual([]);
  await page2.close();
});
