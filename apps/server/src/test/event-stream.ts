import http from 'node:http';

/** One message of a server-sent event stream, as a browser's EventSource would hand it over. */
export type StreamMessage = { id: string | null; event: string; data: string };

/** Splits SSE text into messages (comments and `retry:` lines are not messages). */
export function sseParser(onMessage: (message: StreamMessage) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | null = null;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) onMessage({ id, event, data: data.join('\n') });
    }
  };
}

/**
 * A real HTTP client of `GET /api/events` (fetch, read as it arrives): the messages so far, and a
 * wait for the one a test expects.
 */
export async function openEventStream(
  baseUrl: string,
  headers: Record<string, string>,
  lastEventId?: string,
  query = '',
): Promise<{
  status: number;
  body: string;
  messages: StreamMessage[];
  next: (match: (m: StreamMessage) => boolean, timeoutMs?: number) => Promise<StreamMessage>;
  ended: Promise<void>;
  close: () => void;
}> {
  // node:http with a connection per stream (fetch's pool may open spare connections a server's close waits on).
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/events${query}`,
      { agent: false, headers: { ...headers, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } },
      resolve,
    );
    request.on('error', reject);
  });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  response.setEncoding('utf8');
  if (response.statusCode !== 200) {
    let body = '';
    for await (const chunk of response) body += chunk as string;
    return {
      status: response.statusCode ?? 0,
      body,
      messages,
      next: () => Promise.reject(new Error('no stream')),
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const parse = sseParser((message) => {
    messages.push(message);
    for (const wake of waiters) wake();
  });
  const ended = new Promise<void>((resolve) => {
    response.on('data', (chunk: string) => parse(chunk));
    response.on('close', () => {
      for (const wake of waiters) wake();
      resolve();
    });
  });
  let seen = 0;
  return {
    status: 200,
    body: '',
    messages,
    ended,
    close: () => response.destroy(),
    /** The next message (after those already returned) that matches, within `timeoutMs`. */
    next: (match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          while (seen < messages.length) {
            const message = messages[seen++]!;
            if (match(message)) {
              cleanup();
              resolve(message);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
}
