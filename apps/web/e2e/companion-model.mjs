// A stand-in OpenAI-compatible chat-completions server for the browser tests (issue 49), as the
// server's own tests start one (modules/companion/companion.fixtures.ts): the real server streams
// from it as it would from vLLM, llama.cpp's server or Ollama. It answers every message with the
// same harmless words, a piece every STEP_MS so the browser sees the answer grow; a user's message
// holding FAIL_ONCE is refused with a 500 the first time it is asked, answered the next.
import http from 'node:http';

export const ANSWER = ['I hear you. ', 'That sounds ', 'like a lot ', 'to carry. ', 'Tell me more ', 'about it.'];
export const FAIL_ONCE = '[stand-in: fail once]';
const STEP_MS = 120;

const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: 'e2e', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** Starts the stand-in on a free port of 127.0.0.1; resolves its base URL (…/v1). */
export async function startCompanionModel() {
  const failed = new Set();
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (data) => (raw += data.toString()));
    request.on('end', async () => {
      const body = JSON.parse(raw || '{}');
      const last = [...(body.messages ?? [])].reverse().find((message) => message.role === 'user');
      const text = String(last?.content ?? '');
      if (text.includes(FAIL_ONCE) && !failed.has(text)) {
        failed.add(text);
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk({ role: 'assistant', content: '' }));
      for (const piece of ANSWER) {
        await new Promise((resolve) => setTimeout(resolve, STEP_MS));
        if (response.destroyed) return;
        response.write(chunk({ content: piece }));
      }
      response.write(chunk({}, 'stop'));
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}/v1`;
}
