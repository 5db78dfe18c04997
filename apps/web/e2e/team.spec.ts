import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { shortAddress, type ShareInfo, type TeamMember, type TeamSummary } from '@wallx/shared';
import { en_US, fill, zh_CN } from './catalog';
import { deposit, depositConfig, fundedAccount } from './chain';
import {
  authOf,
  buyProduct,
  connectDialog,
  login,
  newPhoneContext,
  registerUser,
  registerWallet,
  waitForApp,
} from './helpers';
import { readQrCodes } from './qr';
import { shoot, toastGone } from './screenshot';
import { installWallet, type TestWallet } from './wallet';

const t = en_US.team;

/** The share code and link the server gives the page's user. */
async function shareInfoOf(page: Page): Promise<ShareInfo> {
  const body = (await (await page.request.get('/api/share/info', { headers: await authOf(page) })).json()) as {
    data: ShareInfo;
  };
  return body.data;
}

/** The guest's way in: the join page's button, then the connect dialog's; resolves to the login request's body. */
async function connectFromJoin(
  page: Page,
  button: string,
  dialogTitle?: string,
  dialogButton: string = en_US.auth.connect_button,
): Promise<Record<string, unknown>> {
  const verify = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/web3/verify');
  await page.getByRole('button', { name: button }).click();
  const dialog = connectDialog(page, dialogTitle);
  await dialog.getByRole('button', { name: dialogButton }).click();
  await expect(dialog).toBeHidden();
  return (await verify).postDataJSON() as Record<string, unknown>;
}

function pngSize(png: Buffer): { width: number; height: number } {
  // The IHDR chunk follows the 8-byte signature: length, type, then width and height.
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test.describe('invite and team', () => {
  test('A’s QR code carries the link; B joins through it, appears in A’s team, and B’s purchase is A’s team performance', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const walletA = await installWallet(page);
    await login(page, walletA);

    // /share: the QR code, read from a picture of it as a phone camera would, is the link shown.
    await page.goto('/share');
    const qr = page.getByTestId('invite-qr');
    await expect(qr).toBeVisible();
    const link = (await page.getByTestId('share-link').textContent())!;
    const code = (await page.getByTestId('share-code').textContent())!;
    expect(link).toBe(new URL(`/join?code=${code}`, page.url()).href);
    expect(await readQrCodes(await qr.screenshot())).toEqual([link]);

    // The poster, saved through its download link: a phone-sized PNG whose QR code is the link too.
    await page.getByRole('button', { name: t.make_poster }).click();
    const sheet = page.getByRole('dialog', { name: t.poster });
    await expect(sheet.getByRole('img', { name: fill(t.poster_alt, { code }) })).toBeVisible();
    const download = page.waitForEvent('download');
    await sheet.getByRole('link', { name: t.save_poster }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`wallx-invite-${code}.png`);
    const poster = fs.readFileSync(await file.path());
    expect(pngSize(poster)).toEqual({ width: 750, height: 1334 });
    expect(await readQrCodes(poster)).toEqual([link]);

    // B, a guest on another phone, opens the link.
    const config = await depositConfig(page.request);
    const accountB = await fundedAccount(config, { USDT: '100' });
    const context = await newPhoneContext(browser);
    const guest = await context.newPage();
    const walletB = await installWallet(guest, { accounts: [accountB] });
    const { pathname, search } = new URL(link);
    await guest.goto(pathname + search);
    await expect(guest.getByTestId('inviter-address')).toHaveText(shortAddress(walletA.address));
    await expect(guest.getByText(t.join.about_title)).toBeVisible();

    // Connect and sign: the login carries A's code, and B is told whose team they joined.
    const sent = await connectFromJoin(guest, t.join.connect);
    expect(sent).toMatchObject({ address: walletB.address, referee: code });
    await expect(guest.getByText(fill(t.join.joined, { address: shortAddress(walletA.address) }))).toBeVisible();

    // A's team: B is the one member, with nothing bought yet.
    await page.goto('/team');
    const member = page.locator(`.team-member[data-member="${walletB.address}"]`);
    await expect(member).toBeVisible();
    await expect(page.getByTestId('team-direct-count')).toHaveText('1');
    await expect(page.getByTestId('team-size')).toHaveText('1');
    await expect(page.getByTestId('performance-all_time-usdt')).toHaveText('0');

    // B buys a Home Miner for 100 USDT (money in from the chain first).
    await deposit(guest, accountB, config, 'USDT', '100');
    await buyProduct(guest, 'WX-M1 Home Miner');

    await page.reload();
    for (const period of ['today', 'last_7_days', 'all_time']) {
      await expect(page.getByTestId(`performance-${period}-usdt`), period).toHaveText('100');
      await expect(page.getByTestId(`performance-${period}-wallx`), period).toHaveText('0');
    }
    await expect(member.getByTestId('member-performance')).toHaveText('100 USDT0 WALLX');

    // Drilling into B's team: B invited nobody. The back arrow returns to A's team.
    await member.click();
    await expect(page).toHaveURL(`/team?of=${walletB.address}`);
    await expect(page.locator('.page-header__title')).toHaveText(t.member_title);
    await expect(page.getByRole('heading', { name: t.empty_member })).toBeVisible();
    await expect(page.getByTestId('team-inviter')).toHaveText(shortAddress(walletA.address));
    await page.getByRole('button', { name: en_US.common.back }).click();
    await expect(page).toHaveURL('/team');

    // Someone outside A's team cannot be opened.
    const stranger = await registerWallet(page.request);
    await page.goto(`/team?of=${stranger}`);
    await expect(page.getByRole('heading', { name: t.not_in_team })).toBeVisible();
    await context.close();
  });

  test('an unknown code: /join says so, the login goes without a referee, and the user has no inviter', async ({
    page,
  }) => {
    await installWallet(page);
    await page.goto('/join?code=ZZZZ2345');
    await expect(page.getByText(t.join.unknown_code)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('wallx_referee'))).toBe('ZZZZ2345');

    const sent = await connectFromJoin(page, t.join.connect_plain);
    expect(sent).not.toHaveProperty('referee');
    await expect(page.getByText(t.join.no_inviter)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('wallx_referee'))).toBeNull();
  });

  test('a user who logged in before opening the link is told the inviter is set at the first login only', async ({
    page,
  }) => {
    const wallet = await installWallet(page);
    await login(page, wallet);
    const { shareCode } = await registerUser(page.request);
    await page.goto(`/join?code=${shareCode}`);
    await expect(page.getByText(t.join.too_late)).toBeVisible();
    await expect(page.getByRole('button', { name: t.join.connect })).toHaveCount(0);
  });
});

/** Large figures in the team's answers, to see how the screens hold them. */
async function dressTeamFigures(page: Page): Promise<void> {
  const big = { usdt: '1234567.89', wallx: '98765.4321' };
  await page.route(
    (url) => url.pathname === '/api/team/summary',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: TeamSummary };
      // A refusal (not in the team) passes as it is.
      if (response.ok())
        body.data.performance = {
          today: { usdt: '300', wallx: '0' },
          last_7_days: { usdt: '4500.5', wallx: '1500' },
          all_time: big,
        };
      await route.fulfill({ response, json: body });
    },
  );
  await page.route(
    (url) => url.pathname === '/api/team/members',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { items: TeamMember[] } };
      if (response.ok())
        body.data.items.forEach(
          (item, index) => (item.performance = index === 0 ? big : { usdt: String(100 * (index + 1)), wallx: '0' }),
        );
      await route.fulfill({ response, json: body });
    },
  );
}

const catalogs = { en_US, zh_CN } as const;

for (const language of ['en_US', 'zh_CN'] as const) {
  test(`screenshots of /share, /join and /team in ${language}`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    const tr = catalogs[language];
    const wallet: TestWallet = await installWallet(page);
    await login(page, wallet);
    const { share_code: code, link } = await shareInfoOf(page);
    // Three friends joined with the code; the first invited two of their own.
    const first = await registerUser(page.request, code);
    await registerUser(page.request, code);
    await registerUser(page.request, code);
    await registerUser(page.request, first.shareCode);
    await registerUser(page.request, first.shareCode);
    await page.evaluate((lang) => localStorage.setItem('wallx_lang', lang), language);

    await page.goto('/share');
    await expect(page.getByTestId('invite-qr')).toBeVisible();
    await toastGone(page);
    await shoot(page, `${language}-share`);
    await page.getByRole('button', { name: tr.team.make_poster }).click();
    const sheet = page.getByRole('dialog', { name: tr.team.poster });
    await expect(sheet.getByRole('img')).toBeVisible();
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await shoot(page, `${language}-share-poster`);

    await dressTeamFigures(page);
    await page.goto('/team');
    await expect(page.locator('.team-member')).toHaveCount(3);
    await expect(page.getByTestId('team-size')).toHaveText('5');
    await shoot(page, `${language}-team`);
    await shoot(page, `${language}-team-full`, true);
    await page.locator(`.team-member[data-member="${first.address}"]`).click();
    await expect(page.locator('.team-member')).toHaveCount(2);
    await shoot(page, `${language}-team-member`);
    await page.goto(`/team?of=${await registerWallet(page.request)}`);
    await expect(page.getByRole('heading', { name: tr.team.not_in_team })).toBeVisible();
    await shoot(page, `${language}-team-not-in-team`);

    // A guest opening the link.
    const context = await newPhoneContext(browser);
    const guest = await context.newPage();
    await guest.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    await installWallet(guest);
    const { pathname, search } = new URL(link);
    await guest.goto(pathname + search);
    await waitForApp(guest);
    await expect(guest.getByTestId('inviter-address')).toHaveText(shortAddress(wallet.address));
    await shoot(guest, `${language}-join`);
    await shoot(guest, `${language}-join-full`, true);
    await connectFromJoin(guest, tr.team.join.connect, tr.auth.connect_title, tr.auth.connect_button);
    await expect(guest.getByText(fill(tr.team.join.joined, { address: shortAddress(wallet.address) }))).toBeVisible();
    await toastGone(guest);
    await shoot(guest, `${language}-join-joined`);
    await guest.goto('/join?code=ZZZZ2345');
    await expect(guest.getByText(tr.team.join.unknown_code)).toBeVisible();
    await shoot(guest, `${language}-join-unknown`);
    await context.close();
  });
}

test('screenshot of the team loading skeleton', async ({ page }) => {
  const wallet = await installWallet(page);
  await login(page, wallet);
  await page.route(
    (url) => url.pathname.startsWith('/api/team/'),
    () => undefined,
  );
  await page.goto('/team');
  await expect(page.getByTestId('team-skeleton')).toBeVisible();
  await shoot(page, 'en_US-team-loading');
});
