import { AsyncLocalStorage } from 'node:async_hooks';
// Types only: they vanish from the built code, so nothing of OpenTelemetry is loaded while tracing is off.
import type * as OpenTelemetry from '@opentelemetry/api';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { TracingSettings } from '../config/config.js';

/**
 * Traces (issue 51): OpenTelemetry spans for requests, queries, RPC calls, jobs, the signer and the
 * fund-password check, exported by OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set. Off, no
 * OpenTelemetry module is loaded and each instrumented call costs one null check (decision 169).
 *
 * What the running code is part of lives in one AsyncLocalStorage: the request's id (audit rows and
 * payouts record it, traced or not) and, when tracing, the span its own spans hang from.
 */
export type Scope = { requestId: string | null; context: Context | null };

const scopes = new AsyncLocalStorage<Scope>();

type Api = typeof OpenTelemetry;

type Active = {
  api: Api;
  tracer: Tracer;
  /** The share of requests and passes traced of their own: decided here, before the SDK is asked anything. */
  sampleRatio: number;
  flush: () => Promise<void>;
  shutdown: () => Promise<void>;
};

let active: Active | null = null;

/** Loads the SDK and the OTLP exporter (http/json, to `<endpoint>/v1/traces`); null: tracing stays off. */
export async function startTracing(config: TracingSettings): Promise<void> {
  if (!config || active) return;
  const [api, sdk, exporter, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': config.serviceName }),
    // Whether a request or a pass is traced is decided before a span is made (`isSampled`): a trace
    // left out then costs the SDK nothing. What reaches it is recorded, as its parent says.
    sampler: new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new exporter.OTLPTraceExporter({ url: `${config.endpoint.replace(/\/$/, '')}/v1/traces` }),
      }),
    ],
  });
  active = {
    api,
    tracer: provider.getTracer('wallx'),
    sampleRatio: config.sampleRatio,
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/** Sends what is buffered and stops: the last spans of a stopping server are not lost. */
export async function stopTracing(): Promise<void> {
  const stopping = active;
  active = null;
  await stopping?.shutdown();
}

/** Sends the spans ended so far (tests read them at the receiver). */
export async function flushTracing(): Promise<void> {
  await active?.flush();
}

export const isTracing = () => active !== null;

/** Whether a span made now would be recorded: tracing is on and the running code's span records. */
export function isRecording(): boolean {
  return active !== null && recordingParent(active, scopes.getStore()) !== null;
}

/** The id of the request the running code serves; null outside one (a job's pass). */
export function currentRequestId(): string | null {
  return scopes.getStore()?.requestId ?? null;
}

export const SPAN_KIND = { internal: 0, server: 1, client: 2 } as const;

type SpanOptions = { kind?: (typeof SPAN_KIND)[keyof typeof SPAN_KIND]; root?: boolean };

/**
 * The context a child span hangs from, or null when there is none to record: outside a request or
 * a job's pass (the event streams' polling, a timer), or in one the sampler left out. Nothing is
 * then made, not even a span that records nothing.
 */
function recordingParent(tracing: Active, scope: Scope | undefined): Context | null {
  const context = scope?.context;
  return context && tracing.api.trace.getSpan(context)?.isRecording() ? context : null;
}

/** A caller's sampled traceparent is always followed (an edge or a support tool asking for one request's trace); else a share is. */
const isSampled = (tracing: Active, remote: { sampled: boolean } | null) =>
  remote ? remote.sampled : Math.random() < tracing.sampleRatio;

function open(tracing: Active, name: string, attributes: Attributes, options: SpanOptions, parent: Context) {
  return tracing.tracer.startSpan(name, { attributes, kind: options.kind ?? SPAN_KIND.internal }, parent);
}

function fail(tracing: Active, span: Span, error: unknown) {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: tracing.api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : '' });
}

/** What `work` may add to its span once it knows more (whether a lease was taken). */
export type SpanNotes = { set: (key: string, value: string | number | boolean) => void };
const NO_NOTES: SpanNotes = { set: () => {} };

/**
 * Runs `work` in a span, a child of the running code's span (a new trace with `root`: a job's pass);
 * what `work` starts hangs from it. Off, or with no recording span to hang from, it is `work()`.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  work: (notes: SpanNotes) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  const tracing = active;
  if (!tracing) return work(NO_NOTES);
  const scope = scopes.getStore();
  const parent = options.root ? isSampled(tracing, null) && tracing.api.ROOT_CONTEXT : recordingParent(tracing, scope);
  if (!parent) return work(NO_NOTES);
  const span = open(tracing, name, attributes, options, parent);
  const context = tracing.api.trace.setSpan(parent, span);
  return scopes.run({ requestId: scope?.requestId ?? null, context }, async () => {
    try {
      return await work({ set: (key, value) => span.setAttribute(key, value) });
    } catch (error) {
      fail(tracing, span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span over already, timed by whoever ran it (Kysely times its queries): a child of the running code's span. */
export function recordSpan(name: string, attributes: Attributes, startedAt: number, endedAt: number, error?: unknown) {
  const tracing = active;
  if (!tracing) return;
  const parent = recordingParent(tracing, scopes.getStore());
  if (!parent) return;
  const span = tracing.tracer.startSpan(name, { attributes, kind: SPAN_KIND.client, startTime: startedAt }, parent);
  if (error !== undefined) fail(tracing, span, error);
  span.end(endedAt);
}

/** A request's scope and, when tracing, its server span: `end` closes the span with the answer's status. */
export type RequestScope = { scope: Scope; end: (statusCode: number) => void };

/**
 * The scope of an HTTP request: its id, and its span continuing the caller's trace when a valid
 * `traceparent` came (`remote`: the caller's trace and span ids).
 */
export function requestScope(
  requestId: string,
  name: string,
  attributes: Attributes,
  remote: { traceId: string; spanId: string; sampled: boolean } | null,
): RequestScope {
  const tracing = active;
  if (!tracing || !isSampled(tracing, remote)) return { scope: { requestId, context: null }, end: () => {} };
  const { api } = tracing;
  const parent = remote
    ? api.trace.setSpanContext(api.ROOT_CONTEXT, {
        traceId: remote.traceId,
        spanId: remote.spanId,
        traceFlags: remote.sampled ? api.TraceFlags.SAMPLED : api.TraceFlags.NONE,
        isRemote: true,
      })
    : api.ROOT_CONTEXT;
  const span = open(
    tracing,
    name,
    { ...attributes, 'wallx.request_id': requestId },
    { kind: SPAN_KIND.server },
    parent,
  );
  let ended = false;
  return {
    scope: { requestId, context: api.trace.setSpan(parent, span) },
    end: (statusCode) => {
      if (ended) return;
      ended = true;
      span.setAttribute('http.response.status_code', statusCode);
      if (statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** Runs `work` (and everything it starts) in `scope`. */
export function runInScope<T>(scope: Scope, work: () => T): T {
  return scopes.run(scope, work);
}
