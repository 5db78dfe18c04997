import type { Page } from '@playwright/test';
import { expect, test } from '../../web/e2e/test';
import { en_US } from '../src/i18n/en_US';
import { appUser, shootConsole, signIn } from './helpers';
import { zh_CN } from '../src/i18n/zh_CN';

const c = en_US.catalog;

/** A real PNG to upload: one of the demo catalog's pictures, drawn by the browser. */
async function minerPng(page: Page): Promise<Buffer> {
  const drawer = await page.context().newPage();
  await drawer.setViewportSize({ width: 240, height: 240 });
  await drawer.goto('/catalog/pro-miner.svg');
  const png = await drawer.screenshot({ clip: { x: 0, y: 0, width: 240, height: 240 } });
  await drawer.close();
  return png;
}

test('an operator creates a product with its image and puts it on sale; the app lists it; a gift granted reaches the user', async ({
  page,
  request,
}) => {
  const user = await appUser(request);
  const stamp = Date.now().toString().slice(-6);
  const english = `Console Miner ${stamp}`;
  await signIn(page, '/catalog', c.title);
  await expect(page.getByRole('button', { name: /^Edit Genesis Node/ })).toBeVisible();
  await shootConsole(page, 'console-catalog');

  // Create: five names, terms, stock; new products start hidden.
  await page.getByRole('button', { name: c.new_product }).click();
  const editor = page.getByRole('complementary', { name: c.new_product });
  const names: Record<string, string> = {
    English: english,
    简体中文: `控制台矿机 ${stamp}`,
    한국어: `콘솔 채굴기 ${stamp}`,
    日本語: `コンソールマイナー ${stamp}`,
    'Bahasa Indonesia': `Miner Konsol ${stamp}`,
  };
  await editor.getByRole('button', { name: c.create }).click();
  await expect(editor.getByRole('alert').first()).toBeVisible();
  for (const [language, name] of Object.entries(names)) await editor.getByLabel(language, { exact: true }).fill(name);
  await editor.getByLabel(c.price_usdt).fill('88');
  await editor.getByLabel(c.daily_output).fill('1.5');
  await editor.getByLabel(c.output_days).fill('60');
  await editor.getByLabel(c.stock, { exact: true }).fill('25');
  await editor.getByRole('button', { name: c.create }).click();

  const panel = page.getByRole('complementary', { name: /^Product \d+$/ });
  await expect(panel.getByText(c.no_image)).toBeVisible();
  const productId = (await panel.getByRole('heading', { level: 2 }).textContent())!.replace('Product ', '');

  // A file that is not the PNG it claims to be: the server's refusal is shown.
  await panel
    .getByLabel(c.choose_image)
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"></svg>') });
  await panel.getByRole('button', { name: c.upload }).click();
  await expect(panel.getByRole('alert')).toHaveText('The file is not the PNG image it claims to be');

  const png = await minerPng(page);
  await panel.getByLabel(c.choose_image).setInputFiles({ name: 'pro-miner.png', mimeType: 'image/png', buffer: png });
  await expect(panel.getByRole('img', { name: c.new_image })).toBeVisible();
  await shootConsole(page, 'console-catalog-image-preview');
  await panel.getByRole('button', { name: c.upload }).click();
  await expect(panel.getByRole('status')).toHaveText(c.uploaded);
  await expect(panel.getByRole('img', { name: c.current_image })).toHaveAttribute(
    'src',
    /^\/api\/images\/[0-9a-f]{64}\.png$/,
  );

  // On sale.
  await panel.getByLabel(c.on_sale_label).check();
  await panel.getByRole('button', { name: c.save }).click();
  await expect(panel.getByText(c.saved)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: english });
  await expect(row.getByText(c.on_sale_yes)).toBeVisible();
  await page.evaluate(() => document.querySelector('.detail')?.scrollTo(0, 0));
  await shootConsole(page, 'console-catalog-editor');

  // The app's catalog lists it, with the image's URL, which answers the very bytes.
  const listed = (await (await request.get('/api/miners/products')).json()) as {
    data: { items: Array<{ id: string; name: string; image: string; price_usdt: string }> };
  };
  const product = listed.data.items.find((item) => item.id === productId);
  expect(product).toMatchObject({
    price_usdt: '88',
    image: expect.stringMatching(/^\/api\/images\/[0-9a-f]{64}\.png$/),
  });
  expect(product!.name).toContain(`en_US:::${english}`);
  const image = await request.get(product!.image);
  expect(image.status()).toBe(200);
  expect(image.headers()).toMatchObject({
    'content-type': 'image/png',
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  });
  expect(Buffer.compare(await image.body(), png)).toBe(0);

  // The demo's gift has no stock: the operator adds some, then grants it.
  await page.getByLabel(c.kind).selectOption('true');
  await expect(page).toHaveURL(/gift=true/);
  await page.getByRole('button', { name: 'Edit Welcome Miner' }).click();
  const gift = page.getByRole('complementary', { name: /^Product \d+$/ });
  await gift.getByLabel(c.stock_change).fill('+10');
  await gift.getByRole('button', { name: c.apply_change }).click();
  await expect(gift.getByRole('status')).toHaveText('Stock is now 10.');

  await page.getByRole('button', { name: c.tab_gifts }).click();
  await expect(page).toHaveURL(/tab=gifts/);
  const form = page.getByRole('form', { name: c.grant_title });
  await form.getByLabel(c.grant_user).fill('0x1234');
  await form.getByLabel(c.reason).fill('Launch event winner');
  await form.getByRole('button', { name: c.grant }).click();
  await expect(form.getByRole('alert')).toContainText('address');
  await form.getByLabel(c.grant_user).fill(user.address);
  await form.getByLabel(c.grant_product).selectOption({ label: 'Welcome Miner (10 in stock)' });
  await form.getByLabel(c.quantity).fill('2');
  await form.getByLabel(c.reason).fill('Launch event winner');
  await form.getByRole('button', { name: c.grant }).click();
  await expect(form.getByRole('status')).toHaveText(`Granted 2 × Welcome Miner to ${user.address}.`);
  await expect(page.getByRole('row').filter({ hasText: 'Launch event winner' })).toBeVisible();
  await shootConsole(page, 'console-catalog-gifts');

  // The user's orders: two gift units to use, paid by no one.
  const orders = (await (await request.get('/api/miners/orders', { headers: user.auth })).json()) as {
    data: { items: Array<{ gift: boolean; status: string; price: string | null; product: { name: string } }> };
  };
  expect(orders.data.items).toHaveLength(2);
  for (const order of orders.data.items) expect(order).toMatchObject({ gift: true, status: 'unused', price: null });

  // The same pages in Chinese.
  await page.getByLabel(en_US.app.language).selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: zh_CN.catalog.title, level: 1 })).toBeVisible();
  await shootConsole(page, 'console-catalog-gifts-zh');
  await page.getByRole('button', { name: zh_CN.catalog.tab_products }).click();
  await page.getByRole('button', { name: `编辑 控制台矿机 ${stamp}` }).click();
  await expect(page.getByRole('complementary', { name: `商品 ${productId}` })).toBeVisible();
  await shootConsole(page, 'console-catalog-zh');
});
