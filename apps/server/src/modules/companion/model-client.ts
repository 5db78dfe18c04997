import type { CompanionModelConfig } from '../../platform/config/companion.js';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type Usage = { promptTokens: number; completionTokens: number };

/** Why an answer did not complete: the model server failed (status, malformed stream), was too slow, or the user left. */
export class ModelStreamError extends Error {
  override name = 'ModelStreamError';
  constructor(
    readonly kind: 'failed' | 'timeout' | 'aborted',
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${kind}: ${detail}`, options);
  }
}

/** The chat-completions address of a base URL that names `/v1` (or ends before it, as Ollama's root). */
export function completionsUrl(apiUrl: string): string {
  return /\/v\d+$/.test(apiUrl) ? `${apiUrl}/chat/completions` : `${apiUrl}/v1/chat/completions`;
}

type Chunk = {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
};

/**
 * One streamed answer from an OpenAI-compatible `/v1/chat/completions` (`stream: true`), each piece
 * handed to `onDelta` as it arrives. Bounded three ways: until the server answers (connect), until
 * each piece (first token, and the longest silence between two), and the whole answer (total). A
 * stream that ends without `[DONE]` or a finish reason, or whose data is not JSON, is a failure:
 * an answer cut short must not be kept as if whole.
 */
export async function streamCompletion(
  config: CompanionModelConfig,
  messages: ChatMessage[],
  { signal, onDelta }: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<{ text: string; usage: Usage | null }> {
  const controller = new AbortController();
  let reason: ModelStreamError | null = null;
  const stop = (error: ModelStreamError) => {
    reason ??= error;
    controller.abort();
  };
  const onAbort = () => stop(new ModelStreamError('aborted', 'the user left'));
  if (signal.aborted) onAbort();
  signal.addEventListener('abort', onAbort);
  const total = setTimeout(
    () => stop(new ModelStreamError('timeout', `no complete answer in ${config.totalTimeoutMs} ms`)),
    config.totalTimeoutMs,
  );
  let silence: NodeJS.Timeout = setTimeout(
    () => stop(new ModelStreamError('timeout', `no answer in ${config.connectTimeoutMs} ms`)),
    config.connectTimeoutMs,
  );
  const expectPiece = () => {
    clearTimeout(silence);
    silence = setTimeout(
      () => stop(new ModelStreamError('timeout', `no piece of the answer in ${config.firstTokenTimeoutMs} ms`)),
      config.firstTokenTimeoutMs,
    );
  };
  try {
    const response = await fetch(completionsUrl(config.apiUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new ModelStreamError('failed', `the model server answered ${response.status}`);
    }
    expectPiece();
    return await readStream(response.body, { onDelta, onPiece: expectPiece });
  } catch (error) {
    if (reason) throw reason;
    if (error instanceof ModelStreamError) throw error;
    throw new ModelStreamError('failed', error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    clearTimeout(total);
    clearTimeout(silence);
    signal.removeEventListener('abort', onAbort);
  }
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  { onDelta, onPiece }: { onDelta: (text: string) => void; onPiece: () => void },
): Promise<{ text: string; usage: Usage | null }> {
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let usage: Usage | null = null;
  let isFinished = false;
  let isDone = false;
  const handle = (line: string) => {
    if (!line.startsWith('data:')) return; // comments, `event:` and `id:` lines carry nothing we use
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      isDone = true;
      return;
    }
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch (error) {
      throw new ModelStreamError('failed', 'the model server sent data that is not JSON', { cause: error });
    }
    if (typeof chunk !== 'object' || chunk === null) throw new ModelStreamError('failed', 'unexpected chunk');
    if (chunk.usage && typeof chunk.usage.prompt_tokens === 'number') {
      usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens ?? 0 };
    }
    const choice = chunk.choices?.[0];
    const piece = choice?.delta?.content;
    if (typeof piece === 'string' && piece.length > 0) {
      text += piece;
      onDelta(piece);
    }
    if (choice?.finish_reason) isFinished = true;
  };
  const reader = body.getReader();
  while (!isDone) {
    const { value, done } = await reader.read();
    if (done) break;
    onPiece();
    buffer += decoder.decode(value, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      handle(buffer.slice(0, newline).replace(/\r$/, ''));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  }
  if (buffer.trim()) handle(buffer.trim());
  await reader.cancel().catch(() => {});
  if (!isDone && !isFinished) throw new ModelStreamError('failed', 'the stream ended before the answer did');
  return { text, usage };
}
