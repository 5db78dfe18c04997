import crypto from 'node:crypto';
import fc from 'fast-check';
import { invalid, invalidBody, nastyStrings, valid, type Hints } from './arbitraries.js';
import type { Actor, World } from './world.js';
import type { Operation } from './operations.js';

const languages = ['en', 'zh-CN', 'ja', 'ko', 'id', 'fr', '', 'zh;q=0.1, *;q=0.5', '\u0000'];

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
export function encode(value: string): string {
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
