import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, operatorLogin, type Auth, type TestApp } from '../../test/helpers.js';
import { parseTraceparent, requestIdOf } from './request-id.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const GENERATED = /^[0-9a-f]{32}$/;

describe('a request id', () => {
  it('is the one sent when well-formed, else the traceparent’s trace id, else one of ours', () => {
    expect(requestIdOf({ 'x-request-id': 'lb-7f3a:9c1e/2' })).toBe('lb-7f3a:9c1e/2');
    expect(requestIdOf({ 'x-request-id': 'a'.repeat(128) })).toBe('a'.repeat(128));
    expect(requestIdOf({ traceparent: TRACEPARENT })).toBe(TRACE_ID);
    expect(requestIdOf({ 'x-request-id': 'case-1', traceparent: TRACEPARENT })).toBe('case-1');
    // Too long, spaces, quotes, a line break (a forged log line), empty: replaced, never refused.
    for (const sent of ['a'.repeat(129), 'two words', 'x"y', 'id\n{"level":60}', '', '-leading-dash']) {
      expect(requestIdOf({ 'x-request-id': sent })).toMatch(GENERATED);
    }
    expect(requestIdOf({})).toMatch(GENERATED);
    expect(requestIdOf({})).not.toBe(requestIdOf({}));
  });

  it('continues a W3C traceparent of version 00 only when its ids are valid', () => {
    expect(parseTraceparent(TRACEPARENT)).toEqual({ traceId: TRACE_ID, spanId: '00f067aa0ba902b7', sampled: true });
    expect(parseTraceparent(`00-${TRACE_ID}-00f067aa0ba902b7-00`)?.sampled).toBe(false);
    for (const bad of [
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID}-${'0'.repeat(16)}-01`,
      `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`,
      `01-${TRACE_ID}-00f067aa0ba902b7-01-extra`,
      `00-${TRACE_ID}-00f067aa0ba902b7`,
    ]) {
      expect(parseTraceparent(bad), bad).toBeNull();
    }
  });
});

/**
 * Issue 51: a request id a client (or the edge) sends comes back in the answer, is in every log line
 * of that request and in the audit row of the operator's action — over a real socket, where Fastify
 * resumes a request with a body outside the context it began in.
 */
describe('a request id through an operator’s request', () => {
  let t: TestApp;
  let base: string;
  let support: Auth;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      config: { logLevel: 'info' },
      logDestination: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    support = await operatorLogin(t.app, 'support');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('is echoed, in every log line of the request, and in the audit row', async () => {
    const user = await login(t.app);
    const { id } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('address', '=', user.userinfo.bsc)
      .executeTakeFirstOrThrow();
    const before = lines.length;
    const response = await fetch(`${base}/api/admin/users/${id}/freeze`, {
      method: 'POST',
      headers: { ...support, 'content-type': 'application/json', 'x-request-id': 'case-4711.freeze' },
      body: JSON.stringify({ frozen: true, reason: 'support case 4711' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('case-4711.freeze');

    const ofRequest = lines.slice(before);
    // Fastify's own: the request as it came and as it was answered.
    expect(ofRequest.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    for (const line of ofRequest) expect(line.reqId, JSON.stringify(line)).toBe('case-4711.freeze');

    const audit = await t.database.db
      .selectFrom('operator_audit')
      .select(['action', 'request_id'])
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', id)
      .execute();
    expect(audit).toEqual([{ action: 'user.freeze', request_id: 'case-4711.freeze' }]);
  });

  it('is made when none or a malformed one is sent, and follows a traceparent', async () => {
    const plain = await fetch(`${base}/api/health/live`);
    const mine = plain.headers.get('x-request-id');
    expect(mine).toMatch(GENERATED);
    const bad = await fetch(`${base}/api/health/live`, { headers: { 'x-request-id': 'x'.repeat(200) } });
    expect(bad.headers.get('x-request-id')).toMatch(GENERATED);
    const traced = await fetch(`${base}/api/health/live`, { headers: { traceparent: TRACEPARENT } });
    expect(traced.headers.get('x-request-id')).toBe(TRACE_ID);
    // Errors too: the id is answered before anything else runs.
    const refused = await fetch(`${base}/api/user/info`, { headers: { 'x-request-id': 'case-9' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('case-9');
  });
});
