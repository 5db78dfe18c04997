import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, STREAM_SINCE_MS_MAX } from '@wallx/shared';
import { openEventStream, tokenExpiry, type StreamHandlers } from './event-stream';

/** A server's side of one stream: what the test writes arrives at the client as it is written. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network')),
  };
}

const ready = (seq: string, gap = false) => `event: ready\ndata: ${JSON.stringify({ seq, gap })}\n\n`;
const event = (seq: string, type = 'balance') =>
  `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify({ seq, type, at: '2026-11-26T10:00:00.000Z', payload: {} })}\n\n`;

type Request = { url: string; headers: Headers; signal: AbortSignal };

/** Answers each request with the next of `answers` (a stream, a status, or a network failure). */
function fakeServer() {
  const requests: Request[] = [];
  const pending: Array<(answer: Response | Error) => void> = [];
  const fetch = vi.fn((url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(url), headers: new Headers(init?.headers), signal: init!.signal! });
    return new Promise<Response>((resolve, reject) => {
      pending.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
      init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    requests,
    /** Waits for the client's next request and answers it. */
    async answer(answer: Response | Error): Promise<Request> {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
      pending.shift()!(answer);
      return requests.at(-1)!;
    },
  };
}

function recorder() {
  const log: string[] = [];
  const handlers: StreamHandlers = {
    onReady: (r, afterFailure) =>
      log.push(`ready ${r.seq}${r.gap ? ' gap' : ''}${afterFailure ? ' after-failure' : ''}`),
    onEvent: (e) => log.push(`event ${e.seq}`),
    onMarket: (m) => log.push(`market ${m.market}`),
    onLive: (isLive) => log.push(isLive ? 'live' : 'down'),
  };
  return { log, handlers };
}

const jwt = (exp: number) => `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;

afterEach(() => vi.useRealTimers());

describe('the event stream client', () => {
  it('sends the token, reads ready, events and market changes, and resumes after the last id it saw', async () => {
    const server = fakeServer();
    const { log, handlers } = recorder();
    const stream = openEventStream({
      baseUrl: '',
      token: () => 'access-1',
      freshToken: vi.fn(),
      handlers,
      fetch: server.fetch,
      pageAge: () => 1_500.4,
    });
    const first = serverStream();
    const request = await server.answer(first.response);
    expect(request.headers.get('Authorization')).toBe('Bearer access-1');
    expect(request.headers.get('Last-Event-ID')).toBeNull();
    // No seq seen yet: it asks for what happened since the page began (its screens read from then
    // on), and 2 s more for a transaction begun a moment before it committed.
    expect(request.url).toBe('/api/events?since_ms=3500');
    first.write(ready('4') + ': ping\n\n' + event('5'));
    first.write(event('6', 'order') + 'event: market\ndata: {"market":"mtrade","id":"1"}\n\n');
    await vi.waitFor(() => expect(log).toEqual(['live', 'ready 4', 'event 5', 'event 6', 'market mtrade']));

    // The server ends the stream (its token's lifetime): back at once, after event 6, not a failure.
    first.end();
    const second = serverStream();
    const resumed = await server.answer(second.response);
    expect(resumed.headers.get('Last-Event-ID')).toBe('6');
    expect(resumed.url).toBe('/api/events');
    second.write(ready('6'));
    await vi.waitFor(() => expect(log.slice(5)).toEqual(['down', 'live', 'ready 6']));
    stream.close();
    await stream.done;
    expect(server.requests.at(-1)!.signal.aborted).toBe(true);
  });

  it('a page open longer than the server looks back asks for the most it allows', async () => {
    const server = fakeServer();
    const { handlers } = recorder();
    const stream = openEventStream({
      baseUrl: '',
      token: () => 'access-1',
      freshToken: vi.fn(),
      handlers,
      fetch: server.fetch,
      pageAge: () => 3_600_000,
    });
    const request = await server.answer(new TypeError('Failed to fetch'));
    expect(request.url).toBe(`/api/events?since_ms=${STREAM_SINCE_MS_MAX}`);
    stream.close();
    await stream.done;
  });

  it('after a failure waits longer each time, then says the connect followed a failure', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const { log, handlers } = recorder();
    const stream = openEventStream({
      baseUrl: '',
      token: () => 'access-1',
      freshToken: vi.fn(),
      handlers,
      fetch: server.fetch,
      random: () => 1,
    });
    await server.answer(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await server.answer(new Response('down', { status: 503 }));
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.requests).toHaveLength(2);
    // Back online: no need to sit out the rest of the wait.
    stream.retryNow();
    const third = serverStream();
    await server.answer(third.response);
    third.write(ready('9'));
    await vi.waitFor(() => expect(log).toEqual(['live', 'ready 9 after-failure']));
    // A connection that falls silent (no ping for 45 s) is dropped and tried again.
    await vi.advanceTimersByTimeAsync(45_000);
    expect(log.at(-1)).toBe('down');
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.requests).toHaveLength(4);
    stream.close();
    await stream.done;
  });

  it('refreshes a refused token once and goes on with the new one; a refused refresh ends the stream', async () => {
    const server = fakeServer();
    const { handlers } = recorder();
    let current = 'access-1';
    const freshToken = vi.fn(async (used: string) => {
      if (used === 'access-2') throw new ApiError({ code: 401, status: 401, message: 'expired' });
      current = 'access-2';
      return current;
    });
    const stream = openEventStream({ baseUrl: '', token: () => current, freshToken, handlers, fetch: server.fetch });
    await server.answer(new Response('{}', { status: 401 }));
    const retried = serverStream();
    expect((await server.answer(retried.response)).headers.get('Authorization')).toBe('Bearer access-2');
    retried.write(ready('1'));
    retried.end();
    await server.answer(new Response('{}', { status: 401 }));
    await stream.done;
    expect(freshToken.mock.calls).toEqual([['access-1'], ['access-2']]);
  });

  it('refreshes a token about to expire before it opens a stream with it, and stops without a session', async () => {
    const server = fakeServer();
    const { handlers } = recorder();
    const now = Date.UTC(2026, 10, 26, 10);
    let current: string | undefined = jwt(now / 1000 + 10);
    const freshToken = vi.fn(async () => (current = jwt(now / 1000 + 900)));
    const stream = openEventStream({
      baseUrl: '',
      token: () => current,
      freshToken,
      handlers,
      fetch: server.fetch,
      now: () => now,
    });
    const opened = serverStream();
    expect((await server.answer(opened.response)).headers.get('Authorization')).toBe(`Bearer ${current}`);
    expect(freshToken).toHaveBeenCalledTimes(1);
    opened.write(ready('1'));
    current = undefined;
    opened.end();
    await stream.done;
    expect(server.requests).toHaveLength(1);
  });

  it('waits the longest after 429 (too many streams of this user)', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const stream = openEventStream({
      baseUrl: '',
      token: () => 'access-1',
      freshToken: vi.fn(),
      handlers: recorder().handlers,
      fetch: server.fetch,
      random: () => 1,
    });
    await server.answer(new Response('{}', { status: 429 }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(2);
    stream.close();
    await stream.done;
  });

  it('reads the expiry of a JWT, and nothing from another token', () => {
    expect(tokenExpiry(jwt(1_800_000_000))).toBe(1_800_000_000_000);
    expect(tokenExpiry('opaque')).toBeUndefined();
  });
});
