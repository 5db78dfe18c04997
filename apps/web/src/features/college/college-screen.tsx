import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assetUrl, langText, type CourseSummary } from '@wallx/shared';
import { LIST_EMPTY_RING, ListEmpty } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { PagedList, type ListLook } from '../../components/paged-list';
import { LockIcon } from '../../components/screen-icons';
import { config } from '../../lib/config';
import { useLanguage } from '../../lib/i18n';
import { useCourses } from './api/get-courses';
import { CheckCircleIcon, ClockIcon, PlayIcon } from './college-icons';
import { lockParts } from './course-locks';
import { formatDuration, isFinished } from './duration';
import './college.css';

function CoursesSkeleton() {
  const { t } = useTranslation();
  return (
    <ul
      className="card-list college-list"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="college-skeleton"
    >
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className="list-card course-card course-card--skeleton" aria-hidden="true">
          <span className="shimmer course-card__cover" />
          <span className="course-card__body">
            <span className="shimmer college-skeleton college-skeleton--title" />
            <span className="shimmer college-skeleton college-skeleton--line" />
            <span className="shimmer college-skeleton college-skeleton--line college-skeleton--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}

const collegeListLook: ListLook = {
  skeleton: <CoursesSkeleton />,
  className: 'college-list',
  emptyClassName: 'college-empty',
};

function EmptyCourses() {
  const { t } = useTranslation();
  const art = (
    <>
      <rect x="30" y="36" width="60" height="40" rx="7" fill="#182036" stroke={LIST_EMPTY_RING} strokeWidth="3" />
      <path d="M55 48v16l13-8z" fill="#6d7794" />
      <path d="M44 86h32" stroke="#6d7794" strokeWidth="3" strokeLinecap="round" />
    </>
  );
  return <ListEmpty title={t('college.empty')} text={t('college.empty_text')} art={art} className="college-empty" />;
}

/** Where I stopped: a bar and the time, or "Finished"; nothing before I start. */
function CourseProgressLine({ course }: { course: CourseSummary }) {
  const { t } = useTranslation();
  const { position_seconds: position, duration_seconds: duration } = course;
  if (position <= 0) return null;
  const isDone = isFinished(position, duration);
  const share = Math.min(1, position / duration);
  return (
    <div className="course-progress" data-testid="course-progress">
      <span className="course-progress__bar" aria-hidden="true">
        <span style={{ width: `${(isDone ? 1 : share) * 100}%` }} />
      </span>
      <span className={`course-progress__text${isDone ? ' course-progress__text--done' : ''}`}>
        {isDone ? (
          <>
            <CheckCircleIcon /> {t('college.finished')}
          </>
        ) : (
          t('college.watched', { time: formatDuration(position), duration: formatDuration(duration) })
        )}
      </span>
    </div>
  );
}

function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isLocked = course.locked_by.length > 0;
  const cover = assetUrl(course.cover, config.apiHost);
  const title = langText(course.title, language);
  return (
    <Link
      to={`/course?id=${encodeURIComponent(course.id)}`}
      className={`list-card course-card${isLocked ? ' course-card--locked' : ''}`}
      data-course={course.id}
    >
      <span className="course-card__cover">
        {cover && <img src={cover} alt="" loading="lazy" decoding="async" width={320} height={180} />}
        <span className="course-card__play" aria-hidden="true">
          {isLocked ? <LockIcon /> : <PlayIcon />}
        </span>
        <time
          className="course-card__duration"
          dateTime={`PT${course.duration_seconds}S`}
          data-testid="course-duration"
        >
          <ClockIcon />
          {formatDuration(course.duration_seconds)}
        </time>
      </span>
      <span className="course-card__body">
        {isLocked && (
          <span className="course-card__locks" data-testid="course-locks">
            {course.locked_by.map((lock) => {
              const { Icon } = lockParts[lock];
              return (
                <span key={lock} className="course-lock" data-lock={lock}>
                  <Icon />
                  {t(`college.lock.${lock}`)}
                </span>
              );
            })}
          </span>
        )}
        <h3 className="course-card__title">{title}</h3>
        {course.summary && <p className="course-card__summary">{langText(course.summary, language)}</p>}
        <CourseProgressLine course={course} />
      </span>
    </Link>
  );
}

export function CollegeScreen() {
  const { t } = useTranslation();
  const courses = useCourses();
  return (
    <div className="screen college">
      <PageHeader title={t('user.college')} />
      <p className="college-lead">{t('college.lead')}</p>
      <PagedList
        look={collegeListLook}
        query={courses}
        label={t('college.courses')}
        renderItem={(course) => <CourseCard course={course} />}
        empty={<EmptyCourses />}
      />
    </div>
  );
}
