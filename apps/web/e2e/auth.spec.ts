import { expect, test } from './test';
import { en_US } from './catalog';
import {
  connectDialog,
  expectToast,
  login,
  loginThroughDialog,
  readSession,
  SESSION_KEY,
  signInBody,
  waitForApp,
} from './helpers';
import { installWallet } from './wallet';

test.describe('wallet session', () => {
  test('a guest opening /user gets the connect dialog and lands on home', async ({ page }) => {
    await installWallet(page);
    await page.goto('/user');
    await expect(page).toHaveURL('/');
    await expect(connectDialog(page)).toBeVisible();
    await expect(page.getByText(en_US.auth.please_connect)).toBeVisible();
    await expect(connectDialog(page).getByText(en_US.auth.connect_tip)).toBeVisible();
  });

  test('a guest may open home, mines, join and article, but nothing else', async ({ page }) => {
    await installWallet(page);
    for (const path of ['/mines', '/join', '/article']) {
      await page.goto(path);
      await waitForApp(page);
      await expect(page).toHaveURL(path);
      await expect(connectDialog(page)).toBeHidden();
    }
    // Client-side navigation is guarded too, not only page loads.
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: en_US.nav.trade, exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(connectDialog(page)).toBeVisible();
  });

  test('logging in shows the address in the user centre, and a reload keeps the session', async ({ page }) => {
    const wallet = await installWallet(page);
    await loginThroughDialog(page, wallet);
    await expect(page.getByText(en_US.auth.login_success)).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: en_US.nav.me, exact: true }).click();
    await expect(page).toHaveURL('/user');
    const address = page.locator('.profile__address');
    await expect(address).toHaveAttribute('title', wallet.address);
    await expect(address).toHaveText(`${wallet.address.slice(0, 5)}...${wallet.address.slice(-5)}`);
    await expect(page.locator('[data-asset="USDT"]')).toHaveText('0');

    await page.reload();
    await expect(page.locator('.profile__address')).toHaveAttribute('title', wallet.address);
    const session = await readSession(page);
    expect(session?.token?.access_token).toBeTruthy();
  });

  test('the signed message is a sign-in message (EIP-4361) for this site with the spec’s sentence and the server’s nonce, and the invite code is the referee', async ({
    page,
  }) => {
    const wallet = await installWallet(page);
    await page.goto('/join?code=INVITE42');
    await waitForApp(page);
    expect(await page.evaluate(() => localStorage.getItem('wallx_referee'))).toBe('INVITE42');

    const nonce = page.waitForResponse((response) => response.url().endsWith('/api/web3/nonce'));
    const verify = page.waitForRequest((request) => request.url().endsWith('/api/web3/verify'));
    await loginThroughDialog(page, wallet);
    const issued = ((await (await nonce).json()) as { data: { nonce: string; issued_at: string } }).data;
    const body = (await verify).postDataJSON() as {
      address: string;
      message: string;
      referee?: string;
      signature: string;
    };
    expect(body.referee).toBe('INVITE42');
    expect(body.address.toLowerCase()).toBe(wallet.address);
    const site = new URL(page.url());
    const lines = body.message.split('\n');
    expect(lines[0]).toBe(`${site.host} wants you to sign in with your Ethereum account:`);
    expect(lines[1]!.toLowerCase()).toBe(wallet.address);
    expect(lines[3]).toBe('Welcome to wallx! Please sign this message to login.');
    expect(lines).toEqual(
      expect.arrayContaining([
        `URI: ${site.origin}`,
        'Version: 1',
        'Chain ID: 31337',
        `Nonce: ${issued.nonce}`,
        `Issued At: ${issued.issued_at}`,
      ]),
    );
    expect(wallet.requests.map((r) => r.method)).toEqual(
      expect.arrayContaining(['eth_requestAccounts', 'personal_sign']),
    );
  });

  test('switching account in the wallet logs out', async ({ page }) => {
    const wallet = await installWallet(page);
    await loginThroughDialog(page, wallet);
    await page.goto('/user');
    await expect(page.locator('.profile__address')).toHaveAttribute('title', wallet.address);

    wallet.switchAccount(1);
    await expect(page).toHaveURL('/', { timeout: 5_000 });
    await expect.poll(async () => (await readSession(page))?.token ?? null).toBeNull();
    const session = await readSession(page);
    expect(session).toEqual({ userinfo: null, token: null, balance: { usdt: '0', wallx: '0' } });
    await expect(page.locator('.home__header').getByRole('button', { name: en_US.auth.connect_button })).toBeVisible();
  });

  test('logging out from the user centre asks first, then clears the session here and on the server', async ({
    page,
  }) => {
    const wallet = await installWallet(page);
    await loginThroughDialog(page, wallet);
    const before = await readSession(page);
    await page.goto('/user');
    await page.getByRole('button', { name: en_US.auth.logout }).click();
    await expect(page.getByText(en_US.auth.logout_confirm)).toBeVisible();
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/web3/logout'));
    await page.locator('.adm-dialog').getByRole('button', { name: en_US.auth.logout }).click();
    await expect(page).toHaveURL('/');
    await expect.poll(async () => (await readSession(page))?.token ?? null).toBeNull();
    expect((await (await loggedOut).json()).code).toBe(0);
    // The refresh token went along, and the server ended its session.
    const refreshed = await page.request.post('/api/web3/refresh_token', {
      headers: { authorization: `Bearer ${before?.token?.refresh_token}` },
    });
    expect((await refreshed.json()).code).toBe(2005);
  });

  test('an expired access token is refreshed silently', async ({ page }) => {
    const wallet = await installWallet(page);
    await loginThroughDialog(page, wallet);
    const original = await readSession(page);
    await page.evaluate((key) => {
      const session = JSON.parse(localStorage.getItem(key)!);
      session.token.access_token = 'garbage.access.token';
      localStorage.setItem(key, JSON.stringify(session));
    }, SESSION_KEY);

    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/web3/refresh_token'));
    await page.goto('/user');
    expect((await refreshed).status()).toBe(200);
    await expect(page.locator('.profile__address')).toHaveAttribute('title', wallet.address);
    await expect.poll(async () => (await readSession(page))?.token?.access_token).not.toBe('garbage.access.token');
    const session = await readSession(page);
    // The access token carries its second of issue only: one minted in the login's second may equal
    // the first. The refresh token is rotated on every use, so it must differ.
    expect(session?.token?.refresh_token).not.toBe(original?.token?.refresh_token);
    await expect(page).toHaveURL('/user');
    await expect(connectDialog(page)).toBeHidden();
  });

  test('a failed refresh logs out and says so', async ({ page }) => {
    const wallet = await installWallet(page);
    await loginThroughDialog(page, wallet);
    await page.evaluate((key) => {
      const session = JSON.parse(localStorage.getItem(key)!);
      session.token = { access_token: 'garbage.access', refresh_token: 'garbage.refresh' };
      localStorage.setItem(key, JSON.stringify(session));
    }, SESSION_KEY);

    await page.goto('/user');
    await expect(page).toHaveURL('/');
    const dialog = connectDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(en_US.auth.logged_out)).toBeVisible();
    expect(await readSession(page)).toEqual({ userinfo: null, token: null, balance: { usdt: '0', wallx: '0' } });

    // Closing the dialog clears the notice; connecting again works.
    await dialog.getByRole('button', { name: en_US.auth.connect_button }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await readSession(page))?.userinfo?.bsc).toBe(wallet.address);
  });

  test('the dialog can be closed', async ({ page }) => {
    await installWallet(page);
    await page.goto('/');
    await page.locator('.home__header').getByRole('button', { name: en_US.auth.connect_button }).click();
    await expect(connectDialog(page)).toBeVisible();
    await connectDialog(page).getByRole('button', { name: en_US.common.close }).click();
    await expect(connectDialog(page)).toBeHidden();
  });

  // A phished login is a session of its own: /settings shows it, and ending it stops it at once.
  test('/settings lists my sessions and ends another one: its tokens stop working', async ({ page }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    const account = wallet.accounts.find((candidate) => candidate.address.toLowerCase() === wallet.address)!;
    const other = (await (
      await page.request.post('/api/web3/verify', {
        data: await signInBody(page.request, account),
        headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0' },
      })
    ).json()) as {
      data: { token: { access_token: string } };
    };
    const otherAuth = { Authorization: `Bearer ${other.data.token.access_token}` };
    expect((await page.request.get('/api/user/info', { headers: otherAuth })).status()).toBe(200);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: en_US.sessions.title });
    await expect(section.locator('.session-row')).toHaveCount(2);
    await expect(section.getByText(en_US.sessions.current)).toHaveCount(1);
    const stranger = section.locator('.session-row').filter({ hasText: 'Windows · Firefox' });
    await stranger.getByRole('button', { name: en_US.sessions.end }).click();
    await expectToast(page, en_US.sessions.ended);
    await expect(section.locator('.session-row')).toHaveCount(1);
    expect((await page.request.get('/api/user/info', { headers: otherAuth })).status()).toBe(401);
    // This device is still logged in.
    await page.reload();
    await expect(section.getByText(en_US.sessions.current)).toBeVisible();
  });
});
