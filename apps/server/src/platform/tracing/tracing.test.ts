import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithdrawals, type Anvil } from '../../modules/withdrawals/withdrawals.fixtures.js';
import type { ChainContext } from '../chain/context.js';
import { runLeased } from '../db/lease.js';
import { repeat } from '../jobs/repeat.js';
import type { TestApp } from '../../test/helpers.js';
import { flushTracing, isTracing, startTracing, stopTracing } from './tracing.js';

/** One span as the OTLP/JSON export carries it, its attributes flattened. */
type ExportedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
};

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
const valueOf = (value: AnyValue) =>
  value.stringValue ??
  value.boolValue ??
  value.doubleValue ??
  (value.intValue !== undefined ? Number(value.intValue) : null);
const flatten = (attributes: KeyValue[] = []) =>
  Object.fromEntries(attributes.map((attribute) => [attribute.key, valueOf(attribute.value)]));

/** An OTLP receiver of our own: what an OpenTelemetry collector's http/json endpoint would get. */
async function startReceiver() {
  const spans: ExportedSpan[] = [];
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      const parsed = JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: KeyValue[] };
          scopeSpans: { spans: (Omit<ExportedSpan, 'attributes' | 'service'> & { attributes: KeyValue[] })[] }[];
        }[];
      };
      for (const resource of parsed.resourceSpans)
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans)
            spans.push({
              ...span,
              attributes: flatten(span.attributes),
              service: flatten(resource.resource.attributes)['service.name'],
            });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    paths,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

/**
 * Issue 51: with OTEL_EXPORTER_OTLP_ENDPOINT set, a withdrawal's trace reaches an OTLP receiver with
 * the request, its SQL and the fund password's Argon2 check as spans, continuing the caller's
 * traceparent and carrying the request id; a job's pass is a trace of its own with its lease, its
 * RPC calls and the signer.
 */
describe('traces exported by OTLP', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: TestApp;
  let chain: ChainContext;
  let anvil: Anvil;
  beforeAll(async () => {
    receiver = await startReceiver();
    // Before the database opens, as server.ts does: its Kysely instance is made traced.
    await startTracing({ endpoint: `${receiver.url}/`, serviceName: 'wallx-test', sampleRatio: 1 });
    ({ t, chain, anvil } = await startWithdrawals());
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
    await stopTracing();
    await receiver.close();
  });

  const ofTrace = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);
  /** Whether `span` hangs (through any number of spans) from the span `ancestorId`. */
  const descends = (spans: ExportedSpan[], span: ExportedSpan, ancestorId: string): boolean => {
    const parent = spans.find((candidate) => candidate.spanId === span.parentSpanId);
    return span.parentSpanId === ancestorId || (parent !== undefined && descends(spans, parent, ancestorId));
  };

  it('a withdrawal’s trace: the request continuing the caller’s, its SQL and the Argon2 check, the request id', async () => {
    expect(isTracing()).toBe(true);
    const user = await t.userWith({ usdt: '500', fundPassword: 'pass-123' });
    const answer = await t.injectAs(
      user,
      'POST /api/funds/withdraw',
      { asset: 'USDT', amount: '50', fund_password: 'pass-123' },
      { 'x-request-id': 'support-case-88', traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['x-request-id']).toBe('support-case-88');
    await flushTracing();

    expect(receiver.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    const spans = ofTrace(TRACE_ID);
    const server = spans.find((span) => span.name === 'POST /api/funds/withdraw');
    expect(server, JSON.stringify(spans.map((span) => span.name))).toBeDefined();
    expect(server).toMatchObject({
      parentSpanId: CALLER_SPAN,
      kind: 2, // OTLP's SPAN_KIND_SERVER
      service: 'wallx-test',
      attributes: {
        'wallx.request_id': 'support-case-88',
        'http.request.method': 'POST',
        'http.route': '/api/funds/withdraw',
        'http.response.status_code': 200,
      },
    });
    const argon2 = spans.filter((span) => span.name === 'fund-password argon2 verify');
    expect(argon2).toHaveLength(1);
    expect(descends(spans, argon2[0]!, server!.spanId)).toBe(true);
    const sql = spans.filter((span) => typeof span.attributes['db.query.text'] === 'string');
    expect(sql.map((span) => span.name)).toEqual(expect.arrayContaining(['INSERT withdrawals']));
    for (const span of sql) {
      expect(descends(spans, span, server!.spanId), span.name).toBe(true);
      expect(span.attributes['db.system.name']).toBe('postgresql');
    }
    // Parameterised text only: the amount and the address stay out of the trace.
    const insert = sql.find((span) => span.name === 'INSERT withdrawals')!;
    expect(insert.attributes['db.query.text']).not.toContain(user.userinfo.bsc);

    const row = await t.database.db
      .selectFrom('withdrawals')
      .select(['amount', 'request_id'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount: '50.000000000000000000', request_id: 'support-case-88' });
  });

  it('samples a share of the requests, and always follows a caller’s sampled traceparent', async () => {
    // None sampled of their own (OTEL_TRACES_SAMPLER_ARG=0): only what a caller asks for is traced.
    await stopTracing();
    await startTracing({ endpoint: receiver.url, serviceName: 'wallx-test', sampleRatio: 0 });
    try {
      const user = await t.userWith({ usdt: '10' });
      const plain = await t.injectAs(user, 'GET /api/user/info', undefined, { 'x-request-id': 'not-sampled-1' });
      const traceId = 'ab'.repeat(16);
      const asked = await t.injectAs(user, 'GET /api/user/info', undefined, {
        'x-request-id': 'sampled-1',
        traceparent: `00-${traceId}-${CALLER_SPAN}-01`,
      });
      expect([plain.statusCode, asked.statusCode]).toEqual([200, 200]);
      await flushTracing();
      const ofRequest = (id: string) => receiver.spans.filter((span) => span.attributes['wallx.request_id'] === id);
      expect(ofRequest('not-sampled-1')).toEqual([]);
      expect(ofRequest('sampled-1')).toHaveLength(1);
      // Its queries are in it; those of the request left out were not even made into spans.
      expect(
        ofTrace(traceId).filter((span) => span.attributes['db.system.name'] === 'postgresql').length,
      ).toBeGreaterThan(0);
    } finally {
      await stopTracing();
      await startTracing({ endpoint: receiver.url, serviceName: 'wallx-test', sampleRatio: 1 });
    }
  });

  it('a job’s pass is a trace of its own: its lease, its RPC calls and the signer', async () => {
    const user = await t.userWith({ usdt: '500', fundPassword: 'pass-123' });
    const queued = await t.injectAs(user, 'POST /api/funds/withdraw', {
      asset: 'USDT',
      amount: '30',
      fund_password: 'pass-123',
    });
    expect(queued.statusCode, queued.body).toBe(200);
    await anvil.mine({ blocks: 1 });
    const lease = { name: 'hot-wallet-test', holder: 'tracing-test', ttlMs: 6_000 };
    const job = repeat('hot-wallet', () => runLeased(t.database.db, lease, () => t.app.payouts!.processOnce()), {
      intervalMs: 3_600_000,
      log: t.app.log,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await job.stop();
    await flushTracing();

    const pass = receiver.spans.find((span) => span.name === 'job hot-wallet');
    expect(pass, JSON.stringify(receiver.spans.map((span) => span.name))).toBeDefined();
    expect(pass!.parentSpanId ?? '').toBe('');
    const spans = ofTrace(pass!.traceId);
    expect(spans.find((span) => span.name === 'lease hot-wallet-test')?.attributes['wallx.lease.taken']).toBe(true);
    const signer = spans.find((span) => span.name === 'signer key');
    expect(signer, JSON.stringify(spans.map((span) => span.name))).toBeDefined();
    const rpc = spans.filter((span) => span.attributes['rpc.method'] !== undefined);
    expect(rpc.map((span) => span.attributes['rpc.method'])).toEqual(
      expect.arrayContaining(['eth_sendRawTransaction']),
    );
    for (const span of [signer!, ...rpc]) expect(descends(spans, span, pass!.spanId), span.name).toBe(true);
  });
});
