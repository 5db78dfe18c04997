import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PullRefresh, type PullRefreshTexts } from '../../components/pull-refresh';
import { ApiError } from '../../lib/api-error';
import { showToast } from '../../lib/toast';
import type { Page } from './api/page';

export function usePullTexts(): PullRefreshTexts {
  const { t } = useTranslation();
  return {
    pulling: t('miners.pull_to_refresh'),
    canRelease: t('miners.release_to_refresh'),
    refreshing: t('miners.refreshing'),
    complete: t('miners.refreshed'),
  };
}

/** Shows the message of a failed query once per failure, as the funds lists do. */
export function useErrorToast(error: Error | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (error) showToast(error instanceof ApiError ? error.message : t('errors.internal'));
  }, [error, t]);
}

export function CardSkeleton({ count = 3, tall = false }: { count?: number; tall?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="miner-list" aria-busy="true" aria-label={t('common.loading')} data-testid="miners-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={`miner-card miner-card--skeleton${tall ? ' is-tall' : ''}`} aria-hidden="true">
          <span className="m-skeleton m-skeleton--image" />
          <span className="m-skeleton m-skeleton--title" />
          <span className="m-skeleton m-skeleton--line" />
          <span className="m-skeleton m-skeleton--line m-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <section className="m-empty" aria-live="polite">
      <svg className="m-empty__art" viewBox="0 0 120 120" aria-hidden="true">
        <defs>
          <linearGradient id="m-empty-ring" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="1" stopColor="#22d3ee" />
          </linearGradient>
        </defs>
        <circle cx="60" cy="60" r="50" fill="rgba(139,92,246,0.08)" stroke="url(#m-empty-ring)" strokeOpacity="0.4" strokeWidth="2" strokeDasharray="3 6" />
        <rect x="30" y="40" width="60" height="42" rx="8" fill="#182036" stroke="url(#m-empty-ring)" strokeWidth="3" />
        <circle cx="48" cy="61" r="9" fill="none" stroke="#6d7794" strokeWidth="3" />
        <path d="M48 52v18M39 61h18" stroke="#6d7794" strokeWidth="2" />
        <path d="M66 54h14M66 61h14M66 68h9" stroke="url(#m-empty-ring)" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className="m-empty__title">{title}</h2>
      {text && <p className="m-empty__text">{text}</p>}
      {action}
    </section>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="m-empty" role="alert">
      <h2 className="m-empty__title">{t('miners.load_failed')}</h2>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  );
}

/** Asks for the next page when the end of the list scrolls into view. */
function LoadMore({ hasMore, loadMore }: { hasMore: boolean; loadMore: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const isLoading = useRef(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || failed) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting) || isLoading.current) return;
      isLoading.current = true;
      loadMore()
        .catch(() => setFailed(true))
        .finally(() => {
          isLoading.current = false;
        });
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, failed, loadMore, setFailed]);

  return (
    <div className="miner-list__more" ref={sentinel}>
      {failed ? (
        <button type="button" className="miner-list__retry" onClick={() => setFailed(false)}>
          {t('miners.load_failed')} · {t('common.retry')}
        </button>
      ) : (
        <span>{hasMore ? t('common.loading') : t('common.no_more')}</span>
      )}
    </div>
  );
}

type Props<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>, Error>;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  label: string;
  /** Refreshes more than the list (e.g. the summary above it). */
  onRefresh?: () => Promise<unknown>;
  skeleton?: ReactNode;
};

/** A cursor-paged list: skeletons, pull to refresh, more pages at the end, empty and failed states. */
export function PagedList<T extends { id: string }>({ query, renderItem, empty, label, onRefresh, skeleton }: Props<T>) {
  const texts = usePullTexts();
  const { data, error, isPending, hasNextPage, fetchNextPage, refetch } = query;
  useErrorToast(error);

  if (isPending) return skeleton ?? <CardSkeleton />;
  if (!data) return <LoadFailed onRetry={() => void refetch()} />;

  const items = data.pages.flatMap((page) => page.items);
  return (
    <PullRefresh onRefresh={onRefresh ?? (() => refetch())} texts={texts}>
      {items.length === 0 ? (
        empty
      ) : (
        <>
          <ul className="miner-list" aria-label={label}>
            {items.map((item) => (
              <li key={item.id} className="miner-list__item">
                {renderItem(item)}
              </li>
            ))}
          </ul>
          <LoadMore hasMore={hasNextPage} loadMore={() => fetchNextPage({ throwOnError: true })} />
        </>
      )}
    </PullRefresh>
  );
}
