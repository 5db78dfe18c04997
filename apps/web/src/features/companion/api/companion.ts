import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  errorOf,
  type CompanionConversation,
  type CompanionConversationDetail,
  type Envelope,
  type Page,
  type SupportLine,
} from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountKey, useAccountQuery } from '../../../lib/account-query';
import { companionStatusOptions } from './status';
import { config } from '../../../lib/config';
import { browserCountry } from '../country';
import { getLanguage } from '../../../lib/i18n';
import { createSseParser } from '../../../lib/live/sse';
import { queryRoots } from '../../../lib/query-keys';
import { session, useSession, isLoggedIn } from '../../../lib/session-store';

export const companionKeys = {
  latest: (account: string) => [...queryRoots.companion, account, 'latest'] as const,
  conversation: (account: string, id: string) => [...queryRoots.companion, account, 'conversation', id] as const,
};

export function useCompanionStatus() {
  return useAccountQuery((account) => companionStatusOptions(account));
}

/** The newest conversation's id, or null for none: the one the screen opens on. */
export function useLatestConversation(enabled: boolean) {
  const account = useAccountKey();
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    ...queryOptions({
      queryKey: companionKeys.latest(account),
      queryFn: async ({ signal }) => {
        const page = await api.get<Page<CompanionConversation>>('/api/companion/conversations', {
          query: { limit: 1 },
          ...(signal && { signal }),
        });
        return page.items[0]?.id ?? null;
      },
    }),
    enabled: loggedIn && enabled,
  });
}

export function useConversation(id: string | null) {
  const account = useAccountKey();
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    queryKey: companionKeys.conversation(account, id ?? ''),
    queryFn: ({ signal }) =>
      api.get<CompanionConversationDetail>(`/api/companion/conversations/${encodeURIComponent(id!)}`, {
        query: countryQuery(),
        ...(signal && { signal }),
      }),
    enabled: loggedIn && id !== null,
  });
}

export function useAcknowledgeNotice() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: () => api.post<{ notice_seen: true }>('/api/companion/notice'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companionStatusOptions(account).queryKey }),
  });
}

/** The country whose crisis line the user is shown, remembered (decision 161): the status and the conversation are read again. */
export function usePickCrisisCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (country: string) =>
      api.put<{ crisis_country: string | null }>('/api/companion/crisis-country', { country }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.companion }),
  });
}

export function startConversation(): Promise<CompanionConversation> {
  return api.post<CompanionConversation>('/api/companion/conversations');
}

export function useDeleteConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    /** One conversation by its id, or every one of them (null). */
    mutationFn: (id: string | null) =>
      api.delete<{ conversations: number }>(
        id === null ? '/api/companion/conversations' : `/api/companion/conversations/${encodeURIComponent(id)}`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.companion }),
  });
}

/** What the answer's stream tells, in its order (decision 155). */
export type AnswerHandlers = {
  onCrisis(crisis: { notice: string; support_line: SupportLine }): void;
  onAccepted(accepted: { conversation_id: string; message_id: string }): void;
  onDelta(text: string): void;
};

/** How a streamed answer ended: stored (`done`), refused by the model (`error`), or cut off. */
export type AnswerOutcome =
  { kind: 'done'; messageId: string } | { kind: 'error'; code: number; message: string } | { kind: 'cut' };

/** The server bounds a stall (COMPANION_FIRST_TOKEN_TIMEOUT_MS); this only ends a connection gone silent. */
const SILENCE_MS = 90_000;

/** The crisis line's country is the one the browser names, not the app's language (decision 159). */
function countryQuery(): { country: string } | Record<string, never> {
  const country = browserCountry();
  return country ? { country } : {};
}

async function open(path: string, body: unknown, bearer: string | undefined, signal: AbortSignal) {
  const query = new URLSearchParams(countryQuery()).toString();
  return fetch(`${config.apiHost}${path}${query && `?${query}`}`, {
    method: 'POST',
    headers: {
      Accept: 'text/event-stream',
      'Accept-Language': getLanguage(),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(bearer && { Authorization: `Bearer ${bearer}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    cache: 'no-store',
    signal,
  });
}

/**
 * Sends a message (or asks again for the last one's answer) and reads the answer as it is written:
 * fetch and a stream reader, since EventSource cannot POST. A refused token is refreshed once, as
 * every other call's is; a refusal before the stream (allowance spent, unavailable) throws its
 * ApiError, in the user's language as the server words it.
 */
export async function streamAnswer(
  path: string,
  body: unknown,
  handlers: AnswerHandlers,
  signal: AbortSignal,
): Promise<AnswerOutcome> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  let silence = setTimeout(abort, SILENCE_MS);
  try {
    const used = session.getState().token?.access_token;
    let response = await open(path, body, used, controller.signal);
    if (response.status === 401 && used)
      response = await open(path, body, await api.freshToken(used), controller.signal);
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/event-stream') || !response.body) {
      const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
      if (envelope && typeof envelope.code === 'number') throw errorOf({ status: response.status, envelope });
      throw new ApiError({ code: response.status, status: response.status, message: response.statusText });
    }
    let outcome: AnswerOutcome = { kind: 'cut' };
    const parser = createSseParser((message) => {
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(message.data) as Record<string, unknown>;
      } catch {
        return;
      }
      if (message.event === 'crisis') handlers.onCrisis(data as Parameters<AnswerHandlers['onCrisis']>[0]);
      else if (message.event === 'accepted') handlers.onAccepted(data as Parameters<AnswerHandlers['onAccepted']>[0]);
      else if (message.event === 'delta') handlers.onDelta(String(data.text ?? ''));
      else if (message.event === 'done') outcome = { kind: 'done', messageId: String(data.message_id) };
      else if (message.event === 'error')
        outcome = { kind: 'error', code: Number(data.code), message: String(data.message ?? '') };
    });
    const reader = response.body.getReader();
    controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      clearTimeout(silence);
      silence = setTimeout(abort, SILENCE_MS);
      parser.push(decoder.decode(value, { stream: true }));
    }
    return outcome;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Offline, the connection dropped, or silent too long: the message may be kept; the screen reloads it.
    if (signal.aborted) throw error;
    return { kind: 'cut' };
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', abort);
  }
}
