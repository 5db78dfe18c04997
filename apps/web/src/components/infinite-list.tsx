import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-error';
import { showToast } from '../lib/toast';
import { ListLoadFailed } from './list-empty';
import { PullRefresh } from './pull-refresh';
import './card-list.css';

/** One page of a cursor-paged list (`page()` in @wallx/shared). */
type Page<T> = { items: T[]; next_cursor: string | null };

/** Shows the server's message of a failed query once per failure. */
export function useErrorToast(error: Error | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (error) showToast(error instanceof ApiError ? error.message : t('errors.internal'));
  }, [error, t]);
}

/** Asks for the next page when the end of the list scrolls into view. */
function LoadMore({ hasMore, loadMore, failedText }: { hasMore: boolean; loadMore: () => Promise<unknown>; failedText: string }) {
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
    <div className="card-list__more" ref={sentinel}>
      {failed ? (
        <button type="button" className="card-list__retry" onClick={() => setFailed(false)}>
          {failedText} · {t('common.retry')}
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
  /** Shown when the first page holds nothing. */
  empty: ReactNode;
  label: string;
  /** Shown while the first page loads. */
  skeleton: ReactNode;
  /** The feature's list class (its padding), beside `card-list`. */
  className: string;
  /** The feature's class of the failed state (see ListLoadFailed). */
  failedClassName: string;
  /** Refreshes more than the list (e.g. the summary above it). */
  onRefresh?: () => Promise<unknown>;
};

/** A cursor-paged list: skeletons, pull to refresh, more pages at the end, empty and failed states. */
export function InfiniteList<T extends { id: string }>({
  query,
  renderItem,
  empty,
  label,
  skeleton,
  className,
  failedClassName,
  onRefresh,
}: Props<T>) {
  const { t } = useTranslation();
  const { data, error, isPending, hasNextPage, fetchNextPage, refetch } = query;
  useErrorToast(error);

  if (isPending) return skeleton;
  if (!data) return <ListLoadFailed text={t('common.load_failed')} className={failedClassName} onRetry={() => void refetch()} />;

  const items = data.pages.flatMap((page) => page.items);
  return (
    <PullRefresh onRefresh={onRefresh ?? (() => refetch())}>
      {items.length === 0 ? (
        empty
      ) : (
        <>
          <ul className={`card-list ${className}`} aria-label={label}>
            {items.map((item) => (
              <li key={item.id} className="card-list__item">
                {renderItem(item)}
              </li>
            ))}
          </ul>
          <LoadMore hasMore={hasNextPage} loadMore={() => fetchNextPage({ throwOnError: true })} failedText={t('common.load_failed')} />
        </>
      )}
    </PullRefresh>
  );
}
