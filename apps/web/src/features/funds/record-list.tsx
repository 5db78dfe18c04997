import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { ensureAntdLocale } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import type { Page } from './api/page';
import './record-list.css';

ensureAntdLocale();

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="record-list" aria-busy="true" aria-label={t('common.loading')} data-testid="record-skeleton">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="record record--skeleton" aria-hidden="true">
          <span className="skeleton skeleton--icon" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--amount" />
          <span className="skeleton skeleton--detail" />
          <span className="skeleton skeleton--aside" />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <section className="empty-state" aria-live="polite">
      <svg className="empty-state__art" viewBox="0 0 120 120" aria-hidden="true">
        <defs>
          <linearGradient id="empty-state-ring" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="1" stopColor="#22d3ee" />
          </linearGradient>
        </defs>
        <circle cx="60" cy="60" r="50" fill="rgba(139,92,246,0.08)" stroke="url(#empty-state-ring)" strokeOpacity="0.4" strokeWidth="2" strokeDasharray="3 6" />
        <rect x="32" y="38" width="56" height="46" rx="9" fill="#182036" stroke="url(#empty-state-ring)" strokeWidth="3" />
        <path d="M32 64h16l4 7h16l4-7h16" fill="none" stroke="url(#empty-state-ring)" strokeWidth="3" strokeLinejoin="round" />
        <path d="M46 50h28M50 57h20" stroke="#6d7794" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className="empty-state__title">{title}</h2>
      {text && <p className="empty-state__text">{text}</p>}
      {action}
    </section>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="empty-state" role="alert">
      <h2 className="empty-state__title">{t('funds.load_failed')}</h2>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  );
}

type Props<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>, Error>;
  renderItem: (item: T) => ReactNode;
  /** Shown when the first page holds nothing. */
  empty: ReactNode;
  label: string;
};

/**
 * A cursor-paged list: skeletons on the first load, pull down to refresh, more pages as the end
 * scrolls into view, an empty state, and a toast plus a retry when a page fails.
 */
export function RecordList<T extends { id: string }>({ query, renderItem, empty, label }: Props<T>) {
  const { t } = useTranslation();
  const { data, error, isPending, hasNextPage, fetchNextPage, refetch } = query;

  useEffect(() => {
    if (error) showToast(error instanceof ApiError ? error.message : t('errors.internal'));
  }, [error, t]);

  if (isPending) return <ListSkeleton />;
  if (!data) return <LoadFailed onRetry={() => void refetch()} />;

  const items = data.pages.flatMap((page) => page.items);
  return (
    <PullToRefresh
      onRefresh={async () => {
        await refetch();
      }}
      renderText={(status) =>
        ({
          pulling: t('funds.pull_to_refresh'),
          canRelease: t('funds.release_to_refresh'),
          refreshing: t('funds.refreshing'),
          complete: t('funds.refreshed'),
        })[status]
      }
    >
      {items.length === 0 ? (
        empty
      ) : (
        <>
          <ul className="record-list" aria-label={label}>
            {items.map((item) => (
              <li key={item.id} className="record-list__item">
                {renderItem(item)}
              </li>
            ))}
          </ul>
          <InfiniteScroll
            className="record-list__more"
            hasMore={hasNextPage}
            loadMore={async () => {
              await fetchNextPage({ throwOnError: true });
            }}
          >
            {(hasMore, failed, retry) =>
              failed ? (
                <button type="button" className="record-list__retry" onClick={retry}>
                  {t('funds.load_failed')} · {t('common.retry')}
                </button>
              ) : (
                <span className="record-list__end">{hasMore ? t('common.loading') : t('common.no_more')}</span>
              )
            }
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
