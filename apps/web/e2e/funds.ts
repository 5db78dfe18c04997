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
