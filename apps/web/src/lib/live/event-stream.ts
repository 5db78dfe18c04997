import { STREAM_SINCE_MS_MAX, type MarketChange, type StreamReady, type UserEvent } from '@wallx/shared';
import { createSseParser, type SseMessage } from './sse';

export type StreamHandlers = {
  /** Each (re)connect's first message; `afterFailure`: the previous connection failed (offline, refused). */
  onReady(ready: StreamReady, afterFailure: boolean): void;
  onEvent(event: UserEvent): void;
  onMarket(change: MarketChange): void;
  /** Connected (a `ready` came) or not: the screens that poll do so only while not. */
  onLive(isLive: boolean): void;
};

export type EventStreamOptions = {
  /** Origin of the API, '' for the page's own. */
  baseUrl: string;
  /** The session's access token; none ends the stream. */
  token: () => string | undefined;
  /** A token to use instead of a refused or expiring one (the API client's single refresh). */
  freshToken: (used: string) => Promise<string>;
  handlers: StreamHandlers;
  fetch?: typeof fetch;
  /** First wait after a failure; doubles up to `maxDelayMs`, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The server sends a comment every 15 s: this long without a byte, the connection is dead. */
  silenceMs?: number;
  random?: () => number;
  now?: () => number;
  /** How long the page has been open (ms): what its screens read may be that old. */
  pageAge?: () => number;
};

/**
 * A first connect looks back over the page's life and this much more: a posting's events carry the
 * time its transaction began, which may be a moment before they were committed.
 */
const COMMIT_MARGIN_MS = 2_000;

/**
 * A first connect (no seq seen yet) asks for the events since the page began: those after the
 * screen's first reads and before the stream opened (at idle, after first paint) would be lost.
 */
const sinceQuery = (pageAge: number) =>
  `?since_ms=${Math.min(STREAM_SINCE_MS_MAX, Math.max(0, Math.round(pageAge + COMMIT_MARGIN_MS)))}`;

/** A token this close to its expiry is refreshed before a stream opens with it (the stream ends with the token). */
const EXPIRY_MARGIN_MS = 30_000;

/** The `exp` of a JWT in ms, or undefined for a token that is not one. */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

type Outcome = 'ended' | 'failed' | 'unauthorized' | 'busy' | 'closed';

const isUnauthorized = (error: unknown) => (error as { status?: number } | null)?.status === 401;

/**
 * The signed-in user's events (`GET /api/events`) over fetch: EventSource cannot send the
 * Authorization header. Resumes after the last id it saw (`Last-Event-ID`), so a reconnect misses
 * nothing; waits longer after each failure (1 s doubling to 30 s, jittered, so that a restarted
 * server is not hit by every phone at once); refreshes the token when the server refuses it or the
 * stream ends with it. Stops for good when the session ends (no token, or the refresh refused).
 */
export function openEventStream(options: EventStreamOptions) {
  const { baseUrl, token, freshToken, handlers } = options;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const { baseDelayMs = 1000, maxDelayMs = 30_000, silenceMs = 45_000 } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const pageAge = options.pageAge ?? (() => performance.now());

  let isClosed = false;
  let lastId: string | undefined;
  let failures = 0;
  let afterFailure = false;
  let connection: AbortController | null = null;
  let wake: (() => void) | null = null;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const dispatch = (message: SseMessage) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (message.event === 'ready') {
      failures = 0;
      handlers.onLive(true);
      handlers.onReady(data as StreamReady, afterFailure);
      afterFailure = false;
    } else if (message.event === 'market') {
      handlers.onMarket(data as MarketChange);
    } else if (message.id !== undefined) {
      lastId = message.id;
      handlers.onEvent(data as UserEvent);
    }
  };

  async function connect(bearer: string): Promise<Outcome> {
    const controller = new AbortController();
    connection = controller;
    let silence = setTimeout(() => controller.abort(), silenceMs);
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), silenceMs);
    };
    let sawReady = false;
    try {
      const response = await fetchImpl(`${baseUrl}/api/events${lastId === undefined ? sinceQuery(pageAge()) : ''}`, {
        headers: {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${bearer}`,
          ...(lastId !== undefined && { 'Last-Event-ID': lastId }),
        },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401) return 'unauthorized';
      if (response.status === 429) return 'busy';
      if (!response.ok || !response.body) return 'failed';
      const parser = createSseParser((message) => {
        if (message.event === 'ready') sawReady = true;
        dispatch(message);
      });
      const reader = response.body.getReader();
      // Not every engine errors a body already being read when its fetch is aborted.
      controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        parser.push(decoder.decode(value, { stream: true }));
      }
      if (controller.signal.aborted) return isClosed ? 'closed' : 'failed';
      // The server ends a stream when its token would expire: a clean end, not a failure.
      return sawReady ? 'ended' : 'failed';
    } catch {
      return isClosed ? 'closed' : 'failed';
    } finally {
      clearTimeout(silence);
      connection = null;
      if (sawReady) handlers.onLive(false);
    }
  }

  async function run(): Promise<void> {
    let refreshed = false;
    while (!isClosed) {
      let bearer = token();
      if (!bearer) return;
      try {
        const expiry = tokenExpiry(bearer);
        if (expiry !== undefined && expiry - now() < EXPIRY_MARGIN_MS) bearer = await freshToken(bearer);
      } catch (error) {
        if (isUnauthorized(error)) return;
      }
      const outcome = await connect(bearer);
      if (outcome === 'closed') return;
      if (outcome === 'ended') {
        refreshed = false;
        continue;
      }
      if (outcome === 'unauthorized' && !refreshed) {
        refreshed = true;
        try {
          await freshToken(bearer);
          continue;
        } catch (error) {
          // The refresh was refused: the session is over (the API client ended it).
          if (isUnauthorized(error)) return;
        }
      }
      // Refused again after a refresh, offline, a server restarting, or too many streams: wait.
      refreshed = false;
      afterFailure = true;
      const delay = outcome === 'busy' ? maxDelayMs : Math.min(maxDelayMs, baseDelayMs * 2 ** failures);
      failures++;
      await wait(delay * (0.5 + random() / 2));
    }
  }

  const done = run();
  return {
    /** Ends the stream (signed out). */
    close(): void {
      isClosed = true;
      connection?.abort();
      wake?.();
    },
    /** Skips the wait before the next try: the phone is back online, or the app back in front. */
    retryNow(): void {
      wake?.();
    },
    /** Settles once the stream has stopped for good (tests). */
    done,
  };
}
export type EventStream = ReturnType<typeof openEventStream>;
