import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompanionConfig } from '../../platform/config/companion.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/** What the stand-in does with the next request: stream pieces, fail, stall, or send what is not a stream. */
export type StandInMode =
  | { kind: 'pieces'; pieces: string[]; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'status'; status: number }
  | { kind: 'stall'; after: string[] }
  | { kind: 'malformed' }
  | { kind: 'cut'; pieces: string[] };

export type StandInRequest = { headers: http.IncomingHttpHeaders; url: string; body: Record<string, unknown> };

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/**
 * A stand-in OpenAI-compatible chat-completions server (node http) the tests start: it answers
 * `POST /v1/chat/completions` with `stream: true` as the mode set last says, and keeps each request.
 */
export async function startStandIn() {
  let mode: StandInMode = { kind: 'pieces', pieces: ['Hello', ', I am ', 'here.'] };
  const requests: StandInRequest[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => (raw += data.toString()));
    request.on('end', () => {
      requests.push({ headers: request.headers, url: request.url ?? '', body: JSON.parse(raw || '{}') });
      const current = mode;
      if (current.kind === 'status') {
        response.writeHead(current.status, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      open.add(response);
      response.on('close', () => open.delete(response));
      if (current.kind === 'malformed') {
        response.end(`${chunk({ role: 'assistant', content: 'Hi' })}data: {not json\n\n`);
        return;
      }
      const pieces = current.kind === 'stall' ? current.after : current.pieces;
      response.write(chunk({ role: 'assistant', content: '' }));
      for (const piece of pieces) response.write(chunk({ content: piece }));
      if (current.kind === 'stall') return; // nothing more, never ended: the server must give up
      if (current.kind === 'cut') {
        response.end();
        return;
      }
      response.write(chunk({}, 'stop'));
      if (current.usage) response.write(`data: ${JSON.stringify({ id: 'c1', choices: [], usage: current.usage })}\n\n`);
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    set: (next: StandInMode) => {
      mode = next;
    },
    close: async () => {
      for (const response of open) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type StandIn = Awaited<ReturnType<typeof startStandIn>>;

/** The companion's configuration against a stand-in, with short time-outs so a stall ends in a test's time. */
export function companionConfigFor(standIn: StandIn, overrides: Partial<CompanionConfig> = {}): CompanionConfig {
  return {
    model: {
      apiUrl: standIn.url,
      model: 'stand-in',
      apiKey: 'stand-in-key',
      connectTimeoutMs: 2000,
      // Short enough for a stall to end within a test, long enough for a machine busy with other tests.
      firstTokenTimeoutMs: 1500,
      totalTimeoutMs: 8000,
    },
    dataKey: crypto.randomBytes(32),
    retentionDays: 30,
    dailyMessages: 50,
    dailyTokenBudget: 1_000_000,
    ...overrides,
  };
}

/** A server-sent events body, as events in order. */
export function eventsOf(payload: string): { event: string; data: Record<string, unknown> }[] {
  return payload
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? '';
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** A test app whose companion talks to a stand-in, on a clock the test moves. */
export async function companionApp(overrides: Partial<CompanionConfig> = {}) {
  const standIn = await startStandIn();
  let at = Date.now();
  const t: TestApp = await buildTestApp({
    now: () => at,
    config: { companion: companionConfigFor(standIn, overrides) },
  });
  return {
    t,
    standIn,
    clock: { advanceDays: (days: number) => (at += days * 86_400_000), now: () => at },
    close: async () => {
      await t.close();
      await standIn.close();
    },
  };
}
