import type { Page, Request } from '@playwright/test';

// What the funds specs share: a form field by id, an address as the lists show it, the shape of an
// Idempotency-Key, and the requests a page makes to one path.

export const field = (page: Page, id: string) => page.locator(`#${id}`);
/** An address as the lists show it: the first and last five characters. */
export const short = (address: string) => `${address.slice(0, 5)}...${address.slice(-5)}`;
export const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Collects the requests the page makes to one API path. */
export function recordRequests(page: Page, path: string): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) requests.push(request);
  });
  return requests;
}

/** The review sheet a transfer, withdrawal or miner transfer form opens; only its confirm button sends. */
export const reviewSheet = (page: Page) => page.locator('.review-sheet[role="dialog"]');

/** Opens the review of a valid form (its button named `review`) and confirms it there (`confirm`). */
export async function reviewAndConfirm(page: Page, names: { review: string; confirm: string }): Promise<void> {
  await page.getByRole('button', { name: names.review, exact: true }).click();
  await reviewSheet(page).getByRole('button', { name: names.confirm, exact: true }).click();
}

/** What the review sheet shows in one row (`review-<id>`), as text. */
export const reviewRow = (page: Page, id: string) => reviewSheet(page).getByTestId(`review-${id}`);

/** The user's balances as the server holds them now, read past any dressed screen. */
export async function serverBalance(
  page: Page,
  auth: { Authorization: string },
): Promise<{ usdt: string; wallx: string }> {
  const response = await page.request.get('/api/user/info', { headers: auth });
  return ((await response.json()) as { data: { balance: { usdt: string; wallx: string } } }).data.balance;
}

/**
 * For pictures of recipient fields: the recipient check passes every address, and the recent
 * recipients are `recent` (latest first), until `realCheck`. Real checks are tested in funds-transfers.spec.ts.
 */
export async function routeRecipients(page: Page, recent: string[]): Promise<{ realCheck: () => Promise<void> }> {
  const ok = (data: unknown) => ({ json: { code: 0, message: 'ok', data } });
  const isCheck = (url: URL) => url.pathname === '/api/recipients/check';
  await page.route(isCheck, (route) =>
    route.fulfill(ok({ address: new URL(route.request().url()).searchParams.get('to')!.toLowerCase() })),
  );
  await page.route(
    (url) => url.pathname === '/api/recipients/recent',
    (route) =>
      route.fulfill(
        ok({
          items: recent.map((address, n) => ({
            address,
            last_sent_at: new Date(Date.UTC(2025, 4, 20, 9, 30) - n * 3_600_000).toISOString(),
          })),
        }),
      ),
  );
  /** The server's own check from now on. */
  return { realCheck: () => page.unroute(isCheck) };
}
