import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { shortAddress } from '@wallx/shared';
import { expect, test } from './test';
import { catalogsByLanguage, shoot } from './screenshot';
import { registerUser, waitForApp } from './helpers';
import { baseURL } from './env';
import * as pwaTexts from '../../../packages/shared/src/i18n/pwa/index';

// Issue 50: pages that show themselves before any script runs, an installable app, a shell that
// opens offline, a new version offered. The service worker runs in this spec only (the config blocks
// it elsewhere).
test.use({ serviceWorkers: 'allow' });

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
/** Puts the build's worker back after the test that changed it. */
let restore = () => {};
test.afterEach(() => {
  restore();
  restore = () => {};
});

/** The value of a `<meta>` of the served page, as a bot that runs no script reads it. */
function metaOf(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return tag?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Width and height from a PNG's header. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('a Japanese browser gets lang="ja-JP" and a Japanese title in the served page, before any script runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'ja-JP', javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/mines');
  expect(response?.status()).toBe(200);
  // No script ran: the app drew nothing.
  expect(await page.locator('#root').innerHTML()).toBe('');
  expect(await page.locator('html').getAttribute('lang')).toBe('ja-JP');
  await expect(page).toHaveTitle(`${catalogsByLanguage.ja_JP.nav.mines} · WALLX`);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/[\u3040-\u30ff]/);
  await context.close();
});

test('a choice made before the server read it is copied into its cookie by the page itself', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('wallx_lang', 'ko_KR'));
  await page.goto('/');
  const served = await page.request.get('/mines', { headers: { 'accept-language': 'en-US' } });
  expect(await served.text()).toContain(`<html lang="ko-KR"`);
});

test('each screen names itself in the tab as the app moves between them, in the chosen language', async ({ page }) => {
  const t = catalogsByLanguage.en_US;
  await page.goto('/mines');
  await waitForApp(page);
  await expect(page).toHaveTitle(`${t.nav.mines} · WALLX`);
  await page.getByRole('navigation').getByRole('link', { name: t.nav.home, exact: true }).click();
  await expect(page).toHaveTitle('WALLX');
  await page.goto('/join');
  await waitForApp(page);
  await expect(page).toHaveTitle(`${t.screen.join} · WALLX`);
  // A language chosen in the app is the server's choice too on the next visit (its cookie).
  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('button', { name: t.user.language }).click();
  await page.getByRole('option', { name: '日本語' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  const served = await page.request.get('/mines', { headers: { 'accept-language': 'en-US' } });
  expect(await served.text()).toContain(`<title>${catalogsByLanguage.ja_JP.nav.mines} · WALLX</title>`);
});

test('a /join link fetched as a bot names its inviter, shortened, and a 1200×630 picture that exists', async ({
  playwright,
}) => {
  const bot = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'user-agent': 'TelegramBot (like TwitterBot)', 'accept-language': 'en' },
  });
  const inviter = await registerUser(bot);
  const page = await bot.get(`/join?code=${inviter.shareCode}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  const title = `${shortAddress(inviter.address)} invites you to WALLX`;
  expect(metaOf(html, 'og:title')?.toLowerCase()).toBe(title.toLowerCase());
  expect(metaOf(html, 'twitter:title')?.toLowerCase()).toBe(title.toLowerCase());
  expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
  expect(html.toLowerCase()).not.toContain(inviter.address.toLowerCase());
  for (const key of ['og:image', 'twitter:image']) {
    const image = metaOf(html, key)!;
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/og\/invite-en_US\.png$/);
    const picture = await bot.get(image);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/png');
    expect(pngSize(await picture.body())).toEqual({ width: 1200, height: 630 });
  }
  // An unknown code: the generic card, in the bot's language.
  const unknown = await (await bot.get('/join?code=NOSUCH', { headers: { 'accept-language': 'zh-CN' } })).text();
  expect(metaOf(unknown, 'og:title')).toBe(`${catalogsByLanguage.zh_CN.screen.join} · WALLX`);
  const generic = await bot.get(metaOf(unknown, 'og:image')!);
  expect(generic.headers()['content-type']).toBe('image/png');
  // A probe's path is no page of the app.
  for (const probe of ['/healthz', '/readyz', '/livez']) expect((await bot.get(probe)).status()).toBe(404);
  await bot.dispose();
});

test('the app is installable: Chromium finds no installability error in its manifest (Lighthouse’s audit)', async () => {
  // The default profile of a browser, as Lighthouse audits: an incognito context is never installable.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: test.info().project.use.launchOptions?.executablePath,
    args: ['--no-sandbox', '--disable-gpu'],
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForApp(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png']) {
      const response = await page.request.get(icon);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    for (const file of ['/favicon.ico', '/icons/apple-touch-icon.png', '/robots.txt'])
      expect((await page.request.get(file)).status(), file).toBe(200);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

/** Once the service worker controls the page and holds what this visit loaded. */
async function workerReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.startsWith('/assets/')),
  );
  expect(scripts.length).toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(async (urls) => {
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((key) => key.startsWith('wallx-'))!);
        const kept = await Promise.all(urls.map((url) => cache.match(url, { ignoreVary: true })));
        return kept.every(Boolean);
      }, scripts),
    )
    .toBe(true);
}

for (const language of ['en_US', 'zh_CN'] as const) {
  test(`offline, a reload shows the app's shell and says it is offline (${language})`, async ({ page, context }) => {
    const texts = pwaTexts[language].pwa;
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    await page.goto('/mines');
    await waitForApp(page);
    await workerReady(page);
    // The worker never keeps an API answer.
    expect(
      await page.evaluate(async () => {
        const keys = await caches.keys();
        const requests = (await Promise.all(keys.map(async (key) => (await caches.open(key)).keys()))).flat();
        return requests.filter((request) => new URL(request.url).pathname.startsWith('/api')).length;
      }),
    ).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await waitForApp(page);
    await expect(page.getByText(texts.offline)).toBeVisible();
    await expect(page.locator('.tab-bar, nav').first()).toBeVisible();
    await shoot(page, `${language}-offline`);

    await context.setOffline(false);
    await expect(page.getByText(texts.offline)).toBeHidden();
  });

  test(`a new version waiting is offered, and "Reload" brings it in (${language})`, async ({ page }) => {
    const texts = pwaTexts[language].pwa;
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    await page.goto('/');
    await waitForApp(page);
    await workerReady(page);
    // A deploy: the worker's file changes. The server reads it from the build as it is asked (and
    // its precompressed copies first); the spec puts them back as they were.
    const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(dist, name));
    const before = files.map((file) => (fs.existsSync(file) ? fs.readFileSync(file) : null));
    const next = before[0]!.toString().replace(/const VERSION = "([^"]+)"/, 'const VERSION = "$1-next"');
    expect(next).toContain('-next"');
    fs.writeFileSync(files[0]!, next);
    fs.writeFileSync(files[1]!, zlib.brotliCompressSync(next));
    fs.writeFileSync(files[2]!, zlib.gzipSync(next));
    restore = () =>
      files.forEach((file, i) => (before[i] ? fs.writeFileSync(file, before[i]) : fs.rmSync(file, { force: true })));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const notice = page.getByRole('alert').filter({ hasText: texts.update_ready });
    await expect(notice).toBeVisible();
    await shoot(page, `${language}-new-version`);
    await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: texts.update_reload }).click()]);
    await waitForApp(page);
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((key) => key.startsWith('wallx-'))))
      .toEqual([expect.stringMatching(/-next$/)]);
  });
}
