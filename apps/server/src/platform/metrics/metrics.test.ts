import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsConfig } from '../config/config.js';
import { buildTestApp, login, signedLogin, type TestApp } from '../../test/helpers.js';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';
const withToken: MetricsConfig = { port: null, host: '127.0.0.1', token: TOKEN, cacheMs: 0 };

/** One series' value in the text format, or undefined when the scrape has no such line. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics on the main port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metrics: withToken } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token or with another one (401), and answers the text format for it', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}x`)).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toContain('# TYPE wallx_http_request_duration_seconds histogram');
    expect(answer.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts requests by route template and status; paths no route matched share one label', async () => {
    const before = await scrape(`Bearer ${TOKEN}`);
    const health = 'wallx_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
    const unmatched = 'wallx_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}';
    await t.app.inject({ method: 'GET', url: '/api/health' });
    for (const id of ['a1', 'b2', 'c3']) await t.app.inject({ method: 'GET', url: `/api/no-such/${id}` });
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(valueOf(after, health)).toBe((valueOf(before.body, health) ?? 0) + 1);
    expect(valueOf(after, unmatched)).toBe((valueOf(before.body, unmatched) ?? 0) + 3);
    expect(after).not.toContain('no-such');
  });

  it('counts refused sign-ins and fund passwords by reason, never by user', async () => {
    const alice = await t.userWith({ usdt: '50', fundPassword: 'pass-123' });
    const bob = await login(t.app);
    const proof = await signedLogin(t.app, bob.account);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/web3/verify',
      payload: { ...proof, message: proof.message.replace('Issued At', 'Issued  At') },
    });
    expect(forged.json().code).not.toBe(0);
    const wrong = await t.injectAs(alice, 'POST /api/funds/transfer', {
      to: bob.account.address,
      asset: 'USDT',
      amount: '10',
      fund_password: 'wrong-123',
    });
    expect(wrong.json().code).toBe(3007);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'wallx_login_failures_total{reason="login_message_invalid"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'wallx_fund_password_failures_total{reason="incorrect"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(alice.userinfo.bsc);
    expect(text).not.toContain(bob.userinfo.bsc);
  });

  it('shows the database pool and the product queues', async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('wallx_payout_queue_depth{asset="USDT"} 0');
    expect(text).toContain('wallx_withdrawals_awaiting_review{asset="WALLX"} 0');
    expect(text).toContain('wallx_deposits_awaiting_confirmations{asset="USDT"} 0');
  });
});

describe('metrics switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are not found on the main port, with or without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const withBearer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withBearer.statusCode).toBe(404);
  });
});

describe('metrics on a listener of their own', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { metrics: { port: 0, host: '127.0.0.1', token: null, cacheMs: 0 } },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers there without a token, and never on the public port', async () => {
    const address = t.app.metricsAddress();
    expect(address).not.toBeNull();
    const own = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('# TYPE wallx_http_request_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${address!.port}/other`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer anything' } })).status).toBe(404);
  });
});
