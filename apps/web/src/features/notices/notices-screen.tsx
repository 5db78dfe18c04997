import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, type Notice } from '@wallx/shared';
import { LIST_EMPTY_RING, ListEmpty } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { PagedList, type ListLook } from '../../components/paged-list';
import { ChevronRightIcon } from '../../components/icons';
import { noticeRoute, noticeText } from '../../lib/notice-text';
import { useNotices } from './api/get-notices';
import { useMarkNoticesRead } from './api/mark-read';
import '../../components/card-list.css';
import './notices.css';

function NoticeCard({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const to = noticeRoute(notice);
  const body = (
    <>
      <span className="notice-card__main">
        <span className="notice-card__text">{noticeText(t, notice)}</span>
        <time className="notice-card__time" dateTime={notice.at}>
          {formatDate(notice.at, 'Y-m-d H:i')}
        </time>
      </span>
      {!notice.read && <span className="notice-card__new">{t('notices.new')}</span>}
      {to && <ChevronRightIcon className="notice-card__chevron" />}
    </>
  );
  const props = { className: 'list-card notice-card', 'data-type': notice.type, 'data-seq': notice.seq };
  return to ? (
    <Link to={to} {...props}>
      {body}
    </Link>
  ) : (
    <div {...props}>{body}</div>
  );
}

function NoticesSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="card-list notices-list" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="list-card notice-card" aria-hidden="true">
          <span className="notice-card__main">
            <span className="shimmer notice-skeleton" />
            <span className="shimmer notice-skeleton notice-skeleton--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function EmptyState() {
  const { t } = useTranslation();
  const art = (
    <>
      <path
        d="M40 74V58a20 20 0 0 1 40 0v16l5 7H35z"
        fill="#182036"
        stroke={LIST_EMPTY_RING}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M53 87a7 7 0 0 0 14 0" stroke="#6d7794" strokeWidth="3" strokeLinecap="round" fill="none" />
    </>
  );
  return <ListEmpty title={t('notices.empty')} text={t('notices.empty_text')} art={art} className="notices-empty" />;
}

const look: ListLook = { skeleton: <NoticesSkeleton />, className: 'notices-list', emptyClassName: 'notices-empty' };

/**
 * What was shown has been seen: marked read up to the newest notice on screen, once for each newer
 * one (a notice that arrives while the list is open is marked as it appears).
 */
function useMarkShownRead(newest: Notice | undefined, hasUnread: boolean) {
  const markRead = useMarkNoticesRead();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!newest || !hasUnread || marked.current === newest.seq) return;
    marked.current = newest.seq;
    markRead.mutate(newest.seq);
  }, [newest, hasUnread, markRead]);
}

export function NoticesScreen() {
  const { t } = useTranslation();
  const notices = useNotices();
  const items = notices.data?.pages.flatMap((page) => page.items) ?? [];
  useMarkShownRead(
    items[0],
    items.some((item) => !item.read),
  );
  return (
    <div className="screen notices-screen">
      <PageHeader title={t('notices.title')} />
      <PagedList
        look={look}
        query={notices}
        label={t('notices.list')}
        itemKey={(notice) => notice.seq}
        renderItem={(notice) => <NoticeCard notice={notice} />}
        empty={<EmptyState />}
      />
    </div>
  );
}
