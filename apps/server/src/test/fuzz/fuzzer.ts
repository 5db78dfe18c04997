import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { encode, generate, randomFrom, type Generated } from './generate.js';
import { guestRoutes, ownedTargets, type Operation } from './operations.js';
import { ownedLists, type Actor, type Envelope, type World } from './world.js';

/** The routes whose success is a stream of server-sent events, not an envelope. */
const companionStreams = new Set([
  'POST /api/companion/conversations/{id}/messages',
  'POST /api/companion/conversations/{id}/retry',
]);

/** The envelope of an answer; a stream (a companion's answer) reads as a success. */
function envelopeOf(response: LightMyRequestResponse): Envelope {
  if (response.statusCode === 200 && String(response.headers['content-type'] ?? '').startsWith('text/event-stream'))
    return { code: 0, message: 'stream' };
  return response.json() as Envelope;
}

export type Finding = { rule: string; operation: string; actor: string; request: string; status: number; body: string };
export type Stats = {
  requests: number;
  byStatus: Map<number, number>;
  successes: Map<string, number>;
  codes: Map<number, number>;
  byOperation: Map<string, Map<number | string, number>>;
};

/** The checks every answer must pass, whoever asked and whatever they sent. */
export function judge(operation: Operation, actor: Actor, response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return 'no 5xx';
  const contentType = String(response.headers['content-type'] ?? '');
  if (operation.id === 'GET /api/images/{file}' && response.statusCode === 200)
    return contentType.startsWith('image/') ? null : 'an image is served as an image';
  // A guest never gets a stream (the 2xx path below would not see it: it is not JSON).
  if (operation.id === 'GET /api/events' && response.statusCode === 200) {
    if (actor.name === 'guest') return 'a guest is refused what needs a session';
    return contentType.startsWith('text/event-stream') && response.body.startsWith('retry:')
      ? null
      : 'an event stream starts with its ready message';
  }
  // The companion's answer streams (decision 154): refusals before it are envelopes, as everywhere.
  if (companionStreams.has(operation.id) && response.statusCode === 200) {
    if (actor.name === 'guest') return 'a guest is refused what needs a session';
    return contentType.startsWith('text/event-stream') && /^event: (crisis|accepted)\n/.test(response.body)
      ? null
      : 'a companion stream starts with its crisis line or its accepted message';
  }
  if (!contentType.startsWith('application/json')) return 'the answer is JSON';
  let body: Envelope;
  try {
    body = response.json() as Envelope;
  } catch {
    return 'the answer parses';
  }
  if (
    typeof body !== 'object' ||
    body === null ||
    !Number.isInteger(body.code) ||
    typeof body.message !== 'string' ||
    body.message.length === 0
  )
    return 'the envelope has a code and a message';
  if (response.statusCode < 300 !== (body.code === 0)) return 'code 0 exactly when the status is 2xx';
  if (body.code !== 0 && /^errors\.|\{\{/.test(body.message)) return 'the error message is translated';
  if (body.code === 0 && actor.name === 'guest' && !guestRoutes.has(operation.id))
    return 'a guest is refused what needs a session';
  if (operation.id === 'POST /api/admin/auth/logout') return null;
  if (body.code === 0 && operation.admin && actor.name !== 'admin' && actor.name !== 'viewer')
    return 'only an operator is answered by /api/admin';
  if (body.code === 0 && operation.admin && actor.name === 'viewer' && operation.method !== 'GET')
    return 'a viewer changes nothing';
  return null;
}

function describeRequest(method: string, url: string, headers: Record<string, string>, payload: unknown): string {
  const shown = { ...headers };
  if (shown.authorization) shown.authorization = 'Bearer …';
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const shortUrl = url.length > 160 ? `${url.slice(0, 160)}…(${url.length} chars)` : url;
  return `${method} ${shortUrl} ${JSON.stringify(shown).slice(0, 200)} ${text === undefined ? '' : text.slice(0, 300)}`;
}

/** Who sends a request to this operation: mostly those it is for, sometimes those it is not. */
function actorFor(operation: Operation, world: World, roll: number): Actor {
  const { guest, alice, bob, admin, viewer } = world.actors;
  if (operation.admin) return roll < 70 ? admin : roll < 82 ? viewer : roll < 92 ? alice : guest;
  return roll < 45 ? alice : roll < 80 ? bob : roll < 92 ? guest : admin;
}

export function send(world: World, actor: Actor, request: Generated) {
  return world.send(actor, request.method, request.url, request.payload, request.headers);
}

/**
 * `count` generated requests over every operation, `concurrency` at a time (the way a script sends
 * them), each judged. Upkeep every few hundred keeps sessions, fund passwords and balances usable.
 */
export async function fuzz(
  world: World,
  operations: Operation[],
  options: { count: number; seed: number; concurrency?: number; skip?: Set<string> },
) {
  const findings: Finding[] = [];
  const stats: Stats = {
    requests: 0,
    byStatus: new Map(),
    successes: new Map(),
    codes: new Map(),
    byOperation: new Map(),
  };
  const candidates = operations.filter((operation) => !options.skip?.has(operation.id));
  const concurrency = options.concurrency ?? 4;
  const rounds = Math.ceil(options.count / concurrency);
  const expired = new Set<Actor>();
  for (let round = 0; round < rounds; round++) {
    if (expired.size > 0) {
      await world.relogin([...expired]);
      expired.clear();
    }
    if (round > 0 && round % 100 === 0) {
      await world.upkeepNow();
      if (round % 100 === 0) await world.harvest();
    }
    await Promise.all(
      Array.from({ length: Math.min(concurrency, options.count - round * concurrency) }, async (_, slot) => {
        const seed = options.seed + (round * concurrency + slot) * 1000;
        const random = randomFrom(seed ^ 0x5bd1e995);
        const operation = candidates[Math.floor(random() * candidates.length)]!;
        const actor = actorFor(operation, world, Math.floor(random() * 100));
        const request = generate(operation, actor, world, seed);
        const response = await send(world, actor, request);
        stats.requests++;
        stats.byStatus.set(response.statusCode, (stats.byStatus.get(response.statusCode) ?? 0) + 1);
        const rule = judge(operation, actor, response) ?? world.leakTo(actor, response.body);
        let code: number | undefined;
        try {
          code = (response.json() as Envelope).code;
        } catch {
          code = undefined;
        }
        if (code !== undefined) stats.codes.set(code, (stats.codes.get(code) ?? 0) + 1);
        const perOperation = stats.byOperation.get(operation.id) ?? new Map<number | string, number>();
        perOperation.set(
          code ?? `http ${response.statusCode}`,
          (perOperation.get(code ?? `http ${response.statusCode}`) ?? 0) + 1,
        );
        stats.byOperation.set(operation.id, perOperation);
        if (process.env.FUZZ_SHOW && operation.id.includes(process.env.FUZZ_SHOW))
          console.log(
            `${actor.name}: ${describeRequest(request.method, request.url, request.headers, request.payload)} → ${response.body.slice(0, 160)}`,
          );
        if (code === 0) {
          stats.successes.set(operation.id, (stats.successes.get(operation.id) ?? 0) + 1);
          // A fund password the fuzz changed is the actor's from now on.
          if (operation.id === 'POST /api/user/fund_password' && request.payload && typeof request.payload === 'object')
            actor.fundPassword = String((request.payload as { password: unknown }).password);
        }
        // A session the fuzz ended (a logout, a refresh token reused) is opened again after this round.
        if (response.statusCode === 401 && actor.name !== 'guest' && !('authorization' in request.headers))
          expired.add(actor);
        if (rule)
          findings.push({
            rule,
            operation: operation.id,
            actor: actor.name,
            request: describeRequest(request.method, request.url, request.headers, request.payload),
            status: response.statusCode,
            body: response.body.slice(0, 300),
          });
      }),
    );
  }
  return { findings, stats };
}

/**
 * The BOLA matrix: for every owned-id route, each of the owner's ids sent by the other user and by a
 * guest. Answers the findings, and how many requests each route got (none would be a hole in the matrix).
 */
export async function bolaMatrix(world: World, owner: Actor, intruders: Actor[]) {
  const findings: Finding[] = [];
  const tried = new Map<string, number>();
  const succeeded = new Set<string>();
  for (const target of ownedTargets) {
    const [method, template] = target.route.split(' ') as [string, string];
    for (const id of owner.owned.get(target.list) ?? []) {
      for (const intruder of intruders) {
        // The owner's control run needs one success per route; more would use up what later routes need.
        const name = target.route + (target.field ? ` ${target.field}` : '');
        if (intruder === owner && succeeded.has(name)) continue;
        const extra = (await target.body?.(intruder, world, owner)) ?? {};
        const url = target.field ? template : template.replace('{id}', encode(id));
        const payload = target.field
          ? { ...extra, [target.field]: id }
          : method === 'GET' || method === 'DELETE'
            ? undefined
            : extra;
        const request: Generated = {
          method,
          url,
          headers: method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() },
          ...(payload === undefined ? {} : { payload }),
        };
        const response = await send(world, intruder, request);
        tried.set(name, (tried.get(name) ?? 0) + 1);
        const answer = envelopeOf(response);
        if (answer.code === 0) succeeded.add(name);
        else if (intruder === owner && process.env.FUZZ_VERBOSE)
          console.log(`owner's ${name} → ${response.body.slice(0, 200)}`);
        const refused = intruder === owner || answer.code !== 0;
        const rule =
          response.statusCode >= 500
            ? 'no 5xx'
            : refused
              ? world.leakTo(intruder, response.body)
              : `${intruder.name} cannot act on ${owner.name}'s ${target.list}`;
        if (rule)
          findings.push({
            rule,
            operation: target.route,
            actor: intruder.name,
            request: describeRequest(method, url, request.headers, payload),
            status: response.statusCode,
            body: response.body.slice(0, 400),
          });
      }
    }
  }
  return { findings, tried, succeeded };
}

/** What the owner sees of their own things, to compare before and after the intruders. */
export async function snapshot(world: World, owner: Actor): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  for (const [list, url] of Object.entries(ownedLists)) seen[list] = (await world.send(owner, 'GET', url)).json();
  seen.balance = ((await world.send(owner, 'GET', '/api/user/info')).json() as Envelope).data;
  // Check-ins are named by no id, only by their owner's session: none of the matrix's requests may touch them.
  const { exported_at: _at, ...checkins } = (
    (await world.send(owner, 'GET', '/api/checkins/export')).json() as Envelope
  ).data as Record<string, unknown>;
  seen.checkins = checkins;
  return seen;
}
