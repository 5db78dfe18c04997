import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteList } from '../../components/infinite-list';
import { LIST_EMPTY_RING, ListEmpty } from '../../components/list-empty';
import type { Page } from './api/page';
import '../../components/card-list.css';

export function OrderSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ul className="card-list order-list" aria-busy="true" aria-label={t('common.loading')} data-testid="markets-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="list-card market-card market-card--skeleton" aria-hidden="true">
          <span className="shimmer mk-skeleton mk-skeleton--image" />
          <span className="shimmer mk-skeleton mk-skeleton--title" />
          <span className="shimmer mk-skeleton mk-skeleton--line" />
          <span className="shimmer mk-skeleton mk-skeleton--line mk-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState(props: { title: string; text?: string; action?: ReactNode }) {
  const art = (
    <>
      <path d="M36 46h40l-8-8M84 74H44l8 8" fill="none" stroke={LIST_EMPTY_RING} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="60" cy="60" r="6" fill="#6d7794" />
    </>
  );
  return <ListEmpty {...props} art={art} className="mk-empty" />;
}

type Props<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>, Error>;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  label: string;
};

/** A cursor-paged list of orders. */
export function OrderList<T extends { id: string }>(props: Props<T>) {
  return <InfiniteList {...props} skeleton={<OrderSkeleton />} className="order-list" failedClassName="mk-empty" />;
}
