import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  errorCatalog,
  langText,
  type Course,
  type CourseLock,
  type CourseSummary,
  type Page,
  ApiError,
} from '@wallx/shared';
import { ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/paged-list';
import { LockIcon } from '../../components/screen-icons';
import { useAccountKey } from '../../lib/account-query';
import { useLanguage } from '../../lib/i18n';
import { useCourse } from './api/get-course';
import { collegeKeys } from './api/keys';
import { ClockIcon } from './college-icons';
import { Markdown } from '../../components/markdown';
import { lockParts, locksOf } from './course-locks';
import { CourseVideo } from './course-video';
import { formatDuration, resumeAt } from './duration';
import '../../components/status-screen.css';
import './college.css';

type Refusal = { kind: 'locked'; locks: CourseLock[] } | { kind: 'not_found' } | { kind: 'failed' };

function refusalOf(error: Error): Refusal {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  if (error.code === errorCatalog.course_unavailable.code)
    return { kind: 'locked', locks: locksOf(error.data?.locked_by) };
  // An id the server cannot read (a link typed by hand) is a course that does not exist.
  if (
    error.code === errorCatalog.course_not_found.code ||
    (error.code === errorCatalog.invalid_params.code && error.field === 'id')
  )
    return { kind: 'not_found' };
  return { kind: 'failed' };
}

/** The course as the list showed it, if it was seen there: a locked course still says which one it is. */
function useListedCourse(id: string): CourseSummary | undefined {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const list = queryClient.getQueryData<InfiniteData<Page<CourseSummary>>>(collegeKeys.courses(account));
  return list?.pages.flatMap((page) => page.items).find((course) => course.id === id);
}

function CourseSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="course-body" aria-busy="true" aria-label={t('common.loading')} data-testid="course-skeleton">
      <span className="shimmer course-video course-video--skeleton" />
      <span className="shimmer college-skeleton college-skeleton--heading" />
      <span className="shimmer college-skeleton college-skeleton--line" />
      <span className="shimmer college-skeleton college-skeleton--line" />
      <span className="shimmer college-skeleton college-skeleton--line college-skeleton--short" />
    </div>
  );
}

function CourseView({ course }: { course: Course }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const resume = resumeAt(course.position_seconds, course.duration_seconds);
  return (
    <article className="course-body" data-course={course.id}>
      <CourseVideo course={course} />
      <h2 className="course-title">{langText(course.title, language)}</h2>
      <p className="course-meta">
        <span className="course-meta__item">
          <ClockIcon />
          <time dateTime={`PT${course.duration_seconds}S`} data-testid="course-duration">
            {t('college.duration', { time: formatDuration(course.duration_seconds) })}
          </time>
        </span>
        {resume > 0 && (
          <span className="course-meta__item course-meta__item--resume" data-testid="course-resume">
            {t('college.resumes_at', { time: formatDuration(resume) })}
          </span>
        )}
      </p>
      <section className="course-text" aria-label={t('college.about')}>
        <Markdown text={langText(course.body, language)} />
      </section>
    </article>
  );
}

/** Refused with course_unavailable: the spec's sentence, then each unmet condition and what meets it. */
function CourseLocked({ locks, listed }: { locks: CourseLock[]; listed: CourseSummary | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="course-locked" role="alert" data-testid="course-locked">
      <span className="course-locked__icon" aria-hidden="true">
        <LockIcon />
      </span>
      {listed && <p className="course-locked__course">{langText(listed.title, language)}</p>}
      <h2 className="course-locked__title">{t('errors.course_unavailable')}</h2>
      {locks.length > 0 && (
        <>
          <h3 className="course-locked__unmet">{t('college.unmet')}</h3>
          <ul className="course-locked__list">
            {locks.map((lock) => {
              const { Icon, fixPath } = lockParts[lock];
              return (
                <li key={lock} className="course-locked__item" data-lock={lock}>
                  <span className="course-locked__item-icon" aria-hidden="true">
                    <Icon />
                  </span>
                  <div className="course-locked__item-main">
                    <strong>{t(`college.lock.${lock}`)}</strong>
                    <p>{t(`college.why.${lock}`)}</p>
                    <Link to={fixPath} className="button button--primary course-locked__fix">
                      {t(`college.fix.${lock}`)}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Link to="/college" className="button button--ghost">
        {t('college.to_college')}
      </Link>
    </section>
  );
}

function CourseNotFound() {
  const { t } = useTranslation();
  return (
    <section className="status-screen" role="alert" data-testid="course-not-found">
      <p className="status-screen__code" aria-hidden="true">
        404
      </p>
      <h2 className="status-screen__title">{t('errors.course_not_found')}</h2>
      <p className="status-screen__text">{t('college.not_found_text')}</p>
      <Link to="/college" className="button button--primary" replace>
        {t('college.to_college')}
      </Link>
    </section>
  );
}

function CourseContent({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useCourse(id);
  const listed = useListedCourse(id);
  // A refusal outranks the cached course: a lock may have closed it since (another default address).
  const refusal = query.error ? refusalOf(query.error) : null;
  useErrorToast(refusal?.kind === 'failed' ? query.error : null);

  if (refusal?.kind === 'locked') return <CourseLocked locks={refusal.locks} listed={listed} />;
  if (refusal?.kind === 'not_found') return <CourseNotFound />;
  if (query.data) return <CourseView course={query.data} />;
  if (!refusal) return <CourseSkeleton />;
  return (
    <ListLoadFailed text={t('college.course_failed')} className="college-empty" onRetry={() => void query.refetch()} />
  );
}

export function CourseScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  return (
    <div className="screen course">
      <PageHeader title={t('screen.course')} />
      {id ? <CourseContent key={id} id={id} /> : <CourseNotFound />}
    </div>
  );
}
