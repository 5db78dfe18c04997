import type {
  Article,
  ArticleSummary,
  Course,
  CourseLock,
  CourseSummary,
  EcologyItem,
  HomeContent,
  Page,
} from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { toPage, type PageQuery } from '../../platform/pagination/page.js';
import { courseCursorAfter, decodeCourseCursor, type ContentRepository, type CourseRow } from './repository.js';

/**
 * What course access needs to know of a viewer, from other modules: app.ts hands in the shipping
 * module's region (that of the default address) and the miners module's holding.
 * Declared here rather than imported, as modules import no other module but the ledger.
 */
export type CourseViewer = {
  region(userId: string): Promise<{ country: string; province: string } | null>;
  holdsMiner(userId: string): Promise<boolean>;
};

type Deps = { db: Db; content: ContentRepository; viewer: CourseViewer };

/** The conditions of a course the viewer does not meet. A region entry is a country ('CN') or a province ('CN-GD'). */
export function courseLocks(
  course: Pick<CourseRow, 'regions' | 'requires_miner'>,
  viewer: { region: { country: string; province: string } | null; holdsMiner: boolean },
): CourseLock[] {
  const locks: CourseLock[] = [];
  const { region } = viewer;
  if (
    course.regions.length > 0 &&
    !(region && course.regions.some((r) => r === region.country || r === region.province))
  )
    locks.push('region');
  if (course.requires_miner && !viewer.holdsMiner) locks.push('miner');
  return locks;
}

const toSummary = (row: CourseRow, lockedBy: CourseLock[]): CourseSummary => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  cover: row.cover,
  duration_seconds: row.duration_seconds,
  locked_by: lockedBy,
  position_seconds: row.position_seconds === null ? 0 : Number(row.position_seconds),
});

export function createContentService({ db, content, viewer }: Deps) {
  const viewerOf = async (userId: string) => {
    const [region, holdsMiner] = await Promise.all([viewer.region(userId), viewer.holdsMiner(userId)]);
    return { region, holdsMiner };
  };

  /** A published course the user may watch, or the refusal that says which condition is unmet. */
  async function openCourse(userId: string, id: string): Promise<CourseRow> {
    const row = await content.course(db, userId, id);
    if (!row) throw new AppError('course_not_found');
    const locks = courseLocks(row, await viewerOf(userId));
    if (locks.length > 0) throw new AppError('course_unavailable', { data: { locked_by: locks } });
    return row;
  }

  return {
    home: (): Promise<HomeContent> => content.home(db),
    articles: (): Promise<ArticleSummary[]> => content.articles(db),

    async article(key: string): Promise<Article> {
      const article = await content.article(db, key);
      if (!article) throw new AppError('article_not_found', { field: 'key' });
      return article;
    },

    ecology: (): Promise<EcologyItem[]> => content.ecology(db),

    /** A page of the courses in the operators' order, each with what locks it for this viewer. */
    async courses(userId: string, query: PageQuery): Promise<Page<CourseSummary>> {
      const after = decodeCourseCursor(query.cursor);
      const [rows, who] = await Promise.all([
        content.courses(db, userId, { after, limit: query.limit }),
        viewerOf(userId),
      ]);
      const { next_cursor } = toPage(rows, query.limit, courseCursorAfter);
      return { next_cursor, items: rows.map((row) => toSummary(row, courseLocks(row, who))) };
    },

    async course(userId: string, id: string): Promise<Course> {
      const row = await openCourse(userId, id);
      return { ...toSummary(row, []), body: row.body, video: row.video, poster: row.poster };
    },

    /** Where the user stopped; a position past the end is kept as the end. */
    async saveProgress(userId: string, id: string, position: number): Promise<{ position_seconds: number }> {
      const row = await openCourse(userId, id);
      const kept = Math.min(position, row.duration_seconds);
      await content.saveProgress(db, userId, id, kept);
      return { position_seconds: kept };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
