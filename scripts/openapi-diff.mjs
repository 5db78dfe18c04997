// `node scripts/openapi-diff.mjs before.json after.json`: what changed between two OpenAPI documents
// (as GET /api/openapi.json answers them, or apps/server/src/cli/openapi-document.ts writes them),
// for a change's notes: the sizes, the operations added or removed, and per operation the answers
// added or removed and the fields changed. A schema that is only moved into a component is not a
// change: references are resolved before comparing.
import fs from 'node:fs';

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** @param {string} file */
const read = (file) => {
  const text = fs.readFileSync(file, 'utf8');
  return { document: JSON.parse(text), bytes: JSON.stringify(JSON.parse(text)).length };
};

/** The schema with every local reference replaced by what it names, and `allOf` of objects merged. */
function resolved(document, value) {
  if (Array.isArray(value)) return value.map((item) => resolved(document, item));
  if (!value || typeof value !== 'object') return value;
  if (typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
    const target = value.$ref
      .slice(2)
      .split('/')
      .reduce((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
    const { $ref: _ref, ...rest } = value;
    return resolved(document, { ...target, ...rest });
  }
  const out = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolved(document, item)]));
  if (Array.isArray(out.allOf)) {
    const { allOf, ...rest } = out;
    return [...allOf, rest].reduce(
      (merged, part) => ({
        ...merged,
        ...part,
        properties: { ...merged.properties, ...part.properties },
        required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])],
      }),
      {},
    );
  }
  return out;
}

/** Each operation as `METHOD path`, its answers by status. */
function operationsOf(document) {
  const operations = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of methods)
      if (item[method]) operations.set(`${method.toUpperCase()} ${path}`, resolved(document, item[method]));
  return operations;
}

/** Which top-level fields of two values differ, sorted: `summary`, `responses.400`… */
function changedFields(before, after, prefix = '') {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return keys.flatMap((key) => {
    if (JSON.stringify(before?.[key]) === JSON.stringify(after?.[key])) return [];
    if (key === 'responses') return changedFields(before?.responses, after?.responses, 'responses.');
    return [`${prefix}${key}`];
  });
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: node scripts/openapi-diff.mjs before.json after.json');
  process.exit(2);
}
const before = read(beforeFile);
const after = read(afterFile);
const was = operationsOf(before.document);
const is = operationsOf(after.document);

console.log(`size: ${before.bytes} → ${after.bytes} bytes (compact JSON)`);
console.log(`operations: ${was.size} → ${is.size}`);
for (const name of was.keys()) if (!is.has(name)) console.log(`- removed ${name}`);
for (const name of is.keys()) if (!was.has(name)) console.log(`+ added ${name}`);

/** How many operations changed each way: `responses.400 added` → the operations. */
const changes = new Map();
for (const [name, operation] of is) {
  const old = was.get(name);
  if (!old) continue;
  for (const field of changedFields(old, operation)) {
    const status = field.startsWith('responses.') ? field.slice('responses.'.length) : null;
    const how =
      status === null
        ? `${field} ${old[field] === undefined ? 'added' : operation[field] === undefined ? 'removed' : 'changed'}`
        : `answer ${status} ${old.responses?.[status] === undefined ? 'added' : operation.responses?.[status] === undefined ? 'removed' : 'changed'}`;
    changes.set(how, [...(changes.get(how) ?? []), name]);
  }
}
for (const [how, names] of [...changes].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${how}: ${names.length} operation(s)`);
  for (const name of names.slice(0, 60)) console.log(`    ${name}`);
  if (names.length > 60) console.log(`    … and ${names.length - 60} more`);
}
const top = changedFields(
  { ...before.document, paths: undefined, components: undefined },
  { ...after.document, paths: undefined, components: undefined },
);
console.log(`document fields changed: ${top.join(', ') || 'none'}`);
console.log(
  `components.schemas: ${Object.keys(before.document.components?.schemas ?? {}).join(', ') || 'none'} → ${
    Object.keys(after.document.components?.schemas ?? {}).join(', ') || 'none'
  }`,
);
