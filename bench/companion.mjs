// The AI companion (issue 49): time to the first streamed piece of an answer through our server beside
// the stand-in model server's own, in the same run (target: our overhead ≤ 20 ms at p50), then 500
// conversations answered at once on one instance, without an error. The stand-in is a node http
// server streaming OpenAI-style chunks: the first piece at once, then one every STEP_MS.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { TextDecoder } from 'node:util';
import { freshDatabase, loginNewWallet, percentile, root, startProcess, stop, waitForHealth } from './lib.mjs';

const SAMPLES = Number(process.env.BENCH_COMPANION_SAMPLES ?? 200);
const CONCURRENT = Number(process.env.BENCH_COMPANION_CONCURRENT ?? 500);
const PIECES = 20;
const STEP_MS = 10;

/** @param {string | null} content @param {string | null} [finish] */
const chunk = (content, finish = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}\n\n`;

function startStandIn() {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk('Hello'));
      let sent = 1;
      const timer = setInterval(() => {
        if (sent++ < PIECES) return void response.write(chunk(' word'));
        clearInterval(timer);
        response.write(chunk(null, 'stop'));
        response.write(
          `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 120, completion_tokens: PIECES } })}\n\n`,
        );
        response.end('data: [DONE]\n\n');
      }, STEP_MS);
      response.on('close', () => clearInterval(timer));
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Milliseconds until the first chunk whose text holds `marker`, and whether the stream ended with `end`.
 * @returns {Promise<{ first: number; ok: boolean; text: string }>}
 */
async function firstPiece(url, init, marker, end) {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (first === null && text.includes(marker)) first = performance.now() - started;
  }
  return { first: first ?? NaN, ok: text.includes(end), text };
}

export async function benchCompanion({ database = process.env.BENCH_COMPANION_DB ?? 'embedded' } = {}) {
  const standIn = await startStandIn();
  const modelUrl = `http://127.0.0.1:${standIn.address().port}/v1`;
  const port = 18_784;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-bench-companion-'));
  const db = database === 'postgres' ? await freshDatabase('bench_companion') : null;
  const server = await startProcess(
    [path.join(root, 'apps/server/dist/server.js')],
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(db ? { DATABASE_URL: db.url } : {}),
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      RATE_LIMIT_COMPANION_PER_MINUTE: '100000',
      COMPANION_API_URL: modelUrl,
      COMPANION_MODEL: 'stand-in',
      COMPANION_DATA_KEY: crypto.randomBytes(32).toString('base64'),
      COMPANION_DAILY_MESSAGES: '10000',
      COMPANION_DAILY_TOKEN_BUDGET: '1000000000',
    },
    null,
  );
  try {
    await waitForHealth(`${base}/api/health`, 60);
    const body = JSON.stringify({ model: 'stand-in', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const direct = [];
    const through = [];
    const user = await loginNewWallet(base);
    const headers = { authorization: user.authorization, 'content-type': 'application/json' };
    const conversation = await fetch(`${base}/api/companion/conversations`, {
      method: 'POST',
      headers: { authorization: user.authorization },
    }).then((r) => r.json());
    // Alternated, so that both see the same machine at the same moments.
    for (let i = 0; i < SAMPLES; i++) {
      const own = await firstPiece(
        `${modelUrl}/chat/completions`,
        { method: 'POST', body, headers: { 'content-type': 'application/json' } },
        '"content":"Hello"',
        '[DONE]',
      );
      direct.push(own.first);
      const ours = await firstPiece(
        `${base}/api/companion/conversations/${conversation.data.id}/messages`,
        { method: 'POST', headers, body: JSON.stringify({ content: `how are you ${i}` }) },
        'event: delta',
        'event: done',
      );
      if (!ours.ok) throw new Error(`no answer: ${ours.text.slice(0, 300)}`);
      through.push(ours.first);
    }
    const p = (values, q) => percentile(values, q).toFixed(1);
    console.table([
      { path: 'stand-in directly', samples: SAMPLES, 'first piece p50 ms': p(direct, 50), 'p95 ms': p(direct, 95) },
      { path: 'through our server', samples: SAMPLES, 'first piece p50 ms': p(through, 50), 'p95 ms': p(through, 95) },
    ]);
    const overhead = percentile(through, 50) - percentile(direct, 50);
    console.log(`overhead at p50: ${overhead.toFixed(1)} ms (target ≤ 20 ms) ${overhead <= 20 ? 'ok' : 'OVER'}`);

    // 500 users, each with a conversation, all sending at once.
    const users = [];
    for (let i = 0; i < CONCURRENT; i += 50)
      users.push(
        ...(await Promise.all(Array.from({ length: Math.min(50, CONCURRENT - i) }, () => loginNewWallet(base)))),
      );
    const conversations = await Promise.all(
      users.map((u) =>
        fetch(`${base}/api/companion/conversations`, { method: 'POST', headers: { authorization: u.authorization } })
          .then((r) => r.json())
          .then((answer) => ({ user: u, id: answer.data.id })),
      ),
    );
    const began = performance.now();
    const results = await Promise.allSettled(
      conversations.map(({ user: u, id }) =>
        firstPiece(
          `${base}/api/companion/conversations/${id}/messages`,
          {
            method: 'POST',
            headers: { authorization: u.authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ content: 'a long day' }),
          },
          'event: delta',
          'event: done',
        ),
      ),
    );
    const wall = performance.now() - began;
    // Each answer as a value, a refused or broken one as its text.
    const outcomes = results.map((r) =>
      r.status === 'fulfilled' ? r.value : { first: NaN, ok: false, text: String(r.reason) },
    );
    const answered = outcomes.filter((o) => o.ok);
    const firsts = answered.map((o) => o.first);
    const failures = results.length - answered.length;
    console.table([
      {
        conversations: CONCURRENT,
        answered: answered.length,
        errors: failures,
        'first piece p50 ms': p(firsts, 50),
        'p95 ms': p(firsts, 95),
        'all done in ms': wall.toFixed(0),
        'stand-in answer alone ms': PIECES * STEP_MS,
      },
    ]);
    if (failures > 0) {
      console.log('a failure:', outcomes.find((o) => !o.ok)?.text.slice(0, 300));
    }
    return { overhead, failures };
  } finally {
    await stop(server);
    standIn.close();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCompanion();
