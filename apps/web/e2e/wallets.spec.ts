import crypto from 'node:crypto';
import { devices, type Page } from '@playwright/test';
import { SignClient } from '@walletconnect/sign-client';
import { hexToString, type Address, type Hex } from 'viem';
import { LOGIN_STATEMENT, WALLET_ACTION_STATEMENTS } from '@wallx/shared';
import { expect, test } from './test';
import { en_US, fill, zh_CN } from './catalog';
import { chainClient, depositConfig, fundedAccount, mine } from './chain';
import { baseURL, relayUrl } from './env';
import { connectDialog, login, readSession, waitForApp } from './helpers';
import { shoot, toastGone } from './screenshot';
import { installWallet } from './wallet';

// Every phone gets in (issue 31): several wallets, a wallet that injects late, none at all, a chat
// app's browser; and tokens added to the wallet from the deposit screen. At 375 px, in English and Chinese.
const w = en_US.wallets;

async function openSheet(page: Page, path = '/') {
  await page.goto(path);
  await waitForApp(page);
  await page.locator('.home__header').getByRole('button', { name: en_US.auth.connect_button }).click();
  const dialog = connectDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The same sheet in Chinese, once it shows `text`. */
async function inChinese(page: Page, name: string, text: string, path = '/') {
  await page.evaluate(() => localStorage.setItem('wallx_lang', 'zh_CN'));
  await page.goto(path);
  await waitForApp(page);
  await page.locator('.home__header').getByRole('button', { name: zh_CN.auth.connect_button }).click();
  await expect(connectDialog(page, zh_CN.auth.connect_title).getByText(text)).toBeVisible({ timeout: 10_000 });
  await toastGone(page);
  await shoot(page, `${name}-zh`);
}

test('two announced wallets are listed by name and icon; the second one chosen logs in, and the app keeps using it', async ({
  page,
}) => {
  const metamask = await installWallet(page, { announce: { rdns: 'io.metamask', name: 'MetaMask' } });
  const tokenpocket = await installWallet(page, {
    announce: { rdns: 'pro.tokenpocket', name: 'TokenPocket' },
    injected: false,
  });
  const dialog = await openSheet(page);
  await expect(dialog.getByText(w.choose)).toBeVisible();
  await expect(dialog.getByRole('button', { name: fill(w.login_with, { wallet: 'MetaMask' }) })).toBeVisible();
  await expect(dialog.locator('.connect-dialog__wallet img')).toHaveCount(2);
  await shoot(page, 'connect-several');

  await dialog.getByRole('button', { name: fill(w.login_with, { wallet: 'TokenPocket' }) }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await readSession(page))?.userinfo?.bsc).toBe(tokenpocket.address);
  expect(metamask.requests.filter((r) => r.method === 'personal_sign')).toEqual([]);
  // Reloaded, the account watcher asks the chosen wallet, not window.ethereum (the other one), and the session stays.
  await page.reload();
  await waitForApp(page);
  await expect
    .poll(() => tokenpocket.requests.filter((r) => r.method === 'eth_accounts').length, { timeout: 5000 })
    .toBeGreaterThan(1);
  expect(metamask.requests.filter((r) => r.method === 'eth_accounts')).toEqual([]);
  expect((await readSession(page))?.userinfo?.bsc).toBe(tokenpocket.address);
  await page.evaluate(() => localStorage.removeItem('wallx_user'));
  await inChinese(page, 'connect-several', zh_CN.wallets.choose);
});

test('while it looks for a wallet, the sheet says so, in Chinese too', async ({ page }) => {
  await installWallet(page, { delayMs: 60_000 });
  await page.addInitScript(() => localStorage.setItem('wallx_lang', 'zh_CN'));
  await page.goto('/');
  await waitForApp(page);
  await page.locator('.home__header').getByRole('button', { name: zh_CN.auth.connect_button }).click();
  await expect(connectDialog(page, zh_CN.auth.connect_title).getByText(zh_CN.wallets.searching)).toBeVisible();
  await shoot(page, 'connect-searching-zh');
});

test('a wallet injected 2 s after the page loaded logs in without a reload', async ({ page }) => {
  const wallet = await installWallet(page, { delayMs: 2000 });
  const dialog = await openSheet(page);
  await page.evaluate(() => ((window as { loadedOnce?: boolean }).loadedOnce = true));
  await expect(dialog.getByText(w.searching)).toBeVisible();
  await shoot(page, 'connect-searching');
  await dialog.getByRole('button', { name: en_US.auth.connect_button }).click({ timeout: 10_000 });
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await readSession(page))?.userinfo?.bsc).toBe(wallet.address);
  expect(await page.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
});

test('no wallet: each wallet’s link opens this page with its invite code, in the wallet’s documented form; a copy link and a QR code', async ({
  page,
}) => {
  const dialog = await openSheet(page, '/?code=K7M2QX9P');
  await expect(dialog.getByText(w.none_title)).toBeVisible({ timeout: 10_000 });
  const here = `${baseURL}/?code=K7M2QX9P`;
  const hrefs = Object.fromEntries(
    await dialog
      .locator('a[data-wallet]')
      .evaluateAll((links) => links.map((a) => [a.getAttribute('data-wallet'), a.getAttribute('href')])),
  );
  expect(Object.keys(hrefs)).toEqual(['tokenpocket', 'trust', 'metamask', 'okx', 'bitget']);
  expect(JSON.parse(new URL(hrefs.tokenpocket!).searchParams.get('params')!)).toEqual({
    url: here,
    chain: 'BSC',
    source: 'WALLX',
  });
  expect(hrefs.trust).toBe(`https://link.trustwallet.com/open_url?coin_id=20000714&url=${encodeURIComponent(here)}`);
  expect(hrefs.metamask).toBe(`https://link.metamask.io/dapp/${here.replace('http://', '')}`);
  expect(new URL(new URL(hrefs.okx!).searchParams.get('deeplink')!).searchParams.get('dappUrl')).toBe(here);
  expect(hrefs.bitget).toBe(`https://bkcode.vip?action=dapp&url=${encodeURIComponent(here)}`);
  await expect(dialog.getByTestId('page-qr')).toHaveAttribute('aria-label', here);
  await expect(dialog.getByRole('button', { name: w.copy_link })).toBeVisible();
  await shoot(page, 'connect-none');
  await inChinese(page, 'connect-none', zh_CN.wallets.none_title, '/?code=K7M2QX9P');
});

test('inside WeChat the sheet says how to reach the phone’s browser, and offers no wallet link it would block', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    userAgent: `${devices['iPhone 13'].userAgent} MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN`,
  });
  const page = await context.newPage();
  const dialog = await openSheet(page);
  await expect(dialog.getByText(fill(w.chat_title, { app: w.app_wechat }))).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByText(w.chat_tip)).toBeVisible();
  await expect(dialog.locator('a[data-wallet]')).toHaveCount(0);
  await shoot(page, 'connect-wechat');
  await inChinese(page, 'connect-wechat', fill(zh_CN.wallets.chat_title, { app: zh_CN.wallets.app_wechat }));
  await context.close();
});

test('the deposit screen adds the chosen token to the wallet (EIP-747), and hides the offer where the wallet cannot', async ({
  page,
  browser,
}) => {
  const config = await depositConfig(page.request);
  const wallet = await installWallet(page);
  await login(page, wallet);
  await page.goto('/recharge');
  await page.getByRole('button', { name: fill(en_US.chain.add_token, { asset: 'USDT' }) }).click();
  await expect
    .poll(() => wallet.requests.find((r) => r.method === 'wallet_watchAsset')?.params)
    .toEqual({
      type: 'ERC20',
      options: { address: config.tokens.USDT.address, symbol: 'USDT', decimals: config.tokens.USDT.decimals },
    });
  // Asked on the deposit chain: the wallet was moved there first.
  expect(wallet.chainId).toBe(`0x${config.chain_id.toString(16)}`);
  await expect(
    page.locator('.adm-toast-main').getByText(fill(en_US.chain.token_added, { asset: 'USDT' })),
  ).toBeVisible();
  await toastGone(page);
  await shoot(page, 'deposit-add-token');
  await page.evaluate(() => localStorage.setItem('wallx_lang', 'zh_CN'));
  await page.reload();
  await expect(page.getByRole('button', { name: fill(zh_CN.chain.add_token, { asset: 'USDT' }) })).toBeVisible();
  await shoot(page, 'deposit-add-token-zh');
  // The offer is there before the wallet is (a resumed session takes a moment); with none at all, it says so.
  await page.evaluate(() => delete (window as { ethereum?: unknown }).ethereum);
  await page.getByRole('button', { name: fill(zh_CN.chain.add_token, { asset: 'USDT' }) }).click();
  await expect(page.locator('.adm-toast-main').getByText(zh_CN.auth.not_found)).toBeVisible();

  const other = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const unable = await installWallet(other, { watchesAssets: false });
  await login(other, unable);
  await other.goto('/recharge');
  await other.getByRole('button', { name: fill(en_US.chain.add_token, { asset: 'USDT' }) }).click();
  await expect(other.getByRole('button', { name: fill(en_US.chain.add_token, { asset: 'USDT' }) })).toHaveCount(0);
  await other.close();
});

test('a wallet that cannot switch networks gets the manual steps before any transaction', async ({ page }) => {
  const config = await depositConfig(page.request);
  const wallet = await installWallet(page, { switchesChains: false });
  await login(page, wallet);
  await page.goto('/recharge');
  await page.getByLabel(en_US.funds.amount).fill('5');
  await page.getByRole('button', { name: en_US.chain.deposit_submit }).click();
  await expect(
    page
      .locator('.adm-toast-main')
      .getByText(fill(en_US.chain.switch_manual, { network: `Chain ${config.chain_id}`, chainId: config.chain_id })),
  ).toBeVisible();
  expect(wallet.requests.map((r) => r.method)).not.toContain('eth_sendTransaction');
});

test('WalletConnect: the real wallet-side client pairs through the relay (QR or link), signs the same sign-in message, and after a reload signs again and sends a deposit through the resumed session', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const config = await depositConfig(page.request);
  const account = await fundedAccount(config, { USDT: '10' });
  const wallet = await SignClient.init({
    projectId: 'wallx-e2e',
    relayUrl,
    telemetryEnabled: false,
    customStoragePrefix: `wallet-${crypto.randomUUID()}`,
    metadata: {
      name: 'Test wallet',
      description: 'A wallet in the test process',
      url: 'http://wallet.test',
      icons: [],
    },
  });
  const signed: string[] = [];
  const sent: Array<{ to: Address; data: Hex }> = [];
  wallet.on('session_proposal', ({ id, params }) => {
    const wanted = params.optionalNamespaces.eip155!;
    void wallet.approve({
      id,
      namespaces: {
        eip155: {
          chains: wanted.chains!,
          accounts: wanted.chains!.map((chain) => `${chain}:${account.address}`),
          methods: wanted.methods,
          events: wanted.events,
        },
      },
    });
  });
  wallet.on('session_request', ({ id, topic, params }) => {
    const { method, params: args } = params.request as { method: string; params: [Hex, string] };
    const answer = async () => {
      if (method === 'eth_sendTransaction') {
        const [tx] = params.request.params as [{ to: Address; data: Hex }];
        sent.push(tx);
        return {
          id,
          jsonrpc: '2.0',
          result: await chainClient(config, account).sendTransaction({ to: tx.to, data: tx.data }),
        };
      }
      if (method !== 'personal_sign')
        return { id, jsonrpc: '2.0', error: { code: 4200, message: `${method} is not supported` } };
      signed.push(hexToString(args[0]));
      return { id, jsonrpc: '2.0', result: await account.signMessage({ message: { raw: args[0] } }) };
    };
    void answer()
      .catch((cause: unknown) => ({
        id,
        jsonrpc: '2.0',
        error: { code: -32603, message: cause instanceof Error ? cause.message : String(cause) },
      }))
      .then((response) => wallet.respond({ topic, response }));
  });
  try {
    const dialog = await openSheet(page, '/?code=K7M2QX9P');
    await dialog.getByRole('button', { name: w.wc_choose }).click({ timeout: 10_000 });
    const pairing = dialog.getByTestId('walletconnect-pairing');
    await expect(pairing).toBeVisible({ timeout: 30_000 });
    const uri = (await pairing.getAttribute('data-uri'))!;
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    // On this phone, each wallet's own link carries the pairing (not a bare wc: link, which opens
    // whichever app claims it); a bare one stays last, for any other wallet.
    await expect(pairing.getByRole('link', { name: fill(w.wc_open_in, { wallet: 'MetaMask' }) })).toHaveAttribute(
      'href',
      `metamask://wc?uri=${encodeURIComponent(uri)}`,
    );
    await expect(
      pairing.getByRole('link', { name: fill(w.wc_open_in, { wallet: 'Binance Web3 Wallet' }) }),
    ).toHaveAttribute('href', `bnc://app.binance.com/cedefi/wc?uri=${encodeURIComponent(uri)}`);
    expect(await pairing.locator('a[data-wallet]').evaluateAll((links) => links.map((a) => a.dataset.wallet))).toEqual([
      'metamask',
      'trust',
      'tokenpocket',
      'okx',
      'bitget',
      'safepal',
      'binance',
    ]);
    await expect(pairing.getByRole('link', { name: w.wc_other })).toHaveAttribute('href', uri);
    await shoot(page, 'connect-walletconnect');

    await wallet.pair({ uri });
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect.poll(async () => (await readSession(page))?.userinfo?.bsc).toBe(account.address.toLowerCase());
    // The same EIP-4361 message as an injected wallet signs: this site, its statement, the server's chain.
    expect(signed).toHaveLength(1);
    expect(signed[0]).toContain(`${new URL(baseURL).host} wants you to sign in with your Ethereum account:`);
    expect(signed[0]).toContain(`\n\n${LOGIN_STATEMENT}\n\n`);

    // Reloaded, the session is resumed from the page's storage: the watcher keeps the login, and the
    // wallet, through the relay, signs the first fund password's message.
    await page.reload();
    await waitForApp(page);
    await page.goto('/fpassword');
    await page.locator('#password').fill('secret1');
    await page.locator('#confirm').fill('secret1');
    const set = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/fund_password');
    await page.getByRole('button', { name: en_US.funds.set_submit }).click();
    expect(await (await set).json()).toMatchObject({ code: 0 });
    expect(signed).toHaveLength(2);
    expect(signed[1]).toContain(`\n\n${WALLET_ACTION_STATEMENTS.set_fund_password}\n\n`);
    expect((await readSession(page))?.userinfo?.bsc).toBe(account.address.toLowerCase());

    // A deposit is sent by the wallet through the same session, and credited.
    await page.goto('/recharge');
    await page.getByLabel(en_US.funds.amount).fill('10');
    await page.getByRole('button', { name: en_US.chain.deposit_submit }).click();
    await expect.poll(() => sent.length, { timeout: 30_000 }).toBe(1);
    expect(sent[0]!.to.toLowerCase()).toBe(config.tokens.USDT.address.toLowerCase());
    await mine(config.rpc_url, config.confirmations);
    await expect(page.getByTestId('deposit-status')).toHaveText(en_US.chain.deposit_success, { timeout: 30_000 });

    // The user ends the session in the wallet: the app hears session_delete and signs out.
    const [session] = wallet.session.getAll();
    await wallet.disconnect({ topic: session!.topic, reason: { code: 6000, message: 'User disconnected' } });
    await expect.poll(async () => (await readSession(page))?.token ?? null, { timeout: 15_000 }).toBeNull();
    await expect(page).toHaveURL(`${baseURL}/`);

    // The pairing sheet in Chinese (another pairing, left unanswered).
    await page.evaluate(() => localStorage.removeItem('wallx_user'));
    await page.evaluate(() => localStorage.setItem('wallx_lang', 'zh_CN'));
    await page.goto('/');
    await waitForApp(page);
    await page.locator('.home__header').getByRole('button', { name: zh_CN.auth.connect_button }).click();
    const zhDialog = connectDialog(page, zh_CN.auth.connect_title);
    await zhDialog.getByRole('button', { name: zh_CN.wallets.wc_choose }).click({ timeout: 10_000 });
    await expect(zhDialog.getByTestId('walletconnect-pairing')).toBeVisible({ timeout: 30_000 });
    await toastGone(page);
    await shoot(page, 'connect-walletconnect-zh');
  } finally {
    await wallet.core.relayer.transportClose().catch(() => undefined);
  }
});

test('the wallet’s own accountsChanged logs out within 200 ms, to another account or to none, where the poll would not', async ({
  page,
}) => {
  const wallet = await installWallet(page);
  for (const accounts of [[wallet.accounts[1]!.address.toLowerCase()], []]) {
    await login(page, wallet);
    await page.goto('/');
    await waitForApp(page);
    // The watcher comes a second after the screen, and follows the wallet's events from then on.
    await expect.poll(() => wallet.listenerCount('accountsChanged'), { timeout: 5000 }).toBe(1);
    // eth_accounts still answers the logged-in account: only the event can end the session.
    const elapsed = await wallet.emitAccountsChanged(accounts);
    expect(elapsed, JSON.stringify(accounts)).not.toBeNull();
    expect(elapsed!).toBeLessThan(200);
    console.log(`accountsChanged to ${JSON.stringify(accounts)}: logged out after ${elapsed!.toFixed(1)} ms`);
    await expect(page.locator('.home__header').getByRole('button', { name: en_US.auth.connect_button })).toBeVisible();
    // Logged out, the app no longer listens.
    await expect.poll(() => wallet.listenerCount('accountsChanged')).toBe(0);
  }
});

test('two announcements with one rdns are both listed, one without rdns too; after a reload neither takes the remembered choice: the user is asked again', async ({
  page,
}) => {
  const first = await installWallet(page, { announce: { rdns: 'io.metamask', name: 'MetaMask' } });
  const second = await installWallet(page, { announce: { rdns: 'io.metamask', name: 'MetaMask' }, injected: false });
  await installWallet(page, { announce: { rdns: '', name: 'Plain Wallet' }, injected: false });
  const dialog = await openSheet(page);
  const metamasks = dialog.getByRole('button', { name: fill(w.login_with, { wallet: 'MetaMask' }) });
  await expect(metamasks).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: fill(w.login_with, { wallet: 'Plain Wallet' }) })).toBeVisible();

  await metamasks.nth(1).click();
  await expect.poll(async () => (await readSession(page))?.userinfo?.bsc).toBe(second.address);
  expect(first.requests.filter((r) => r.method === 'personal_sign')).toEqual([]);

  // Reloaded, two wallets claim the remembered rdns and name: neither is trusted with the session.
  await page.reload();
  await waitForApp(page);
  await expect(connectDialog(page)).toBeVisible({ timeout: 10_000 });
  await expect.poll(async () => (await readSession(page))?.token ?? null).toBeNull();
  await expect(
    connectDialog(page).getByRole('button', { name: fill(w.login_with, { wallet: 'MetaMask' }) }),
  ).toHaveCount(2);
  expect(await page.evaluate(() => localStorage.getItem('wallx_wallet'))).toBeNull();
});

test('a wallet’s EIP-1193 refusal 4100, 4900 or 4901 is said in words, in English and Chinese', async ({ browser }) => {
  for (const [code, text, zhText] of [
    [4100, w.unauthorized, zh_CN.wallets.unauthorized],
    [4900, w.disconnected, zh_CN.wallets.disconnected],
    [4901, w.chain_disconnected, zh_CN.wallets.chain_disconnected],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await installWallet(page, { signError: code });
    const dialog = await openSheet(page);
    await dialog.getByRole('button', { name: en_US.auth.connect_button }).click({ timeout: 10_000 });
    await expect(page.locator('.adm-toast-main').getByText(text)).toBeVisible();
    if (code === 4100) await shoot(page, 'connect-unauthorized');
    await toastGone(page);
    await page.evaluate(() => localStorage.setItem('wallx_lang', 'zh_CN'));
    await page.goto('/');
    await waitForApp(page);
    await page.locator('.home__header').getByRole('button', { name: zh_CN.auth.connect_button }).click();
    await connectDialog(page, zh_CN.auth.connect_title)
      .getByRole('button', { name: zh_CN.auth.connect_button })
      .click({ timeout: 10_000 });
    await expect(page.locator('.adm-toast-main').getByText(zhText)).toBeVisible();
    if (code === 4100) await shoot(page, 'connect-unauthorized-zh');
    await page.close();
  }
});
