import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { en_US } from '../src/i18n/en_US';
import { operatorKey } from '../../web/e2e/env';
import { setFundPasswordAs, signInBody } from '../../web/e2e/helpers';
import { installWallet } from '../../web/e2e/wallet';
import { shoot } from '../../web/e2e/screenshot';
import { depositConfig, fundedAccount, mine, transferToDeposit } from '../../web/e2e/chain';
import { addOperator } from '../../web/e2e/operator';

// Pictures of the console for people to look at (apps/admin/screenshots/, not committed).
const consoleScreenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** A picture of a console page, checked as the app's are; Playwright makes the folder. */
export const shootConsole = (page: Page, name: string, fullPage = false) =>
  shoot(page, name, fullPage, consoleScreenshots);

export type AppUser = {
  account: PrivateKeyAccount;
  address: string;
  shareCode: string;
  auth: { Authorization: string };
};

/** A phone user of the app, through its API: logged in by signature (a new wallet unless given), with their access token. */
export async function appUser(
  request: APIRequestContext,
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<AppUser> {
  const response = await request.post('/api/web3/verify', { data: await signInBody(request, account) });
  const body = (await response.json()) as {
    code: number;
    data: { token: { access_token: string }; userinfo: { share_code: string } };
  };
  expect(body).toMatchObject({ code: 0 });
  return {
    account,
    address: account.address.toLowerCase(),
    shareCode: body.data.userinfo.share_code,
    auth: { Authorization: `Bearer ${body.data.token.access_token}` },
  };
}

/** A new app user whose balance came from the chain: a real transfer to the deposit address, reported and credited. */
export async function userWithDeposit(
  request: APIRequestContext,
  asset: 'USDT' | 'WALLX',
  amount: string,
): Promise<AppUser> {
  const config = await depositConfig(request);
  const account = await fundedAccount(config, { [asset]: amount });
  const user = await appUser(request, account);
  const hash = await transferToDeposit(config, account, asset, amount);
  await mine(config.rpc_url, config.confirmations);
  expect(
    await (await request.post('/api/funds/recharge', { headers: user.auth, data: { asset, tx_hash: hash } })).json(),
  ).toMatchObject({ data: { status: 'credited' } });
  return user;
}

/** Two finance operators, two people, added by the admin: one proposes, the other approves. */
export async function twoFinanceOperators(request: APIRequestContext): Promise<[PrivateKeyAccount, PrivateKeyAccount]> {
  const pair = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())] as const;
  for (const finance of pair) await addOperator(request, finance.address, 'finance');
  return [...pair];
}

/** The user's first fund password, signed by their wallet as the app has it signed. */
export function setFundPassword(request: APIRequestContext, user: AppUser, password: string): Promise<void> {
  return setFundPasswordAs(request, user.account, user.auth, password);
}

/**
 * Signs in at `/admin<path>` as the e2e server's operator (OPERATORS in playwright.config.ts), or
 * another one, with an injected wallet, and waits for the page's heading. Returns the console
 * session, for API calls.
 */
export async function signIn(
  page: Page,
  path: string,
  heading: string,
  operator: PrivateKeyAccount = privateKeyToAccount(operatorKey),
): Promise<{ Authorization: string }> {
  await installWallet(page, { accounts: [operator] });
  await page.goto(`/admin${path}`);
  await page.getByRole('button', { name: en_US.auth.sign_in }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  const token = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('wallx_operator')!) as { token: string }).token,
  );
  return { Authorization: `Bearer ${token}` };
}
