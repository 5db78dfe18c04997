import { expect, type APIRequestContext } from '@playwright/test';
import { privateKeyToAccount } from 'viem/accounts';
import { langText, OPERATOR_CONSOLE_PATH, OPERATOR_LOGIN_STATEMENT } from '@wallx/shared';
import { operatorKey, secondOperatorKey } from './env';
import { signInBody } from './helpers';

// The browser tests' operators (e2e/env.ts): one console session each per test worker, opened by
// signing the console's sign-in message (EIP-4361 for this site's /admin, a server nonce) as the
// console has it signed. The second admin approves what the first proposes.
const operators = { first: privateKeyToAccount(operatorKey), second: privateKeyToAccount(secondOperatorKey) };
type Admin = keyof typeof operators;
const sessions: Partial<Record<Admin, Promise<string>>> = {};

async function operatorToken(request: APIRequestContext, admin: Admin): Promise<string> {
  sessions[admin] ??= (async () => {
    const response = await request.post('/api/admin/auth/login', {
      data: await signInBody(request, operators[admin], OPERATOR_LOGIN_STATEMENT, OPERATOR_CONSOLE_PATH),
    });
    const body = (await response.json()) as { code: number; data: { token: string } };
    expect(body, 'operator login').toMatchObject({ code: 0 });
    return body.data.token;
  })();
  return sessions[admin];
}

async function operatorCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  data?: object,
  admin: Admin = 'first',
): Promise<T> {
  const headers = { authorization: `Bearer ${await operatorToken(request, admin)}` };
  const response = await request.fetch(url, { method, headers, ...(data && { data }) });
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body, `${method} ${url}`).toMatchObject({ code: 0 });
  return body.data;
}

/** The id of a pick-up point of the demo catalog, by its English name. */
export async function pickupPointId(request: APIRequestContext, name: string): Promise<string> {
  const { items } = await operatorCall<{ items: Array<{ id: string; name: string }> }>(
    request,
    'GET',
    '/api/admin/pickup-points?limit=100',
  );
  const point = items.find((item) => langText(item.name, 'en_US') === name);
  if (!point) throw new Error(`no pick-up point "${name}"`);
  return point.id;
}

/**
 * Adds an operator with this role, as in the console: the e2e server's first admin proposes it, the
 * second approves it (decision 118).
 */
export async function addOperator(
  request: APIRequestContext,
  address: string,
  role: 'viewer' | 'support' | 'finance' | 'admin',
): Promise<void> {
  const proposal = await operatorCall<{ id: string }>(request, 'POST', '/api/admin/operators', { address, role });
  await approveAsSecondAdmin(request, proposal.id);
}

/** The second admin approves a proposal the first made (an operator change, the fees and limits). */
export async function approveAsSecondAdmin(request: APIRequestContext, proposalId: string): Promise<void> {
  await operatorCall(request, 'POST', `/api/admin/proposals/${proposalId}/approve`, undefined, 'second');
}

/** Makes a registered user a validator of these points. */
export async function makeValidator(request: APIRequestContext, address: string, pointIds: string[]): Promise<void> {
  await operatorCall(request, 'PUT', `/api/admin/validators/${address}`, { point_ids: pointIds });
}

/** Marks a delivery shipped, with its carrier and tracking number. */
export async function markShipped(
  request: APIRequestContext,
  requestId: string,
  carrier: string,
  trackingNo: string,
): Promise<void> {
  await operatorCall(request, 'POST', `/api/admin/shipping/requests/${requestId}/ship`, {
    carrier,
    tracking_no: trackingNo,
  });
}

/** Feedback as operators list it, newest first. */
export async function feedbackList(
  request: APIRequestContext,
  status?: 'open' | 'replied',
): Promise<Array<{ id: string; title: string; user: string; status: string }>> {
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

/** Adds a partner organisation of the aid fund, as a finance operator (here the first admin) does in the console. */
export async function addAidPartner(
  request: APIRequestContext,
  partner: { name: string; address: string; website: string | null },
): Promise<string> {
  return (await operatorCall<{ id: string }>(request, 'POST', '/api/admin/aid-fund/partners', partner)).id;
}

/** A grant from the aid fund to a partner: the first admin proposes it, the second approves it; the payout worker pays it on chain. */
export async function grantFromAidFund(
  request: APIRequestContext,
  grant: { partner_id: string; asset: 'USDT' | 'WALLX'; amount: string; reason: string },
): Promise<void> {
  const proposal = await operatorCall<{ id: string }>(request, 'POST', '/api/admin/aid-fund/grants', grant);
  await approveAsSecondAdmin(request, proposal.id);
}

/** Adds or changes a country's crisis line, as a support operator does in the console. */
export async function setSupportLine(
  request: APIRequestContext,
  country: string,
  line: { name: string; phone: string | null; url: string | null },
): Promise<void> {
  await operatorCall(request, 'PUT', `/api/admin/support-lines/${country}`, line);
}
