import { sql, type RawBuilder } from 'kysely';
import type {
  ArticleInput,
  CourseInput,
  EcologyItemInput,
  HomeSceneInput,
  OperatorArticle,
  OperatorCourse,
  OperatorEcologyItem,
  OperatorHomeScene,
  OperatorPartner,
  PartnerInput,
} from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

/**
 * One content table as operators keep it: every row, published or not, in the order the public
 * lists show (sort, then key).
 */
type TableSpec<Item, Input> = {
  table: 'home_scenes' | 'partners' | 'articles' | 'ecology_items' | 'courses';
  /** 'id' (a bigint, as digits) or the articles' 'key'. */
  key: 'id' | 'key';
  /** The columns an operator writes, as the input schema names them. */
  columns: readonly (keyof Input & string)[];
  /** The columns read back, in the shape of Item once `toItem` has run. */
  select: RawBuilder<unknown>;
  /** Set on every change of the row's texts. */
  touch?: RawBuilder<unknown>;
  toItem?: (row: Record<string, unknown>) => Item;
};

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

function contentTable<Item, Input extends object>(spec: TableSpec<Item, Input>) {
  const table = sql.table(spec.table);
  const keyColumn = sql.ref(spec.key);
  const keyIs = (key: string) => (spec.key === 'id' ? sql`${keyColumn} = ${key}::bigint` : sql`${keyColumn} = ${key}`);
  const toItem = spec.toItem ?? ((row) => row as Item);
  const valueOf = (input: object, column: string) => {
    const value = (input as Record<string, unknown>)[column];
    return Array.isArray(value) ? sql`${value}::text[]` : sql`${value}`;
  };
  const first = (rows: Record<string, unknown>[]) => (rows[0] ? toItem(rows[0]) : undefined);

  return {
    async all(db: Executor): Promise<Item[]> {
      const { rows } = await sql<
        Record<string, unknown>
      >`select ${spec.select} from ${table} order by sort, ${keyColumn}`.execute(db);
      return rows.map(toItem);
    },

    /** The row, locked for the change about to be made when `forUpdate`. */
    async one(db: Executor, key: string, { forUpdate = false } = {}): Promise<Item | undefined> {
      const lock = forUpdate ? sql`for update` : sql``;
      const { rows } = await sql<
        Record<string, unknown>
      >`select ${spec.select} from ${table} where ${keyIs(key)} ${lock}`.execute(db);
      return first(rows);
    },

    /** A new item, unpublished, last in the order; undefined when its key is taken (articles). */
    async insert(db: Executor, input: Input): Promise<Item | undefined> {
      const columns = spec.columns.map((column) => sql.ref(column));
      const values = spec.columns.map((column) => valueOf(input, column));
      const { rows } = await sql<Record<string, unknown>>`
        insert into ${table} (${sql.join(columns)}, sort, published)
        values (${sql.join(values)}, (select coalesce(max(sort), -1) + 1 from ${table}), false)
        on conflict do nothing
        returning ${spec.select}`.execute(db);
      return first(rows);
    },

    /** The key is the row's name for good: an update writes every other column. */
    async update(db: Executor, key: string, input: Omit<Input, 'key'>): Promise<Item | undefined> {
      const sets = spec.columns
        .filter((column) => column !== spec.key)
        .map((column) => sql`${sql.ref(column)} = ${valueOf(input, column)}`);
      if (spec.touch) sets.push(spec.touch);
      const { rows } = await sql<
        Record<string, unknown>
      >`update ${table} set ${sql.join(sets)} where ${keyIs(key)} returning ${spec.select}`.execute(db);
      return first(rows);
    },

    async setPublished(db: Executor, key: string, published: boolean): Promise<Item | undefined> {
      const { rows } = await sql<
        Record<string, unknown>
      >`update ${table} set published = ${published} where ${keyIs(key)} returning ${spec.select}`.execute(db);
      return first(rows);
    },

    async remove(db: Executor, key: string): Promise<boolean> {
      const result = await sql`delete from ${table} where ${keyIs(key)}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /** Every key in the current order, the rows locked so two reorders do not interleave. */
    async keysForOrder(db: Executor): Promise<string[]> {
      const { rows } = await sql<{
        key: string;
      }>`select ${keyColumn}::text as key from ${table} order by sort, ${keyColumn} for update`.execute(db);
      return rows.map((row) => row.key);
    },

    /** Sorts the rows as listed: the first gets 0. */
    async setOrder(db: Executor, keys: string[]): Promise<void> {
      await sql`update ${table} t set sort = (o.n - 1)::int
        from unnest(${keys}::text[]) with ordinality as o(key, n) where t.${keyColumn}::text = o.key`.execute(db);
    },
  };
}
export type ContentTable<Item, Input extends object> = ReturnType<typeof contentTable<Item, Input>>;

export function createContentOperatorRepository() {
  return {
    scenes: contentTable<OperatorHomeScene, HomeSceneInput>({
      table: 'home_scenes',
      key: 'id',
      columns: ['title', 'body', 'icon', 'tone', 'link'],
      select: sql`id::text as id, title, body, icon, tone, link, sort, published`,
    }),
    partners: contentTable<OperatorPartner, PartnerInput>({
      table: 'partners',
      key: 'id',
      columns: ['name', 'mark', 'color', 'link'],
      select: sql`id::text as id, name, mark, color, link, sort, published`,
    }),
    articles: contentTable<OperatorArticle, ArticleInput>({
      table: 'articles',
      key: 'key',
      columns: ['key', 'title', 'body'],
      select: sql`key, title, body, updated_at, sort, published`,
      touch: sql`updated_at = now()`,
      toItem: (row) => ({ ...row, updated_at: iso(row.updated_at) }) as OperatorArticle,
    }),
    ecology: contentTable<OperatorEcologyItem, EcologyItemInput>({
      table: 'ecology_items',
      key: 'id',
      columns: ['title', 'body', 'icon', 'link'],
      select: sql`id::text as id, title, body, icon, link, sort, published`,
    }),
    courses: contentTable<OperatorCourse, CourseInput>({
      table: 'courses',
      key: 'id',
      columns: [
        'title',
        'summary',
        'body',
        'cover',
        'video',
        'poster',
        'duration_seconds',
        'regions',
        'requires_miner',
      ],
      select: sql`id::text as id, title, summary, body, cover, video, poster, duration_seconds, regions, requires_miner, sort, published, created_at`,
      toItem: (row) => ({ ...row, created_at: iso(row.created_at) }) as OperatorCourse,
    }),

    /** Whether anyone has watched the course: their positions would go with it. */
    async courseHasProgress(db: Executor, courseId: string): Promise<boolean> {
      const { rows } = await sql<{
        watched: boolean;
      }>`select exists (select 1 from course_progress where course_id = ${courseId}::bigint) as watched`.execute(db);
      return rows[0]?.watched ?? false;
    },
  };
}
export type ContentOperatorRepository = ReturnType<typeof createContentOperatorRepository>;
