import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OperatorRole, OperatorSession } from '@wallx/shared';
import { Providers } from '../app/providers';
import { routes } from '../app/router';
import { en_US } from '../i18n/en_US';
import { initI18n } from './i18n';
import { sessionStore } from './session-store';

export const operatorAddress = '0x2222222222222222222222222222222222222222';

export function sessionFor(role: OperatorRole): OperatorSession {
  return {
    token: `token-${role}`,
    expires_at: '2999-01-01T00:00:00.000Z',
    operator: { address: operatorAddress, role },
  };
}

export type Answer = { status?: number; body: unknown };
export type Sent = { method: string; url: URL; headers: Record<string, string>; body: unknown };

/**
 * Stands in for the server behind the console's API client (global fetch is stubbed): each call is
 * recorded and answered by `answer`, which gets the method and URL; an answer without a status is a 200.
 */
export function fakeServer(answer: (method: string, url: URL, body: unknown) => Answer) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, url, headers: (init?.headers ?? {}) as Record<string, string>, body });
      const { status = 200, body: payload } = answer(method, url, body);
      return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

export const ok = (data: unknown): Answer => ({ body: { code: 0, message: 'ok', data } });

/** The console at `path`, as its router draws it, with a fresh query cache. */
export function renderConsole(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    router,
    ...render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

/** English texts, a clean session and a clean fetch for every test. */
/** Sets up every console test file; answers the English catalog, which the tests read their texts from. */
export function setUpConsoleTests(): typeof en_US {
  // The default second is too short on a busy 2-core machine running the whole suite; a real failure still fails.
  configure({ asyncUtilTimeout: 5000 });
  beforeAll(() => initI18n('en_US'));
  beforeEach(() => {
    sessionStore.end();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return en_US;
}

/**
 * A signed-in operator of `role` and the server behind them: the session check answers for them,
 * `answer` for the rest; what it leaves (undefined) gets `otherwise`.
 */
export function serveAs(
  role: OperatorRole,
  answer: (method: string, url: URL, body: unknown) => Answer | undefined,
  otherwise: Answer = { status: 404, body: { code: 1002, message: 'Not found' } },
) {
  sessionStore.start(sessionFor(role));
  return fakeServer((method, url, body) => {
    if (url.pathname === '/api/admin/auth/me') return ok({ address: operatorAddress, role });
    return answer(method, url, body) ?? otherwise;
  });
}
