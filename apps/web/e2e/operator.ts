import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { langText } from '@wallx/shared';

/**
 * What an operator does before the console exists (docs/decisions.md 48): the interim endpoints
 * under /api/admin take the admin token the e2e server (embedded database) writes to its data dir,
 * and the operator's name.
 */
function operatorHeaders(): Record<string, string> {
  const dataDir = process.env.WALLX_E2E_DATA_DIR;
  if (!dataDir) throw new Error('WALLX_E2E_DATA_DIR is set by playwright.config.ts');
  const { adminToken } = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { adminToken: string | null };
  if (!adminToken) throw new Error('The e2e server announced no admin token (it runs on the embedded database)');
  return { 'x-wallx-admin-token': adminToken, 'x-wallx-operator': 'e2e@wallx' };
}

async function operatorCall<T>(request: APIRequestContext, method: 'GET' | 'PUT' | 'POST', url: string, data?: object): Promise<T> {
  const response = await request.fetch(url, { method, headers: operatorHeaders(), ...(data && { data }) });
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body, `${method} ${url}`).toMatchObject({ code: 0 });
  return body.data;
}

/** The id of a pick-up point of the demo catalog, by its English name. */
export async function pickupPointId(request: APIRequestContext, name: string): Promise<string> {
  const { items } = await operatorCall<{ items: Array<{ id: string; name: string }> }>(request, 'GET', '/api/admin/pickup-points');
  const point = items.find((item) => langText(item.name, 'en_US') === name);
  if (!point) throw new Error(`no pick-up point "${name}"`);
  return point.id;
}

/** Makes a registered user a validator of these points. */
export async function makeValidator(request: APIRequestContext, address: string, pointIds: string[]): Promise<void> {
  await operatorCall(request, 'PUT', `/api/admin/validators/${address}`, { point_ids: pointIds });
}

/** Marks a delivery shipped, with its carrier and tracking number. */
export async function markShipped(request: APIRequestContext, requestId: string, carrier: string, trackingNo: string): Promise<void> {
  await operatorCall(request, 'POST', `/api/admin/shipping/requests/${requestId}/ship`, { carrier, tracking_no: trackingNo });
}

/** Feedback as operators list it, newest first. */
export async function feedbackList(request: APIRequestContext, status?: 'open' | 'replied'): Promise<Array<{ id: string; title: string; user: string; status: string }>> {
  const { items } = await operatorCall<{ items: Array<{ id: string; title: string; user: string; status: string }> }>(
    request,
    'GET',
    `/api/admin/feedback${status ? `?status=${status}` : ''}`,
  );
  return items;
}

/** An operator's reply to a user's feedback. */
export async function replyToFeedback(request: APIRequestContext, id: string, reply: string): Promise<void> {
  await operatorCall(request, 'POST', `/api/admin/feedback/${id}/reply`, { reply });
}
