import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListLook } from '../../components/paged-list';
import { LIST_EMPTY_RING, ListEmpty } from '../../components/list-empty';
import '../../components/card-list.css';

export function OrderSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ul
      className="card-list order-list"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="markets-skeleton"
    >
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
      <path
        d="M36 46h40l-8-8M84 74H44l8 8"
        fill="none"
        stroke={LIST_EMPTY_RING}
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="60" cy="60" r="6" fill="#6d7794" />
    </>
  );
  return <ListEmpty {...props} art={art} className="mk-empty" />;
}

/** Market orders: cards with the miner or the amount, the price and the seller. */
export const orderListLook: ListLook = {
  skeleton: <OrderSkeleton />,
  className: 'order-list',
  emptyClassName: 'mk-empty',
};
