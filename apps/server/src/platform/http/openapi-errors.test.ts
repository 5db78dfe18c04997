import { beforeAll, describe, expect, it } from 'vitest';
import { errorCatalog, type ErrorKey } from '@wallx/shared';
import { openApiDocument } from '../../app/openapi-document.js';

/**
 * The domain errors the document declares (each route's `config.errors`, and the frozen account's
 * 403 of its guard), checked from the side the suite cannot see: what no test provokes. The other
 * side, that a route answers no code it does not declare, is checked by every test of the suite
 * (test/declared-errors.ts).
 */
type Answer = { description?: string };
type Operation = { responses: Record<string, Answer>; security?: Record<string, unknown>[] };
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  const document = (await openApiDocument()) as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
});

const names = (operation: Operation, status: number, code: number) =>
  new RegExp(`\\bcode ${code}\\b`).test(operation.responses[String(status)]?.description ?? '');
const nameOf = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`;

/** Catalog errors no documented route answers, and why. */
const answeredByNoRoute: Partial<Record<ErrorKey, string>> = {
  insufficient_balance: 'thrown by no code today: the ledger names the asset (insufficient_usdt, insufficient_wallx)',
  output_day_not_over: 'answered only by the internal output job route, hidden from the document',
  companion_model_failed:
    'told inside the answer’s stream (`event: error`, decision 154): the message was accepted, the HTTP answer is 200',
  companion_model_timeout:
    'told inside the answer’s stream (`event: error`, decision 154): the message was accepted, the HTTP answer is 200',
};

/** Operations on a thing named in the path that cannot answer 404, and why. */
const noNotFound: Record<string, string> = {
  'PUT /api/admin/support-lines/{country}':
    'sets the country’s crisis line, adding it when there is none: nothing to be missing',
};

/** The writes of a signed-in user that a frozen account may still do, and why. */
const frozenMayWrite: Record<string, string> = {
  'POST /api/user/sessions/{id}/end': 'ending a session only protects the account',
  'POST /api/user/sessions/end_others': 'ending sessions only protects the account',
  'POST /api/feedback': 'a frozen account must still be able to ask support why',
  'POST /api/feedback/read': 'marks replies read: moves nothing',
  'POST /api/notices/read': 'marks notices seen: moves nothing (a frozen account still reads what happened)',
  'POST /api/validator/vouchers/lookup': 'a lookup, POST only to keep the code out of URLs; the write-off is refused',
  'PUT /api/courses/{id}/progress': 'a viewing position: moves nothing',
  'POST /api/funds/recharge': 'reports a deposit already made on chain; refusing it would not stop the money arriving',
  'DELETE /api/checkins': 'deletes the user’s own mood history: health data is theirs to remove, frozen or not',
  'PUT /api/leaderboard/profile': 'a nickname on the weekly board: moves nothing',
  'DELETE /api/leaderboard/profile': 'leaving the weekly board: moves nothing',
  'POST /api/companion/notice': 'remembers the companion’s notice was shown: moves nothing',
  'PUT /api/companion/crisis-country': 'which crisis line the user is shown: moves nothing',
  'DELETE /api/companion/conversations/{id}':
    'deletes the user’s own conversation: health data is theirs to remove, frozen or not',
  'DELETE /api/companion/conversations':
    'deletes the user’s own conversations: health data is theirs to remove, frozen or not',
};

/** Reads refused to a frozen account, and why. */
const frozenMayNotRead: Record<string, string> = {
  'GET /api/recipients/check':
    'the check serves only a transfer, which a frozen account cannot make: it tells no more than the transfer would (decision 129)',
  'GET /api/events':
    'a freeze ends the account’s event streams (a stolen session stops listening): a new one would reopen at once (decision 122)',
};

describe('the domain errors of the OpenAPI document', () => {
  it('declares every error of the catalog on some route that answers it', () => {
    const undeclared = (Object.keys(errorCatalog) as ErrorKey[]).filter(
      (key) => !operations.some(({ operation }) => names(operation, errorCatalog[key].status, errorCatalog[key].code)),
    );
    expect(undeclared.filter((key) => !answeredByNoRoute[key])).toEqual([]);
    // An exemption whose error some route now declares is stale.
    expect(Object.keys(answeredByNoRoute).filter((key) => !undeclared.includes(key as ErrorKey))).toEqual([]);
  });

  it('declares a 404 on every operation on a thing named in its path', () => {
    const byId = operations.filter(({ path }) => /\{[^}]+\}/.test(path));
    const without = byId.filter(({ operation }) => !operation.responses['404']).map(nameOf);
    expect(without.filter((name) => !noNotFound[name])).toEqual([]);
    expect(Object.keys(noNotFound).filter((name) => !without.includes(name))).toEqual([]);
  });

  it("declares the frozen account's 403 on every write of a user, but those a frozen account may do", () => {
    const userWrites = operations.filter(
      ({ method, operation }) => method !== 'get' && operation.security?.some((scheme) => 'userBearer' in scheme),
    );
    const frozen = errorCatalog.account_frozen;
    const open = userWrites.filter(({ operation }) => !names(operation, frozen.status, frozen.code)).map(nameOf);
    expect(open.filter((name) => !frozenMayWrite[name])).toEqual([]);
    expect(Object.keys(frozenMayWrite).filter((name) => !open.includes(name))).toEqual([]);
    // And no read: a frozen account can read, but for what a freeze must stop.
    const reads = operations.filter(({ method, operation }) => method === 'get' && names(operation, 403, frozen.code));
    expect(reads.map(nameOf)).toEqual(Object.keys(frozenMayNotRead));
  });
});
