import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { en_US as en } from '@wallx/shared/i18n/companion/en_US';
import { id_ID as id } from '@wallx/shared/i18n/companion/id_ID';
import { ja_JP as ja } from '@wallx/shared/i18n/companion/ja_JP';
import { ko_KR as ko } from '@wallx/shared/i18n/companion/ko_KR';
import { zh_CN as zh } from '@wallx/shared/i18n/companion/zh_CN';
import { shiftBrowserClock } from './clock';
import { expect, test } from './test';
import { secondServerPort } from './env';
import { authOf, login } from './helpers';
import { catalogsByLanguage, shoot } from './screenshot';
import { installWallet } from './wallet';

// The companion where the server has no model (issue 49): the screen and home's card say it is not
// available here, and nothing imitates it. The suite's server has the stand-in model, so this spec
// starts a second one of its own without COMPANION_* — only when the spec runs, once (one test, so
// one worker), about 15–20 s on a fresh embedded database; every other spec pays nothing for it.
const texts = { en_US: en, zh_CN: zh, ja_JP: ja, ko_KR: ko, id_ID: id } as const;
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const site = `http://127.0.0.1:${secondServerPort}`;

test.use({ baseURL: site });

/** The real server (apps/server/dist), on a fresh data dir, with no model: every COMPANION_* unset. */
async function startServerWithoutModel(): Promise<{ child: ChildProcess; dataDir: string; output: () => string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-e2e-no-model-'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('COMPANION_')));
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...env,
      PORT: String(secondServerPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Nothing here reads the catalog: an empty one starts sooner.
      DEMO_CATALOG: 'false',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null)
          throw new Error(`the server without a model exited (${child.exitCode}):\n${output}`);
        return fetch(`${site}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(true);
  return { child, dataDir, output: () => output };
}

async function stopServer({ child, dataDir }: { child: ChildProcess; dataDir: string }): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

test('without a model the companion’s screen and home’s card say it is not available here, in every language', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await startServerWithoutModel();
  try {
    for (const language of ['en_US', 'zh_CN', 'ja_JP', 'ko_KR', 'id_ID'] as const) {
      const t = texts[language].companion;
      // A fresh phone per language (the suite's settings apply to contexts a test opens), its clock the run's.
      const context = await browser.newContext();
      await shiftBrowserClock(context);
      const page = await context.newPage();
      await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
      await login(page, await installWallet(page), site);

      // The server's own word: no model, so not available (and starting a conversation is refused).
      const status = await page.request.get('/api/companion', { headers: await authOf(page) });
      expect(((await status.json()) as { data: { available: boolean } }).data.available).toBe(false);

      await page.goto('/companion');
      const unavailable = page.getByTestId('companion-unavailable');
      await expect(unavailable).toContainText(t.unavailable_title);
      // No box to write in, no notice, no conversation: nothing that looks like a companion answering.
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expect(page.getByTestId('companion-notice')).toHaveCount(0);
      await expect(page.getByTestId('companion-messages')).toHaveCount(0);
      await shoot(page, `${language}-companion-unavailable`);

      await page.goto('/');
      const card = page.locator('.scene[data-scene="companion"]');
      await expect(card).toContainText(catalogsByLanguage[language].home.unavailable);
      // In the middle of the screen: at its bottom edge the tab bar would cover the card's note.
      await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await shoot(page, `${language}-companion-unavailable-home`);
      await context.close();
    }
  } finally {
    await stopServer(server);
  }
});
