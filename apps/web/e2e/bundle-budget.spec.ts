import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './helpers';

const assets = fileURLToPath(new URL('../dist/assets/', import.meta.url));

/** The gzip bytes of every script a page loaded, as the build precompressed them (what a phone downloads). */
async function scriptsOf(page: Page, path: string): Promise<{ files: string[]; gzipBytes: number }> {
  const files = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/')) files.add(url.pathname.slice('/assets/'.length));
  });
  await page.goto(path);
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  const gzipBytes = [...files].reduce((sum, file) => sum + fs.statSync(`${assets}${file}.gz`).size, 0);
  return { files: [...files].sort(), gzipBytes };
}

// docs/decisions.md: the guest's first screen stays under 130 KB of gzipped script.
const HOME_BUDGET_BYTES = 130 * 1024;

test('the home page loads under its script budget', async ({ page }) => {
  const { files, gzipBytes } = await scriptsOf(page, '/');
  test.info().annotations.push({ type: 'home script (gzip)', description: `${(gzipBytes / 1024).toFixed(1)} KB in ${files.length} files` });
  console.log(`/ loads ${(gzipBytes / 1024).toFixed(1)} KB of gzipped script in ${files.length} files`);
  expect(gzipBytes).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
});

test('no screen downloads zod: the forms check the zod-free rules of @wallx/shared', () => {
  // Importing a schema from @wallx/shared would pull zod (24 KB gzip) into that screen's chunk.
  const scripts = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  for (const file of scripts) expect(fs.readFileSync(`${assets}${file}`, 'utf8'), file).not.toContain('$ZodError');
});
