// HTTP with retries, and what each request got: a request that got no answer (a server killed under
// it) is sent again, the same, until it is answered; each answer is an outcome per endpoint.
import { errorCatalog } from '@wallx/shared';
import { sleep } from '../lib.mjs';

const errorKeyOf = new Map(Object.entries(errorCatalog).map(([key, { code }]) => [code, key]));

/**
 * Business refusals the load provokes on purpose and that are not errors: a market order someone
 * else bought first (or the sweeper expired), a second pending C2C order, nothing left to collect.
 * Anything else that is not a 2xx is an error.
 */
export const EXPECTED_REFUSALS = new Set(['order_status_error', 'unfinished_order', 'nothing_to_collect']);
/**
 * What a retried request that has no Idempotency-Key answers when its first attempt had taken effect
 * before the server died: placing an order already placed, turning on a miner already on, writing off
 * a voucher already written off, asking for the one pick-up an account may have, logging in with a
 * message already used (the client then signs a new one). Accepted only on a retried request, and
 * checked in the database.
 */
const ALREADY_DONE = {
  'POST /api/web3/verify': 'login_message_used',
  'POST /api/miners/orders/:id/use': 'order_status_error',
  'POST /api/miners/:id/turn_on': 'miner_already_on',
  'POST /api/validator/writeoff': 'writeoff_code_invalid',
  'POST /api/shipping/pickup': 'delivery_already_requested',
  'POST /api/user/fund_password': 'fund_password_already_set',
};

/** Per-endpoint figures: latencies of answered attempts, outcomes. */
export function createStats() {
  const routes = new Map();
  const of = (route) => {
    let s = routes.get(route);
    if (!s)
      routes.set(
        route,
        (s = { latencies: [], ok: 0, refused: new Map(), errors: new Map(), unanswered: 0, converged: 0 }),
      );
    return s;
  };
  const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  return {
    routes,
    latency: (route, ms) => of(route).latencies.push(ms),
    outcome(route, kind, label) {
      const s = of(route);
      if (kind === 'ok') s.ok++;
      else if (kind === 'refused') bump(s.refused, label);
      else if (kind === 'converged') s.converged++;
      else bump(s.errors, label);
    },
    unanswered: (route) => of(route).unanswered++,
    errorCount: () => [...routes.values()].reduce((n, s) => n + [...s.errors.values()].reduce((a, b) => a + b, 0), 0),
  };
}

/**
 * Requests spread round-robin over `bases`. A request that gets no answer (refused connection, reset,
 * time-out) is sent again with the same method, path, body and Idempotency-Key until it is answered;
 * every request is recorded with its final answer and how many attempts it took.
 */
export function createHttp({ bases, stats, giveUpMs = 300_000 }) {
  let next = 0;
  const records = [];
  const state = { recording: true, inFlight: 0 };

  /**
   * @param {string} route the endpoint as declared, `POST /api/miners/:id/turn_on`: what figures are kept by
   * @param {string} method
   * @param {string} urlPath
   * @param {{ auth?: string, body?: unknown, key?: string }} [options]
   */
  async function send(route, method, urlPath, { auth, body, key } = {}) {
    const headers = {
      ...(auth && { authorization: auth }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key && { 'idempotency-key': key }),
    };
    /** @type {{ route: string, method: string, path: string, body: unknown, key?: string, auth?: string, attempts: number, unanswered: number, answer: any, at: number, answeredAt?: number, base?: string, outcome?: string }} */
    const record = {
      route,
      method,
      path: urlPath,
      body,
      key,
      auth,
      attempts: 0,
      unanswered: 0,
      answer: null,
      at: Date.now(),
    };
    const started = performance.now();
    state.inFlight++;
    for (;;) {
      const base = bases[next++ % bases.length];
      record.attempts++;
      const t0 = performance.now();
      try {
        const response = await fetch(`${base}${urlPath}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        // When the answer was in (epoch ms, sub-ms): the latest its transaction can have committed.
        record.answeredAt = performance.timeOrigin + performance.now();
        stats.latency(route, performance.now() - t0);
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = { code: -1, message: text.slice(0, 200) };
        }
        record.answer = {
          status: response.status,
          code: json.code,
          key: json.code === 0 ? null : (errorKeyOf.get(json.code) ?? `code ${json.code}`),
          data: json.data,
          message: json.message,
        };
        record.base = base;
        break;
      } catch (error) {
        record.unanswered++;
        stats.unanswered(route);
        if (performance.now() - started > giveUpMs) {
          state.inFlight--;
          throw new Error(
            `${method} ${urlPath}: no answer for ${giveUpMs / 1000} s (${error.cause?.code ?? error.message})`,
          );
        }
        await sleep(50 + Math.random() * 100);
      }
    }
    state.inFlight--;
    classify(record);
    if (state.recording) records.push(record);
    return record;
  }

  function classify(record) {
    const { answer, route } = record;
    if (answer.status >= 200 && answer.status < 300 && answer.code === 0) record.outcome = 'ok';
    else if (record.unanswered > 0 && ALREADY_DONE[route] === answer.key) record.outcome = 'converged';
    else if (EXPECTED_REFUSALS.has(answer.key)) record.outcome = 'refused';
    else record.outcome = 'error';
    stats.outcome(route, record.outcome, answer.key ?? `HTTP ${answer.status}`);
  }

  return { send, records, state, bases };
}
