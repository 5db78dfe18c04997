import {
  devices,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import { langText, LOGIN_STATEMENT, WALLET_ACTION_STATEMENTS, type LoginNonce, type LoginResult } from '@wallx/shared';
import { signInMessage } from '../src/lib/sign-in-message';
import { en_US } from './catalog';
import { shiftBrowserClock } from './clock';
import { baseURL } from './env';
import { walletAccount, type TestWallet } from './wallet';

export const SESSION_KEY = 'wallx_user';
export type StoredSession = {
  userinfo: { bsc: string } | null;
  token: { access_token: string; refresh_token: string } | null;
  balance: { usdt: string; wallx: string };
};

export function connectDialog(page: Page, title: string = en_US.auth.connect_title) {
  return page.getByRole('dialog', { name: title });
}

export async function readSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSession | null, SESSION_KEY);
}

/** Logs in from the home page the way a user does: header button, then the dialog's button (auth.spec.ts). */
export async function loginThroughDialog(page: Page, wallet: TestWallet): Promise<void> {
  await page.goto('/');
  await page.locator('.home__header').getByRole('button', { name: en_US.auth.connect_button }).click();
  const dialog = connectDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: en_US.auth.connect_button }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await readSession(page))?.userinfo?.bsc).toBe(wallet.address);
}

/**
 * The app is ready once the first screen has replaced the splash. The shell index.html paints first
 * (decision 131) has no `.screen` and hides itself then: it never passes for the app.
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('.splash')).toHaveCount(0);
  await expect(page.locator('.screen').first()).toBeVisible();
}

/** The access token of the session in the page, for calling the API the way the app does. */
export async function accessToken(page: Page): Promise<string> {
  const token = (await readSession(page))?.token?.access_token;
  if (!token) throw new Error('Not logged in');
  return token;
}

/** The Authorization header of the page's session. */
export async function authOf(page: Page): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${await accessToken(page)}` };
}

/**
 * A second user's browser: the same phone as the config's (a desktop browser would be sent to the
 * main site).
 */
export async function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    userAgent: devices['Pixel 7'].userAgent,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  await shiftBrowserClock(context);
  return context;
}

/**
 * Sets the logged-in user's first fund password straight through the API (when the form is not under
 * test), signed by the page's wallet as the app has it signed.
 */
export async function setFundPasswordByApi(page: Page, password: string): Promise<void> {
  const address = (await readSession(page))?.userinfo?.bsc;
  if (!address) throw new Error('Not logged in');
  await setFundPasswordAs(page.request, walletAccount(address), await authOf(page), password);
}

/** A first fund password set through the API: the body carries the account's signature of the set. */
export async function setFundPasswordAs(
  request: APIRequestContext,
  account: LocalAccount,
  auth: { Authorization: string },
  password: string,
): Promise<void> {
  const { message, signature } = await signInBody(request, account, WALLET_ACTION_STATEMENTS.set_fund_password);
  const response = await request.post('/api/user/fund_password', {
    headers: auth,
    data: { password, confirm: password, message, signature },
  });
  expect(await response.json()).toMatchObject({ code: 0 });
}

/**
 * Logs in a returning user, for tests of what comes after the login: their wallet already connected
 * to the app, their session kept from an earlier visit. The session is the login endpoint's real
 * answer to a signature of the wallet's account, stored before any screen of the app loads; the page
 * is left on a static file of the app's origin, so the test's next navigation opens that screen
 * logged in. Logging in through the connect dialog is auth.spec.ts's (loginThroughDialog).
 */
export async function login(page: Page, wallet: TestWallet, site: string = baseURL): Promise<void> {
  const account = wallet.accounts.find((candidate) => candidate.address.toLowerCase() === wallet.address)!;
  const { account: _signer, ...session } = await verify(page.request, account, undefined, site);
  wallet.connect();
  await page.goto('/favicon.svg');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_KEY,
    JSON.stringify(session),
  ] as const);
}

/**
 * A login's body, as the app sends it: a nonce from the server, and the wallet's signature of the
 * sign-in message for this site (or, with an action's statement, of that action).
 */
export async function signInBody(
  request: APIRequestContext,
  account: LocalAccount,
  statement: string = LOGIN_STATEMENT,
  path = '',
  /** The origin the server is reached at: the suite's server, or another a spec starts (it checks the message names it). */
  origin: string = baseURL,
): Promise<{ address: string; message: string; signature: string }> {
  const nonce = (await (await request.post('/api/web3/nonce')).json()) as { data: LoginNonce };
  const site = new URL(origin);
  const message = signInMessage(nonce.data, account.address, { host: site.host, origin: site.origin }, statement, path);
  return { address: account.address, message, signature: await account.signMessage({ message }) };
}

/** A wallet's login through the API (a fresh wallet's is its first): what the server answers the connect dialog. */
async function verify(
  request: APIRequestContext,
  account: LocalAccount = privateKeyToAccount(generatePrivateKey()),
  referee?: string,
  site: string = baseURL,
): Promise<LoginResult & { account: LocalAccount }> {
  const response = await request.post('/api/web3/verify', {
    data: { ...(await signInBody(request, account, undefined, undefined, site)), ...(referee && { referee }) },
  });
  const body = (await response.json()) as { code: number; data: LoginResult };
  expect(body).toMatchObject({ code: 0 });
  return { ...body.data, account };
}

/**
 * Registers another wallet (its first login creates the account); with a referee (a share code),
 * as a first login from an invite link.
 */
export async function registerUser(
  request: APIRequestContext,
  referee?: string,
): Promise<{ address: string; shareCode: string }> {
  const { userinfo } = await verify(request, undefined, referee);
  return { address: userinfo.bsc.toLowerCase(), shareCode: userinfo.share_code };
}

/**
 * Opens the page's next navigation already logged in as a fresh wallet, as a returning user's phone
 * does: the session is in storage before the app's first script runs, and nothing else loads first
 * (no visit to '/' to connect). For what a route costs, not for the login itself.
 */
export async function storeNewSession(
  page: Page,
): Promise<{ account: LocalAccount; address: string; headers: { Authorization: string } }> {
  const { account, ...result } = await verify(page.request);
  await page.addInitScript(
    ([key, value]) => {
      // Once only: a token the app refreshes later must not be put back on the next navigation.
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    },
    [SESSION_KEY, JSON.stringify(result)] as const,
  );
  return {
    account,
    address: result.userinfo.bsc.toLowerCase(),
    headers: { Authorization: `Bearer ${result.token.access_token}` },
  };
}

/** Registers another wallet and returns its address. */
export async function registerWallet(request: APIRequestContext): Promise<string> {
  return (await registerUser(request)).address;
}

/**
 * For tests of a screen's rules and layout rather than of money: the server's real user-info answer
 * with another balance. Real money enters by a deposit on the local chain (see chain.ts).
 */
export async function dressBalance(page: Page, balance: { usdt: string; wallx: string }): Promise<void> {
  await page.route('**/api/user/info', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { balance: { usdt: string; wallx: string } } };
      if (body.data) body.data.balance = balance;
      await route.fulfill({ response, json: body });
    } catch (error) {
      // The page moved on (navigation or the test's end) while this request was in flight.
      if (page.isClosed() || /disposed|closed/i.test(String(error))) return;
      throw error;
    }
  });
}

/**
 * A toast with this text is showing. Matched by its text: the previous toast may still be fading
 * out beside it, so "the toast" can be two elements for a moment.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const exactly = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await expect(page.locator('.adm-toast-main').filter({ hasText: exactly })).toBeVisible();
}

/** Buys one unit of a catalog product (by its English name) with USDT through the API, as the buy sheet does. */
export async function buyProduct(page: Page, name: string): Promise<void> {
  const headers = await authOf(page);
  const products = (await (await page.request.get('/api/miners/products?category=machine', { headers })).json()) as {
    data: { items: Array<{ id: string; name: string }> };
  };
  const product = products.data.items.find((p) => langText(p.name, 'en_US') === name);
  expect(product, name).toBeDefined();
  const bought = await page.request.post('/api/miners/buy', {
    headers,
    data: { product_id: product!.id, pay_asset: 'USDT', quantity: 1 },
  });
  expect(await bought.json()).toMatchObject({ code: 0 });
}
