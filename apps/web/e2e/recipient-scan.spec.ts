import { generate } from 'lean-qr';
import { toPngBuffer } from 'lean-qr/extras/node_export';
import { expect, test } from './test';
import { launchCameraBrowser, writeFakeCameraVideo } from './camera';
import { en_US } from './catalog';
import { login, newPhoneContext, registerWallet, setFundPasswordByApi } from './helpers';
import { installWallet } from './wallet';

test('the recipient field scans a wallet’s receive QR code (an EIP-681 link) with the camera of the validator’s desk', async ({
  page,
  playwright,
  launchOptions,
}, testInfo) => {
  test.setTimeout(90_000);
  const recipient = await registerWallet(page.request);
  // A receive QR code as wallet apps show it: a payment link to the address on BSC.
  const png = Buffer.from(toPngBuffer(generate(`ethereum:${recipient}@56`), { scale: 8, pad: 4 }));
  // The page draws the picture for the fake camera; any page of the app will do.
  await page.goto('/');
  const video = testInfo.outputPath('recipient-camera.y4m');
  await writeFakeCameraVideo(page, png, video);
  const cameraBrowser = await launchCameraBrowser(playwright.chromium, launchOptions, video);
  try {
    const context = await newPhoneContext(cameraBrowser);
    await context.grantPermissions(['camera']);
    const phone = await context.newPage();
    await login(phone, await installWallet(phone));
    await setFundPasswordByApi(phone, 'secret1');
    await phone.goto('/transfer');
    await phone.getByRole('button', { name: en_US.funds.scan_address }).click();
    const sheet = phone.getByRole('dialog', { name: en_US.funds.scan_address_title });
    // The address read fills the field and the camera sheet closes.
    await expect(phone.locator('#to')).toHaveValue(recipient, { timeout: 20_000 });
    await expect(sheet).toBeHidden();
  } finally {
    await cameraBrowser.close();
  }
});
