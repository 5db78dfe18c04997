import crypto from 'node:crypto';

/**
 * GET /api/docs: the OpenAPI document as one readable page, rendered here from the document itself
 * (so it cannot differ from GET /api/openapi.json). Plain HTML and one stylesheet, no script and
 * nothing loaded from elsewhere: its Content-Security-Policy allows that stylesheet alone.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Answer = { description?: string; content?: Record<string, { schema?: Schema }> };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, Answer>;
};
type Document = {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { description?: string }> };
};

const escape = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A schema's type and limits on one line: `string ≤42 /^0x…$/`, `integer 1…100`, `"a" | "b"`. */
function typeOf(schema: Schema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.map(typeOf).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  const limits: string[] = [];
  if (schema.format) limits.push(schema.format);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    limits.push(`length ${schema.minLength ?? 0}…${schema.maxLength ?? '∞'}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    limits.push(`${schema.minimum ?? '−∞'}…${schema.maximum ?? '∞'}`);
  if (schema.maxItems !== undefined) limits.push(`≤ ${schema.maxItems} items`);
  if (schema.pattern) limits.push(`/${schema.pattern}/`);
  if (schema.default !== undefined) limits.push(`default ${JSON.stringify(schema.default)}`);
  const item = type === 'array' && schema.items && !schema.items.properties ? ` of ${typeOf(schema.items)}` : '';
  return [`${type}${item}`, ...limits].join(', ');
}

/** The object a schema describes: itself, its items, or the object of a nullable choice. */
function objectOf(schema: Schema | undefined): Schema | null {
  if (!schema) return null;
  if (schema.properties) return schema;
  if (schema.items?.properties) return schema.items;
  return (schema.anyOf ?? schema.oneOf ?? []).map(objectOf).find(Boolean) ?? null;
}

/** The fields of a schema, nested objects indented, as lines of text. */
function fieldsOf(schema: Schema | undefined, depth = 0): string[] {
  const object = objectOf(schema);
  if (!object) return depth === 0 && schema ? [typeOf(schema)] : [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).flatMap(([name, field]) => {
    const nested = objectOf(field);
    const kind = !nested
      ? typeOf(field)
      : nested === field
        ? 'object'
        : field.items
          ? 'array of objects'
          : 'object | null';
    const line = `${'  '.repeat(depth)}${name}${required.has(name) ? '' : '?'}: ${kind}`;
    return [line, ...(nested ? fieldsOf(field, depth + 1) : [])];
  });
}

const block = (lines: string[]) => (lines.length ? `<pre>${escape(lines.join('\n'))}</pre>` : '');

function renderOperation(method: string, path: string, operation: Operation): string {
  const security = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  const needs = security.length ? security.join(' or ') : operation.security ? 'none (open)' : 'undeclared';
  const parameters = (operation.parameters ?? []).map(
    (p) => `${p.name}${p.required ? '' : '?'} (${p.in}): ${p.schema ? typeOf(p.schema) : 'any'}`,
  );
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const answers = Object.entries(operation.responses ?? {}).map(([status, answer]) => {
    const schema = answer.content?.['application/json']?.schema;
    const data = status.startsWith('2') ? fieldsOf(schema?.properties?.data) : [];
    return `<li><b>${escape(status)}</b> ${escape(answer.description ?? '')}${block(data)}</li>`;
  });
  return `<section id="${escape(operation.operationId ?? '')}">
<h3><span class="m ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(operation.summary ?? '')} <small>${escape(operation.operationId ?? '')} · credential: ${escape(needs)}</small></p>
${parameters.length ? `<h4>Parameters</h4>${block(parameters)}` : ''}
${body ? `<h4>Body</h4>${block(fieldsOf(body))}` : ''}
<h4>Answers</h4><ul>${answers.join('')}</ul>
</section>`;
}

const style = `body{font:15px/1.45 system-ui,sans-serif;max-width:64rem;margin:auto;padding:1rem;color:#222}
h2{border-bottom:1px solid #ccc;margin-top:2.5rem}section{border-top:1px solid #eee;padding:.5rem 0}
h3{margin:.4rem 0;font-size:1rem}h4{margin:.5rem 0 .2rem;font-size:.85rem;color:#555}
pre{background:#f6f6f6;padding:.4rem .6rem;overflow-x:auto;margin:.2rem 0}small{color:#777}
.m{display:inline-block;min-width:4rem;font-weight:700}.get{color:#06c}.post{color:#080}.put{color:#a60}.delete{color:#c00}
ul{margin:.2rem 0;padding-left:1.2rem}nav a{margin-right:.6rem}`;

/** The style's hash, for the page's Content-Security-Policy. */
const styleHash = crypto.createHash('sha256').update(style).digest('base64');
export const docsContentSecurityPolicy = `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'`;

/** The whole page: operations grouped by their first tag, in the document's order. */
export function renderOpenApiHtml(document: Document): string {
  const groups = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'other';
      groups.set(tag, [...(groups.get(tag) ?? []), renderOperation(method, path, operation)]);
    }
  const schemes = Object.entries(document.components?.securitySchemes ?? {}).map(
    ([name, scheme]) => `<li><b>${escape(name)}</b>: ${escape(scheme.description ?? '')}</li>`,
  );
  const title = `${document.info?.title ?? 'API'} ${document.info?.version ?? ''}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${style}</style></head>
<body><h1>${escape(title)}</h1>
<p>${escape(document.info?.description ?? '')} The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<h4>Credentials</h4><ul>${schemes.join('')}</ul>
<nav>${[...groups.keys()].map((tag) => `<a href="#tag-${escape(tag)}">${escape(tag)}</a>`).join('')}</nav>
${[...groups].map(([tag, sections]) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${sections.join('\n')}`).join('\n')}
</body></html>`;
}
