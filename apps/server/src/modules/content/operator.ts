import type { CourseInput } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import type { Db, Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { ContentOperatorRepository, ContentTable } from './operator-repository.js';

/**
 * Whether a course region ('CN', 'CN-GD') exists: app.ts answers from the shipping module's region
 * list, as modules import no other module.
 */
export type RegionCheck = (code: string) => boolean;

type Deps = { db: Db; content: ContentOperatorRepository; isRegion: RegionCheck };

type KindRules<Input> = {
  /** The audit's subject type and the prefix of its actions ('home_scene.update'). */
  subject: string;
  notFound: () => AppError;
  /** Refusals beyond the schema's, before anything is written. */
  check?: (input: Omit<Input, 'key'>) => void;
  /** Refuses a delete the kind does not allow, in the transaction that would make it. */
  checkDelete?: (trx: Trx, key: string) => Promise<void>;
  /** A create refused by the table's key (a taken article key). */
  keyTaken?: () => AppError;
};

/** Create, edit, delete, publish and order one kind of content: every change audited in its own transaction. */
function contentKind<Item, Input extends object>(db: Db, table: ContentTable<Item, Input>, rules: KindRules<Input>) {
  const { subject } = rules;
  const audit = (trx: Trx, operator: string, action: string, subjectId: string, before: unknown, after: unknown) =>
    recordAudit(trx, { operator, action: `${subject}.${action}`, subjectType: subject, subjectId, before, after });
  const keyOf = (item: Item) => {
    const { id, key } = item as { id?: string; key?: string };
    return String(id ?? key);
  };

  /** The row as it was, locked until the change commits; missing: the kind's 404. */
  async function existing(trx: Trx, key: string): Promise<Item> {
    const before = await table.one(trx, key, { forUpdate: true });
    if (!before) throw rules.notFound();
    return before;
  }

  async function setPublished(operator: string, key: string, published: boolean): Promise<Item> {
    return db.transaction().execute(async (trx) => {
      const before = await existing(trx, key);
      const after = (await table.setPublished(trx, key, published))!;
      await audit(
        trx,
        operator,
        published ? 'publish' : 'unpublish',
        key,
        { published: (before as { published: boolean }).published },
        { published },
      );
      return after;
    });
  }

  return {
    all: (): Promise<Item[]> => table.all(db),

    /** A new item starts unpublished and last: nothing reaches users before an operator publishes it. */
    async create(operator: string, input: Input): Promise<Item> {
      rules.check?.(input);
      return db.transaction().execute(async (trx) => {
        const item = await table.insert(trx, input);
        if (!item) throw rules.keyTaken?.() ?? new AppError('internal');
        await audit(trx, operator, 'create', keyOf(item), null, item);
        return item;
      });
    },

    async update(operator: string, key: string, input: Omit<Input, 'key'>): Promise<Item> {
      rules.check?.(input);
      return db.transaction().execute(async (trx) => {
        const before = await existing(trx, key);
        const after = (await table.update(trx, key, input))!;
        await audit(trx, operator, 'update', key, before, after);
        return after;
      });
    },

    async remove(operator: string, key: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await existing(trx, key);
        await rules.checkDelete?.(trx, key);
        await table.remove(trx, key);
        await audit(trx, operator, 'delete', key, before, null);
      });
    },

    publish: (operator: string, key: string) => setPublished(operator, key, true),
    unpublish: (operator: string, key: string) => setPublished(operator, key, false),

    /**
     * The new order names every item once: a list made before someone added or deleted an item is
     * refused rather than leaving that item somewhere nobody chose.
     */
    async order(operator: string, keys: string[]): Promise<Item[]> {
      await db.transaction().execute(async (trx) => {
        const before = await table.keysForOrder(trx);
        const current = new Set(before);
        if (keys.length !== current.size || !keys.every((key) => current.has(key)))
          throw new AppError('content_order_mismatch', { field: 'ids' });
        await table.setOrder(trx, keys);
        await audit(trx, operator, 'order', '*', before, keys);
      });
      return table.all(db);
    },
  };
}

export function createContentOperations({ db, content, isRegion }: Deps) {
  return {
    scenes: contentKind(db, content.scenes, {
      subject: 'home_scene',
      notFound: () => new AppError('not_found', { field: 'id' }),
    }),
    partners: contentKind(db, content.partners, {
      subject: 'partner',
      notFound: () => new AppError('not_found', { field: 'id' }),
    }),
    articles: contentKind(db, content.articles, {
      subject: 'article',
      notFound: () => new AppError('article_not_found', { field: 'key' }),
      keyTaken: () => new AppError('article_key_taken', { field: 'key' }),
    }),
    ecology: contentKind(db, content.ecology, {
      subject: 'ecology_item',
      notFound: () => new AppError('not_found', { field: 'id' }),
    }),
    courses: contentKind(db, content.courses, {
      subject: 'course',
      notFound: () => new AppError('course_not_found', { field: 'id' }),
      check: (input: CourseInput) => {
        const unknown = input.regions.findIndex((code) => !isRegion(code));
        if (unknown >= 0) throw new AppError('invalid_params', { field: `regions.${unknown}` });
      },
      // Viewers' positions are theirs: a course someone watched is unpublished, not deleted.
      checkDelete: async (trx, id) => {
        if (await content.courseHasProgress(trx, id)) throw new AppError('course_has_progress', { field: 'id' });
      },
    }),
  };
}
export type ContentOperations = ReturnType<typeof createContentOperations>;
