import { createApiClientCore, type ApiClientCore, type RequestOptions } from '@wallx/client';
import { ApiError, errorOf, type Answer, type Token, type TransportMessageKey } from '@wallx/shared';
import type { SessionStore } from './session-store';

export type FallbackMessageKey = TransportMessageKey | 'errors.unauthorized';

export type ApiClientOptions = {
  /** Origin of the API, '' for the page's own origin. */
  baseUrl: string;
  session: SessionStore;
  getLanguage: () => string;
  /** Messages for failures the server could not word for us. */
  translate: (key: FallbackMessageKey) => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type { RequestOptions };

export type ApiClient = ApiClientCore & {
  /**
   * An access token to use instead of `used`, which the server refused or which runs out: the
   * session's newer one if a refresh already replaced it, else a refreshed one (the same single
   * refresh every call waits for). For what talks to the API outside `request`: the event stream.
   */
  freshToken(used: string): Promise<string>;
};

export const REFRESH_PATH = '/api/web3/refresh_token';

function isToken(value: unknown): value is Token {
  const token = value as Partial<Token> | null | undefined;
  return (
    typeof token?.access_token === 'string' && token.access_token !== '' && typeof token.refresh_token === 'string'
  );
}

function isUnauthorized({ status, envelope }: Answer): boolean {
  return status === 401 || envelope.code === 401;
}

/** The app's API client: a refused access token is refreshed once (one refresh for every call) and the call replayed. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session, translate, timeoutMs = 5000 } = options;

  /** One refresh at a time: every 401 that arrives while it runs waits for it. */
  let refreshing: Promise<string> | null = null;
  const unauthorized = () => new ApiError({ code: 401, status: 401, message: translate('errors.unauthorized') });

  const core = createApiClientCore({
    ...options,
    timeoutMs,
    authorization: {
      token: () => session.getState().token?.access_token,
      isRefused: isUnauthorized,
      async onRefused(answer, usedToken, replay) {
        const currentToken = session.getState().token?.access_token;
        if (!usedToken || !currentToken) {
          // Never logged in, or logged out while the call was on its way: nothing to refresh.
          if (!currentToken) session.openConnectBox();
          throw errorOf(answer);
        }
        // A refresh finished while this call was in flight: replay with its token straight away.
        const nextToken = currentToken !== usedToken ? currentToken : await refreshOnce();
        const replayed = await replay(nextToken);
        if (isUnauthorized(replayed)) {
          // Refreshed once and still refused: the spec allows one attempt, so the session ends.
          if (session.getState().token?.access_token === nextToken) session.expire();
          throw errorOf(replayed);
        }
        return replayed;
      },
    },
  });

  async function refresh(): Promise<string> {
    const refreshToken = session.getState().token?.refresh_token;
    if (!refreshToken) {
      session.expire();
      throw unauthorized();
    }
    // A network failure rejects the waiting calls but keeps the session: the refresh token may
    // still be unspent, and the next call will try again.
    const answer = await core.send(REFRESH_PATH, { method: 'POST', auth: false }, refreshToken);
    const stillSameSession = session.getState().token?.refresh_token === refreshToken;
    const token = answer.envelope.data;
    if (isUnauthorized(answer) || answer.envelope.code > 0 || !isToken(token)) {
      if (stillSameSession) session.expire();
      throw errorOf(answer);
    }
    // Logged out (or into another wallet) while the refresh was on its way: do not revive it.
    if (!stillSameSession) throw unauthorized();
    session.setToken(token);
    return token.access_token;
  }

  function refreshOnce(): Promise<string> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  return {
    ...core,
    async freshToken(used: string): Promise<string> {
      const current = session.getState().token?.access_token;
      if (!current) throw unauthorized();
      return current !== used ? current : refreshOnce();
    },
  };
}
