import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { formatWriteoffCode } from '@wallx/shared';
import { launchCameraBrowser, writeFakeCameraVideo } from './camera';
import { en_US, fill, zh_CN } from './catalog';
import { deposit, depositConfig, fundedAccount } from './chain';
import { authOf, buyProduct, expectToast, login, newPhoneContext, setFundPasswordByApi, waitForApp } from './helpers';
import { makeValidator, markShipped, pickupPointId } from './operator';
import { readQrCodes } from './qr';
import { shoot, toastGone } from './screenshot';
import { installWallet } from './wallet';

const s = en_US.shipping;
const SHENZHEN = 'Shenzhen Futian Service Center';
/** The holder's fund password: a delivery or pick-up request takes it, as a transfer does. */
const FUND_PASSWORD = 'pass-1234';
const HOME = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'Room 1203, No. 1 Shennan Road, Futian District, Shenzhen',
};
const TOKYO = {
  country: 'JP',
  province: 'JP-13',
  recipient: 'Sato Hanako',
  phone: '090-1234-5678',
  postcode: '100-0001',
  detail: 'Chiyoda 1-1, Chiyoda-ku',
};

/** Adds an address through the API (when the form is not what is tested); the first one is the default. */
async function addAddress(page: Page, address: object): Promise<void> {
  const response = await page.request.post('/api/addresses', { headers: await authOf(page), data: address });
  expect(await response.json()).toMatchObject({ code: 0 });
}

/** A logged-in user holding one unit of each product named, bought with USDT that came in from the chain. */
async function holderOf(page: Page, products: Array<[name: string, usdt: number]>) {
  const config = await depositConfig(page.request);
  const total = String(products.reduce((sum, [, usdt]) => sum + usdt, 0));
  const account = await fundedAccount(config, { USDT: total });
  const wallet = await installWallet(page, { accounts: [account] });
  await login(page, wallet);
  await setFundPasswordByApi(page, FUND_PASSWORD);
  await deposit(page, account, config, 'USDT', total);
  for (const [name] of products) await buyProduct(page, name);
  return wallet;
}

test.describe('shipping and pick-up', () => {
  test('a user adds an address and asks to pick up; a validator scans the voucher’s QR code with the camera and writes it off', async ({
    page,
    playwright,
    launchOptions,
  }, testInfo) => {
    test.setTimeout(180_000);
    await holderOf(page, [['WX-M1 Home Miner', 100]]);

    // /address: none yet. The form's rules speak before anything is sent.
    await page.goto('/address');
    await expect(page.getByRole('heading', { name: s.addresses_empty })).toBeVisible();
    await page.getByRole('button', { name: s.add_address }).click();
    const form = page.getByRole('dialog', { name: s.add_address });
    await form.getByRole('button', { name: s.save }).click();
    for (const message of [
      s.region_required,
      s.recipient_required,
      s.phone_required,
      s.postcode_required,
      s.detail_required,
    ]) {
      await expect(form.getByText(message, { exact: true }), message).toBeVisible();
    }

    // The region: the country, then its province, in a sheet over the form.
    await form.getByRole('button', { name: new RegExp(s.region) }).click();
    await page.getByRole('dialog', { name: s.choose_country }).getByRole('option', { name: 'China' }).click();
    await page.getByRole('dialog', { name: s.choose_province }).getByRole('option', { name: 'Guangdong' }).click();
    await expect(form.getByRole('button', { name: /Guangdong, China/ })).toBeVisible();
    await expect(form.getByText(s.region_required)).toHaveCount(0);

    await form.getByLabel(s.recipient).fill('Li Lei');
    await form.getByLabel(s.phone).fill('12345');
    await form.getByLabel(s.postcode).fill('5180');
    await form.getByLabel(s.detail).fill('No. 1 Shennan Road, Futian, Shenzhen');
    await expect(form.getByText(fill(s.postcode_invalid, { country: 'China', example: '518000' }))).toBeVisible();
    await form.getByLabel(s.postcode).fill('518000');
    // The phone is the server's to judge: its refusal stands on the field.
    await form.getByRole('button', { name: s.save }).click();
    await expect(form.getByText(en_US.errors.phone_invalid, { exact: true })).toBeVisible();
    await form.getByLabel(s.phone).fill('138 0013 8000');
    await form.getByRole('button', { name: s.save }).click();
    await expectToast(page, s.saved);
    await expect(form).toBeHidden();
    const card = page.locator('.address-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Li Lei');
    await expect(card).toContainText('+8613800138000');
    await expect(card).toContainText('Guangdong, China · 518000');
    await expect(card.getByRole('button', { name: s.default })).toHaveAttribute('aria-pressed', 'true');

    // /shipping: the Home Miner can be picked up; the point of the user's region is offered.
    await page.goto('/shipping');
    const holding = page.locator('.holding-card').filter({ hasText: 'WX-M1 Home Miner' });
    await expect(holding.getByTestId('pickup-availability')).toHaveText(s.pickup_open);
    await holding.getByRole('button', { name: s.pick_up }).click();
    const sheet = page.getByRole('dialog', { name: s.pickup_title });
    await expect(sheet.getByText(fill(s.points_in, { region: 'Guangdong, China' }))).toBeVisible();
    const shenzhen = sheet.getByRole('radio', { name: new RegExp(SHENZHEN) });
    await shenzhen.click();
    await expect(shenzhen).toHaveAttribute('aria-checked', 'true');
    await sheet.locator('#fund_password').fill(FUND_PASSWORD);
    await sheet.getByRole('button', { name: s.confirm_pickup }).click();
    await expectToast(page, s.pickup_requested);

    // The voucher: the code in groups of four, and a QR code that a camera reads as that code.
    const voucher = page.locator('.request-card--pickup');
    await expect(voucher.locator('.status-tag')).toHaveText(s.status.pending);
    await expect(page.locator('.holding-card')).toHaveCount(0);
    const code = (await voucher.getByTestId('voucher-code').getAttribute('data-code'))!;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    await expect(voucher.getByTestId('voucher-code')).toHaveText(formatWriteoffCode(code));
    await expect(voucher).toContainText(SHENZHEN);
    await toastGone(page);
    const picture = await voucher.getByTestId('voucher-qr').screenshot();
    expect(await readQrCodes(picture)).toEqual([code]);

    // The validator's phone: a camera that films the picture of the voucher's QR code.
    const video = testInfo.outputPath('voucher-camera.y4m');
    await writeFakeCameraVideo(page, picture, video);
    const cameraBrowser = await launchCameraBrowser(playwright.chromium, launchOptions, video);
    try {
      const context = await newPhoneContext(cameraBrowser);
      await context.grantPermissions(['camera']);
      const desk = await context.newPage();
      const decoder: string[] = [];
      desk.on('request', (request) => {
        if (/zxing/.test(request.url())) decoder.push(new URL(request.url()).pathname);
      });
      const validator = await installWallet(desk);
      await login(desk, validator);
      await makeValidator(desk.request, validator.address, [await pickupPointId(desk.request, SHENZHEN)]);

      // The wallet screen leads a validator to the write-off desk.
      await desk.goto('/user');
      await desk.getByRole('link', { name: en_US.user.validator_entry }).click();
      await expect(desk).toHaveURL('/validator');
      await expect(desk.getByRole('heading', { name: s.my_writeoffs })).toBeVisible();
      // The QR decoder (zxing-wasm) comes only with the camera, its WebAssembly from our own origin.
      expect(decoder).toEqual([]);
      const wasm = desk.waitForResponse((response) => response.url().endsWith('.wasm'));
      await desk.getByRole('button', { name: s.scan }).click();
      expect((await wasm).headers()['content-type']).toBe('application/wasm');
      expect(new URL((await wasm).url()).origin).toBe(new URL(desk.url()).origin);
      expect(decoder.some((path) => path.endsWith('.js'))).toBe(true);
      await expect(desk.getByRole('dialog', { name: s.scan_title })).toBeVisible();
      // The camera reads the code: the sheet closes, the field holds it, and the voucher is looked up.
      const panel = desk.locator('.voucher-card');
      await expect(panel.getByTestId('validator-code')).toHaveText(formatWriteoffCode(code), { timeout: 20_000 });
      await expect(desk.getByRole('dialog', { name: s.scan_title })).toBeHidden();
      await expect(desk.getByLabel(s.writeoff_code)).toHaveValue(formatWriteoffCode(code));
      await expect(panel).toContainText('WX-M1 Home Miner');
      await expect(panel).toContainText(SHENZHEN);
      await expect(panel.locator('.status-tag')).toHaveText(s.status.pending);

      await panel.getByRole('button', { name: s.confirm_writeoff }).click();
      await expectToast(desk, s.written_off);
      await expect(panel.locator('.status-tag')).toHaveText(s.status.written_off);
      await expect(panel.getByRole('button', { name: s.confirm_writeoff })).toHaveCount(0);
      await expect(desk.locator(`.writeoff-card[data-code="${code}"]`)).toBeVisible();

      // Once only: a second look-up shows it written off, with nothing to confirm.
      await desk.getByRole('button', { name: s.look_up }).click();
      await expect(panel.getByText(s.already_written_off)).toBeVisible();
      await context.close();
    } finally {
      await cameraBrowser.close();
    }

    // The holder's voucher follows without a reload (it is polled while pending).
    await expect(voucher.locator('.status-tag')).toHaveText(s.status.written_off, { timeout: 20_000 });
    await expect(voucher.getByText(s.voucher_used)).toBeVisible();
  });

  test('pick-up asks only for the region and says at once whether it has a point; Back closes the sheet', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await holderOf(page, [['WX-M1 Home Miner', 100]]);
    await page.goto('/shipping');
    const holding = page.locator('.holding-card');
    await holding.getByRole('button', { name: s.pick_up }).click();
    const sheet = page.getByRole('dialog', { name: s.pickup_title });
    await expect(page).toHaveURL(/\/shipping\?request=pickup/);
    // No address, and none asked for: the region, in the sheet.
    await expect(sheet.getByText(s.pickup_region_hint)).toBeVisible();
    await expect(sheet.getByText(en_US.errors.delivery_address_required)).toHaveCount(0);
    await expect(sheet.getByRole('link')).toHaveCount(0);
    const pickRegion = async (country: string, province: string) => {
      await sheet.getByRole('button', { name: new RegExp(s.pickup_region) }).click();
      const countries = page.getByRole('dialog', { name: s.choose_country });
      if (!(await countries.isVisible())) await page.getByRole('button', { name: new RegExp(s.all_countries) }).click();
      await countries.getByRole('option', { name: country }).click();
      await page.getByRole('dialog', { name: s.choose_province }).getByRole('option', { name: province }).click();
    };
    // A region without a point says so at once, before anything is saved or requested.
    await pickRegion('China', 'Beijing');
    await expect(sheet.getByText(fill(s.no_point_in, { region: 'Beijing, China' }))).toBeVisible();
    await expect(sheet.getByRole('button', { name: s.confirm_pickup })).toBeDisabled();
    await pickRegion('China', 'Guangdong');
    await expect(sheet.getByText(fill(s.points_in, { region: 'Guangdong, China' }))).toBeVisible();
    await expect(sheet.getByRole('radio', { name: new RegExp(SHENZHEN) })).toHaveAttribute('aria-checked', 'true');

    // Back closes the sheet and stays on /shipping.
    await page.goBack();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL('/shipping');
    await expect(holding).toBeVisible();

    // The request, with no address at all.
    await holding.getByRole('button', { name: s.pick_up }).click();
    await pickRegion('China', 'Guangdong');
    await sheet.locator('#fund_password').fill(FUND_PASSWORD);
    await sheet.getByRole('button', { name: s.confirm_pickup }).click();
    await expectToast(page, s.pickup_requested);
    await expect(page.locator('.request-card--pickup')).toContainText(SHENZHEN);
    await expect(page).toHaveURL('/shipping');
    const addresses = await page.request.get('/api/addresses', { headers: await authOf(page) });
    expect((await addresses.json()).data.items).toEqual([]);
  });

  test('delivery: first an address, then the request; an operator ships it and the user reads the carrier and tracking number', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await holderOf(page, [['WX-M1 Home Miner', 100]]);
    await page.goto('/shipping');
    const holding = page.locator('.holding-card');
    await holding.getByRole('button', { name: s.deliver }).click();
    const sheet = page.getByRole('dialog', { name: s.delivery_title });
    // Without an address there is nothing to deliver to: the spec's message, and the way to add one.
    await expect(sheet.getByText(en_US.errors.delivery_address_required)).toBeVisible();
    await expect(sheet.getByRole('button', { name: s.confirm_delivery })).toBeDisabled();
    // /address opens on the form; saving returns to the sheet, open, with the address to choose.
    await sheet.getByRole('link', { name: s.add_address }).click();
    await expect(page).toHaveURL('/address');
    const form = page.getByRole('dialog', { name: s.add_address });
    await form.getByRole('button', { name: new RegExp(s.region) }).click();
    await page.getByRole('dialog', { name: s.choose_country }).getByRole('option', { name: 'China' }).click();
    await page.getByRole('dialog', { name: s.choose_province }).getByRole('option', { name: 'Guangdong' }).click();
    await form.getByLabel(s.recipient).fill(HOME.recipient);
    await form.getByLabel(s.phone).fill(HOME.phone);
    await form.getByLabel(s.postcode).fill(HOME.postcode);
    await form.getByLabel(s.detail).fill(HOME.detail);
    await form.getByRole('button', { name: s.save }).click();
    await expect(page).toHaveURL(/\/shipping\?request=delivery/);
    await expect(sheet.getByRole('radio', { name: /Li Lei/ })).toHaveAttribute('aria-checked', 'true');

    await addAddress(page, TOKYO);
    // The open sheet is in the URL: a reload keeps it open.
    await page.reload();
    // The default address is chosen; another may be.
    const home = sheet.getByRole('radio', { name: /Li Lei/ });
    await expect(home).toHaveAttribute('aria-checked', 'true');
    await expect(sheet.getByRole('radio', { name: /Sato Hanako/ })).toHaveAttribute('aria-checked', 'false');
    // A wrong fund password is said on its field, and nothing is requested.
    await sheet.locator('#fund_password').fill('not-it-1');
    await sheet.getByRole('button', { name: s.confirm_delivery }).click();
    await expect(
      sheet.getByText(fill(en_US.errors.fund_password_incorrect, { tries_left: 4, minutes: 15 })),
    ).toBeVisible();
    await expect(page.locator('.request-card--delivery')).toHaveCount(0);
    await sheet.locator('#fund_password').fill(FUND_PASSWORD);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/shipping/delivery');
    await sheet.getByRole('button', { name: s.confirm_delivery }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      order_id: expect.any(String),
      address_id: expect.any(String),
      fund_password: FUND_PASSWORD,
    });
    await expectToast(page, s.delivery_requested);

    const card = page.locator('.request-card--delivery');
    await expect(card.locator('.status-tag')).toHaveText(s.status.to_ship);
    await expect(card).toContainText('Li Lei');
    await expect(card).toContainText(s.to_ship_text);
    const requestId = (await card.getAttribute('data-request'))!;
    await markShipped(page.request, requestId, 'SF Express', 'SF1234567890');
    await page.reload();
    await expect(card.locator('.status-tag')).toHaveText(s.status.shipped);
    await expect(card.getByTestId('carrier')).toHaveText('SF Express');
    await expect(card.getByTestId('tracking-no')).toHaveText('SF1234567890');
    await toastGone(page);
    await shoot(page, 'en_US-shipping-delivery');

    // Not a validator: no write-off entry in the wallet screen, and /validator says so rather than
    // offering a form every code of which is refused.
    await page.goto('/user');
    await expect(page.getByRole('link', { name: en_US.user.shipping })).toBeVisible();
    await expect(page.getByRole('link', { name: en_US.user.validator_entry })).toHaveCount(0);
    await page.goto('/validator');
    await expect(page.getByRole('heading', { name: s.not_validator })).toBeVisible();
    await expect(page.getByLabel(s.writeoff_code)).toHaveCount(0);
    await shoot(page, 'en_US-validator-not-validator');
  });
});

const catalogs = { en_US, zh_CN } as const;
/** How each screenshot language names the demo region. */
const regionNames = {
  en_US: { china: 'China', guangdong: 'Guangdong' },
  zh_CN: { china: '中国', guangdong: '广东省' },
} as const;

for (const language of ['en_US', 'zh_CN'] as const) {
  test(`screenshots of /address, /shipping and /validator in ${language}`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const tr = catalogs[language].shipping;
    const names = regionNames[language];
    await holderOf(page, [
      ['WX-M1 Home Miner', 100],
      ['WX-M2 Pro Miner', 300],
    ]);
    await addAddress(page, HOME);
    await addAddress(page, TOKYO);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);

    await page.goto('/address');
    await expect(page.locator('.address-card')).toHaveCount(2);
    await toastGone(page);
    await shoot(page, `${language}-address`);
    await page.getByRole('button', { name: tr.add_address }).click();
    const form = page.getByRole('dialog', { name: tr.add_address });
    await form.getByRole('button', { name: tr.save }).click();
    await expect(form.getByText(tr.detail_required)).toBeVisible();
    await shoot(page, `${language}-address-form-empty`);
    await form.getByRole('button', { name: new RegExp(tr.region) }).click();
    await expect(page.getByRole('dialog', { name: tr.choose_country })).toBeVisible();
    await shoot(page, `${language}-address-countries`);
    await page.getByRole('dialog', { name: tr.choose_country }).getByRole('option', { name: names.china }).click();
    const provinces = page.getByRole('dialog', { name: tr.choose_province });
    await expect(provinces.getByRole('option', { name: names.guangdong })).toBeVisible();
    await shoot(page, `${language}-address-provinces`);
    await provinces.getByRole('option', { name: names.guangdong }).click();
    await form.getByLabel(tr.recipient).fill('Wang Fang');
    await form.getByLabel(tr.phone).fill('139 1234 5678');
    await form.getByLabel(tr.postcode).fill('5100');
    await form.getByLabel(tr.detail).fill('88 Tianhe Road, Tianhe District, Guangzhou');
    await form.getByLabel(tr.recipient).click();
    await shoot(page, `${language}-address-form`);
    await form.getByRole('button', { name: catalogs[language].common.close }).click();

    // Holdings: the Home Miner can be picked up; the Pro Miner not before its date.
    await page.goto('/shipping');
    await expect(page.locator('.holding-card')).toHaveCount(2);
    const pro = page.locator('.holding-card').filter({ hasText: 'WX-M2' });
    await expect(pro.getByTestId('pickup-availability')).toContainText(catalogs[language].errors.pickup_not_available);
    await expect(pro.getByTestId('pickup-availability')).toContainText('2027-06-01');
    await expect(pro.getByRole('button', { name: tr.pick_up })).toBeDisabled();
    await shoot(page, `${language}-shipping-holdings`);
    const home = page.locator('.holding-card').filter({ hasText: 'WX-M1' });
    await home.getByRole('button', { name: tr.deliver }).click();
    await expect(page.getByRole('dialog', { name: tr.delivery_title }).getByRole('radio')).toHaveCount(2);
    await shoot(page, `${language}-shipping-delivery-sheet`);
    await page
      .getByRole('dialog', { name: tr.delivery_title })
      .getByRole('button', { name: catalogs[language].common.close })
      .click();
    await home.getByRole('button', { name: tr.pick_up }).click();
    const sheet = page.getByRole('dialog', { name: tr.pickup_title });
    await expect(sheet.getByRole('radio')).not.toHaveCount(0);
    await sheet.locator('#fund_password').fill(FUND_PASSWORD);
    await shoot(page, `${language}-shipping-pickup-sheet`);
    await sheet.getByRole('button', { name: tr.confirm_pickup }).click();
    const voucher = page.locator('.request-card--pickup');
    await expect(voucher.getByTestId('voucher-qr')).toBeVisible();
    const code = (await voucher.getByTestId('voucher-code').getAttribute('data-code'))!;
    await toastGone(page);
    await shoot(page, `${language}-shipping-voucher`);
    await shoot(page, `${language}-shipping-voucher-full`, true);

    // The validator types the code as read out (lower case, spaces), checks it and confirms.
    const context = await newPhoneContext(browser);
    const desk = await context.newPage();
    const validator = await installWallet(desk);
    await login(desk, validator);
    await desk.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);
    await makeValidator(desk.request, validator.address, [await pickupPointId(desk.request, SHENZHEN)]);
    await desk.goto('/validator');
    await waitForApp(desk);
    await toastGone(desk);
    await shoot(desk, `${language}-validator-empty`);
    await desk.getByLabel(tr.writeoff_code).fill(
      code
        .toLowerCase()
        .replace(/(.{4})/g, '$1 ')
        .trim(),
    );
    await desk.getByRole('button', { name: tr.look_up }).click();
    const panel = desk.locator('.voucher-card');
    await expect(panel.getByTestId('validator-code')).toHaveText(formatWriteoffCode(code));
    await shoot(desk, `${language}-validator-voucher`);
    await desk.getByRole('button', { name: tr.scan }).click();
    await expect(desk.getByRole('dialog', { name: tr.scan_title }).getByRole('alert')).toBeVisible();
    await shoot(desk, `${language}-validator-scan-no-camera`);
    await desk
      .getByRole('dialog', { name: tr.scan_title })
      .getByRole('button', { name: catalogs[language].common.close })
      .click();
    await panel.getByRole('button', { name: tr.confirm_writeoff }).click();
    await expectToast(desk, tr.written_off);
    await expect(desk.locator(`.writeoff-card[data-code="${code}"]`)).toBeVisible();
    await expect(panel.getByText(tr.writeoff_done)).toBeVisible();
    await toastGone(desk);
    await shoot(desk, `${language}-validator-list`, true);
    await context.close();

    await page.reload();
    await expect(voucher.locator('.status-tag')).toHaveText(tr.status.written_off);
    await shoot(page, `${language}-shipping-voucher-used`);
  });
}
