import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../web/e2e/test';
import { type PrivateKeyAccount } from 'viem/accounts';
import { langText } from '@wallx/shared';
import { en_US } from '../src/i18n/en_US';
import { setFundPasswordAs, signInBody } from '../../web/e2e/helpers';
import { shootConsole, signIn } from './helpers';
import { zh_CN } from '../src/i18n/zh_CN';
import { transferToDeposit, depositConfig, fundedAccount, mine } from '../../web/e2e/chain';

const s = en_US.shipping;
const c = en_US.content;
type Auth = { Authorization: string };

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Auth,
  data?: object,
): Promise<T> {
  const response = await request.fetch(url, { method, headers, ...(data && { data }) });
  const body = (await response.json()) as { code: number; data: T };
  expect(body, `${method} ${url}`).toMatchObject({ code: 0 });
  return body.data;
}

/** A phone user of the app, through its API: logged in by signature, holding a WX-M1 Home Miner bought with USDT deposited on chain. */
async function minerHolder(
  request: APIRequestContext,
): Promise<{ account: PrivateKeyAccount; address: string; auth: Auth; orderId: string }> {
  const config = await depositConfig(request);
  const account: PrivateKeyAccount = await fundedAccount(config, { USDT: '100' });
  const verified = await request.post('/api/web3/verify', { data: await signInBody(request, account) });
  const auth = {
    Authorization: `Bearer ${((await verified.json()) as { data: { token: { access_token: string } } }).data.token.access_token}`,
  };

  const hash = await transferToDeposit(config, account, 'USDT', '100');
  await mine(config.rpc_url, config.confirmations);
  expect(await call(request, 'POST', '/api/funds/recharge', auth, { asset: 'USDT', tx_hash: hash })).toMatchObject({
    status: 'credited',
  });

  const products = await call<{ items: Array<{ id: string; name: string }> }>(
    request,
    'GET',
    '/api/miners/products?category=machine',
    auth,
  );
  const product = products.items.find((p) => langText(p.name, 'en_US') === 'WX-M1 Home Miner')!;
  const bought = await call<{ orders: Array<{ id: string }> }>(request, 'POST', '/api/miners/buy', auth, {
    product_id: product.id,
    pay_asset: 'USDT',
    quantity: 1,
  });
  return { account, address: account.address.toLowerCase(), auth, orderId: bought.orders[0]!.id };
}

test('an operator marks a user’s delivery shipped, and the user’s API shows it shipped; points and validators', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await minerHolder(request);
  await call(request, 'POST', '/api/addresses', user.auth, {
    country: 'CN',
    province: 'CN-GD',
    recipient: 'Li Lei',
    phone: '138 0013 8000',
    postcode: '518000',
    detail: 'Room 1203, No. 1 Shennan Road, Futian District, Shenzhen',
  });
  await setFundPasswordAs(request, user.account, user.auth, 'pass-1234');
  const { request: made } = await call<{ request: { id: string; status: string } }>(
    request,
    'POST',
    '/api/shipping/delivery',
    user.auth,
    { order_id: user.orderId, fund_password: 'pass-1234' },
  );
  expect(made.status).toBe('to_ship');

  const operator = await signIn(page, '/shipping', en_US.shipping.title);
  await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible();
  await page.getByLabel(s.status).selectOption('to_ship');
  await page.getByLabel(s.kind).selectOption('delivery');
  await expect(page).toHaveURL(/status=to_ship&kind=delivery/);
  await page.getByRole('button', { name: `Open request ${made.id}` }).click();
  const panel = page.getByRole('complementary', { name: `Request ${made.id}` });
  await expect(panel.getByText('Li Lei · +8613800138000')).toBeVisible();
  await panel.getByRole('button', { name: s.mark_shipped }).click();
  await expect(panel.getByRole('alert')).toHaveCount(2);
  await panel.getByLabel(s.carrier).fill('SF Express');
  await panel.getByLabel(s.tracking_no).fill('SF1234567890');
  await shootConsole(page, 'content-shipping-requests');
  await panel.getByRole('button', { name: s.mark_shipped }).click();
  await expect(panel.getByRole('status')).toHaveText(s.shipped_notice);
  // It left the 'to ship' list.
  await expect(page.locator(`tr[data-request="${made.id}"]`)).toHaveCount(0);

  const mine = await call<{ items: Array<{ id: string; status: string; carrier: string; tracking_no: string }> }>(
    request,
    'GET',
    '/api/shipping/requests',
    user.auth,
  );
  expect(mine.items.find((item) => item.id === made.id)).toMatchObject({
    status: 'shipped',
    carrier: 'SF Express',
    tracking_no: 'SF1234567890',
  });

  // Pick-up points: the demo's, by region, with their stock; a new point's form.
  await page.getByRole('tab', { name: s.tab_points }).click();
  await page.getByLabel(s.country).selectOption('CN');
  await page.getByLabel(s.province).selectOption('CN-GD');
  await page.getByRole('button', { name: 'Shenzhen Futian Service Center' }).click();
  const point = page.getByRole('complementary', { name: 'Shenzhen Futian Service Center' });
  await expect(point.getByRole('group', { name: s.point_name }).getByLabel('English')).toHaveValue(
    'Shenzhen Futian Service Center',
  );
  await shootConsole(page, 'content-shipping-point-editor');
  await page.getByRole('button', { name: s.new_point }).click();
  await shootConsole(page, 'content-shipping-new-point');

  // Validators: the user, made one of that point, is listed with it.
  const { items: points } = await call<{ items: Array<{ id: string; name: string }> }>(
    request,
    'GET',
    '/api/admin/pickup-points?province=CN-GD&limit=100',
    operator,
  );
  const shenzhen = points.find((p) => langText(p.name, 'en_US') === 'Shenzhen Futian Service Center')!;
  await call(request, 'PUT', `/api/admin/validators/${user.address}`, operator, { point_ids: [shenzhen.id] });
  await page.getByRole('tab', { name: s.tab_validators }).click();
  await expect(page.getByRole('row').filter({ hasText: user.address })).toContainText('Shenzhen Futian Service Center');
  await shootConsole(page, 'content-shipping-validators');
  await call(request, 'PUT', `/api/admin/validators/${user.address}`, operator, { point_ids: [] });

  await page.getByRole('tab', { name: s.tab_points }).click();
  await page.getByLabel(en_US.app.language).selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: zh_CN.shipping.title, level: 1 })).toBeVisible();
  await shootConsole(page, 'content-shipping-points-zh');
  await page.getByLabel(zh_CN.app.language).selectOption('en_US');
});

test('an operator edits and publishes an article, and creates a scene that home then shows first', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const operator = await signIn(page, '/content', en_US.content.title);
  // An article of this test's own (keys are fixed: the demo's belong to the app's tests).
  const key = `ops-${Date.now()}`;
  await call(request, 'POST', '/api/admin/content/articles', operator, {
    key,
    title: 'en_US:::Shipping policy',
    body: 'en_US:::Draft.',
  });

  await page.getByRole('tab', { name: c.kind_articles }).click();
  await page.getByRole('button', { name: 'Edit “Shipping policy”' }).click();
  const editor = page.getByRole('complementary', { name: 'Shipping policy' });
  await expect(editor.getByLabel(c.field_key)).toHaveValue(key);
  await expect(editor.getByLabel(c.field_key)).toHaveAttribute('readonly', '');
  const body = editor.getByRole('group', { name: c.field_body });
  const english = '# Shipping\n\nWe ship within **3 days**.';
  await body.getByLabel('English').fill(english);
  await body.getByLabel('简体中文').fill('# 发货\n\n我们在 **3 天**内发货。');
  await shootConsole(page, 'content-article-editor');
  await editor.getByRole('button', { name: c.save }).click();
  await expect(editor.getByRole('status')).toHaveText(c.saved);
  await page.getByRole('button', { name: 'Publish “Shipping policy”' }).click();
  await expect(page.getByRole('row').filter({ hasText: key })).toContainText(c.published);
  const article = (await (await request.get(`/api/articles/${key}`)).json()) as {
    code: number;
    data: { body: string };
  };
  expect(article.code).toBe(0);
  expect(langText(article.data.body, 'en_US')).toBe(english);
  expect(langText(article.data.body, 'zh_CN')).toBe('# 发货\n\n我们在 **3 天**内发货。');

  // A new scene: a draft, last; published and moved first, home shows it first.
  await page.getByRole('tab', { name: c.kind_scenes }).click();
  await page.getByRole('button', { name: c.new_item }).click();
  const form = page.getByRole('complementary', { name: c.new_item });
  const n = Date.now() % 100_000;
  const title = `Night mining ${n}`;
  const chineseTitle = `夜间挖矿 ${n}`;
  await form.getByRole('group', { name: c.field_title }).getByLabel('English').fill(title);
  await form.getByRole('group', { name: c.field_title }).getByLabel('简体中文').fill(chineseTitle);
  await form
    .getByRole('group', { name: c.field_body })
    .getByLabel('English')
    .fill('Miners keep working while you sleep.');
  await form.getByLabel(c.field_icon).selectOption('staking');
  await form.getByLabel(c.field_tone).selectOption('cyan');
  await form.getByLabel(c.field_link).fill('/mine');
  await shootConsole(page, 'content-scene-editor');
  await form.getByRole('button', { name: c.create }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(c.draft);
  await row.getByRole('button', { name: `Publish “${title}”` }).click();
  await expect(row).toContainText(c.published);
  const rows = page.locator('tbody tr');
  const positionOf = async () => (await rows.allTextContents()).findIndex((text) => text.includes(title));
  // A new item is last: up, one place at a time, each the whole order sent again.
  for (let position = await positionOf(); position > 0; position -= 1) {
    await row.getByRole('button', { name: `Move “${title}” up` }).click();
    await expect.poll(positionOf).toBe(position - 1);
  }
  await expect(rows.first()).toContainText(title);
  const home = (await (await request.get('/api/content/home')).json()) as {
    data: { scenes: Array<{ title: string }> };
  };
  expect(langText(home.data.scenes[0]!.title, 'en_US')).toBe(title);
  await shootConsole(page, 'content-scenes');

  for (const kind of ['partners', 'ecology', 'courses'] as const) {
    await page.getByRole('tab', { name: c[`kind_${kind}`] }).click();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await shootConsole(page, `content-${kind}`);
  }
  await page.getByRole('tab', { name: c.kind_courses }).click();
  await page.locator('tbody tr').first().getByRole('button').first().click();
  await shootConsole(page, 'content-course-editor');

  await page.getByLabel(en_US.app.language).selectOption('zh_CN');
  await page.getByRole('tab', { name: zh_CN.content.kind_scenes }).click();
  await page.getByRole('button', { name: `编辑“${chineseTitle}”` }).click();
  await expect(page.getByRole('heading', { name: zh_CN.content.title, level: 1 })).toBeVisible();
  await shootConsole(page, 'content-scenes-zh');

  // Deleting asks first; the scene and the article leave home and the articles again.
  const panel = page.getByRole('complementary', { name: chineseTitle });
  await panel.getByRole('button', { name: zh_CN.content.delete }).click();
  await panel.getByRole('button', { name: zh_CN.content.delete_for_good, exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: chineseTitle })).toHaveCount(0);
  await page.getByLabel(zh_CN.app.language).selectOption('en_US');
  await call(request, 'DELETE', `/api/admin/content/articles/${key}`, operator);
  const after = (await (await request.get('/api/content/home')).json()) as {
    data: { scenes: Array<{ title: string }> };
  };
  expect(after.data.scenes.map((scene) => langText(scene.title, 'en_US'))).not.toContain(title);
});
