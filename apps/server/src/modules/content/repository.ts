import { sql } from 'kysely';
import type { Article, ArticleSummary, EcologyItem, HomeContent } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from '../../platform/pagination/cursor.js';

export type CourseRow = {
  id: string;
  title: string;
  summary: string;
  body: string;
  cover: string;
  video: string;
  poster: string;
  duration_seconds: number;
  regions: string[];
  requires_miner: boolean;
  position_seconds: string | null;
};

/** A row of the course list: its `sort` is the keyset the list pages on, with the id. */
export type CourseListRow = CourseRow & { sort: number };

/** A cursor's sort value is an int4 (courses.sort), so that it casts in SQL. */
const isSortValue = (v: string) => /^-?\d{1,10}$/.test(v) && Math.abs(Number(v)) <= 2_147_483_647;

/** Where the next page of the course list starts; a cursor this server did not write is a 400 naming it. */
export const decodeCourseCursor = (cursor: string | undefined): KeysetCursor | null =>
  decodeKeysetCursor(cursor, isSortValue);
export const courseCursorAfter = (row: CourseListRow): string =>
  encodeKeysetCursor({ v: String(row.sort), id: row.id });

const courseColumns = sql`c.id::text as id, c.title, c.summary, c.body, c.cover, c.video, c.poster, c.duration_seconds, c.regions, c.requires_miner,
  p.position_seconds::text as position_seconds`;

export function createContentRepository() {
  return {
    async home(db: Executor): Promise<HomeContent> {
      const scenes = await sql<HomeContent['scenes'][number]>`
        select id::text as id, title, body, icon, tone, link from home_scenes where published order by sort, id`.execute(
        db,
      );
      const partners = await sql<HomeContent['partners'][number]>`
        select id::text as id, name, mark, color, link from partners where published order by sort, id`.execute(db);
      return { scenes: scenes.rows, partners: partners.rows };
    },

    async articles(db: Executor): Promise<ArticleSummary[]> {
      const { rows } = await sql<{ key: string; title: string; updated_at: Date }>`
        select key, title, updated_at from articles where published order by sort, key`.execute(db);
      return rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
    },

    async article(db: Executor, key: string): Promise<Article | undefined> {
      const { rows } = await sql<{ key: string; title: string; body: string; updated_at: Date }>`
        select key, title, body, updated_at from articles where key = ${key} and published`.execute(db);
      return rows[0] ? { ...rows[0], updated_at: rows[0].updated_at.toISOString() } : undefined;
    },

    async ecology(db: Executor): Promise<EcologyItem[]> {
      const { rows } =
        await sql<EcologyItem>`select id::text as id, title, body, icon, link from ecology_items where published order by sort, id`.execute(
          db,
        );
      return rows;
    },

    /** One page of the published courses in (sort, id) order: an index range scan of courses_listing_idx however far the user scrolls. */
    async courses(
      db: Executor,
      userId: string,
      range: { after: KeysetCursor | null; limit: number },
    ): Promise<CourseListRow[]> {
      const { after, limit } = range;
      const { rows } = await sql<CourseListRow>`select ${courseColumns}, c.sort from courses c
        left join course_progress p on p.course_id = c.id and p.user_id = ${userId}::bigint
        where c.published ${after ? sql`and (c.sort, c.id) > (${after.v}::int, ${after.id}::bigint)` : sql``}
        order by c.sort, c.id limit ${limit}`.execute(db);
      return rows;
    },

    async course(db: Executor, userId: string, id: string): Promise<CourseRow | undefined> {
      const { rows } = await sql<CourseRow>`select ${courseColumns} from courses c
        left join course_progress p on p.course_id = c.id and p.user_id = ${userId}::bigint
        where c.id = ${id}::bigint and c.published`.execute(db);
      return rows[0];
    },

    async saveProgress(db: Executor, userId: string, courseId: string, position: number): Promise<void> {
      await sql`insert into course_progress (user_id, course_id, position_seconds) values (${userId}::bigint, ${courseId}::bigint, ${position})
        on conflict (user_id, course_id) do update set position_seconds = excluded.position_seconds, updated_at = now()`.execute(
        db,
      );
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
