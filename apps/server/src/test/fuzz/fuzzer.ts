import crypto from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { invalid, invalidBody, nastyStrings, valid, type Hints, type Schema } from './arbitraries.js';
import { ownedLists, type Actor, type Envelope, type OwnedList, type World } from './world.js';

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
export type Operation = {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  admin: boolean;
};
type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>
  >;
};

/** Every operation of the server's own OpenAPI document: a route added later is fuzzed without anyone listing it. */
export function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      id: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      admin: path.startsWith('/api/admin/'),
    })),
  );
}

/**
 * What a guest may be answered with success. Anything else answering code 0 to a request without a
 * session is a finding. Logins succeed only with a real signature, which the fuzzer never makes.
 */
export const guestRoutes = new Set([
  'GET /api/health',
  'POST /api/web3/nonce',
  'POST /api/web3/logout',
  'GET /api/miners/products',
  'GET /api/images/{file}',
  'GET /api/markets/config',
  'GET /api/mtrade/orders',
  'GET /api/c2c/orders',
  'GET /api/share/inviter',
  'GET /api/regions',
  'GET /api/content/home',
  'GET /api/articles',
  'GET /api/articles/{key}',
  'GET /api/ecology',
  'GET /api/courses',
  'GET /api/courses/{id}',
  'GET /api/funds/recharge/config',
  'GET /api/funds/withdraw/config',
  // Ending a session is answered the same whether there was one: it reveals nothing and changes nothing else.
  'POST /api/admin/auth/logout',
]);

/**
 * The BOLA matrix: every route that takes the id of something a user owns, and the owner's list it
 * comes from. Another user (and a guest) naming that id must be refused, and the owner's things
 * must be unchanged afterwards. `body` is what the route needs besides the id, as the intruder.
 */
export type OwnedTarget = {
  route: string;
  list: OwnedList;
  field?: string;
  body?: (sender: Actor, world: World, owner: Actor) => Promise<Record<string, unknown>> | Record<string, unknown>;
};
export const ownedTargets: OwnedTarget[] = [
  { route: 'POST /api/miners/orders/{id}/use', list: 'orders' },
  // An intruder tries to take the miner; the owner (the control) gives it to the other user.
  {
    route: 'POST /api/miners/{id}/transfer',
    list: 'miners',
    body: (sender, world, owner) => ({
      to: (sender === owner ? world.otherThan(owner) : sender).address,
      fund_password: sender.fundPassword,
    }),
  },
  { route: 'POST /api/miners/{id}/turn_on', list: 'miners' },
  { route: 'POST /api/miners/outputs/{id}/collect', list: 'outputs' },
  { route: 'POST /api/mtrade/orders/{id}/cancel', list: 'mtrade' },
  { route: 'POST /api/c2c/orders/{id}/cancel', list: 'c2c' },
  {
    route: 'PUT /api/addresses/{id}',
    list: 'addresses',
    body: () => ({
      country: 'CN',
      province: 'CN-BJ',
      recipient: 'Intruder',
      phone: '13900000000',
      postcode: '100000',
      detail: 'Elsewhere 2',
    }),
  },
  { route: 'POST /api/addresses/{id}/default', list: 'addresses' },
  // Ids carried in a body.
  {
    route: 'POST /api/mtrade/orders',
    list: 'miners',
    field: 'miner_id',
    body: (intruder) => ({ unit_price: '1', expiry: '1D', fund_password: intruder.fundPassword }),
  },
  {
    route: 'POST /api/shipping/delivery',
    list: 'orders',
    field: 'order_id',
    body: (intruder) => ({
      address_id: [...(intruder.owned.get('addresses') ?? [])][0],
      fund_password: intruder.fundPassword,
    }),
  },
  {
    route: 'POST /api/shipping/delivery',
    list: 'addresses',
    field: 'address_id',
    body: async (sender, world) => ({
      order_id: sender.name === 'guest' ? '1' : await world.newPhysicalOrder(sender),
      fund_password: sender.fundPassword,
    }),
  },
  {
    route: 'POST /api/shipping/pickup',
    list: 'orders',
    field: 'order_id',
    body: (sender) => ({ point_id: '1', fund_password: sender.fundPassword }),
  },
  // Last: the owner's control run deletes the addresses the routes above use.
  { route: 'DELETE /api/addresses/{id}', list: 'addresses' },
  // Last of all: the owner's control run ends one of its own sessions.
  { route: 'POST /api/user/sessions/{id}/end', list: 'sessions' },
];
/** Routes that take an id anyone may use: a market order to buy, public content, an image. */
export const publicIdRoutes = new Set([
  'GET /api/images/{file}',
  'POST /api/mtrade/orders/{id}/buy',
  'POST /api/c2c/orders/{id}/buy',
  'GET /api/articles/{key}',
  'GET /api/courses/{id}',
  'PUT /api/courses/{id}/progress',
]);

export type Finding = { rule: string; operation: string; actor: string; request: string; status: number; body: string };
export type Stats = {
  requests: number;
  byStatus: Map<number, number>;
  successes: Map<string, number>;
  codes: Map<number, number>;
  byOperation: Map<string, Map<number | string, number>>;
};

const languages = ['en', 'zh-CN', 'ja', 'ko', 'id', 'fr', '', 'zh;q=0.1, *;q=0.5', '\u0000'];

/** The checks every answer must pass, whoever asked and whatever they sent. */
export function judge(operation: Operation, actor: Actor, response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return 'no 5xx';
  const contentType = String(response.headers['content-type'] ?? '');
  if (operation.id === 'GET /api/images/{file}' && response.statusCode === 200)
    return contentType.startsWith('image/') ? null : 'an image is served as an image';
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

/** Hints for the fields whose meaningful values a schema cannot tell: this actor's secrets and ids, the others' addresses. */
function hintsFor(actor: Actor, world: World): Hints {
  const users = [world.actors.alice, world.actors.bob];
  const other = actor === users[0] ? users[1]! : users[0]!;
  const own = world.ownedIds(actor);
  const anyIds = [...new Set([...own, ...world.ownedIds(other), ...world.publicIds, '1', '0'])];
  const pick = <T>(values: T[]) => (values.length > 0 ? fc.constantFrom(...values) : null);
  return (name) => {
    switch (name) {
      case 'fund_password':
      case 'password':
      case 'confirm':
      case 'old_password':
        return actor.fundPassword ? fc.constant(actor.fundPassword) : null;
      case 'to':
        // Mostly the one recipient a transfer is paid to; now and then a share code or oneself, refused.
        return pick(
          [other.address, other.address, other.address, other.shareCode, actor.address].filter((v): v is string =>
            Boolean(v),
          ),
        );
      case 'address':
        return pick([other.address, actor.address].filter((v): v is string => Boolean(v)));
      case 'amount':
        return fc.constantFrom('1', '2', '5', '10', '20', '100');
      case 'unit_price':
        return fc.constantFrom('0.5', '1', '1.5', '10');
      case 'quantity':
        return fc.integer({ min: 1, max: 3 });
      case 'product_id':
        return fc.constantFrom(world.products.machine, world.products.physical);
      case 'miner_id':
      case 'order_id':
      case 'address_id':
      case 'point_id':
        return own.length > 0 ? fc.oneof(fc.constantFrom(...own), fc.constantFrom(...anyIds)) : pick(anyIds);
      case 'code':
      case 'referee':
        return pick([other.shareCode, actor.shareCode].filter((v): v is string => Boolean(v)));
      // An address the server accepts: the country's own province, phone and postcode forms.
      case 'country':
        return fc.constant('CN');
      case 'province':
        return fc.constantFrom('CN-GD', 'CN-BJ');
      case 'phone':
        return fc.constantFrom('13800000000', '13900000001');
      case 'postcode':
        return fc.constantFrom('518000', '100000');
      case 'version':
        return fc.constantFrom(...world.versions);
      // A proposal names a withdrawal: those the console lists, some awaiting review.
      case 'subject_id':
        return pick([...(world.idsByList.get('/api/admin/withdrawals') ?? [])]);
      case 'change':
        return fc.integer({ min: -3, max: 3 });
      default:
        return null;
    }
  };
}

/** Lists whose items a route's path parameter names, where the route's path does not begin with the list's. */
const listsFor: Record<string, string[]> = {
  '/api/miners': ['/api/miners/mine'],
  '/api/admin/markets/{market}/orders': ['/api/admin/markets/mtrade/orders', '/api/admin/markets/c2c/orders'],
  '/api/admin/operators': ['/api/admin/operators'],
  '/api/admin/validators': ['/api/admin/validators'],
};

/**
 * A path parameter: mostly an id from the list the route's own path begins with (a c2c order for
 * `/api/c2c/orders/{id}/buy`, a user for `/api/admin/users/{id}`), else any id someone has, sometimes nonsense.
 */
function pathValue(name: string, operation: Operation, actor: Actor, world: World): fc.Arbitrary<string> {
  const ids = [
    ...new Set([...world.ownedIds(world.actors.alice), ...world.ownedIds(world.actors.bob), ...world.publicIds]),
  ];
  const prefix = operation.path.slice(0, operation.path.indexOf(`/{${name}}`));
  const fromLists = [
    ...new Set((listsFor[prefix] ?? [prefix]).flatMap((list) => [...(world.idsByList.get(list) ?? [])])),
  ];
  const own = world.ownedIds(actor).filter((id) => fromLists.includes(id));
  const known: Record<string, string[]> = {
    market: ['mtrade', 'c2c'],
    kind: ['scenes', 'partners', 'articles', 'ecology', 'courses'],
    address: [world.actors.alice.address, world.actors.bob.address].filter((v): v is string => Boolean(v)),
    file: [`${'0'.repeat(64)}.png`],
  };
  const choices: Array<{ arbitrary: fc.Arbitrary<string>; weight: number }> = [
    { arbitrary: nastyStrings, weight: 1 },
    { arbitrary: fc.constantFrom('1', '2', '999999', '-1', crypto.randomUUID()), weight: 1 },
  ];
  if ((known[name] ?? []).length > 0) choices.push({ arbitrary: fc.constantFrom(...known[name]!), weight: 4 });
  if (ids.length > 0) choices.push({ arbitrary: fc.constantFrom(...ids), weight: 1 });
  if (fromLists.length > 0) choices.push({ arbitrary: fc.constantFrom(...fromLists), weight: 4 });
  if (own.length > 0) choices.push({ arbitrary: fc.constantFrom(...own), weight: 4 });
  return fc.oneof(...choices);
}

/** Percent-encodes any string, lone surrogates included (encodeURIComponent throws on those). */
function encode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

/** Control decisions (which operation, who, broken or not) from a plain seeded PRNG: fast-check's biased toward edges. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Generated = { method: string; url: string; headers: Record<string, string>; payload?: unknown };

/** One request to `operation` as `actor`, valid or not, from fast-check's generators with a fixed seed. */
export function generate(operation: Operation, actor: Actor, world: World, seed: number): Generated {
  const hints = hintsFor(actor, world);
  const sample = <T>(arbitrary: fc.Arbitrary<T>, offset: number): T =>
    fc.sample(arbitrary, { numRuns: 1, seed: seed + offset })[0]!;
  const random = randomFrom(seed);
  const broken = random() < 0.2;
  let path = operation.path;
  const query: string[] = [];
  const headers: Record<string, string> = { 'accept-language': sample(fc.constantFrom(...languages), 2) };
  let index = 10;
  for (const parameter of operation.parameters) {
    index++;
    if (parameter.in === 'path') {
      path = path.replace(
        `{${parameter.name}}`,
        encode(sample(pathValue(parameter.name, operation, actor, world), index)),
      );
    } else if (parameter.in === 'query') {
      if (!parameter.required && random() < 0.5) continue;
      const value =
        broken && random() < 0.5
          ? sample(invalid(parameter.schema), index)
          : sample(valid(parameter.schema, hints, parameter.name), index);
      const values = Array.isArray(value) ? value : [value];
      for (const v of values)
        query.push(`${encode(parameter.name)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`);
    } else if (parameter.in === 'header' && parameter.name === 'idempotency-key') {
      const choice = Math.floor(random() * 10);
      if (choice < 7) headers['idempotency-key'] = `fuzz-${seed}`;
      else if (choice < 8)
        headers['idempotency-key'] = `fuzz-${seed % 7}`; // replayed, maybe with another body
      else if (choice < 9) headers['idempotency-key'] = sample(nastyStrings, index);
    }
  }
  const forged = random();
  if (forged < 0.03)
    headers.authorization = sample(
      fc.constantFrom(
        'Bearer x',
        'Bearer ',
        'Basic YTpi',
        'bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
        `Bearer ${'A'.repeat(5000)}`,
      ),
      5,
    );
  const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
  if (!operation.body) return { method: operation.method, url, headers };
  const raw = Math.floor(random() * 100);
  if (raw < 2)
    return {
      method: operation.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"amount": "1",',
    };
  if (raw < 3)
    return {
      method: operation.method,
      url,
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'amount=1',
    };
  // Deep: nested arrays or objects, from just under the parser's limit to thousands of levels.
  if (raw < 4) {
    const depth = Math.floor(20 + random() * 8_000);
    const [open, close] = random() < 0.5 ? ['[', ']'] : ['{"a":', '}'];
    return {
      method: operation.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `${open.repeat(depth)}"x\u0000"${close.repeat(depth)}`,
    };
  }
  // Wide: a valid body with thousands of extra fields and array items, under the size limit.
  if (raw < 5) {
    const extra = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`f${i}`, i % 3 === 0 ? [i, [i]] : 'x']));
    const body = sample(valid(operation.body, hints), 4);
    return {
      method: operation.method,
      url,
      headers,
      payload: body && typeof body === 'object' && !Array.isArray(body) ? { ...extra, ...body } : [extra, body],
    };
  }
  const payload = broken ? sample(invalidBody(operation.body, hints), 4) : sample(valid(operation.body, hints), 4);
  return { method: operation.method, url, headers, payload };
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
        const rule = judge(operation, actor, response);
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
        const answer = response.json() as Envelope;
        if (answer.code === 0) succeeded.add(name);
        else if (intruder === owner && process.env.FUZZ_VERBOSE)
          console.log(`owner's ${name} → ${response.body.slice(0, 200)}`);
        const refused = intruder === owner || answer.code !== 0;
        const rule =
          response.statusCode >= 500
            ? 'no 5xx'
            : refused
              ? null
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
  return seen;
}
