import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PullRefresh, type PullRefreshTexts } from '../../components/pull-refresh';
import { ApiError } from '../../lib/api-error';
import { showToast } from '../../lib/toast';
import type { Page } from './api/page';

function usePullTexts(): PullRefreshTexts {
  const { t } = useTranslation();
  return {
    pulling: t('markets.pull_to_refresh'),
    canRelease: t('markets.release_to_refresh'),
    refreshing: t('markets.refreshing'),
    complete: t('markets.refreshed'),
  };
}

/** Shows the server's message of a failed query once per failure, as the funds lists do. */
export function useErrorToast(error: Error | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (error) showToast(error instanceof ApiError ? error.message : t('errors.internal'));
  }, [error, t]);
}

export function OrderSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ul className="order-list" aria-busy="true" aria-label={t('common.loading')} data-testid="markets-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="market-card market-card--skeleton" aria-hidden="true">
          <span className="mk-skeleton mk-skeleton--image" />
          <span className="mk-skeleton mk-skeleton--title" />
          <span className="mk-skeleton mk-skeleton--line" />
          <span className="mk-skeleton mk-skeleton--line mk-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <section className="mk-empty" aria-live="polite">
      <svg className="mk-empty__art" viewBox="0 0 120 120" aria-hidden="true">
        <defs>
          <linearGradient id="mk-empty-ring" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="1" stopColor="#22d3ee" />
          </linearGradient>
        </defs>
        <circle cx="60" cy="60" r="50" fill="rgba(139,92,246,0.08)" stroke="url(#mk-empty-ring)" strokeOpacity="0.4" strokeWidth="2" strokeDasharray="3 6" />
        <path d="M36 46h40l-8-8M84 74H44l8 8" fill="none" stroke="url(#mk-empty-ring)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="60" cy="60" r="6" fill="#6d7794" />
      </svg>
      <h2 className="mk-empty__title">{title}</h2>
      {text && <p className="mk-empty__text">{text}</p>}
      {action}
    </section>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="mk-empty" role="alert">
      <h2 className="mk-empty__title">{t('markets.load_failed')}</h2>
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
  }, [hasMore, failed, loadMore]);

  return (
    <div className="order-list__more" ref={sentinel}>
      {failed ? (
        <button type="button" className="order-list__retry" onClick={() => setFailed(false)}>
          {t('markets.load_failed')} · {t('common.retry')}
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
};

/** A cursor-paged list of orders: skeletons, pull to refresh, more pages at the end, empty and failed states. */
export function OrderList<T extends { id: string }>({ query, renderItem, empty, label }: Props<T>) {
  const texts = usePullTexts();
  const { data, error, isPending, hasNextPage, fetchNextPage, refetch } = query;
  useErrorToast(error);

  if (isPending) return <OrderSkeleton />;
  if (!data) return <LoadFailed onRetry={() => void refetch()} />;

  const items = data.pages.flatMap((page) => page.items);
  return (
    <PullRefresh onRefresh={() => refetch()} texts={texts}>
      {items.length === 0 ? (
        empty
      ) : (
        <>
          <ul className="order-list" aria-label={label}>
            {items.map((item) => (
              <li key={item.id} className="order-list__item">
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
