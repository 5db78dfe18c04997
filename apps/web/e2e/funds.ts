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
