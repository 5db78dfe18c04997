import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Balance, LoginNonce } from '@wallx/shared';
import { initI18n, loadSection, type CatalogSection } from './i18n';
import { session } from './session-store';
import { testUser } from './test-user';

/** The API client's own time limit (createApiClient's default). */
export const API_TIMEOUT_MS = 5000;

/** How the fake API answers one POST: its data, no answer at all, or a refusal. */
export type Outcome = 'ok' | 'network' | 'timeout' | { status: number; code: number; message: string; field?: string };

/** A request that changes something, as sent; `method` only when it is not a POST (PUT, DELETE). */
export type SentPost = { path: string; idempotencyKey: string | null; body: unknown; method?: string };
export type SentGet = { url: URL; headers: Headers };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A fresh UUID v4, the form newIdempotencyKey gives, sent in the Idempotency-Key header. */
export function isIdempotencyKey(key: string | null): boolean {
  return key !== null && uuid.test(key);
}

function envelope(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function noAnswer(init: RequestInit | undefined, outcome: 'network' | 'timeout'): Promise<Response> {
  if (outcome === 'network') return Promise.reject(new TypeError('Failed to fetch'));
  // Hangs until the client gives up after API_TIMEOUT_MS and aborts.
  return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
}

/** A GET the fake API refuses, as the server would (e.g. a 404 with its own code, a 403 with its `data`). */
export class Refusal {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly message: string,
    readonly data?: Record<string, unknown>,
  ) {}
}

/** A sign-in nonce as the server issues one, valid for the next five minutes. */
export function testNonce(): LoginNonce {
  const now = Date.now();
  return {
    nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    chain_id: 31337,
    issued_at: new Date(now).toISOString(),
    expiration_time: new Date(now + 5 * 60_000).toISOString(),
  };
}

/**
 * Stands in for the server behind the app's API client (global fetch is stubbed, as in the other web
 * tests). GETs answer from `reads` by path (user info from the session); a read may be a Refusal, or a
 * function of the URL giving either. Every POST (PUT, DELETE) is recorded with its method and
 * Idempotency-Key; one to a path in `writes` answers from there as a read does (a function is given
 * the body), any other answers `data` unless an outcome was queued for it with `answerNext` (a refusal
 * may name its field, as the server's do). A login's nonce is answered and not recorded.
 */
export function fakeApi({
  reads = {},
  writes = {},
  data = {},
}: { reads?: Record<string, unknown>; writes?: Record<string, unknown>; data?: unknown } = {}) {
  const posts: SentPost[] = [];
  const gets: SentGet[] = [];
  const outcomes: Outcome[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://api.test');
    const { pathname } = url;
    if ((init?.method ?? 'GET') === 'GET') {
      gets.push({ url, headers: new Headers(init?.headers) });
      const { userinfo, balance } = session.getState();
      const entry = pathname === '/api/user/info' ? { userinfo, balance } : reads[pathname];
      const read: unknown = typeof entry === 'function' ? (entry as (url: URL) => unknown)(url) : entry;
      if (read === undefined) return envelope(404, { code: 404, message: `no ${pathname} in this test` });
      if (read instanceof Refusal)
        return envelope(read.status, { code: read.code, message: read.message, ...(read.data && { data: read.data }) });
      return envelope(200, { code: 0, message: 'ok', data: read });
    }
    const idempotencyKey = new Headers(init?.headers).get('Idempotency-Key');
    const method = init?.method ?? 'POST';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    // A login's first step, answered as the server would and not recorded: tests look at the login itself.
    if (pathname === '/api/web3/nonce' && writes[pathname] === undefined)
      return envelope(200, { code: 0, message: 'ok', data: testNonce() });
    posts.push({ path: pathname, idempotencyKey, body, ...(method !== 'POST' && { method }) });
    const written = writes[pathname];
    if (written !== undefined) {
      const answer: unknown = typeof written === 'function' ? (written as (body: unknown) => unknown)(body) : written;
      if (answer instanceof Refusal)
        return envelope(answer.status, {
          code: answer.code,
          message: answer.message,
          ...(answer.data && { data: answer.data }),
        });
      return envelope(200, { code: 0, message: 'ok', data: answer });
    }
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome === 'ok') return envelope(200, { code: 0, message: 'ok', data });
    if (typeof outcome === 'object') {
      const { status, code, message, field } = outcome;
      return envelope(status, { code, message, ...(field !== undefined && { data: { field } }) });
    }
    return noAnswer(init, outcome);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    posts,
    /** Every GET but user info's, oldest first. */
    gets: () => gets.filter((get) => get.url.pathname !== '/api/user/info'),
    /** The Idempotency-Key of every POST so far, in order. */
    keys: () => posts.map((post) => post.idempotencyKey),
    /** Answers for the next POSTs, in order; once they run out, POSTs succeed. */
    answerNext: (...next: Outcome[]) => void outcomes.push(...next),
  };
}

/**
 * Lets the API client's time limit pass `times` times (under fake timers): once for each request in
 * a row that gets no answer, e.g. a submission and the mutation's own retry.
 */
export async function passApiTimeouts(times: number): Promise<void> {
  for (let i = 0; i < times; i++) await act(() => vi.advanceTimersByTimeAsync(API_TIMEOUT_MS));
}

/**
 * The frame of a test file against fakeApi: the texts (and the feature's sections) loaded once; before
 * each test the mocks' calls forgotten and a user signed in who has a fund password and `balance`;
 * after it the DOM, the session, the timers and fetch as they were.
 */
export function setUpApiTests({ balance, sections = [] }: { balance: Balance; sections?: CatalogSection[] }): void {
  beforeAll(async () => {
    await initI18n();
    // Screens get the API's refusals with the query layout they sit in.
    await Promise.all(['errors' as const, ...sections].map((section) => loadSection(section)));
  });
  beforeEach(() => {
    vi.clearAllMocks();
    session.login({
      userinfo: testUser,
      token: { access_token: 'access', refresh_token: 'refresh' },
      balance,
      first_login: false,
    });
  });
  afterEach(() => {
    cleanup();
    session.logout();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/**
 * The providers a screen finds in the app: queries (no retry delay, no query retries) and a router
 * at `url` (a path with its query, e.g. '/join?code=ABC').
 */
export function createTestProviders(url = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retryDelay: 0 } } });
  return function TestProviders({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  };
}

export function renderWithProviders(ui: ReactNode, url = '/') {
  return render(ui, { wrapper: createTestProviders(url) });
}
