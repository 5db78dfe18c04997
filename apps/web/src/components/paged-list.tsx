import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '@wallx/shared';
import { showToast } from '../lib/toast';
import { ListLoadFailed } from './list-empty';
import { PullRefresh } from './pull-refresh';
import './card-list.css';
import { ApiError } from '@wallx/shared';

/** Shows the server's message of a failed query once per failure. */
export function useErrorToast(error: Error | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (error) showToast(error instanceof ApiError ? error.message : t('errors.internal'));
  }, [error, t]);
}

/** How far below the screen the end of the list is when the next page is asked for. */
const LOAD_AHEAD = '0px 0px 600px 0px';

/**
 * Asks for the next page as the end of the list comes near. One observer for the list's lifetime:
 * the latest `loadMore` is read from a ref, so a new function on every render (parents pass
 * arrows) never tears the observer down. After each page, and after a retry, the sentinel is
 * observed afresh: that reports where it is now, so a page too short to fill the screen still
 * brings the next one.
 */
function LoadMore({ hasMore, loadMore }: { hasMore: boolean; loadMore: () => Promise<{ hasNextPage: boolean }> }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const observer = useRef<IntersectionObserver | null>(null);
  const latest = useRef({ hasMore, loadMore, isLoading: false, failed: false });
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    Object.assign(latest.current, { hasMore, loadMore, failed });
  });

  useEffect(() => {
    const node = sentinel.current;
    if (!node) return;
    const state = latest.current;
    const watcher = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (!state.hasMore || state.isLoading || state.failed) return;
        state.isLoading = true;
        state
          .loadMore()
          .then(({ hasNextPage }) => {
            state.isLoading = false;
            // Re-observing reports where the end is now: still in view, the next page follows.
            if (hasNextPage) {
              watcher.unobserve(node);
              watcher.observe(node);
            }
          })
          .catch(() => {
            state.isLoading = false;
            setFailed(true);
          });
      },
      { rootMargin: LOAD_AHEAD },
    );
    watcher.observe(node);
    observer.current = watcher;
    return () => watcher.disconnect();
  }, []);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || failed) return;
    observer.current?.unobserve(node);
    observer.current?.observe(node);
  }, [hasMore, failed]);

  return (
    <div className="card-list__more" ref={sentinel}>
      {failed ? (
        <button type="button" className="card-list__retry" onClick={() => setFailed(false)}>
          {t('common.load_failed')} · {t('common.retry')}
        </button>
      ) : (
        <span>{hasMore ? t('common.loading') : t('common.no_more')}</span>
      )}
    </div>
  );
}

/**
 * "Load more" under a cursor-paged list that shares its screen with other content (the stake screen's
 * stakes, the aid fund's two lists), where loading as the end comes near would load every list at
 * once. Gone once the last page is in; a failed page says so on the button, which tries again.
 */
export function LoadMoreButton({
  query,
  label,
}: {
  query: Pick<UseInfiniteQueryResult<unknown, Error>, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  /** What the button loads more of, for a screen reader ("Load more: My stakes"). */
  label: string;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!query.hasNextPage) return null;
  const more = () => {
    setFailed(false);
    query.fetchNextPage({ throwOnError: true }).catch(() => setFailed(true));
  };
  return (
    <div className="card-list__more">
      <button
        type="button"
        className="card-list__retry"
        disabled={query.isFetchingNextPage}
        aria-label={`${t('common.load_more')}: ${label}`}
        onClick={more}
      >
        {query.isFetchingNextPage
          ? t('common.loading')
          : failed
            ? `${t('common.load_failed')} · ${t('common.retry')}`
            : t('common.load_more')}
      </button>
    </div>
  );
}

/** What a feature's lists look like: their skeleton, their list class and their empty/failed class. */
export type ListLook = {
  skeleton: ReactNode;
  /** The feature's list class (its padding), beside `card-list`. */
  className: string;
  /** The feature's class of the empty and failed states (see ListEmpty). */
  emptyClassName: string;
};

type Props<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>, Error>;
  renderItem: (item: T) => ReactNode;
  /** The row's React key; the item's `id` unless said otherwise. */
  itemKey?: (item: T) => string;
  /** Shown when the first page holds nothing. */
  empty: ReactNode;
  label: string;
  look: ListLook;
  /** Replaces the look's skeleton (e.g. taller cards). */
  skeleton?: ReactNode;
  /** Refreshes more than the list (e.g. the summary above it). */
  onRefresh?: () => Promise<unknown>;
};

const idOf = (item: unknown) => (item as { id: string }).id;

/** A cursor-paged list: skeletons, pull to refresh, more pages ahead of the end, empty and failed states. */
export function PagedList<T>({ query, renderItem, itemKey = idOf, empty, label, look, skeleton, onRefresh }: Props<T>) {
  const { t } = useTranslation();
  const { data, error, isPending, hasNextPage, fetchNextPage, refetch } = query;
  useErrorToast(error);

  if (isPending) return skeleton ?? look.skeleton;
  if (!data)
    return (
      <ListLoadFailed text={t('common.load_failed')} className={look.emptyClassName} onRetry={() => void refetch()} />
    );

  const items = data.pages.flatMap((page) => page.items);
  return (
    <PullRefresh onRefresh={onRefresh ?? (() => refetch({ throwOnError: true }))}>
      {items.length === 0 ? (
        empty
      ) : (
        <>
          <ul className={`card-list ${look.className}`} aria-label={label}>
            {items.map((item) => (
              <li key={itemKey(item)} className="card-list__item">
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
