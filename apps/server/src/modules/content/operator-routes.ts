import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleEditSchema,
  articleInputSchema,
  articleKeySchema,
  articleOrderSchema,
  contentOrderSchema,
  courseInputSchema,
  ecologyItemInputSchema,
  envelope,
  type ErrorKey,
  homeSceneInputSchema,
  idString,
  operatorArticleSchema,
  operatorCourseSchema,
  operatorEcologyItemSchema,
  operatorHomeSceneSchema,
  operatorPartnerSchema,
  partnerInputSchema,
} from '@wallx/shared';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { ContentOperations } from './operator.js';

type Deps = { operations: ContentOperations; requireOperator: OperatorGuard };

type KindOperations<Item, Input, Edit> = {
  all(): Promise<Item[]>;
  create(operator: string, input: Input): Promise<Item>;
  update(operator: string, key: string, input: Edit): Promise<Item>;
  remove(operator: string, key: string): Promise<void>;
  publish(operator: string, key: string): Promise<Item>;
  unpublish(operator: string, key: string): Promise<Item>;
  order(operator: string, keys: string[]): Promise<Item[]>;
};

type Kind<Item, Input, Edit> = {
  /** '/api/admin/content/scenes' */
  path: string;
  /** What one item is called in the operations' summaries: 'home scene', and the plural 'home scenes'. */
  noun: [one: string, many: string];
  /** The path parameter naming one item, as the public endpoints name it ('id'; the articles' 'key'). */
  param: 'id' | 'key';
  keySchema: z.ZodType<string>;
  item: z.ZodType<Item>;
  input: z.ZodType<Input>;
  edit: z.ZodType<Edit>;
  order: z.ZodType<{ ids: string[] }>;
  /** Articles and courses carry Markdown bodies of up to 200,000 characters. */
  bodyLimit?: number;
  operations: KindOperations<Item, Input, Edit>;
  /** What finding one item by its key, creating one and deleting one can refuse (`config.errors`). */
  refusals: { notFound: ErrorKey; create?: readonly ErrorKey[]; remove?: readonly ErrorKey[] };
};

const LONG_BODY_LIMIT = 1024 * 1024;

const article = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

type Access = { read: { onRequest: ReturnType<OperatorGuard> }; admin: { onRequest: ReturnType<OperatorGuard> } };

/** One kind's seven endpoints: list, add, replace, delete, publish, unpublish, order. */
function kindRoutes<Item, Input, Edit>(
  app: FastifyInstance,
  { read, admin }: Access,
  {
    path,
    noun: [name, names],
    param,
    keySchema,
    item,
    input,
    edit,
    order,
    bodyLimit,
    operations: ops,
    refusals: { notFound, create = [], remove = [] },
  }: Kind<Item, Input, Edit>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  const params = z.object({ [param]: keySchema });
  const keyOf = (request: { params: unknown }) => (request.params as Record<string, string>)[param]!;
  const one = `${path}/:${param}`;
  const long = bodyLimit ? { bodyLimit } : {};
  const items = envelope(z.object({ items: z.array(item) }));

  r.get(
    path,
    { ...read, schema: { ...tags, summary: `Every ${name}, published or not, in order`, response: { 200: items } } },
    async () => ok({ items: await ops.all() }),
  );
  r.post(
    path,
    {
      ...admin,
      ...long,
      config: { errors: create },
      schema: {
        ...tags,
        summary: `Add ${article(name)}: unpublished, placed last`,
        body: input,
        response: { 200: envelope(item) },
      },
    },
    async (request) => ok(await ops.create(operatorOf(request), request.body as Input)),
  );
  r.put(
    one,
    {
      ...admin,
      ...long,
      config: { errors: [notFound] },
      schema: { ...tags, summary: `Replace ${article(name)}`, params, body: edit, response: { 200: envelope(item) } },
    },
    async (request) => ok(await ops.update(operatorOf(request), keyOf(request), request.body as Edit)),
  );
  r.delete(
    one,
    {
      ...admin,
      config: { errors: [notFound, ...remove] },
      schema: { ...tags, summary: `Delete ${article(name)}`, params, response: { 200: envelope(z.object({})) } },
    },
    async (request) => {
      await ops.remove(operatorOf(request), keyOf(request));
      return ok({});
    },
  );
  r.post(
    `${one}/publish`,
    {
      ...admin,
      config: { errors: [notFound] },
      schema: {
        ...tags,
        summary: `Publish ${article(name)}: the app shows it`,
        params,
        response: { 200: envelope(item) },
      },
    },
    async (request) => ok(await ops.publish(operatorOf(request), keyOf(request))),
  );
  r.post(
    `${one}/unpublish`,
    {
      ...admin,
      config: { errors: [notFound] },
      schema: {
        ...tags,
        summary: `Unpublish ${article(name)}: the app no longer shows it`,
        params,
        response: { 200: envelope(item) },
      },
    },
    async (request) => ok(await ops.unpublish(operatorOf(request), keyOf(request))),
  );
  r.post(
    `${path}/order`,
    {
      ...admin,
      config: { errors: ['content_order_mismatch'] },
      schema: {
        ...tags,
        summary: `Put the ${names} in a new order, naming each exactly once`,
        body: order,
        response: { 200: items },
      },
    },
    async (request) => ok({ items: await ops.order(operatorOf(request), (request.body as { ids: string[] }).ids) }),
  );
}

/**
 * Operators' content endpoints: every kind listed whole (published or not), created (unpublished,
 * last), replaced with PUT, deleted, published, unpublished and ordered; a console session (decision
 * 56), support to change anything.
 */
export async function contentOperatorRoutes(app: FastifyInstance, { operations, requireOperator }: Deps) {
  // Before the body is parsed or validated: a caller without a session learns nothing of the contract.
  const access: Access = {
    read: { onRequest: requireOperator('read') },
    admin: { onRequest: requireOperator('support') },
  };
  const kind = <Item, Input, Edit>(k: Kind<Item, Input, Edit>) => kindRoutes(app, access, k);

  const base = '/api/admin/content';
  const byId = { param: 'id', keySchema: idString, order: contentOrderSchema } as const;
  kind({
    ...byId,
    path: `${base}/scenes`,
    noun: ['home scene', 'home scenes'],
    item: operatorHomeSceneSchema,
    input: homeSceneInputSchema,
    edit: homeSceneInputSchema,
    operations: operations.scenes,
    refusals: { notFound: 'not_found' },
  });
  kind({
    ...byId,
    path: `${base}/partners`,
    noun: ['partner', 'partners'],
    item: operatorPartnerSchema,
    input: partnerInputSchema,
    edit: partnerInputSchema,
    operations: operations.partners,
    refusals: { notFound: 'not_found' },
  });
  kind({
    path: `${base}/articles`,
    noun: ['article', 'articles'],
    param: 'key',
    keySchema: articleKeySchema,
    item: operatorArticleSchema,
    input: articleInputSchema,
    edit: articleEditSchema,
    order: articleOrderSchema,
    bodyLimit: LONG_BODY_LIMIT,
    operations: operations.articles,
    refusals: { notFound: 'article_not_found', create: ['article_key_taken'] },
  });
  kind({
    ...byId,
    path: `${base}/ecology`,
    noun: ['ecology item', 'ecology items'],
    item: operatorEcologyItemSchema,
    input: ecologyItemInputSchema,
    edit: ecologyItemInputSchema,
    operations: operations.ecology,
    refusals: { notFound: 'not_found' },
  });
  kind({
    ...byId,
    path: `${base}/courses`,
    noun: ['course', 'courses'],
    item: operatorCourseSchema,
    input: courseInputSchema,
    edit: courseInputSchema,
    bodyLimit: LONG_BODY_LIMIT,
    operations: operations.courses,
    refusals: { notFound: 'course_not_found', remove: ['course_has_progress'] },
  });
}
