import fc from 'fast-check';

/** The JSON Schema subset the server's OpenAPI document uses (zod → JSON Schema through fastify-type-provider-zod). */
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  default?: unknown;
  nullable?: boolean;
};

/**
 * A value the caller knows to be meaningful for a field, by its name: the actor's real fund
 * password, an id the actor owns, another user's address. Without hints nearly every generated
 * request stops at the first business check; with them the fuzzer reaches the money paths.
 */
export type Hints = (name: string) => fc.Arbitrary<unknown> | null;

const patterns = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (!compiled) patterns.set(pattern, (compiled = new RegExp(pattern)));
  return compiled;
}

/** A value the schema accepts. `name` is the property's name, for hints. */
export function valid(schema: Schema, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const hinted = name ? hints(name) : null;
  if (hinted) return fc.oneof({ arbitrary: hinted, weight: 4 }, { arbitrary: structural(schema, hints), weight: 1 });
  return structural(schema, hints);
}

function structural(schema: Schema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => structural(choice, hints)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? structural(schema.items, hints) : fc.string();
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    }
    case 'object':
      return validObject(schema, hints);
    default:
      return fc.jsonValue();
  }
}

function validString(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.pattern) {
    const re = regex(schema.pattern);
    return fc
      .stringMatching(re)
      .filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 40),
    unit: 'grapheme',
  });
}

function validObject(schema: Schema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) record[key] = valid(property, hints, key);
  // fc.record leaves the optional keys out at random.
  return fc.record(record, { requiredKeys: [...required].filter((key) => key in properties) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** Strings that have broken parsers elsewhere: encodings, lengths, injection, numbers that are not. */
export const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '0x10',
  '00000000000000000000000000000001',
  '99999999999999999999999999999999999999',
  '1.0000000000000000000000001',
  'NaN',
  'Infinity',
  'null',
  'true',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '🚀'.repeat(50),
  "'; drop table users; --",
  '" or 1=1 --',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  'x'.repeat(10_001),
  '9223372036854775808',
  '-9223372036854775809',
  '1,000',
  ' 12 ',
  '١٢٣',
  '0.' + '1'.repeat(40),
);

const anyJson = fc.oneof(
  nastyStrings,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, -1, 0, 2 ** 53, -(2 ** 63), 1e308, [], {}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A value of the wrong shape for `schema`: another type, out of range, too long, not matching. */
export function invalid(schema: Schema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const breakers: fc.Arbitrary<unknown>[] = [anyJson];
  if (type === 'string' || schema.pattern) {
    breakers.push(fc.integer(), nastyStrings);
    if (schema.maxLength !== undefined) breakers.push(fc.constant('x'.repeat(schema.maxLength + 1)));
    if (schema.pattern) breakers.push(fc.string({ maxLength: 30 }).filter((s) => !regex(schema.pattern!).test(s)));
  }
  if (type === 'integer' || type === 'number') {
    breakers.push(fc.constantFrom('1', '1.5', 1.5, -1, 0, 1e21, Number.MAX_SAFE_INTEGER + 2, -0));
    if (schema.maximum !== undefined) breakers.push(fc.constant(schema.maximum + 1));
    if (schema.minimum !== undefined) breakers.push(fc.constant(schema.minimum - 1));
  }
  if (schema.enum)
    breakers.push(
      fc.string({ maxLength: 10 }).filter((s) => !schema.enum!.includes(s)),
      fc.constant(String(schema.enum[0]).toLowerCase() + ' '),
    );
  if (type === 'array')
    breakers.push(
      fc.constant('not-an-array'),
      fc.array(anyJson, { minLength: (schema.maxItems ?? 50) + 1, maxLength: (schema.maxItems ?? 50) + 1 }),
    );
  return fc.oneof(...breakers);
}

/**
 * A body with one thing wrong: a required field gone, one field of the wrong shape, a key that
 * pollutes prototypes, or not an object at all.
 */
export function invalidBody(schema: Schema, hints: Hints): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const base = valid(schema, hints) as fc.Arbitrary<Record<string, unknown>>;
  const mutations: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(null, [], 'body', 42, true, [{}]),
    // JSON.parse makes `__proto__` an own key, so it is sent as written (a literal would set the prototype).
    base.map((body) =>
      Object.assign(
        JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}') as object,
        body,
      ),
    ),
    base.chain((body) =>
      fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 }).map((extra) => ({ ...body, ...extra })),
    ),
  ];
  if (properties.length > 0) {
    mutations.push(
      base.chain((body) =>
        fc
          .constantFrom(...properties)
          .chain(([key, property]) =>
            invalid(property).map((wrong) => ({ ...(typeof body === 'object' && body ? body : {}), [key]: wrong })),
          ),
      ),
    );
    const required = schema.required ?? [];
    if (required.length > 0) {
      mutations.push(
        base.chain((body) =>
          fc.constantFrom(...required).map((key) => {
            const copy = { ...(typeof body === 'object' && body ? body : {}) };
            delete copy[key];
            return copy;
          }),
        ),
      );
    }
  }
  return fc.oneof(...mutations);
}
